package ricochet.collision.narrow;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/** Shapes, poses and rigid motions shared by the GJK, EPA and cast tests. */
final class GjkTestShapes {

    private GjkTestShapes() {
    }

    static Transform pose(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    static Transform pose(Vec3 p, Quat q) {
        return new Transform(p, q);
    }

    /**
     * An icosahedron scaled by (sx, sy, sz): the 12 points (0, +-1, +-phi) and their cyclic
     * permutations; its faces are found as the triples of points whose plane has all the others on one
     * side (a scaled icosahedron keeps its 20 triangles), wound counter-clockwise from outside.
     */
    static ConvexHullShape icosahedron(double sx, double sy, double sz) {
        double phi = (1 + Math.sqrt(5)) / 2;
        double[] base = {
            0, 1, phi, 0, -1, phi, 0, 1, -phi, 0, -1, -phi,
            1, phi, 0, -1, phi, 0, 1, -phi, 0, -1, -phi, 0,
            phi, 0, 1, -phi, 0, 1, phi, 0, -1, -phi, 0, -1};
        double[] v = new double[36];
        for (int i = 0; i < 12; i++) {
            v[3 * i] = sx * base[3 * i];
            v[3 * i + 1] = sy * base[3 * i + 1];
            v[3 * i + 2] = sz * base[3 * i + 2];
        }
        List<int[]> faces = new ArrayList<>();
        for (int a = 0; a < 12; a++) {
            for (int b = a + 1; b < 12; b++) {
                for (int c = b + 1; c < 12; c++) {
                    Vec3 pa = at(v, a), pb = at(v, b), pc = at(v, c);
                    Vec3 n = pb.minus(pa).cross(pc.minus(pa));
                    int above = 0, below = 0;
                    for (int k = 0; k < 12; k++) {
                        double h = n.dot(at(v, k).minus(pa));
                        if (h > 1e-9) {
                            above++;
                        } else if (h < -1e-9) {
                            below++;
                        }
                    }
                    if (above == 0 && below == 9) {
                        faces.add(new int[] {a, b, c});
                    } else if (below == 0 && above == 9) {
                        faces.add(new int[] {a, c, b});
                    }
                }
            }
        }
        return new ConvexHullShape(v, faces.toArray(new int[0][]));
    }

    static Vec3 at(double[] v, int i) {
        return new Vec3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    }

    /** A mix of every convex shape kind, sizes 0.2 to 1.5 m. */
    static Arbitrary<ConvexShape> shapes() {
        Arbitrary<Double> size = Arbitraries.doubles().between(0.2, 1.5);
        Arbitrary<ConvexShape> spheres = size.map(SphereShape::new);
        Arbitrary<ConvexShape> boxes = Combinators.combine(size, size, size).as(BoxShape::new);
        Arbitrary<ConvexShape> capsules = Combinators.combine(size, size).as(CapsuleShape::new);
        Arbitrary<ConvexShape> cylinders = Combinators.combine(size, size).as(CylinderShape::new);
        Arbitrary<ConvexShape> hulls = Combinators.combine(size, size, size)
                .as((a, b, c) -> icosahedron(a / 1.7, b / 1.7, c / 1.7));
        return Arbitraries.oneOf(spheres, boxes, capsules, cylinders, hulls);
    }

    static Arbitrary<Transform> poses(double bound) {
        return Combinators.combine(MathArbitraries.vectors(bound), MathArbitraries.unitQuaternions())
                .as(Transform::new);
    }

    /** The pose {@code motion * pose}: the shape moved rigidly by {@code motion}. */
    static Transform compose(Transform motion, Transform pose) {
        Vec3 p = motion.orientation().rotate(pose.position()).plus(motion.position());
        return new Transform(p, motion.orientation().multiply(pose.orientation()));
    }

    static Vec3 rotate(Transform motion, double x, double y, double z) {
        return motion.orientation().rotate(new Vec3(x, y, z));
    }

    /** Angle between two unit vectors, radians, accurate for small angles (atan2 of cross and dot). */
    static double angle(Vec3 a, Vec3 b) {
        return Math.atan2(a.cross(b).length(), a.dot(b));
    }

    static Vec3 normal(GjkResult r) {
        return new Vec3(r.normalX, r.normalY, r.normalZ);
    }

    static Vec3 normal(EpaResult r) {
        return new Vec3(r.normalX, r.normalY, r.normalZ);
    }
}
