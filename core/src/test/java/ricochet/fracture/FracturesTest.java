package ricochet.fracture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Mat3;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

class FracturesTest {

    private static final double DENSITY = 2000;

    /** Linear momentum, angular momentum about the origin and kinetic energy of the given bodies. */
    private static double[] momenta(World world, List<BodyId> ids) {
        double[] out = new double[7];
        double[] r = new double[9], scratch = new double[9], iw = new double[9];
        for (BodyId id : ids) {
            MassProperties mp = MassProperties.of(world.shape(id), DENSITY);
            double m = mp.mass();
            assertEquals(world.mass(id), m, 1e-9 * m, "the body's mass is its shape's");
            Vec3 v = world.velocity(id), w = world.angularVelocity(id), c = world.centerOfMass(id);
            System.arraycopy(world.orientation(id).toMatrix().toArray(), 0, r, 0, 9);
            Mat3.rotateTensor(r, mp.inertia(), scratch, iw);
            Vec3 lin = v.times(m);
            Vec3 spin = new Vec3(iw[0] * w.x() + iw[1] * w.y() + iw[2] * w.z(),
                    iw[3] * w.x() + iw[4] * w.y() + iw[5] * w.z(), iw[6] * w.x() + iw[7] * w.y() + iw[8] * w.z());
            Vec3 ang = spin.plus(c.cross(lin));
            out[0] += lin.x();
            out[1] += lin.y();
            out[2] += lin.z();
            out[3] += ang.x();
            out[4] += ang.y();
            out[5] += ang.z();
            out[6] += 0.5 * m * v.dot(v) + 0.5 * w.dot(spin);
        }
        return out;
    }

    private static List<BodyId> bodiesOf(World world, int f) {
        List<BodyId> ids = new ArrayList<>();
        for (int p = 0; p < world.fractures().pieceCount(f); p++) {
            BodyId id = world.fractures().pieceBody(f, p);
            if (!ids.contains(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * A spinning, moving fractured body cut apart at once: the pieces' momenta, angular momenta (about
     * the origin, from each body's own shape's inertia) and kinetic energy equal the whole's.
     */
    @Test
    void aSpinningBodyCutApartKeepsItsMomentaAndEnergy() {
        for (int n : new int[] {50, 200}) {
            World world = new World(Vec3.ZERO);
            Quat q = Quat.fromAxisAngle(new Vec3(1, 2, 3).normalized(), 0.7);
            BodyDef def = BodyDef.dynamic().withPosition(new Vec3(3, 2, -1)).withOrientation(q)
                    .withVelocity(new Vec3(1.5, -2, 0.5)).withAngularVelocity(new Vec3(4, -7, 3)).withName("rock");
            FracturePattern pattern = VoronoiFracture.fracture(new BoxShape(0.8, 0.3, 0.5), n, 21);
            int f = world.fractures().add(def, pattern, DENSITY, 100, false, 0.5, 0);
            assertEquals(1, world.fractures().clusterCount(f));
            double[] before = momenta(world, bodiesOf(world, f));
            world.fractures().breakAll(f);
            List<BodyId> parts = bodiesOf(world, f);
            assertEquals(n, parts.size(), "every piece is a body of its own");
            double[] after = momenta(world, parts);
            double p = Math.sqrt(before[0] * before[0] + before[1] * before[1] + before[2] * before[2]);
            double l = Math.sqrt(before[3] * before[3] + before[4] * before[4] + before[5] * before[5]);
            for (int k = 0; k < 3; k++) {
                assertEquals(before[k], after[k], 1e-9 * p, n + " pieces: momentum " + k);
                assertEquals(before[3 + k], after[3 + k], 1e-9 * l, n + " pieces: angular momentum " + k);
            }
            assertEquals(before[6], after[6], 1e-9 * before[6], n + " pieces: kinetic energy");
            assertEquals(world.kineticEnergy(), after[6], 1e-9 * after[6]);
            assertEquals(n * 0 + pattern.bonds().size(), world.fractures().breaks().size());
        }
    }

    /** The scene of the bond tests: a 2-piece cube floating still, a 5 kg ball coming along -x. */
    private static final class Hit {
        final World world = new World(Vec3.ZERO);
        final FracturePattern pattern = VoronoiFracture.fracture(new BoxShape(0.5, 0.5, 0.5), 2, 4);
        final int f;
        final BodyId ball;

        Hit(double strength) {
            f = world.fractures().add(BodyDef.dynamic().withName("cube"), pattern, DENSITY, strength, false, 0, 0);
            SphereShape s = new SphereShape(0.1);
            ball = world.add(BodyDef.dynamic().withShape(s, 5 / MassProperties.of(s, 1).mass())
                    .withPosition(new Vec3(0.75, 0.2, 0.1)).withVelocity(new Vec3(-10, 0, 0)).withName("ball"), s, 0, 0);
            world.fractures().setEstimateAll(true);
        }
    }

    /**
     * The bond's impulse is what the piece the ball does not touch needs to keep up with the cube:
     * Newton on that piece alone, {@code f = m_b (dv + dw x d_b)} with {@code dv = J / M},
     * {@code dw = I^-1 (r x J)}, J the ball's loss of momentum in the step (the contact at the ball's
     * line of flight on the face x = 0.5), I the whole cube's inertia.
     */
    @Test
    void theBondImpulseIsWhatTheUntouchedPieceNeedsToKeepUp() {
        Hit hit = new Hit(1e9);
        World world = hit.world;
        FracturePattern.Piece a = null, b = null;
        for (FracturePattern.Piece piece : hit.pattern.pieces()) {
            Vec3 q = new Vec3(0.49, 0.2, 0.1).minus(piece.centroid());
            boolean in = true;
            for (int k = 0; k < piece.shape().faceCount(); k++) {
                in &= piece.shape().faceNormalX(k) * q.x() + piece.shape().faceNormalY(k) * q.y()
                        + piece.shape().faceNormalZ(k) * q.z() <= piece.shape().faceOffset(k);
            }
            if (in) {
                a = piece;
            } else {
                b = piece;
            }
        }
        assertNotNull(a);
        assertNotNull(b);
        double best = 0, bestJ = 0;
        for (int step = 0; step < 10; step++) {
            double vx = world.velocity(hit.ball).x();
            world.step(1.0 / 60);
            double j = 5 * (world.velocity(hit.ball).x() - vx);
            if (world.fractures().bondImpulse(hit.f, 0) > best && j > 0) {
                best = world.fractures().bondImpulse(hit.f, 0);
                bestJ = j;
                if (step == 0) {
                    break;
                }
            }
        }
        assertTrue(bestJ > 10, "the ball hit the cube: " + bestJ);
        MassProperties whole = MassProperties.of(VoronoiFracture.outline(new BoxShape(0.5, 0.5, 0.5)), DENSITY);
        double[] inv = new double[9];
        Mat3.invert(whole.inertia(), inv);
        // J along -x at (0.5, 0.2, 0.1): r x J with r = (0.5, 0.2, 0.1), J = (-j, 0, 0).
        Vec3 r = new Vec3(0.5, 0.2, 0.1), jv = new Vec3(-bestJ, 0, 0);
        Vec3 tau = r.cross(jv);
        Vec3 dw = new Vec3(inv[0] * tau.x() + inv[1] * tau.y() + inv[2] * tau.z(),
                inv[3] * tau.x() + inv[4] * tau.y() + inv[5] * tau.z(), inv[6] * tau.x() + inv[7] * tau.y() + inv[8] * tau.z());
        Vec3 dv = jv.times(1 / whole.mass());
        double mb = DENSITY * b.volume();
        double expected = dv.plus(dw.cross(b.centroid())).times(mb).length();
        assertEquals(expected, best, 2e-3 * expected, "bond impulse against Newton on the far piece");
    }

    /** The same hit with the strength set so the bond's load is 0.9x it holds; at 1.1x it breaks. */
    @Test
    void aBondHoldsAtNineTenthsOfItsStrengthAndBreaksAtElevenTenths() {
        Hit probe = new Hit(1e9);
        double peak = 0;
        for (int step = 0; step < 20; step++) {
            probe.world.step(1.0 / 60);
            peak = Math.max(peak, probe.world.fractures().bondLoad(probe.f, 0));
        }
        assertTrue(peak > 10, "the ball loads the bond: " + peak);
        Hit holds = new Hit(peak / 0.9);
        Hit breaks = new Hit(peak / 1.1);
        boolean broke = false;
        for (int step = 0; step < 20; step++) {
            holds.world.step(1.0 / 60);
            breaks.world.step(1.0 / 60);
            broke |= !breaks.world.fractures().breaks().isEmpty();
            assertTrue(holds.world.fractures().breaks().isEmpty(), "0.9x breaks nothing (step " + step + ")");
        }
        assertEquals(1, holds.world.fractures().clusterCount(holds.f));
        assertTrue(broke && breaks.world.fractures().isBondBroken(breaks.f, 0), "1.1x breaks the bond");
        assertEquals(2, breaks.world.fractures().clusterCount(breaks.f));
    }

    /**
     * The step that breaks the bond is redone with the pieces apart: momentum is conserved through it
     * (nothing else acts in zero gravity), and no kinetic energy is made.
     */
    @Test
    void theBreakingStepConservesMomentumAndMakesNoEnergy() {
        Hit hit = new Hit(5);
        World world = hit.world;
        double p0 = -50;
        double e0 = world.kineticEnergy();
        boolean broke = false;
        for (int step = 0; step < 30; step++) {
            world.step(1.0 / 60);
            broke |= !world.fractures().breaks().isEmpty();
            List<BodyId> ids = bodiesOf(world, hit.f);
            double px = 5 * world.velocity(hit.ball).x();
            for (BodyId id : ids) {
                px += world.mass(id) * world.velocity(id).x();
            }
            assertEquals(p0, px, 1e-9 * 50, "momentum along x after step " + step);
            assertTrue(world.kineticEnergy() <= e0 * (1 + 1e-12), "no energy made by step " + step);
        }
        assertTrue(broke);
        assertEquals(2, world.fractures().clusterCount(hit.f));
    }

    /** The same scene gives the same bits, breaks included. */
    @Test
    void theSameSceneBreaksTheSameWay() {
        long[] hashes = new long[2];
        for (int run = 0; run < 2; run++) {
            World world = new World(new Vec3(0, -9.81, 0));
            world.add(BodyDef.staticBody().withName("ground"), new BoxShape(10, 0.5, 10), 0.6, 0);
            world.fractures().add(BodyDef.dynamic().withPosition(new Vec3(0, 1.5, 0)).withName("wall"),
                    VoronoiFracture.fracture(new BoxShape(1.5, 1, 0.1), 40, 9), DENSITY, 30, true, 0.6, 0);
            SphereShape s = new SphereShape(0.2);
            world.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, 1.5, 2))
                    .withVelocity(new Vec3(0, 0, -15)).withName("ball"), s, 0.5, 0);
            for (int i = 0; i < 120; i++) {
                world.step(1.0 / 60);
            }
            assertTrue(world.fractures().clusterCount(0) > 1, "the ball broke the wall");
            hashes[run] = world.stateHash();
        }
        assertEquals(hashes[0], hashes[1]);
    }

    @Test
    void badDefinitionsAreRejectedAndAddNothing() {
        World world = new World(Vec3.ZERO);
        FracturePattern p = VoronoiFracture.fracture(new BoxShape(1, 1, 1), 4, 1);
        assertThrows(IllegalArgumentException.class,
                () -> world.fractures().add(BodyDef.dynamic(), p, DENSITY, 0, false, 0.5, 0));
        assertThrows(IllegalArgumentException.class,
                () -> world.fractures().add(BodyDef.dynamic(), p, DENSITY, Double.NaN, false, 0.5, 0));
        assertThrows(IllegalArgumentException.class,
                () -> world.fractures().add(BodyDef.staticBody(), p, DENSITY, 10, false, 0.5, 0));
        assertThrows(IllegalArgumentException.class,
                () -> world.fractures().add(BodyDef.dynamic(), p, -1, 10, false, 0.5, 0));
        assertEquals(0, world.bodyCount());
        assertEquals(0, world.fractures().count());
    }
}
