package ricochet.world;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Small scenes shared by the world tests: SI units, y up, g = 9.81 m/s^2. */
final class Scenes {

    static final double G = 9.81;
    static final double DT = 1.0 / 60;
    /** Density of the test boxes, kg/m^3 (water). */
    static final double DENSITY = 1000;

    private Scenes() {
    }

    static World world(int substeps) {
        World w = new World(new Vec3(0, -G, 0));
        w.setSubsteps(substeps);
        return w;
    }

    /** A static 40 x 1 x 40 m box whose top face is the plane y = 0. */
    static BodyId groundBox(World w, double friction) {
        return w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                new BoxShape(20, 0.5, 20), friction, 0);
    }

    /** The static plane y = 0. */
    static BodyId groundPlane(World w, double friction, double restitution) {
        return w.add(BodyDef.staticBody().withName("plane"), new PlaneShape(Vec3.UNIT_Y, 0), friction,
                restitution);
    }

    /** A dynamic cube of side {@code side} (m) at {@code position}, density {@link #DENSITY}. */
    static BodyId cube(World w, double side, Vec3 position, Quat orientation, double friction) {
        Shape s = new BoxShape(side / 2, side / 2, side / 2);
        return w.add(BodyDef.dynamic().withShape(s, DENSITY).withPosition(position).withOrientation(orientation)
                .withName("cube"), s, friction, 0);
    }

    static BodyId sphere(World w, double radius, Vec3 position, double restitution) {
        Shape s = new SphereShape(radius);
        return w.add(BodyDef.dynamic().withShape(s, DENSITY).withPosition(position).withName("ball"), s, 0.5,
                restitution);
    }

    static double horizontal(Vec3 a, Vec3 b) {
        double dx = a.x() - b.x(), dz = a.z() - b.z();
        return Math.sqrt(dx * dx + dz * dz);
    }
}
