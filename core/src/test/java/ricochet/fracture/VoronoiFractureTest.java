package ricochet.fracture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Vec3;

class VoronoiFractureTest {

    private static final Shape WALL = new BoxShape(2, 1.5, 0.1);

    /** The pieces tile the solid: their volumes sum to its volume, their first moments to its. */
    @Test
    void piecesOf50And200SumToTheWholeVolumeAndMass() {
        for (Shape shape : List.of(WALL, new SphereShape(0.7), new CapsuleShape(0.3, 0.5),
                new CylinderShape(0.4, 0.6), tetrahedron())) {
            for (int n : new int[] {50, 200}) {
                FracturePattern p = VoronoiFracture.fracture(shape, n, 7);
                double density = 2000;
                MassProperties whole = MassProperties.of(VoronoiFracture.outline(shape), density);
                double v = 0, m = 0, mx = 0, my = 0, mz = 0;
                for (FracturePattern.Piece piece : p.pieces()) {
                    v += piece.volume();
                    double pm = density * piece.volume();
                    m += pm;
                    mx += pm * piece.centroid().x();
                    my += pm * piece.centroid().y();
                    mz += pm * piece.centroid().z();
                }
                assertEquals(n, p.pieces().size(), shape.type() + ": every seed keeps a cell");
                assertEquals(p.volume(), v, 1e-9 * p.volume(), shape.type() + " " + n + " pieces: volume");
                assertEquals(whole.mass(), m, 1e-9 * whole.mass(), shape.type() + " " + n + " pieces: mass");
                double size = 2;
                assertEquals(whole.centerOfMass().x(), mx / m, 1e-9 * size);
                assertEquals(whole.centerOfMass().y(), my / m, 1e-9 * size);
                assertEquals(whole.centerOfMass().z(), mz / m, 1e-9 * size);
            }
        }
    }

    /** A curved shape's stand-in hull lies inside it and holds all but 2 % of its volume. */
    @Test
    void curvedShapesAreCutAsAHullWithinTwoPercentOfTheirVolume() {
        for (Shape shape : List.of(new SphereShape(0.7), new CapsuleShape(0.3, 0.5), new CylinderShape(0.4, 0.6))) {
            double exact = MassProperties.of(shape, 1).mass();
            double hull = MassProperties.of(VoronoiFracture.outline(shape), 1).mass();
            assertTrue(hull < exact && hull > 0.98 * exact, shape.type() + ": hull " + hull + " of " + exact);
        }
    }

    /**
     * Each piece's inertia against a randomised quasi-Monte Carlo estimate: a Kronecker (additive
     * recurrence) sequence in the piece's bounds with a seeded random shift, counting the points inside
     * the hull. Its error for a region with a smooth boundary falls near 1/N^(2/3), some 1e-4 at the
     * 400 000 points used, far inside the 0.5 % asked.
     */
    @Test
    void eachPieceInertiaMatchesAMonteCarloEstimateWithinHalfAPercent() {
        for (int n : new int[] {50, 200}) {
            FracturePattern p = VoronoiFracture.fracture(WALL, n, 11);
            SplitMix64 rng = new SplitMix64(99);
            for (int k = 0; k < p.pieces().size(); k++) {
                FracturePattern.Piece piece = p.pieces().get(k);
                double[] est = monteCarloInertia(piece.shape(), 400_000, rng);
                double[] exact = piece.inertia();
                double scale = Math.max(exact[0], Math.max(exact[4], exact[8]));
                for (int e = 0; e < 9; e++) {
                    assertEquals(exact[e], est[e], 0.005 * scale, n + " pieces, piece " + k + " entry " + e);
                }
            }
        }
    }

    /** Inertia about the origin (the piece's centroid) at density 1: volume times the sample mean. */
    static double[] monteCarloInertia(ConvexHullShape hull, int samples, SplitMix64 rng) {
        double[] b = new double[6];
        hull.localBounds(b);
        // The plastic-number Kronecker sequence (Roberts 2018): alpha_k = 1 / phi3^k.
        double phi = 1.2207440846057596;
        double a1 = 1 / phi, a2 = 1 / (phi * phi), a3 = 1 / (phi * phi * phi);
        double u = rng.nextDouble(), v = rng.nextDouble(), w = rng.nextDouble();
        double sxx = 0, syy = 0, szz = 0, sxy = 0, sxz = 0, syz = 0;
        int inside = 0;
        int nf = hull.faceCount();
        for (int i = 0; i < samples; i++) {
            u += a1;
            v += a2;
            w += a3;
            u -= Math.floor(u);
            v -= Math.floor(v);
            w -= Math.floor(w);
            double x = b[0] + (b[3] - b[0]) * u, y = b[1] + (b[4] - b[1]) * v, z = b[2] + (b[5] - b[2]) * w;
            boolean in = true;
            for (int f = 0; f < nf && in; f++) {
                in = hull.faceNormalX(f) * x + hull.faceNormalY(f) * y + hull.faceNormalZ(f) * z
                        <= hull.faceOffset(f);
            }
            if (in) {
                inside++;
                sxx += x * x;
                syy += y * y;
                szz += z * z;
                sxy += x * y;
                sxz += x * z;
                syz += y * z;
            }
        }
        double cell = (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]) / samples;
        sxx *= cell;
        syy *= cell;
        szz *= cell;
        sxy *= cell;
        sxz *= cell;
        syz *= cell;
        assertTrue(inside > samples / 20, "enough samples inside the piece");
        return new double[] {syy + szz, -sxy, -sxz, -sxy, sxx + szz, -syz, -sxz, -syz, sxx + syy};
    }

    @Test
    void theSameSeedGivesTheSameBitsAndAnotherSeedOtherPieces() {
        FracturePattern a = VoronoiFracture.fracture(WALL, 200, 42);
        FracturePattern b = VoronoiFracture.fracture(WALL, 200, 42);
        FracturePattern c = VoronoiFracture.fracture(WALL, 200, 43);
        assertEquals(a.pieces().size(), b.pieces().size());
        for (int k = 0; k < a.pieces().size(); k++) {
            FracturePattern.Piece pa = a.pieces().get(k), pb = b.pieces().get(k);
            assertEquals(pa.centroid(), pb.centroid());
            assertEquals(Double.doubleToRawLongBits(pa.volume()), Double.doubleToRawLongBits(pb.volume()));
            assertArrayEquals(pa.inertia(), pb.inertia());
        }
        assertEquals(a.bonds(), b.bonds());
        assertTrue(!a.pieces().get(0).centroid().equals(c.pieces().get(0).centroid()));
    }

    /**
     * Bonds join exactly the pieces that touch: each bond's face centroid lies on both pieces'
     * surfaces, its normal points from a to b, and every piece of a box has at least one bond
     * (the cells of one solid form one connected tiling).
     */
    @Test
    void bondsJoinTouchingPiecesAcrossTheirSharedFace() {
        FracturePattern p = VoronoiFracture.fracture(WALL, 50, 3);
        boolean[] bonded = new boolean[p.pieces().size()];
        for (FracturePattern.Bond bond : p.bonds()) {
            assertTrue(bond.a() < bond.b() && bond.area() > 0);
            FracturePattern.Piece a = p.pieces().get(bond.a()), b = p.pieces().get(bond.b());
            assertEquals(0, surfaceDistance(a, bond.centroid()), 1e-9);
            assertEquals(0, surfaceDistance(b, bond.centroid()), 1e-9);
            assertTrue(b.centroid().minus(a.centroid()).dot(bond.normal()) > 0);
            bonded[bond.a()] = bonded[bond.b()] = true;
        }
        for (int k = 0; k < bonded.length; k++) {
            assertTrue(bonded[k], "piece " + k + " has a bond");
        }
    }

    /** The largest signed distance of point x (shape frame) outside the piece's face planes, m. */
    private static double surfaceDistance(FracturePattern.Piece piece, Vec3 x) {
        ConvexHullShape h = piece.shape();
        Vec3 q = x.minus(piece.centroid());
        double worst = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < h.faceCount(); f++) {
            worst = Math.max(worst, h.faceNormalX(f) * q.x() + h.faceNormalY(f) * q.y() + h.faceNormalZ(f) * q.z()
                    - h.faceOffset(f));
        }
        return worst;
    }

    @Test
    void anImpactPointCrowdsSmallPiecesAroundIt() {
        Vec3 impact = new Vec3(1.5, 1.0, 0);
        FracturePattern p = VoronoiFracture.fracture(WALL, 100, 5, impact);
        double near = 0, far = 0;
        int nearCount = 0, farCount = 0;
        for (FracturePattern.Piece piece : p.pieces()) {
            if (piece.centroid().minus(impact).length() < 0.7) {
                near += piece.volume();
                nearCount++;
            } else {
                far += piece.volume();
                farCount++;
            }
        }
        assertTrue(nearCount > 0 && farCount > 0);
        assertTrue(near / nearCount < 0.25 * far / farCount, "pieces near the impact are smaller");
        double v = p.pieces().stream().mapToDouble(FracturePattern.Piece::volume).sum();
        assertEquals(p.volume(), v, 1e-9 * p.volume());
        assertThrows(IllegalArgumentException.class,
                () -> VoronoiFracture.fracture(WALL, 10, 1, new Vec3(3, 0, 0)));
    }

    @Test
    void badCountsAndNonConvexShapesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> VoronoiFracture.fracture(WALL, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> VoronoiFracture.fracture(WALL, 10_001, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VoronoiFracture.fracture(new TriangleMeshShape(
                        new ricochet.geometry.TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1},
                                new int[] {0, 1, 2})), 4, 1));
        assertTrue(e.getMessage().contains("convex"), e.getMessage());
    }

    private static ConvexHullShape tetrahedron() {
        return QuickHull.build(new double[] {0, 0, 0, 1.2, 0, 0, 0, 0.9, 0, 0.1, 0.2, 1.1});
    }
}
