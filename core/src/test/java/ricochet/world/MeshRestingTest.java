package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Convex shapes dropped onto triangle meshes and heightfields at default settings rest where the
 * geometry says: the centre at the shape's half extent along the surface normal (to within
 * {@link #HEIGHT_TOLERANCE}), the resting face flat on the surface (within {@link #TILT_TOLERANCE}),
 * wherever they land over the triangles: on a vertex where six or eight triangles meet, on an edge,
 * across a cell's diagonal, inside one triangle. The surfaces are a flat mesh of 1 m cells, a flat
 * mesh of 0.2 m cells (the shape spans many triangles), a flat heightfield, and a heightfield tilted
 * by a few degrees.
 *
 * <p>{@code -Dricochet.meshRestReport=true} prints every case's figures.
 */
class MeshRestingTest {

    /**
     * Metres: the centre's distance from the surface may differ from the analytic half extent by this.
     * The soft contact leaves a static deflection {@code m g / (m_eff omega^2)}, under 0.1 mm at the
     * default spring for a body on an immovable floor; a millimetre is ten times that.
     */
    static final double HEIGHT_TOLERANCE = 1e-3;
    /**
     * Radians: 0.05 degrees. A resting face carried by four points spread over its width {@code w}
     * tilts by about (difference of the points' deflections) / w, a few micrometres over decimetres;
     * one point (the old cylinder-on-mesh contact) let the face rock to 0.4 degrees.
     */
    static final double TILT_TOLERANCE = Math.toRadians(0.05);
    /** Seconds simulated before measuring, and the last stretch over which the height is watched. */
    static final double SETTLE = 3, WATCH = 1;
    /** The tilted field's gradient, dh/dx and dh/dz: 2.9 and 1.7 degrees; friction 0.8 holds a box. */
    static final double SLOPE_X = 0.05, SLOPE_Z = 0.03;
    static final double FRICTION = 0.8;

    enum Surface {
        MESH(1), FINE_MESH(0.2), FIELD(1), SLOPED_FIELD(0.5);

        final double cell;

        Surface(double cell) {
            this.cell = cell;
        }
    }

    /** Where over a cell the shape's centre starts, in cells from a grid vertex. */
    enum Spot {
        VERTEX(0, 0), EDGE(0.5, 0), DIAGONAL(0.5, 0.5), INSIDE(0.3, 0.65), OFF_GRID(0.137, 0.411);

        final double u, v;

        Spot(double u, double v) {
            this.u = u;
            this.v = v;
        }
    }

    enum Body { CYLINDER, LYING_CYLINDER, BOX, HULL, CAPSULE, SPHERE }

    /** One case's outcome: the worst height error over the watch (m), the final tilt (rad). */
    record Rest(double heightError, double tilt, double height, double expected, int sleptAt) {
    }

    private static final int HALF_CELLS = 12;

    static Shape surface(Surface s) {
        int n = 2 * HALF_CELLS + 1;
        double c = s.cell;
        if (s == Surface.MESH || s == Surface.FINE_MESH) {
            double[] v = new double[3 * n * n];
            for (int r = 0; r < n; r++) {
                for (int col = 0; col < n; col++) {
                    int i = 3 * (n * r + col);
                    v[i] = (col - HALF_CELLS) * c;
                    v[i + 1] = 0;
                    v[i + 2] = (r - HALF_CELLS) * c;
                }
            }
            int[] t = new int[6 * (n - 1) * (n - 1)];
            int o = 0;
            for (int r = 0; r < n - 1; r++) {
                for (int col = 0; col < n - 1; col++) {
                    int v00 = n * r + col, v10 = v00 + 1, v01 = v00 + n, v11 = v01 + 1;
                    // Counter-clockwise seen from +y; the cells' diagonal runs from v00 to v11.
                    int[] tri = {v00, v01, v11, v00, v11, v10};
                    System.arraycopy(tri, 0, t, o, 6);
                    o += 6;
                }
            }
            return new TriangleMeshShape(new TriangleMesh(v, t));
        }
        double[][] h = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int col = 0; col < n; col++) {
                h[r][col] = s == Surface.SLOPED_FIELD ? SLOPE_X * (col - HALF_CELLS) * c
                        + SLOPE_Z * (r - HALF_CELLS) * c : 0;
            }
        }
        return new HeightfieldShape(h, c, c);
    }

    /** The surface's unit normal (the field's plane is h = SLOPE_X x + SLOPE_Z z through the origin). */
    static Vec3 up(Surface s) {
        return s == Surface.SLOPED_FIELD ? new Vec3(-SLOPE_X, 1, -SLOPE_Z).normalized() : Vec3.UNIT_Y;
    }

    static ConvexShape shape(Body b) {
        switch (b) {
            case CYLINDER:
            case LYING_CYLINDER:
                return new CylinderShape(0.4, 0.3);
            case BOX:
                return new BoxShape(0.35, 0.25, 0.3);
            case HULL:
                return hexagonalPrism(0.35, 0.2);
            case CAPSULE:
                return new CapsuleShape(0.2, 0.3);
            default:
                return new SphereShape(0.3);
        }
    }

    /** A prism along y with a regular hexagon of circumradius r as its caps, y in [-h, h]. */
    static ConvexHullShape hexagonalPrism(double r, double h) {
        double[] v = new double[36];
        for (int k = 0; k < 6; k++) {
            double a = Math.PI / 3 * k;
            for (int cap = 0; cap < 2; cap++) {
                int i = 3 * (2 * k + cap);
                v[i] = r * Math.cos(a);
                v[i + 1] = cap == 0 ? -h : h;
                v[i + 2] = -r * Math.sin(a);
            }
        }
        int[][] f = new int[8][];
        // Top (+y) counter-clockwise from above: increasing angle about +y is (cos a, -sin a) in (x, z).
        f[0] = new int[] {1, 3, 5, 7, 9, 11};
        f[1] = new int[] {10, 8, 6, 4, 2, 0};
        for (int k = 0; k < 6; k++) {
            int k1 = (k + 1) % 6;
            f[2 + k] = new int[] {2 * k, 2 * k1, 2 * k1 + 1, 2 * k + 1};
        }
        return new ConvexHullShape(v, f);
    }

    /** The centre's analytic distance from the surface when resting: the half extent along the normal. */
    static double halfExtent(Body b) {
        switch (b) {
            case CYLINDER:
                return 0.3;
            case LYING_CYLINDER:
                return 0.4;
            case BOX:
                return 0.25;
            case HULL:
                return 0.2;
            case CAPSULE:
                return 0.2;
            default:
                return 0.3;
        }
    }

    /**
     * Drops the body 1 cm above its resting height, its resting axis along the surface normal (a lying
     * capsule has its axis along the slope's gradient, so it neither rolls nor slides), turned 0.3 rad
     * about the normal so no edge lines up with the grid, and measures.
     */
    static Rest rest(Surface s, Spot spot, Body b, double drop, boolean sleeping) {
        World w = Scenes.world(4);
        w.setSleepingEnabled(sleeping);
        Shape ground = surface(s);
        Vec3 offset = ground instanceof HeightfieldShape
                ? new Vec3(-HALF_CELLS * s.cell, 0, -HALF_CELLS * s.cell) : Vec3.ZERO;
        w.add(BodyDef.staticBody().withPosition(offset).withName("ground"), ground, FRICTION, 0);
        Vec3 n = up(s);
        // Turn y onto n, then about n by the yaw.
        Quat onNormal = fromTo(Vec3.UNIT_Y, n);
        Quat q = Quat.fromAxisAngle(n, 0.3).multiply(onNormal);
        if (b == Body.CAPSULE || b == Body.LYING_CYLINDER) {
            // Local y onto the gradient's direction across the surface, -(n - (n . y) y) normalised.
            Vec3 downhill = s == Surface.SLOPED_FIELD ? new Vec3(SLOPE_X, 0, SLOPE_Z).normalized() : Vec3.UNIT_X;
            Vec3 along = downhill.minus(n.times(downhill.dot(n))).normalized();
            q = fromTo(onNormal.rotate(Vec3.UNIT_Y), along).multiply(onNormal);
        }
        double x = spot.u * s.cell, z = spot.v * s.cell;
        double y = s == Surface.SLOPED_FIELD ? SLOPE_X * x + SLOPE_Z * z : 0;
        Vec3 foot = new Vec3(x, y, z);
        double h = halfExtent(b);
        ConvexShape shape = shape(b);
        BodyId id = w.add(BodyDef.dynamic().withShape(shape, Scenes.DENSITY)
                .withPosition(foot.plus(n.times(h + drop))).withOrientation(q).withName(b.name()), shape,
                FRICTION, 0);
        int steps = (int) Math.round(SETTLE / Scenes.DT), watchFrom = steps - (int) Math.round(WATCH / Scenes.DT);
        double worst = 0, height = 0;
        int sleptAt = -1;
        for (int i = 0; i < steps; i++) {
            w.step(Scenes.DT);
            if (sleptAt < 0 && w.isSleeping(id)) {
                sleptAt = i;
            }
            height = w.position(id).minus(foot).dot(n);
            if (i >= watchFrom) {
                worst = Math.max(worst, Math.abs(height - h));
            }
        }
        Quat o = w.orientation(id);
        double tilt;
        if (b == Body.SPHERE) {
            tilt = 0;
        } else if (b == Body.CAPSULE || b == Body.LYING_CYLINDER) {
            // Lying: the axis must stay across the normal.
            tilt = Math.asin(Math.min(1, Math.abs(o.rotate(Vec3.UNIT_Y).dot(n))));
        } else {
            tilt = Math.acos(Math.min(1, o.rotate(Vec3.UNIT_Y).dot(n)));
        }
        return new Rest(worst, tilt, height, h, sleptAt);
    }

    /** The shortest turn taking unit vector a onto unit vector b (not opposite). */
    static Quat fromTo(Vec3 a, Vec3 b) {
        Vec3 axis = a.cross(b);
        double sin = axis.length();
        if (sin < 1e-15) {
            return Quat.IDENTITY;
        }
        return Quat.fromAxisAngle(axis.times(1 / sin), Math.atan2(sin, a.dot(b)));
    }

    /** Dropped from 1 cm at default settings: where each comes to sleep. */
    @Test
    void everyShapeSleepsAtItsHeightAndFlatOnMeshesAndHeightfields() {
        battery(0.01, true);
    }

    /** Dropped from 20 cm with sleeping off: each holds its height and stays flat, watched for a second. */
    @Test
    void everyShapeDroppedFromHigherHoldsItsHeightAndFlatWhileAwake() {
        battery(0.2, false);
    }

    private static void battery(double drop, boolean sleeping) {
        boolean report = Boolean.getBoolean("ricochet.meshRestReport");
        List<String> failures = new ArrayList<>();
        double worstHeight = 0, worstTilt = 0;
        for (Surface s : Surface.values()) {
            for (Body b : Body.values()) {
                for (Spot spot : Spot.values()) {
                    Rest r = rest(s, spot, b, drop, sleeping);
                    worstHeight = Math.max(worstHeight, r.heightError());
                    worstTilt = Math.max(worstTilt, r.tilt());
                    String line = String.format("%-12s %-14s %-8s height %+.4f mm (error %.4f mm), tilt %.4f deg,"
                            + " asleep at step %d", s, b, spot, 1e3 * (r.height() - r.expected()),
                            1e3 * r.heightError(), Math.toDegrees(r.tilt()), r.sleptAt());
                    if (report) {
                        System.out.println(line);
                    }
                    if (!(r.heightError() <= HEIGHT_TOLERANCE) || !(r.tilt() <= TILT_TOLERANCE)) {
                        failures.add(line);
                    }
                }
            }
        }
        if (report) {
            System.out.printf("drop %.2f m, sleeping %b: worst height error %.4f mm, worst tilt %.4f deg%n", drop,
                    sleeping, 1e3 * worstHeight, Math.toDegrees(worstTilt));
        }
        assertTrue(failures.isEmpty(), failures.size() + " cases off: " + String.join("; ", failures));
    }
}
