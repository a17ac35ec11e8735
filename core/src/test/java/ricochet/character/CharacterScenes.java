package ricochet.character;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Worlds the character tests walk in: floors, stairs, slopes. */
final class CharacterScenes {

    static final double DT = 1.0 / 60;
    static final Vec3 GRAVITY = new Vec3(0, -9.81, 0);

    private CharacterScenes() {
    }

    static World world(int substeps) {
        World w = new World(GRAVITY);
        w.setSubsteps(substeps);
        return w;
    }

    /** A static box floor whose top is y = 0, 200 m square. */
    static BodyId floor(World w) {
        return staticBox(w, new Vec3(0, -0.5, 0), 100, 0.5, 100, Quat.IDENTITY);
    }

    static BodyId staticBox(World w, Vec3 centre, double hx, double hy, double hz, Quat q) {
        return w.add(BodyDef.staticBody().withPosition(centre).withOrientation(q), new BoxShape(hx, hy, hz),
                0.5, 0);
    }

    /**
     * {@code n} risers of {@code rise} m, each tread {@code tread} m deep, the first riser's face at
     * x = x0, climbing along +x, 4 m wide about z = 0, with a 5 m landing on top.
     */
    static void stairs(World w, int n, double rise, double tread, double x0) {
        double end = x0 + n * tread + 5;
        for (int i = 1; i <= n; i++) {
            double from = x0 + (i - 1) * tread;
            double h = i * rise;
            staticBox(w, new Vec3(0.5 * (from + end), 0.5 * h, 0), 0.5 * (end - from), 0.5 * h, 2, Quat.IDENTITY);
        }
    }

    /** A rotation about z by {@code degrees}, turning +x up towards +y. */
    static Quat tilt(double degrees) {
        return Quat.fromAxisAngle(Vec3.UNIT_Z, Math.toRadians(degrees));
    }

    /**
     * A static box slope rising along +x at {@code degrees}, 10 m long on its top face, whose top
     * face meets the floor (y = 0) at x = x0 (to within half its thickness times sin).
     */
    static void boxSlope(World w, double degrees, double x0) {
        double a = Math.toRadians(degrees);
        double c = Math.cos(a), s = Math.sin(a);
        // Top face's low end at (x0, 0): centre = end + R (5, -0.5, 0).
        staticBox(w, new Vec3(x0 + 5 * c + 0.5 * s, 5 * s - 0.5 * c, 0), 5, 0.5, 3, tilt(degrees));
    }

    /** The same slope as a two-triangle mesh (its top face only), 6 m wide. */
    static void meshSlope(World w, double degrees, double x0) {
        double a = Math.toRadians(degrees);
        double c = Math.cos(a), s = Math.sin(a);
        double[] v = {x0, 0, -3, x0, 0, 3, x0 + 10 * c, 10 * s, 3, x0 + 10 * c, 10 * s, -3};
        // Counter-clockwise seen from above the slope: 0 1 2, 0 2 3.
        int[] t = {0, 1, 2, 0, 2, 3};
        mesh(w, v, t);
    }

    /**
     * A capsule of radius 2 lying along the slope: its axis rises along +x at {@code degrees}, and
     * the ridge along its top (the line the character walks up, z = 0) meets the floor at x = x0.
     */
    static void capsuleSlope(World w, double degrees, double x0) {
        double a = Math.toRadians(degrees);
        double c = Math.cos(a), s = Math.sin(a), r = 2;
        // Ridge point (x0, 0) = centre + r (-s, c) - 4 (c, s); the local y axis turns to (c, s).
        Vec3 centre = new Vec3(x0 + r * s + 4 * c, -r * c + 4 * s, 0);
        w.add(BodyDef.staticBody().withPosition(centre)
                .withOrientation(Quat.fromAxisAngle(Vec3.UNIT_Z, a - Math.PI / 2)), new CapsuleShape(r, 8), 0.5, 0);
    }

    /** The slope kinds the slope tests run against. */
    enum Slope { BOX, MESH, CAPSULE }

    static void slope(World w, Slope kind, double degrees, double x0) {
        switch (kind) {
            case BOX -> boxSlope(w, degrees, x0);
            case MESH -> meshSlope(w, degrees, x0);
            case CAPSULE -> capsuleSlope(w, degrees, x0);
        }
    }

    static BodyId mesh(World w, double[] vertices, int[] triangles) {
        Shape s = new TriangleMeshShape(new TriangleMesh(vertices, triangles));
        return w.add(BodyDef.staticBody(), s, 0.5, 0);
    }

    /** Centre height of a standing character of the def whose capsule rests at its skin on y = floorY. */
    static double standY(CharacterDef def, double floorY) {
        return floorY + 0.5 * def.height() + def.skin();
    }
}
