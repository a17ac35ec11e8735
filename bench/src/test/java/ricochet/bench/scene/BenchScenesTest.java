package ricochet.bench.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenes are the ones issue 8 describes, and every engine gets the same bodies. */
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
}
