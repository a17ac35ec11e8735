package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The bounds of {@link SettingsLimits} hold through the API as they do for scene files: a setter
 * given one past the bound throws naming the setting and the value and changes nothing, the bound
 * itself is taken, and a snapshot that carries a setting past its bound is refused.
 */
class SettingsLimitsTest {

    private record Setter(String name, int max, ObjIntConsumer<World> set) {
    }

    private static final List<Setter> SETTERS = List.of(
            new Setter("threads", SettingsLimits.MAX_THREADS, World::setThreads),
            new Setter("substeps", SettingsLimits.MAX_SUBSTEPS, World::setSubsteps),
            new Setter("iterations", SettingsLimits.MAX_ITERATIONS, World::setIterations),
            new Setter("relax iterations", SettingsLimits.MAX_RELAX_ITERATIONS, World::setRelaxIterations),
            new Setter("joint iterations", SettingsLimits.MAX_JOINT_ITERATIONS, World::setJointIterations));

    private static World world() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.5);
        Scenes.cube(w, 1, new Vec3(0, 1, 0), Quat.IDENTITY, 0.5);
        w.step(Scenes.DT);
        return w;
    }

    private static String settings(World w) {
        return w.threads() + " " + w.substeps() + " " + w.iterations() + " " + w.relaxIterations() + " "
                + w.jointIterations();
    }

    @Test
    void settersRefuseValuesPastTheBoundAndChangeNothing() {
        for (Setter s : SETTERS) {
            try (World w = world()) {
                String before = settings(w);
                byte[] snapshot = w.snapshot().toBytes();
                for (int bad : new int[] {s.max + 1, Integer.MAX_VALUE}) {
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> s.set.accept(w, bad), s.name + " " + bad);
                    assertTrue(e.getMessage().contains(s.name) && e.getMessage().contains(String.valueOf(bad))
                            && e.getMessage().contains(String.valueOf(s.max)), e.getMessage());
                }
                assertEquals(before, settings(w), s.name);
                assertEquals(java.util.Arrays.toString(snapshot),
                        java.util.Arrays.toString(w.snapshot().toBytes()), s.name + ": the world is unchanged");
            }
        }
    }

    @Test
    void settersTakeTheBoundItself() {
        // Threads are left out: 256 of them would start 255 workers for nothing.
        for (Setter s : SETTERS.subList(1, SETTERS.size())) {
            World w = world();
            s.set.accept(w, s.max);
        }
        World w = world();
        w.setSubsteps(SettingsLimits.MAX_SUBSTEPS);
        assertEquals(SettingsLimits.MAX_SUBSTEPS, w.substeps());
    }

    @Test
    void aSnapshotWithASettingPastItsBoundIsRefused() {
        // Snapshots hold substeps, iterations, relax and joint iterations (threads are not state);
        // forge each past its bound in the settings block and expect the restore to refuse it.
        // Distinctive values, found in the payload as the settings block writes them: substeps, then
        // iterations and relax iterations side by side, then joint iterations last.
        World w = world();
        w.setSubsteps(37);
        w.setIterations(523);
        w.setRelaxIterations(611);
        w.setJointIterations(787);
        WorldSnapshot snap = w.snapshot();
        byte[] payload = SnapshotForgery.payload(snap);
        int iterationsAt = SnapshotForgery.find(payload, 523, 611);
        int[][] fields = {{SnapshotForgery.find(payload, 37), SettingsLimits.MAX_SUBSTEPS},
            {iterationsAt, SettingsLimits.MAX_ITERATIONS}, {iterationsAt + 4, SettingsLimits.MAX_RELAX_ITERATIONS},
            {SnapshotForgery.find(payload, 787), SettingsLimits.MAX_JOINT_ITERATIONS}};
        String[] names = {"substeps", "iterations", "relax iterations", "joint iterations"};
        for (int k = 0; k < fields.length; k++) {
            byte[] forged = payload.clone();
            SnapshotForgery.putInt(forged, fields[k][0], fields[k][1] + 1);
            World fresh = world();
            String before = settings(fresh);
            long hash = fresh.stateHash();
            WorldSnapshot bad = new WorldSnapshot(snap.kind(), snap.stepCount(), snap.time(), forged);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fresh.restore(bad));
            assertTrue(e.getMessage().contains(names[k]) && e.getMessage().contains(String.valueOf(fields[k][1]
                    + 1)), e.getMessage());
            assertEquals(before, settings(fresh));
            assertEquals(hash, fresh.stateHash());
        }
    }
}
