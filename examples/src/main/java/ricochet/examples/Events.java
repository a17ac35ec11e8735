package ricochet.examples;

import java.util.ArrayList;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.World;

/**
 * A ball falls through a sensor (a thin slab that reports what passes through it but pushes nothing)
 * onto the ground and goes to sleep there; the world's events tell the story.
 */
public final class Events {

    /** The ball's radius and the height of its centre at the start, m. */
    public static final double RADIUS = 0.25, START = 2.25;
    /** The sensor slab: its centre height and half thickness, m. */
    public static final double SLAB = 1, SLAB_HALF = 0.1;

    /** Steps {@code seconds} and returns every event, oldest first. */
    public static List<Event> run(double seconds) {
        try (World world = new World(new Vec3(0, -9.81, 0))) {
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                    new BoxShape(10, 0.5, 10), 0.6, 0);
            BodyId slab = world.add(BodyDef.staticBody().withPosition(new Vec3(0, SLAB, 0)).withName("gate"),
                    new BoxShape(2, SLAB_HALF, 2), 0.6, 0);
            world.setSensor(slab, true);
            world.add(BodyDef.dynamic().withPosition(new Vec3(0, START, 0)).withName("ball"),
                    new SphereShape(RADIUS), 0.6, 0);

            List<Event> events = new ArrayList<>();
            double dt = 1.0 / 60;
            int steps = (int) Math.round(seconds / dt);
            for (int i = 0; i < steps; i++) {
                world.step(dt);
                // A world keeps only its last step's events: drain them after every step.
                world.drainEvents(events);
            }
            return events;
        }
    }

    public static void main(String[] args) {
        for (Event e : run(3)) {
            System.out.printf("t = %.3f s  %-13s %s%s%n", e.time(), e.type().key(), e.a(),
                    e.b() == null ? "" : " / " + e.b());
        }
    }

    private Events() {
    }
}
