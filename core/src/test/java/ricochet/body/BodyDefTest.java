package ricochet.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A dynamic body given only its shape weighs as that shape filled with the default density; the mass
 * and inertia are read back through the body's response to an impulse, as the solver sees them.
 */
class BodyDefTest {

    /**
     * Applies the impulse {@code J = (0, 0, 1)} N s at {@code (0, arm, 0)} from the centre of mass of a
     * body at rest at the origin in zero gravity: {@code v = J / m} and
     * {@code w = I^-1 (r x J) = (arm / Ixx, 0, 0)} for a diagonal inertia. Returns {m, Ixx}.
     */
    private static double[] massAndInertiaX(World world, BodyId id, double arm) {
        world.applyImpulse(id, new Vec3(0, 0, 1), new Vec3(0, arm, 0));
        double m = 1 / world.velocity(id).z();
        double ixx = arm / world.angularVelocity(id).x();
        return new double[] {m, ixx};
    }

    @Test
    void sphereWithoutDensityWeighsAsWaterFilledSphere() {
        double r = 0.3;
        try (World world = new World(Vec3.ZERO)) {
            BodyId ball = world.add(BodyDef.dynamic(), new SphereShape(r), 0.5, 0);
            double m = BodyDef.DEFAULT_DENSITY * 4.0 / 3.0 * Math.PI * r * r * r;
            // 1e-12 relative: the impulse response divides twice; the closed forms are exact.
            assertEquals(m, world.mass(ball), 1e-12 * m, "m = rho 4/3 pi r^3");
            double[] read = massAndInertiaX(world, ball, r);
            assertEquals(m, read[0], 1e-12 * m, "mass seen by an impulse");
            double inertia = 0.4 * m * r * r;
            assertEquals(inertia, read[1], 1e-12 * inertia, "solid sphere: I = 2/5 m r^2");
        }
    }

    @Test
    void defaultDensityIsWater() {
        assertEquals(1000, BodyDef.DEFAULT_DENSITY, "kg/m^3");
        assertEquals(BodyDef.DEFAULT_DENSITY, BodyDef.dynamic().density());
        assertNull(BodyDef.dynamic().massProperties(), "from the shape");
    }

    @Test
    void densityFillsTheShapeGivenOnce() {
        double hx = 0.5, hy = 0.25, hz = 0.1, rho = 300;
        try (World world = new World(Vec3.ZERO)) {
            BodyId box = world.add(BodyDef.dynamic().withDensity(rho), new BoxShape(hx, hy, hz), 0.5, 0);
            double m = rho * 8 * hx * hy * hz;
            assertEquals(m, world.mass(box), 1e-12 * m);
            double[] read = massAndInertiaX(world, box, hy);
            double ixx = m * (4 * hy * hy + 4 * hz * hz) / 12;
            assertEquals(ixx, read[1], 1e-12 * ixx, "box: Ixx = m (y^2 + z^2) / 12 with full sides");
        }
    }

    @Test
    void massWithoutMassPropertiesScalesTheShapes() {
        CapsuleShape capsule = new CapsuleShape(0.2, 0.5);
        double kg = 7;
        try (World world = new World(Vec3.ZERO)) {
            BodyId id = world.add(BodyDef.dynamic().withMass(kg), capsule, 0.5, 0);
            assertEquals(kg, world.mass(id), 1e-12);
            // Inertia scales with mass at fixed geometry: any density gives the same I / m.
            MassProperties unit = MassProperties.of(capsule, 1);
            double ixx = unit.inertia()[0] * kg / unit.mass();
            double[] read = massAndInertiaX(world, id, 0.5);
            assertEquals(ixx, read[1], 1e-12 * ixx);
        }
    }

    @Test
    void givenMassPropertiesWinOverTheShape() {
        MassProperties given = new MassProperties(2, Vec3.ZERO, new double[] {3, 0, 0, 0, 3, 0, 0, 0, 3});
        try (World world = new World(Vec3.ZERO)) {
            BodyId id = world.add(BodyDef.dynamic().withMassProperties(given), new SphereShape(1), 0.5, 0);
            assertEquals(2, world.mass(id));
            assertEquals(3, massAndInertiaX(world, id, 1)[1], 1e-12);
        }
    }

    @Test
    void shapeWithoutVolumeFailsNamingTheBodyAndAddsNothing() {
        double[][] heights = {{0, 0}, {0, 0}};
        // An open mesh: one triangle bounds no solid.
        TriangleMesh sheet = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 1, 2});
        try (World world = new World(Vec3.ZERO)) {
            var e = assertThrows(IllegalArgumentException.class, () -> world.add(
                    BodyDef.dynamic().withName("lid"), new HeightfieldShape(heights, 1, 1), 0.5, 0));
            assertTrue(e.getMessage().contains("body 'lid'") && e.getMessage().contains("withMassProperties"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> world.add(
                    BodyDef.dynamic(), new TriangleMeshShape(sheet), 0.5, 0));
            assertEquals(0, world.bodyCount(), "nothing added");
            // The same shapes are fine on a static body, which has no mass.
            world.add(BodyDef.staticBody(), new HeightfieldShape(heights, 1, 1), 0.5, 0);
            assertEquals(1, world.bodyCount());
        }
    }

    @Test
    void bodyWithoutShapeOrMassPropertiesIsRefused() {
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyDef ghost = BodyDef.dynamic().withName("ghost");
        var e = assertThrows(IllegalArgumentException.class, () -> bodies.add(ghost));
        assertTrue(e.getMessage().contains("'ghost'") && e.getMessage().contains("mass properties"),
                e.getMessage());
        assertEquals(0, bodies.count());
    }

    @Test
    void badDensityOrMassIsRefusedWithItsValue() {
        var d = assertThrows(IllegalArgumentException.class, () -> BodyDef.dynamic().withDensity(-5));
        assertTrue(d.getMessage().contains("density") && d.getMessage().contains("-5.0"), d.getMessage());
        var m = assertThrows(IllegalArgumentException.class, () -> BodyDef.dynamic().withMass(Double.NaN));
        assertTrue(m.getMessage().contains("mass") && m.getMessage().contains("NaN"), m.getMessage());
    }
}
