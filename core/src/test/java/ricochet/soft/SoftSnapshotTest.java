package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/** A snapshot holds the particles: restored mid-run, the world goes on to the same bits. */
class SoftSnapshotTest {

    private static World scene() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
        SphereShape ball = new SphereShape(0.2);
        w.add(BodyDef.dynamic().withShape(ball, 500).withPosition(new Vec3(0.1, 0.2, 0)), ball, 0.5, 0);
        SoftBodies s = w.softBodies();
        s.addCloth(ClothDef.defaults("sheet").withSize(1, 1, 10, 10).withPose(new Vec3(0, 0.8, 0),
                Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
        s.addCloth(ClothDef.defaults("flag").withSize(1, 0.5, 10, 5).withPose(new Vec3(-2, 2, 0), Quat.IDENTITY)
                .withPins(List.of(new ClothDef.Pin(0, 5), new ClothDef.Pin(10, 5))));
        s.addSoftBody(SoftBodyDef.defaults("jelly", new SoftShape.Box(0.15, 0.15, 0.15)).withResolution(3)
                .withPose(new Vec3(1.5, 1, 0), Quat.IDENTITY));
        return w;
    }

    @Test
    void restoringASnapshotGivesTheSameBits() {
        try (World w = scene()) {
            for (int i = 0; i < 40; i++) {
                w.step(1 / 60.0);
            }
            WorldSnapshot snap = w.snapshot();
            long atSnapshot = w.stateHash();
            for (int i = 0; i < 40; i++) {
                w.step(1 / 60.0);
            }
            long later = w.stateHash();
            assertNotEquals(atSnapshot, later, "the particles should have moved");
            w.restore(snap);
            assertEquals(atSnapshot, w.stateHash());
            for (int i = 0; i < 40; i++) {
                w.step(1 / 60.0);
            }
            assertEquals(later, w.stateHash());
        }
    }

    @Test
    void theStateHashSeesTheParticles() {
        try (World a = scene(); World b = scene()) {
            a.step(1 / 60.0);
            b.step(1 / 60.0);
            assertEquals(a.stateHash(), b.stateHash());
            SoftId id = b.softBodies().ids().get(0);
            b.softBodies().setVelocity(id, new Vec3(0, 0, 1e-9));
            assertNotEquals(a.stateHash(), b.stateHash());
        }
    }
}
