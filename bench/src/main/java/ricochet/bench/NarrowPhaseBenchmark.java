package ricochet.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import ricochet.collision.narrow.CollisionDispatch;
import ricochet.collision.narrow.Manifold;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * Nanoseconds per narrow-phase call through {@link CollisionDispatch}, one pair routine per benchmark,
 * each on a touching pair so the full contact path runs (clipping and reduction included). The hulls
 * are 10-gon prisms (20 vertices, 12 faces) built from explicit faces. Run with {@code -prof gc} to
 * confirm a call allocates nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class NarrowPhaseBenchmark {

    private final CollisionDispatch dispatch = new CollisionDispatch();
    private final Manifold manifold = new Manifold();
    private SphereShape sphere;
    private CapsuleShape capsule;
    private BoxShape box, ground;
    private ConvexHullShape prism;
    private PlaneShape plane;
    private Transform origin, sphereNear, capsuleCrossed, boxResting, boxEdge, boxEdgeBase, prismResting;
    private Transform boxOnPlane;

    @Setup
    public void setUp() {
        sphere = new SphereShape(0.5);
        capsule = new CapsuleShape(0.3, 0.6);
        box = new BoxShape(0.5, 0.5, 0.5);
        ground = new BoxShape(5, 0.5, 5);
        prism = prism(10, 0.6, 0.4);
        plane = new PlaneShape(Vec3.UNIT_Y, 0);
        origin = new Transform();
        sphereNear = pose(0.3, 0.9, 0.2, Vec3.UNIT_Y, 0);
        capsuleCrossed = pose(0.1, 0.55, 0, Vec3.UNIT_Z, Math.PI / 2);
        boxResting = pose(0.3, 0.99, -0.2, Vec3.UNIT_Y, 0.3);
        double ridge = 0.5 * Math.sqrt(2);
        boxEdgeBase = pose(0, 0, 0, Vec3.UNIT_Z, Math.PI / 4);
        boxEdge = pose(0.1, 2 * ridge - 0.02, -0.05, Vec3.UNIT_X, Math.PI / 4);
        prismResting = pose(0.2, 0.79, 0.1, Vec3.UNIT_Y, 0.2);
        boxOnPlane = pose(0, 0.49, 0, new Vec3(1, 0, 1).normalized(), 0.01);
    }

    private static Transform pose(double x, double y, double z, Vec3 axis, double radians) {
        Transform t = new Transform();
        double s = Math.sin(radians / 2);
        return t.set(x, y, z, axis.x() * s, axis.y() * s, axis.z() * s, Math.cos(radians / 2));
    }

    /**
     * A right prism over a regular n-gon (radius r, y in [-h, h]), faces wound counter-clockwise from
     * outside.
     */
    static ConvexHullShape prism(int n, double r, double h) {
        double[] v = new double[6 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            v[3 * i] = r * Math.cos(a);
            v[3 * i + 1] = -h;
            v[3 * i + 2] = r * Math.sin(a);
            v[3 * (n + i)] = v[3 * i];
            v[3 * (n + i) + 1] = h;
            v[3 * (n + i) + 2] = v[3 * i + 2];
        }
        int[][] faces = new int[n + 2][];
        int[] bottom = new int[n], top = new int[n];
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            // Angles increase from +x towards +z, which turns clockwise seen from +y: the side quad
            // i, i+n, j+n, j and the bottom in increasing order wind counter-clockwise from outside.
            faces[i] = new int[] {i, n + i, n + j, j};
            bottom[i] = i;
            top[i] = 2 * n - 1 - i;
        }
        faces[n] = bottom;
        faces[n + 1] = top;
        return new ConvexHullShape(v, faces);
    }

    @Benchmark
    public boolean sphereSphere() {
        return dispatch.collide(sphere, origin, sphere, sphereNear, 0.02, manifold);
    }

    @Benchmark
    public boolean sphereBox() {
        return dispatch.collide(box, origin, sphere, sphereNear, 0.02, manifold);
    }

    @Benchmark
    public boolean capsuleCapsule() {
        return dispatch.collide(capsule, origin, capsule, capsuleCrossed, 0.02, manifold);
    }

    @Benchmark
    public boolean boxBoxResting() {
        return dispatch.collide(ground, origin, box, boxResting, 0.02, manifold);
    }

    @Benchmark
    public boolean boxBoxEdge() {
        return dispatch.collide(box, boxEdgeBase, box, boxEdge, 0.02, manifold);
    }

    @Benchmark
    public boolean hullHull() {
        return dispatch.collide(prism, origin, prism, prismResting, 0.02, manifold);
    }

    @Benchmark
    public boolean boxPlane() {
        return dispatch.collide(plane, origin, box, boxOnPlane, 0.02, manifold);
    }
}
