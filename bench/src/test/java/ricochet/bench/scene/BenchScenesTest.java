package ricochet.bench.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenes are the benchmark's documented ones, and every engine gets the same bodies. */
class BenchScenesTest {

    private static List<BenchBody> dynamic(BenchScene s) {
        return s.bodies().stream().filter(BenchBody::dynamic).toList();
    }

    @Test
    void pileIsHundredColumnsOfTenBoxesATenthApart() {
        BenchScene pile = BenchScenes.pile();
        List<BenchBody> boxes = dynamic(pile);
        assertEquals(1000, boxes.size());
        assertEquals(1001, pile.bodies().size());
        double lowest = Double.POSITIVE_INFINITY, highest = Double.NEGATIVE_INFINITY;
        for (BenchBody b : boxes) {
            assertEquals(1000 * 1.0, b.mass(), 1e-9, "unit box of density 1000");
            lowest = Math.min(lowest, b.y());
            highest = Math.max(highest, b.y());
        }
        // Bottom box 0.1 above the ground's top (y = 0); ten gaps close by the time the stack rests.
        assertEquals(0.5 + 0.1, lowest, 1e-12);
        double restingTop = 0.5 + 9 * 1.0;
        assertEquals(1.0, highest - restingTop, 1e-12, "the top box's ideal fall");
    }

    @Test
    void pyramidRowsRestOnTheRowBelow() {
        List<BenchBody> boxes = dynamic(BenchScenes.pyramid());
        assertEquals(210, boxes.size());
        for (BenchBody b : boxes) {
            double row = b.y() - 0.5;
            assertEquals(Math.rint(row), row, 1e-12, "centres one box height apart, the first on the ground");
        }
        // The base row has 20 boxes 0.1 m apart: 20 m of box and 1.9 m of gap.
        double min = boxes.stream().mapToDouble(BenchBody::x).min().orElseThrow();
        double max = boxes.stream().mapToDouble(BenchBody::x).max().orElseThrow();
        assertEquals(20 + 19 * 0.1 - 1, max - min, 1e-9);
    }

    @Test
    void spheresStartInsideTheBinWithoutOverlap() {
        BenchScene s = BenchScenes.spheres();
        List<BenchBody> balls = dynamic(s);
        assertEquals(4000, balls.size());
        double r = BenchScenes.SPHERE_RADIUS;
        for (BenchBody b : balls) {
            assertTrue(Math.abs(b.x()) + r <= BenchScenes.BIN_HALF && Math.abs(b.z()) + r <= BenchScenes.BIN_HALF);
            assertTrue(b.y() - r > 0 && b.y() + r < BenchScenes.BIN_HEIGHT);
        }
        // Neighbours in a layer are 0.6 m apart, jittered by at most 0.04 m each way.
        assertEquals("contained", s.check().verdict(s, s.startPositions(), s.startPositions(), 0));
    }

    @Test
    void terrainTrianglesFaceUpAndBodiesStartAboveThem() {
        BenchScene s = BenchScenes.terrain();
        BenchShape.Mesh mesh = (BenchShape.Mesh) s.bodies().get(0).shape();
        assertEquals(3200, mesh.triangleCount());
        double[] v = mesh.vertices();
        int[] t = mesh.triangles();
        for (int i = 0; i < t.length; i += 3) {
            int a = 3 * t[i], b = 3 * t[i + 1], c = 3 * t[i + 2];
            double ux = v[b] - v[a], uz = v[b + 2] - v[a + 2], wx = v[c] - v[a], wz = v[c + 2] - v[a + 2];
            // y of (b - a) x (c - a): positive when counter-clockwise seen from +y.
            assertTrue(uz * wx - ux * wz > 0, "triangle " + i / 3 + " faces down");
        }
        List<BenchBody> bodies = dynamic(s);
        assertEquals(432, bodies.size());
        for (BenchBody b : bodies) {
            assertTrue(b.y() - BenchScenes.terrainHeight(b.x(), b.z()) >= 1.5 - 1e-9);
            double q = b.qx() * b.qx() + b.qy() * b.qy() + b.qz() * b.qz() + b.qw() * b.qw();
            assertEquals(1, q, 1e-12, "unit quaternion");
        }
    }

    @Test
    void scenesAreTheSameEveryTimeTheyAreBuilt() {
        for (String name : BenchScenes.NAMES) {
            assertEquals(BenchScenes.get(name).bodies().size(), BenchScenes.get(name).bodies().size());
            double[] a = BenchScenes.get(name).startPositions(), b = BenchScenes.get(name).startPositions();
            assertEquals(0, BenchScene.drift(a, b), name);
        }
    }

    @Test
    void driftIsTheLargestMoveAndNaNWins() {
        double[] start = {0, 0, 0, 1, 1, 1};
        assertEquals(5, BenchScene.drift(start, new double[] {3, 4, 0, 1, 1, 1}), 1e-12);
        assertTrue(Double.isNaN(BenchScene.drift(start, new double[] {0, 0, 0, Double.NaN, 1, 1})));
        assertThrows(IllegalArgumentException.class, () -> BenchScene.drift(start, new double[3]));
    }

    @Test
    void unknownSceneIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchScenes.get("piles"));
        assertTrue(e.getMessage().contains("'piles'"), e.getMessage());
    }

    @Test
    void pileCheckSeesAToppledColumn() {
        BenchScene pile = BenchScenes.pile();
        double[] start = pile.startPositions();
        double[] end = start.clone();
        for (int i = 1; i < end.length; i += 3) {
            end[i] -= 0.1;
        }
        assertEquals("stands", pile.check().verdict(pile, start, end, BenchScene.drift(start, end)));
        end[0] += 1.0;
        assertEquals("toppled", pile.check().verdict(pile, start, end, BenchScene.drift(start, end)));
    }

    /** Closest distance between segments p0-p1 and q0-q1 (Ericson 5.1.9, clamped), m. */
    private static double segmentDistance(double[] p0, double[] p1, double[] q0, double[] q1) {
        double[] d1 = sub(p1, p0), d2 = sub(q1, q0), r = sub(p0, q0);
        double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r), c = dot(d1, r), b = dot(d1, d2);
        if (e <= 1e-12) {
            // q is a point.
            double s = clamp(-c / a);
            double[] d = sub(new double[] {p0[0] + d1[0] * s, p0[1] + d1[1] * s, p0[2] + d1[2] * s}, q0);
            return Math.sqrt(dot(d, d));
        }
        double denom = a * e - b * b;
        double s = denom > 1e-12 ? clamp((b * f - c * e) / denom) : 0;
        double t = (b * s + f) / e;
        if (t < 0) {
            t = 0;
            s = clamp(-c / a);
        } else if (t > 1) {
            t = 1;
            s = clamp((b - c) / a);
        }
        double[] cp = {p0[0] + d1[0] * s, p0[1] + d1[1] * s, p0[2] + d1[2] * s};
        double[] cq = {q0[0] + d2[0] * t, q0[1] + d2[1] * t, q0[2] + d2[2] * t};
        double[] d = sub(cp, cq);
        return Math.sqrt(dot(d, d));
    }

    private static double clamp(double x) {
        return Math.max(0, Math.min(1, x));
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /** The capsule's segment end at {@code sign} (+1 or -1) along its local y axis, world frame. */
    private static double[] end(BenchBody b, double sign) {
        double h = ((BenchShape.Capsule) b.shape()).halfHeight() * sign;
        double[] v = Quats.rotate(new double[] {b.qx(), b.qy(), b.qz(), b.qw()}, 0, h, 0);
        return new double[] {b.x() + v[0], b.y() + v[1], b.z() + v[2]};
    }

    @Test
    void ragdollsStartApartAboveTheGroundWithEveryJointInAGap() {
        BenchScene s = BenchScenes.ragdolls();
        List<BenchBody> parts = dynamic(s);
        assertEquals(1100, parts.size());
        assertEquals(1000, s.joints().size());
        for (BenchBody b : parts) {
            double r = ((BenchShape.Capsule) b.shape()).radius();
            assertTrue(Math.min(end(b, 1)[1], end(b, -1)[1]) - r > 0.4,
                    "every part starts 0.4 m above the ground");
        }
        // No two capsules overlap, joined ones included: each joint's anchor sits in the gap between them.
        int overlaps = 0;
        for (int i = 0; i < parts.size(); i++) {
            for (int j = i + 1; j < parts.size(); j++) {
                BenchBody a = parts.get(i), b = parts.get(j);
                double ra = ((BenchShape.Capsule) a.shape()).radius(),
                        rb = ((BenchShape.Capsule) b.shape()).radius();
                if (segmentDistance(end(a, -1), end(a, 1), end(b, -1), end(b, 1)) <= ra + rb) {
                    overlaps++;
                }
            }
        }
        assertEquals(0, overlaps, "overlapping capsule pairs at the start");
        for (BenchJoint j : s.joints()) {
            for (BenchBody b : List.of(s.bodies().get(j.a()), s.bodies().get(j.b()))) {
                double r = ((BenchShape.Capsule) b.shape()).radius();
                double[] p = {j.x(), j.y(), j.z()};
                double gap = segmentDistance(end(b, -1), end(b, 1), p, p) - r;
                // Within 3 cm of each part, but the shoulders, 5 cm beside the torso's rounded top.
                assertTrue(gap > 0 && gap < 0.06, "joint " + j + " anchor " + gap + " m outside its part");
            }
        }
        assertEquals("held", s.check().verdict(s, s.startPositions(), s.startPositions(), 0));
    }

    @Test
    void ragdollCheckCountsTornJointsAndSunkParts() {
        BenchScene s = BenchScenes.ragdolls();
        double[] end = s.startPositions();
        // Pull the first ragdoll's head (its third part) 5 cm off its neck, along its body: the first
        // layer lies with the standing ragdoll's y on z.
        end[3 * 2 + 2] += 0.05;
        assertEquals("torn-1", s.check().verdict(s, s.startPositions(), end, 0.05));
        // Sink the whole first ragdoll (its 11 parts lie at y = 0.6) 0.7 m: its joints still hold.
        end = s.startPositions();
        for (int part = 0; part < 11; part++) {
            end[3 * part + 1] -= 0.7;
        }
        assertEquals("sunk-11", s.check().verdict(s, s.startPositions(), end, 0.7));
    }

    /**
     * The characters stand clear of every box (horizontal gap between the capsule and the box's
     * corner circle, 0.4 sqrt 2 m), their feet 0.1 m above the bowl; the check reads their feet: at
     * the start they are {@code walking}, one sunk 0.3 m below the surface {@code fell-1}, one lifted
     * 1 m {@code raised-1}.
     */
    @Test
    void charactersStartClearOfTheBoxesAndTheCheckReadsTheirFeet() {
        BenchScene s = BenchScenes.characters();
        assertEquals(100, s.characters().size());
        assertEquals(144, dynamic(s).size());
        for (BenchCharacter c : s.characters()) {
            assertEquals(0.1, c.y() - 0.5 * c.height() - BenchScenes.terrainHeight(c.x(), c.z()), 1e-12);
            for (BenchBody b : dynamic(s)) {
                assertTrue(Math.hypot(b.x() - c.x(), b.z() - c.z()) > c.radius() + 0.4 * Math.sqrt(2));
            }
        }
        double[] start = s.startPositions();
        assertEquals(3 * (144 + 100), start.length);
        assertEquals("walking", s.check().verdict(s, start, start, 0));
        int k = 3 * 144 + 3 * 17;
        double[] end = start.clone();
        end[k + 1] -= 0.1 + 0.3;
        assertEquals("fell-1", s.check().verdict(s, start, end, 0.4));
        end = start.clone();
        end[k + 1] += 1;
        assertEquals("raised-1", s.check().verdict(s, start, end, 1));
    }

    @Test
    void hingesMustJoinBodiesBuiltAlike() {
        BenchBody box = BenchBody.dynamic(new BenchShape.Box(0.5, 0.5, 0.5), 0, 1, 0, 1000);
        List<BenchBody> bodies = List.of(box, box.rotated(0, 1, 0, 0.3));
        List<BenchJoint> hinge = List.of(BenchJoint.hinge(0, 1, 0, 1, 0, 0, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new BenchScene("x", "x", bodies, hinge, null));
        assertThrows(IllegalArgumentException.class,
                () -> new BenchScene("x", "x", bodies, List.of(BenchJoint.ball(0, 2, 0, 1, 0)), null));
    }

    @Test
    void jointFrameTurnsXOntoTheHingeAxisInTheBodysFrame() {
        BenchBody b = BenchBody.dynamic(new BenchShape.Box(0.5, 0.5, 0.5), 1, 2, 3, 1000).rotated(0, 0, 1,
                0.7);
        BenchJoint j = BenchJoint.hinge(0, 1, 1, 2, 3, 0.3, -0.5, 0.8, 1);
        double[] local = j.localAxis(b);
        double[] x = Quats.rotate(j.localFrame(b), 1, 0, 0);
        for (int k = 0; k < 3; k++) {
            assertEquals(local[k], x[k], 1e-12);
        }
        double[] n = j.normal();
        assertEquals(0, n[0] * j.ax() + n[1] * j.ay() + n[2] * j.az(), 1e-12, "normal is perpendicular");
    }
}
