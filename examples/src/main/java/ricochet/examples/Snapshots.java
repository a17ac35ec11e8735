package ricochet.examples;

import ricochet.body.BodyDef;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/**
 * A snapshot saved mid-fall as bytes (what a file would hold), restored into a second world built by
 * the same calls: from there both worlds go on bit for bit alike, as their state hashes show.
 */
public final class Snapshots {

    /**
     * The state hashes: when the snapshot was taken, then after {@code after} more steps of the first
     * world and of the restored one; and the snapshot's size in bytes.
     */
    public record Result(long atSnapshot, long original, long restored, int bytes) {
    }

    /** A tumbling stack of crates: the same calls build the same world. */
    static World build() {
        World world = new World(new Vec3(0, -9.81, 0));
        world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                new BoxShape(10, 0.5, 10), 0.6, 0);
        for (int k = 0; k < 6; k++) {
            Quat tilt = Quat.fromAxisAngle(new Vec3(1, 0, 1).normalized(), 0.2 * k);
            world.add(BodyDef.dynamic().withPosition(new Vec3(0.1 * k, 0.5 + 0.9 * k, 0))
                    .withOrientation(tilt).withName("crate" + k), new BoxShape(0.4, 0.4, 0.4), 0.6, 0);
        }
        return world;
    }

    public static Result run(int before, int after) {
        double dt = 1.0 / 60;
        try (World first = build(); World second = build()) {
            for (int i = 0; i < before; i++) {
                first.step(dt);
            }
            byte[] saved = first.snapshot().toBytes();
            long atSnapshot = first.stateHash();
            for (int i = 0; i < after; i++) {
                first.step(dt);
            }

            second.restore(WorldSnapshot.fromBytes(saved));
            for (int i = 0; i < after; i++) {
                second.step(dt);
            }
            return new Result(atSnapshot, first.stateHash(), second.stateHash(), saved.length);
        }
    }

    public static void main(String[] args) {
        Result r = run(60, 120);
        System.out.printf("snapshot of %d bytes at hash %016x;"
                + " 120 steps later: original %016x, restored %016x%n",
                r.bytes(), r.atSnapshot(), r.original(), r.restored());
    }

    private Snapshots() {
    }
}
