package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Friction anchors away from turntables: they hold what friction holds and add no energy. A box at
 * rest on a static floor is left as it was, a box held on a slope stays where it is, a sliding box
 * stops where Coulomb says, and a box riding a free spinning slab takes no energy from the anchors.
 */
class FrictionAnchorTest {

    /**
     * A box resting on a static floor: its anchors have little to take back (the floor does not turn
     * and the box does not slide), so with anchors it stays within 0.05 mm of where it settled over
     * 10 s, as without them (measured: 24 um at 1 substep, 0.3 um at 2, under a nanometre at 4; 22 um,
     * 0.1 um and 0.03 nm without).
     */
    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4})
    void aBoxAtRestOnAStaticFloorIsLeftAsItWas(int substeps) {
        for (int k = 0; k < 2; k++) {
            World w = Scenes.world(substeps);
            w.setSleepingEnabled(false);
            w.setFrictionAnchors(k == 1);
            Scenes.groundBox(w, 0.6);
            BodyId box = Scenes.cube(w, 0.5, new Vec3(0.3, 0.25, -0.2), Quat.fromAxisAngle(Vec3.UNIT_Y, 0.4), 0.6);
            for (int i = 0; i < 60; i++) {
                w.step(Scenes.DT);
            }
            Vec3 settled = w.position(box);
            for (int i = 0; i < 600; i++) {
                w.step(Scenes.DT);
            }
            double moved = w.position(box).minus(settled).length();
            assertTrue(moved < 5e-5, "anchors " + (k == 1) + ": moved " + moved + " m");
        }
    }

    /**
     * A box on a static slope of 20 degrees with {@code mu = 0.6 > tan 20 = 0.36}: friction holds it,
     * so over 10 s it creeps by less than 0.1 mm, and its energy (potential and kinetic) never rises
     * above its value once settled by more than lifting it a micrometre would (the anchors take back
     * the slide of its first substeps on the slope, before the contact carried its weight).
     */
    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4})
    void aBoxHeldOnASlopeStaysAndGainsNoEnergy(int substeps) {
        double slope = Math.toRadians(20);
        World w = Scenes.world(substeps);
        w.setSleepingEnabled(false);
        Quat tilt = Quat.fromAxisAngle(Vec3.UNIT_Z, slope);
        w.add(BodyDef.staticBody().withOrientation(tilt).withName("slope"), new BoxShape(10, 0.5, 10), 0.6, 0);
        // On the slope's top face (its normal n = R e_y), resting.
        Vec3 n = tilt.rotate(Vec3.UNIT_Y);
        BodyId box = Scenes.cube(w, 0.4, n.times(0.5 + 0.2), tilt, 0.6);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        Vec3 start = w.position(box);
        double weight = w.mass(box) * Scenes.G;
        double e0 = w.potentialEnergy() + w.kineticEnergy();
        double aboveStart = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 600; i++) {
            w.step(Scenes.DT);
            aboveStart = Math.max(aboveStart, w.potentialEnergy() + w.kineticEnergy() - e0);
        }
        double moved = w.position(box).minus(start).length();
        assertTrue(moved < 1e-4, "crept " + moved + " m in 10 s");
        assertTrue(aboveStart < 1e-6 * weight, "energy rose " + aboveStart + " J above its start");
    }

    /**
     * A box thrown at 3 m/s along a floor with {@code mu = 0.4} slides: its anchors are placed again
     * every substep, so it slows at {@code mu g} and stops within 2 % of {@code v0^2 / (2 mu g)}, and its
     * energy never rises above what it was thrown with.
     */
    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4})
    void aSlidingBoxStopsWhereCoulombSaysAndGainsNoEnergy(int substeps) {
        double mu = 0.4, v0 = 3;
        World w = Scenes.world(substeps);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, mu);
        Shape s = new BoxShape(0.2, 0.2, 0.2);
        BodyId box = w.add(BodyDef.dynamic().withShape(s, 500).withPosition(new Vec3(0, 0.2, 0))
                .withVelocity(new Vec3(v0, 0, 0)).withName("box"), s, mu, 0);
        double e0 = w.potentialEnergy() + w.kineticEnergy();
        double above = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
            above = Math.max(above, w.potentialEnergy() + w.kineticEnergy() - e0);
        }
        double expected = v0 * v0 / (2 * mu * Scenes.G);
        assertEquals(expected, w.position(box).x(), 0.02 * expected, "stopping distance");
        assertTrue(w.velocity(box).length() < 1e-3, "at rest: " + w.velocity(box));
        assertTrue(above <= 0, "energy rose " + above + " J above its start");
    }

    /**
     * A box riding a free 50 t slab that spins at 2 rad/s on frictionless ground: nothing drives or
     * brakes the pair, so the anchors must not add energy: the total kinetic energy (2.1 10^6 J) never
     * rises above its start over 5 s by more than 1e-8 of itself (a step's rise is up to 4e-9 of it:
     * the rows hold the velocity at the point as it is now while their impulse turns the slab at the
     * step's lever).
     */
    @ParameterizedTest(name = "{0} substeps")
    @ValueSource(ints = {1, 2, 4})
    void aBoxOnAFreeSpinningSlabAddsNoEnergy(int substeps) {
        double omega = 2, r = 1;
        World w = Scenes.world(substeps);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0);
        Shape top = new BoxShape(4, 0.25, 4);
        w.add(BodyDef.dynamic().withShape(top, 3125).withPosition(new Vec3(0, 0.25, 0))
                .withAngularVelocity(new Vec3(0, omega, 0)).withName("table"), top, 0.8, 0);
        Shape s = new BoxShape(0.1, 0.1, 0.1);
        w.add(BodyDef.dynamic().withShape(s, 500).withPosition(new Vec3(r, 0.6, 0))
                .withVelocity(new Vec3(0, 0, -omega * r)).withAngularVelocity(new Vec3(0, omega, 0))
                .withName("box"), s, 0.8, 0);
        for (int i = 0; i < 30; i++) {
            w.step(Scenes.DT);
        }
        double e0 = w.kineticEnergy();
        double aboveStart = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 300; i++) {
            w.step(Scenes.DT);
            aboveStart = Math.max(aboveStart, w.kineticEnergy() - e0);
        }
        assertTrue(aboveStart < 1e-8 * e0, "kinetic energy rose " + aboveStart + " J above " + e0);
    }
}
