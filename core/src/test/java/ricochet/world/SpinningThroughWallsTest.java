package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Long thin bodies spinning at 50-200 rad/s (and some translating at up to 30 m/s) beside thin static
 * walls: a step turns a 2 m rod by up to 3 rad, so its tip moves metres while its centre stays put and
 * only a sweep of the rotation keeps it out. Every step of every shot is checked: no point of the body
 * deeper in the wall than the engine's penetration tolerance, {@link #DEPTH_TOLERANCE} of the body's
 * thickness (where {@code DepthFloor} lifts a body out: a corner that tunnelled stands centimetres to
 * metres in), and its centre never past the wall.
 *
 * <p>The wall is the solid {@code x >= 0} (a plane, or a flat heightfield facing -x) or the slab
 * {@code 0 <= x <= th} (a box, or a closed triangle mesh); the body starts clear of it on the -x side.
 * {@code -Dricochet.spinShots=N} runs more shots.
 */
class SpinningThroughWallsTest {

    /** {@code SolverTuning.MAX_DEPTH_IN_IMMOVABLE}: the depth, per metre of thickness, held by the floor. */
    static final double DEPTH_TOLERANCE = 0.25;

    private static final int SHOTS = Integer.getInteger("ricochet.spinShots", 1000);
    private static final int STEPS = 60;

    enum Wall { BOX, PLANE, HEIGHTFIELD, MESH }

    /**
     * One shot's outcome: the deepest point over its steps (metres), the step, whether the centre got
     * through, and the depth allowed (metres).
     */
    record Outcome(double deepest, int step, boolean through, double allowed) {
    }

    @Test
    void spinningLongBodiesNeitherSinkIntoNorPassThinStaticWalls() {
        List<String> failures = new ArrayList<>();
        double worst = 0;
        for (int seed = 0; seed < SHOTS; seed++) {
            Outcome o = shoot(seed);
            worst = Math.max(worst, o.deepest());
            if (o.deepest() > o.allowed() || o.through()) {
                failures.add("shot " + seed + ": " + (o.through() ? "through the wall" : "")
                        + String.format(" %.4f m deep at step %d", o.deepest(), o.step()));
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + SHOTS + " shots went deeper than allowed"
                + " (deepest " + worst + " m); first: " + failures.subList(0, Math.min(10, failures.size())));
    }

    /** A 2 m rod turning at 100 rad/s beside a 2 cm wall, its centre still: 1.67 rad a step. */
    @Test
    void aRodSpinningInPlaceBesideAWallStaysOut() {
        World w = Scenes.world(4);
        w.setGravity(Vec3.ZERO);
        double th = 0.02;
        w.add(BodyDef.staticBody().withPosition(new Vec3(0.5 * th, 0, 0)).withName("wall"),
                new BoxShape(0.5 * th, 50, 50), 0.5, 0);
        BoxShape rod = new BoxShape(0.01, 1, 0.01);
        // Along y, 0.5 m from the wall, turning about z: its ends swing through x = 0 within a step.
        BodyId b = w.add(BodyDef.dynamic().withShape(rod, 1000).withPosition(new Vec3(-0.5, 0, 0))
                .withAngularVelocity(new Vec3(0, 0, 100)).withName("rod"), rod, 0.5, 0);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
            double depth = slabDepth(maxX(w, b, rod), minX(w, b, rod), th);
            assertTrue(depth <= DEPTH_TOLERANCE * 0.02, "step " + i + ": " + depth + " m in the wall");
        }
        assertTrue(w.continuousHits() > 0, "the sweep caught it");
    }

    /** Shot {@code seed}: a random long body, spin, speed and wall; its deepest point over the steps. */
    static Outcome shoot(long seed) {
        Random r = new Random(seed);
        World w = Scenes.world(4);
        w.setGravity(Vec3.ZERO);
        Wall wall = Wall.values()[r.nextInt(4)];
        double th = 0.01 + 0.03 * r.nextDouble();
        addWall(w, wall, th);

        double length = 0.5 + 2.5 * r.nextDouble(), thick = 0.02 + 0.08 * r.nextDouble();
        ConvexShape shape = switch (r.nextInt(3)) {
            case 0 -> new BoxShape(0.5 * thick, 0.5 * length, 0.5 * thick);
            case 1 -> new CapsuleShape(0.5 * thick, 0.5 * (length - thick));
            default -> new CylinderShape(0.5 * thick, 0.5 * length);
        };
        Quat q = randomRotation(r);
        Vec3 axis = randomUnit(r);
        double spin = 50 + 150 * r.nextDouble();
        // Toward the wall within 60 degrees of its normal, or (a third of the shots) spinning in place.
        double speed = r.nextInt(3) == 0 ? 0 : 30 * r.nextDouble();
        double tilt = Math.toRadians(60) * r.nextDouble(), around = 2 * Math.PI * r.nextDouble();
        Vec3 dir = new Vec3(Math.cos(tilt), Math.sin(tilt) * Math.cos(around), Math.sin(tilt) * Math.sin(around));
        boolean bullet = r.nextInt(3) == 0;
        // Clear of the wall by a gap the spin (half the length) or a few steps' travel can close.
        double reach = reachX(shape, q);
        double gap = 0.005 + (0.5 * length + 3 * speed * Scenes.DT) * r.nextDouble();
        BodyId b = w.add(BodyDef.dynamic().withShape(shape, 1000).withOrientation(q)
                .withPosition(new Vec3(-reach - gap, 0, 0)).withVelocity(dir.times(speed))
                .withAngularVelocity(axis.times(spin)).withName("rod"), shape, 0.5, 0);
        w.setBullet(b, bullet);

        double deepest = 0;
        int at = -1;
        boolean through = false;
        for (int i = 0; i < STEPS; i++) {
            w.step(Scenes.DT);
            double hi = maxX(w, b, shape), lo = minX(w, b, shape);
            boolean slab = wall == Wall.BOX || wall == Wall.MESH;
            double depth = slab ? slabDepth(hi, lo, th) : Math.max(hi, 0);
            if (depth > deepest) {
                deepest = depth;
                at = i;
            }
            through |= w.position(b).x() > (slab ? 0.5 * th : 0);
        }
        return new Outcome(deepest, at, through, DEPTH_TOLERANCE * thick);
    }

    private static void addWall(World w, Wall wall, double th) {
        switch (wall) {
            case BOX -> w.add(BodyDef.staticBody().withPosition(new Vec3(0.5 * th, 0, 0)).withName("wall"),
                    new BoxShape(0.5 * th, 50, 50), 0.5, 0);
            // Solid where -x <= 0.
            case PLANE -> w.add(BodyDef.staticBody().withName("wall"), new PlaneShape(new Vec3(-1, 0, 0), 0),
                    0.5, 0);
            case HEIGHTFIELD -> {
                // Flat, 40 m square in 10 m cells; turned about z so its +y faces -x: local x becomes
                // world y, so it spans y and z in [-20, 20] at x = 0.
                double[][] heights = new double[5][5];
                w.add(BodyDef.staticBody().withPosition(new Vec3(0, -20, -20))
                        .withOrientation(Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2)).withName("wall"),
                        new HeightfieldShape(heights, 10, 10), 0.5, 0);
            }
            case MESH -> w.add(BodyDef.staticBody().withPosition(new Vec3(0.5 * th, 0, 0)).withName("wall"),
                    new TriangleMeshShape(boxMesh(0.5 * th, 20, 20)), 0.5, 0);
        }
    }

    /** The closed box mesh {@code [-hx, hx] x [-hy, hy] x [-hz, hz]}, counter-clockwise from outside. */
    static TriangleMesh boxMesh(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -hx : hx;
            v[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            v[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        int[] t = {
            0, 4, 6, 0, 6, 2, // -x
            1, 3, 7, 1, 7, 5, // +x
            0, 1, 5, 0, 5, 4, // -y
            2, 6, 7, 2, 7, 3, // +y
            0, 2, 3, 0, 3, 1, // -z
            4, 5, 7, 4, 7, 6, // +z
        };
        return new TriangleMesh(v, t);
    }

    /** How far a body spanning {@code [lo, hi]} in x is inside the slab {@code [0, th]}: its least way out. */
    static double slabDepth(double hi, double lo, double th) {
        return hi > 0 && lo < th ? Math.min(hi, th - lo) : 0;
    }

    /** The body's largest world x: its support point along +x. */
    static double maxX(World w, BodyId b, ConvexShape s) {
        return w.position(b).x() + reachX(s, w.orientation(b));
    }

    static double minX(World w, BodyId b, ConvexShape s) {
        return w.position(b).x() - reachX(s, w.orientation(b), -1);
    }

    /** How far the shape at orientation q reaches along +x from its origin. */
    static double reachX(ConvexShape s, Quat q) {
        return reachX(s, q, 1);
    }

    /** How far the shape at orientation q reaches along {@code sign} x from its origin. */
    private static double reachX(ConvexShape s, Quat q, double sign) {
        Vec3 local = q.conjugate().rotate(new Vec3(sign, 0, 0));
        double[] p = new double[3];
        s.support(local.x(), local.y(), local.z(), p);
        return sign * q.rotate(Vec3.of(p)).x();
    }

    private static Vec3 randomUnit(Random r) {
        while (true) {
            Vec3 v = new Vec3(2 * r.nextDouble() - 1, 2 * r.nextDouble() - 1, 2 * r.nextDouble() - 1);
            double l2 = v.lengthSquared();
            if (l2 > 1e-4 && l2 <= 1) {
                return v.times(1 / Math.sqrt(l2));
            }
        }
    }

    private static Quat randomRotation(Random r) {
        return Quat.fromAxisAngle(randomUnit(r), 2 * Math.PI * r.nextDouble());
    }
}
