package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static ricochet.character.CharacterScenes.DT;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * Characters run on the calling thread in the order they were added: the same bits on any number of
 * threads; and their update allocates nothing once warm.
 */
class CharacterDeterminismTest {

    /** Stairs, a turntable, loose boxes to push and a capsule bump; eight characters walking circles. */
    private static World scene(List<CharacterId> ids) {
        World w = CharacterScenes.world(4);
        w.setSleepingEnabled(false);
        CharacterScenes.floor(w);
        CharacterScenes.stairs(w, 5, 0.2, 0.5, 4);
        w.add(BodyDef.kinematic().withPosition(new Vec3(-6, -0.2, 0)).withAngularVelocity(new Vec3(0, 1, 0)),
                new BoxShape(3, 0.25, 3), 0.5, 0);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 0, 4))
                .withOrientation(Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2)), new CapsuleShape(0.15, 3), 0.5, 0);
        for (int k = 0; k < 6; k++) {
            BoxShape box = new BoxShape(0.3, 0.3, 0.3);
            w.add(BodyDef.dynamic().withShape(box, 100).withPosition(new Vec3(-2 + k, 0.3, -3)), box, 0.5, 0);
        }
        CharacterDef def = CharacterDef.defaults("c");
        for (int i = 0; i < 8; i++) {
            double a = 2 * Math.PI * i / 8;
            ids.add(w.characters().add(def.withName("c" + i),
                    new Vec3(4 * Math.cos(a), CharacterScenes.standY(def, 0) + 0.02, 4 * Math.sin(a))));
        }
        return w;
    }

    /** Each character walks a circle: its wish turns with time. */
    private static void steer(World w, List<CharacterId> ids, int step) {
        for (int i = 0; i < ids.size(); i++) {
            double a = 0.02 * step + 2 * Math.PI * i / ids.size();
            w.characters().setInput(ids.get(i), 3 * -Math.sin(a), 3 * Math.cos(a), step % 97 == i ? 3 : 0, step % 200 > 150);
        }
    }

    @Test
    void theSameBitsOnOneAndTwoThreads() {
        long[] hashes = new long[2];
        for (int run = 0; run < 2; run++) {
            List<CharacterId> ids = new ArrayList<>();
            try (World w = scene(ids)) {
                w.setThreads(run + 1);
                long h = 17;
                for (int step = 0; step < 400; step++) {
                    steer(w, ids, step);
                    w.step(DT);
                    for (CharacterId id : ids) {
                        Vec3 p = w.characters().position(id);
                        h = 31 * h + Double.doubleToLongBits(p.x());
                        h = 31 * h + Double.doubleToLongBits(p.y());
                        h = 31 * h + Double.doubleToLongBits(p.z());
                        h = 31 * h + w.characters().groundState(id).ordinal();
                    }
                }
                hashes[run] = 31 * h + w.stateHash();
            }
        }
        assertEquals(hashes[0], hashes[1]);
    }

    @Test
    void anUpdateAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<CharacterId> ids = new ArrayList<>();
        World w = scene(ids);
        for (int step = 0; step < 600; step++) {
            steer(w, ids, step);
            w.step(DT);
        }
        // The cleanest of five windows (the JIT may charge a window a few bytes); inputs set once
        // per window, outside the count.
        long cleanest = Long.MAX_VALUE, id = Thread.currentThread().getId();
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            steer(w, ids, 600 + window);
            long before = counter.getThreadAllocatedBytes(id);
            for (int i = 0; i < 200; i++) {
                w.step(DT);
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(id) - before);
        }
        assertEquals(0, cleanest, "bytes allocated in 200 steps with 8 characters");
    }
}
