package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeSdf;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A 1.6 x 1.6 m cloth (0.15 kg/m^2, 1 cm thick, rigid stretch) dropped onto a body standing on the
 * ground: at the end of every step no particle is closer to the body or the ground than the thickness
 * less 1 mm, the total energy (particles' and bodies' kinetic plus gravitational) never exceeds what
 * it was at the start (every contact and constraint only takes energy away; the stored bending energy
 * is not counted, and it too came from the fall), and a cloth dropped on a flat top stays on it.
 * (Nothing but friction and inelastic contact damps the cloth, so its skirt may swing for a long time;
 * with the default, stiff bending the sheet behaves like a plate and slides off a sphere or a capsule.)
 */
class ClothDrapeTest {

    private static final double G = 9.81;

    @Test
    void settlesOnASphere() {
        drape(new SphereShape(0.5), 0.5, false, false);
    }

    @Test
    void settlesOnABox() {
        drape(new BoxShape(0.4, 0.4, 0.4), 0.4, false, true);
    }

    @Test
    void settlesOnACapsule() {
        drape(new CapsuleShape(0.3, 0.4), 0.7, false, false);
    }

    @Test
    void settlesOnACylinder() {
        drape(new CylinderShape(0.4, 0.4), 0.4, false, true);
    }

    @Test
    void settlesOnADynamicBoxWithoutPushingItAway() {
        drape(new BoxShape(0.4, 0.4, 0.4), 0.4, true, true);
    }

    private static void drape(Shape shape, double height, boolean dynamic, boolean flatTop) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            BodyDef def = dynamic ? BodyDef.dynamic().withShape(shape, 200) : BodyDef.staticBody();
            BodyId body = w.add(def.withPosition(new Vec3(0, height, 0)), shape, 0.5, 0);
            SoftBodies s = w.softBodies();
            // Off centre, so the sheet does not fall symmetrically.
            SoftId id = s.addCloth(ClothDef.defaults("sheet").withSize(1.6, 1.6, 24, 24).withMass(0.15 * 1.6 * 1.6)
                    .withPose(new Vec3(0.05, 2 * height + 0.3, 0.03), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
            double t = s.thickness(id);
            double start = energy(w, s, id);
            double[] x = new double[3];
            for (int i = 0; i < 300; i++) {
                w.step(1 / 60.0);
                Vec3 c = w.position(body);
                Quat q = w.orientation(body).conjugate();
                for (int k = 0; k < s.particleCount(id); k++) {
                    s.position(id, k, x);
                    Vec3 local = q.rotate(new Vec3(x[0] - c.x(), x[1] - c.y(), x[2] - c.z()));
                    double d = Math.min(ShapeSdf.distance(shape, local.x(), local.y(), local.z()), x[1]);
                    assertTrue(d >= t - 1e-3, "particle " + k + " at step " + i + " is " + d + " m from a shape");
                }
                double e = energy(w, s, id);
                assertTrue(e <= start, "step " + i + ": energy " + e + " J, more than the " + start + " J it started with");
            }
            Vec3 centre = s.centreOfMass(id);
            assertTrue(!flatTop || Math.hypot(centre.x(), centre.z()) < 0.2,
                    "the cloth slid off: its centre of mass is at " + centre);
            if (dynamic) {
                assertTrue(w.velocity(body).length() < 0.01, "the box moves at " + w.velocity(body));
            }
        }
    }

    /** Kinetic plus gravitational energy of the particles and the dynamic bodies, J (height from y = 0). */
    private static double energy(World w, SoftBodies s, SoftId id) {
        double e = w.kineticEnergy() + w.potentialEnergy();
        double[] x = new double[3];
        double[] v = new double[3];
        for (int k = 0; k < s.particleCount(id); k++) {
            s.position(id, k, x);
            s.velocity(id, k, v);
            double m = s.particleMass(id, k);
            e += 0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + m * G * x[1];
        }
        return e;
    }
}
