package ricochet.examples;

import java.util.ArrayList;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A ball, a crate and a capsule dropped from 2 m onto the ground: each falls freely, lands and comes
 * to rest on the ground. Their mass comes from their shape (water's density unless told otherwise).
 */
public final class FallingBodies {

    /** How close to the ground a bottom counts as landed, m. */
    public static final double LANDED = 0.01;

    /**
     * One body's fall: when its bottom first came within {@link #LANDED} of the ground (s), and the
     * height (m) and speed (m/s) of its centre at the end.
     */
    public record Drop(String name, double dropHeight, double halfHeight, double landedAt, double restHeight,
                       double restSpeed, boolean asleep) {
    }

    /** Drops the three bodies, bottoms {@code dropHeight} m above the ground, and steps {@code seconds}. */
    public static List<Drop> run(double dropHeight, double seconds) {
        try (World world = new World(new Vec3(0, -9.81, 0))) {
            // The ground: a static 20 x 1 x 20 m box whose top face is the plane y = 0.
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                    new BoxShape(10, 0.5, 10), 0.6, 0);

            String[] names = {"ball", "crate", "capsule"};
            Shape[] shapes = {
                new SphereShape(0.25), new BoxShape(0.3, 0.2, 0.3), new CapsuleShape(0.15, 0.2)};
            double[] halfHeights = {0.25, 0.2, 0.35};
            BodyId[] ids = new BodyId[3];
            for (int k = 0; k < 3; k++) {
                BodyDef def = BodyDef.dynamic()
                        .withPosition(new Vec3(2 * k - 2, dropHeight + halfHeights[k], 0))
                        .withName(names[k]);
                if (k == 1) {
                    def = def.withDensity(500);   // a wooden crate, kg/m^3
                }
                ids[k] = world.add(def, shapes[k], 0.6, 0);
            }

            double dt = 1.0 / 60;
            double[] landedAt = {Double.NaN, Double.NaN, Double.NaN};
            int steps = (int) Math.round(seconds / dt);
            for (int i = 0; i < steps; i++) {
                world.step(dt);
                for (int k = 0; k < 3; k++) {
                    double bottom = world.position(ids[k]).y() - halfHeights[k];
                    if (Double.isNaN(landedAt[k]) && bottom <= LANDED) {
                        landedAt[k] = world.time();
                    }
                }
            }
            List<Drop> drops = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                BodyId id = ids[k];
                drops.add(new Drop(names[k], dropHeight, halfHeights[k], landedAt[k], world.position(id).y(),
                        world.velocity(id).length(), world.isSleeping(id)));
            }
            return drops;
        }
    }

    public static void main(String[] args) {
        for (Drop d : run(2, 3)) {
            System.out.printf("%-8s landed at t = %.3f s, rests with its centre %.4f m up (%s)%n", d.name(),
                    d.landedAt(), d.restHeight(), d.asleep() ? "asleep" : "awake");
        }
    }

    private FallingBodies() {
    }
}
