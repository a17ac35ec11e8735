package ricochet.viewer;

import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.WorldSimulation;

/**
 * The viewer's mouse drag: a soft ball joint holding the grabbed point of one body to the cursor's
 * point in the world (Box2D's mouse joint in spirit; here the engine's own soft ball joint).
 *
 * <p>The spring is set by its frequency and damping ratio rather than a stiffness, so every body
 * follows the cursor alike whatever its mass: k = m (2 pi f)^2. At {@link #HERTZ} = 5 Hz a hanging
 * body sags g / (2 pi f)^2 = 9.9 mm below the cursor and catches up within about 1 / (zeta omega) =
 * 45 ms per e-fold; {@link #DAMPING_RATIO} 0.7 overshoots by exp(-pi zeta / sqrt(1 - zeta^2)) = 4.6%.
 * The force is capped at {@link #MAX_ACCELERATION} times the body's mass (about 100 g): the spring
 * reaches that cap at k x = m a, x = a / (2 pi f)^2 = 1.0 m of stretch, so a cursor flung across
 * the scene pulls hard but boundedly and the body does not tunnel through what it hits.
 */
final class MouseSpring {

    /** Spring frequency, Hz. */
    static final double HERTZ = 5;
    /** Damping ratio (1 = critical). */
    static final double DAMPING_RATIO = 0.7;
    /** The largest force is this times the body's mass: m/s^2. */
    static final double MAX_ACCELERATION = 1000;

    private final WorldSimulation sim;
    private final int body;
    private final JointId joint;
    /** The grabbed point in the body's frame (relative to its origin), m. */
    private final Vec3 local;
    private final double maxForce;
    private Vec3 target;

    private MouseSpring(WorldSimulation sim, int body, JointId joint, Vec3 local, double maxForce, Vec3 target) {
        this.sim = sim;
        this.body = body;
        this.joint = joint;
        this.local = local;
        this.maxForce = maxForce;
        this.target = target;
    }

    /** The spring's joint in the world. */
    JointId joint() {
        return joint;
    }

    /**
     * Grabs body {@code body} of {@code sim} at world point {@code point} (which also starts as the
     * cursor's point, so nothing jumps); wakes the body.
     *
     * @throws IllegalArgumentException from the world when it refuses the joint (a body that cannot
     *     move)
     */
    static MouseSpring grab(WorldSimulation sim, int body, Vec3 point) {
        var id = sim.id(body);
        double maxForce = MAX_ACCELERATION * sim.world().mass(id);
        JointDef def = JointDef.ball(id, null, point).spring(0, HERTZ, DAMPING_RATIO).name("mouse");
        def.maxForce = maxForce;
        JointId joint = sim.world().addJoint(def);
        Vec3 origin = sim.world().position(id);
        Vec3 local = sim.world().orientation(id).conjugate().rotate(point.minus(origin));
        return new MouseSpring(sim, body, joint, local, maxForce, point);
    }

    /** Moves the cursor's point (world space, m, finite); wakes the body. */
    void moveTo(Vec3 point) {
        sim.world().setJointWorldAnchor(joint, point);
        target = point;
    }

    /** Removes the joint (the body then moves freely, woken). */
    void release() {
        if (sim.world().containsJoint(joint)) {
            sim.world().removeJoint(joint);
        }
    }

    int body() {
        return body;
    }

    Vec3 local() {
        return local;
    }

    Vec3 target() {
        return target;
    }

    double maxForce() {
        return maxForce;
    }

    /** The grabbed point where it is now, world space, m. */
    Vec3 anchor() {
        var id = sim.id(body);
        Quat q = sim.world().orientation(id);
        return sim.world().position(id).plus(q.rotate(local));
    }

    /** Distance between the grabbed point and the cursor's point now, m. */
    double gap() {
        return sim.world().jointGap(joint);
    }
}
