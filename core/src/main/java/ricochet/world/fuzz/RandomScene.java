package ricochet.world.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.joints.JointDef;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * A random world for the no-NaN promise, built from a seed and a few knobs so that jqwik can shrink
 * the knobs: {@code bodies} dynamic bodies (sphere, box, capsule, cylinder, convex hull or compound,
 * sizes 0.01-10 m, masses 0.1-1000 kg log-uniform, the density chosen to hit the mass) dropped into a
 * region small enough that many overlap at the start, with velocities up to 100 m/s and angular
 * velocities up to 20 rad/s, above a static ground (a plane, or a box 4 km wide and 10 m thick so
 * nothing leaves it in 300 steps at 100 m/s); optionally random joints between the bodies and a ragdoll.
 * Every number is finite, so any non-finite state is the engine's fault.
 *
 * <p>The same arguments give the same world on any JVM and CPU: {@code StrictMath.pow} and
 * {@code cbrt}, not {@code Math}'s, whose intrinsics differ in the last bit (about one {@code pow}
 * in ten on JDK 17; JDK 25's {@code Math.cbrt} differs from 17's for one of the body counts), so a
 * failing scene's number replays the same scene elsewhere.
 */
public final class RandomScene {

    /** Gravity, m/s^2 (along -y). */
    public static final double G = 9.81;

    private final World world;
    private final double dt;
    private final boolean joined;
    private final List<BodyId> dynamic = new ArrayList<>();
    /** Per dynamic body: the distance from its centre of mass to its farthest point, m. */
    private final List<Double> extent = new ArrayList<>();
    private final String description;

    /**
     * @param seed the generator's seed
     * @param bodies dynamic bodies, >= 1 for any joint to be made
     * @param joints random joints between the bodies or to the world
     * @param ragdoll whether a ragdoll is dropped above them
     * @param planeGround a plane for ground, else a 4 km box
     * @param dtDivisor {@code dt = 1 / dtDivisor} s
     */
    public RandomScene(long seed, int bodies, int joints, boolean ragdoll, boolean planeGround,
                       int dtDivisor) {
        SplittableRandom r = new SplittableRandom(seed);
        world = new World(new Vec3(0, -G, 0));
        dt = 1.0 / dtDivisor;
        StringBuilder d = new StringBuilder("seed=" + seed + " bodies=" + bodies + " joints=" + joints
                + " ragdoll="
                + ragdoll + " plane=" + planeGround + " dt=1/" + dtDivisor);
        if (planeGround) {
            world.add(BodyDef.staticBody().withName("ground"), new PlaneShape(Vec3.UNIT_Y, 0), 0.6, 0);
        } else {
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -5, 0)).withName("ground"),
                    new BoxShape(2000, 5, 2000), 0.6, 0);
        }
        // Region side ~ 2 m per body^(1/3): with sizes log-uniform up to 10 m most scenes overlap.
        double half = 1 + StrictMath.cbrt(bodies);
        for (int k = 0; k < bodies; k++) {
            Shape shape = shape(r, 0);
            double volume = MassProperties.of(shape, 1).mass();
            double mass = logUniform(r, 0.1, 1000);
            double[] b = new double[6];
            shape.localBounds(b);
            Vec3 p = new Vec3(uniform(r, -half, half), uniform(r, 0, 2 * half), uniform(r, -half, half));
            BodyDef def = BodyDef.dynamic().withShape(shape, mass / volume).withPosition(p)
                    .withOrientation(randomRotation(r)).withVelocity(randomVector(r, 100))
                    .withAngularVelocity(randomVector(r, 20)).withName(shape.type() + "#" + k);
            double friction = r.nextDouble(), restitution = r.nextDouble();
            BodyId id = world.add(def, shape, friction, restitution);
            dynamic.add(id);
            Vec3 c = world.centerOfMass(id).minus(p);
            // The farthest bounds corner from the centre of mass bounds the shape's reach from it.
            double ex = Math.max(Math.abs(b[0] - c.x()), Math.abs(b[3] - c.x()));
            double ey = Math.max(Math.abs(b[1] - c.y()), Math.abs(b[4] - c.y()));
            double ez = Math.max(Math.abs(b[2] - c.z()), Math.abs(b[5] - c.z()));
            extent.add(Math.sqrt(ex * ex + ey * ey + ez * ez));
            d.append("\n  ").append(def.name()).append(" m=").append(mass).append(" at ").append(p);
        }
        for (int k = 0; k < joints && bodies >= 1; k++) {
            BodyId a = dynamic.get(r.nextInt(bodies));
            BodyId b = bodies >= 2 && r.nextBoolean() ? dynamic.get(r.nextInt(bodies)) : null;
            if (a.equals(b)) {
                b = null;
            }
            Vec3 anchor = world.centerOfMass(a).plus(randomVector(r, 1));
            Vec3 axis = randomUnit(r);
            JointDef j = switch (r.nextInt(7)) {
                case 0 -> JointDef.fixed(a, b, anchor);
                case 1 -> JointDef.ball(a, b, anchor);
                case 2 -> JointDef.hinge(a, b, anchor, axis).limits(-1, 1);
                case 3 -> JointDef.slider(a, b, anchor, axis).limits(-0.5, 0.5);
                case 4 -> JointDef.distance(a, b, anchor,
                        b == null ? anchor.plus(axis) : world.centerOfMass(b));
                case 5 -> JointDef.coneTwist(a, b, anchor, axis);
                default -> JointDef.sixDof(a, b, anchor, axis);
            };
            world.addJoint(j);
            d.append("\n  joint ").append(j.type).append(' ').append(a).append('-').append(b);
        }
        if (ragdoll) {
            Ragdoll doll = Ragdoll.add(world, "doll", new Vec3(0, 2 * half + 2, 0), randomRotation(r),
                    randomVector(r, 20), 1000, 0.5);
            for (BodyId id : doll.bodies()) {
                dynamic.add(id);
                // The largest part (a thigh: radius 0.07 m + half height 0.155 m) reaches 0.225 m.
                extent.add(0.25);
            }
        }
        description = d.toString();
        joined = ragdoll || (joints > 0 && bodies >= 1);
    }

    /**
     * Scene number {@code n} of the soak: its knobs (1-16 bodies, 0-4 joints, a ragdoll one time in
     * four, plane or box ground, dt 1/30-1/240 s) drawn from {@code n}, so {@code n} alone replays it.
     */
    public static RandomScene numbered(long n) {
        SplittableRandom r = new SplittableRandom(n * 0x9E3779B97F4A7C15L + 1);
        return new RandomScene(r.nextLong(), 1 + r.nextInt(16), r.nextInt(5), r.nextInt(4) == 0,
                r.nextBoolean(), 30 + r.nextInt(211));
    }

    /** The world, before any step; the caller steps it. */
    public World world() {
        return world;
    }

    /** Seconds per step. */
    public double dt() {
        return dt;
    }

    /** Whether the scene has joints (random ones or a ragdoll's). */
    public boolean hasJoints() {
        return joined;
    }

    /** The dynamic bodies, the scene's then the ragdoll's parts. */
    public List<BodyId> dynamicBodies() {
        return Collections.unmodifiableList(dynamic);
    }

    /** The distance from dynamic body k's centre of mass to its farthest point, m. */
    public double reach(int k) {
        return extent.get(k);
    }

    /** The knobs on the first line, then one line per body and joint. */
    public String description() {
        return description;
    }

    /** Sphere, box, capsule, cylinder, hull or (at the top level) a compound of two or three of them. */
    private static Shape shape(SplittableRandom r, int depth) {
        int kind = r.nextInt(depth == 0 ? 6 : 5);
        double s = logUniform(r, 0.01, 10) / 2;
        return switch (kind) {
            case 0 -> new SphereShape(s);
            case 1 -> new BoxShape(s * uniform(r, 0.2, 1), s * uniform(r, 0.2, 1), s * uniform(r, 0.2, 1));
            case 2 -> new CapsuleShape(s * uniform(r, 0.2, 0.5), s * uniform(r, 0.1, 0.5));
            case 3 -> new CylinderShape(s * uniform(r, 0.2, 1), s * uniform(r, 0.2, 1));
            case 4 -> hull(r, s);
            default -> {
                int n = 2 + r.nextInt(2);
                CompoundShape.Child[] children = new CompoundShape.Child[n];
                for (int i = 0; i < n; i++) {
                    Shape c = shape(r, depth + 1);
                    double[] b = new double[6];
                    c.localBounds(b);
                    double reach = 0.5 * (b[3] - b[0]);
                    children[i] = new CompoundShape.Child(c,
                            new Transform(randomVector(r, reach), randomRotation(r)));
                }
                yield CompoundShape.of(children);
            }
        };
    }

    /** The hull of 8-20 points in a ball of radius s, squashed on random axes. */
    private static Shape hull(SplittableRandom r, double s) {
        int n = 8 + r.nextInt(13);
        double sx = uniform(r, 0.3, 1), sy = uniform(r, 0.3, 1), sz = uniform(r, 0.3, 1);
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            Vec3 u = randomUnit(r);
            p[3 * i] = s * sx * u.x();
            p[3 * i + 1] = s * sy * u.y();
            p[3 * i + 2] = s * sz * u.z();
        }
        return QuickHull.build(p);
    }

    private static double uniform(SplittableRandom r, double lo, double hi) {
        return lo + (hi - lo) * r.nextDouble();
    }

    private static double logUniform(SplittableRandom r, double lo, double hi) {
        return lo * StrictMath.pow(hi / lo, r.nextDouble());
    }

    private static Vec3 randomUnit(SplittableRandom r) {
        while (true) {
            double x = uniform(r, -1, 1), y = uniform(r, -1, 1), z = uniform(r, -1, 1);
            double l = Math.sqrt(x * x + y * y + z * z);
            if (l > 0.1 && l <= 1) {
                return new Vec3(x / l, y / l, z / l);
            }
        }
    }

    /** Uniform in direction, magnitude uniform in [0, max]. */
    private static Vec3 randomVector(SplittableRandom r, double max) {
        return randomUnit(r).times(max * r.nextDouble());
    }

    private static Quat randomRotation(SplittableRandom r) {
        return Quat.fromAxisAngle(randomUnit(r), uniform(r, 0, 2 * Math.PI));
    }
}
