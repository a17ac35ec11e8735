package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The triangles given to glTF enclose the shape with outward faces: the divergence theorem's volume
 * (sum over triangles of a . (b x c) / 6) is positive and equals the shape's, exactly for flat
 * shapes and within the tessellation's error for curved ones; normals are unit length and point
 * out of the face they shade.
 */
class ShapeTrianglesTest {

    private static double volume(ShapeTriangles t) {
        double v = 0;
        for (int i = 0; i < t.indices.size(); i += 3) {
            Vec3 a = position(t, t.indices.get(i));
            Vec3 b = position(t, t.indices.get(i + 1));
            Vec3 c = position(t, t.indices.get(i + 2));
            v += a.dot(b.cross(c)) / 6;
        }
        return v;
    }

    private static Vec3 position(ShapeTriangles t, int i) {
        return new Vec3(t.positions.get(3 * i), t.positions.get(3 * i + 1), t.positions.get(3 * i + 2));
    }

    private static Vec3 normal(ShapeTriangles t, int i) {
        return new Vec3(t.normals.get(3 * i), t.normals.get(3 * i + 1), t.normals.get(3 * i + 2));
    }

    /** Every vertex normal is unit and within 90 degrees of its triangle's geometric normal. */
    private static void normalsPointOut(ShapeTriangles t) {
        for (int i = 0; i < t.indices.size(); i += 3) {
            Vec3 a = position(t, t.indices.get(i));
            Vec3 face = position(t, t.indices.get(i + 1)).minus(a).cross(position(t, t.indices.get(i + 2)).minus(a));
            if (face.length() < 1e-12) {
                continue; // a pole's degenerate sliver
            }
            for (int k = 0; k < 3; k++) {
                Vec3 n = normal(t, t.indices.get(i + k));
                assertEquals(1, n.length(), 1e-6);
                assertTrue(n.dot(face) > 0, "normal against its face at triangle " + i / 3);
            }
        }
    }

    @Test
    void boxEnclosesItsVolumeExactly() {
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Box(new Vec3(0.5, 1, 1.5)));
        assertEquals(8 * 0.5 * 1 * 1.5, volume(t), 1e-6);
        normalsPointOut(t);
    }

    @Test
    void cylinderEnclosesItsPrismsVolume() {
        int n = 24;
        double r = 0.3;
        double h = 0.8;
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Cylinder(r, h));
        // A regular n-gon of circumradius r has area (n / 2) r^2 sin(2 pi / n).
        assertEquals(n / 2.0 * r * r * Math.sin(2 * Math.PI / n) * 2 * h, volume(t), 1e-6);
        normalsPointOut(t);
    }

    @Test
    void sphereAndCapsuleApproachTheirVolumes() {
        double r = 0.5;
        double sphere = 4.0 / 3 * Math.PI * r * r * r;
        ShapeTriangles s = ShapeTriangles.of(new ShapeSpec.Sphere(r));
        // 24 x 12 facets lose about 3 % of a ball's volume; inscribed, never more.
        assertEquals(sphere, volume(s), 0.04 * sphere);
        assertTrue(volume(s) < sphere);
        normalsPointOut(s);
        double h = 0.7;
        ShapeTriangles c = ShapeTriangles.of(new ShapeSpec.Capsule(r, h));
        double capsule = sphere + Math.PI * r * r * 2 * h;
        assertEquals(capsule, volume(c), 0.04 * capsule);
        normalsPointOut(c);
    }

    @Test
    void hullOfACubesCornersIsTheCube() {
        List<Vec3> corners = List.of(new Vec3(-1, -1, -1), new Vec3(1, -1, -1), new Vec3(1, 1, -1), new Vec3(-1, 1, -1),
                new Vec3(-1, -1, 1), new Vec3(1, -1, 1), new Vec3(1, 1, 1), new Vec3(-1, 1, 1), new Vec3(0, 0, 0.5));
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.ConvexHull(corners));
        assertEquals(8, volume(t), 1e-6);
        normalsPointOut(t);
    }

    @Test
    void compoundChildrenArePlacedByTheirPoses() {
        Quat quarter = Quat.fromAxisAngle(new Vec3(0, 0, 1), Math.PI / 2);
        ShapeSpec box = new ShapeSpec.Box(new Vec3(1, 0.5, 0.25));
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Compound(List.of(
                new ShapeSpec.Child(box, new Vec3(3, 0, 0), quarter),
                new ShapeSpec.Child(box, new Vec3(-3, 0, 0), Quat.IDENTITY))));
        assertEquals(2 * 8 * 1 * 0.5 * 0.25, volume(t), 1e-6);
        normalsPointOut(t);
        // The turned box reaches 0.5 from its centre along x (its y half-extent), the other 1.
        double maxX = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < t.positions.size(); i += 3) {
            maxX = Math.max(maxX, t.positions.get(i));
        }
        assertEquals(3.5, maxX, 1e-6);
    }

    @Test
    void planeIsASquareFacingItsNormalAtItsOffset() {
        Vec3 n = new Vec3(-1, 0, 0);
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Plane(n, -2));
        assertEquals(4, t.positions.size() / 3);
        for (int i = 0; i < 4; i++) {
            assertEquals(-2, n.dot(position(t, i)), 1e-6, "on n . x = offset");
        }
        normalsPointOut(t);
        Vec3 a = position(t, 0);
        assertEquals(ShapeTriangles.PLANE_SIZE * ShapeTriangles.PLANE_SIZE,
                position(t, 1).minus(a).cross(position(t, 3).minus(a)).length(), 1e-3);
    }

    @Test
    void heightfieldFacesUp() {
        double[][] heights = {{0, 0.1, 0}, {0.2, 0.3, 0.1}};
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Heightfield(heights, 0.5, 0.25));
        assertEquals(6, t.positions.size() / 3);
        assertEquals(3 * 2 * 2, t.indices.size());
        normalsPointOut(t);
        for (int i = 0; i < 6; i++) {
            assertTrue(normal(t, i).y() > 0.5);
        }
    }

    @Test
    void meshKeepsItsVerticesWithSmoothNormals() {
        // A tetrahedron: every vertex normal is the mean of three faces, pointing out of the centroid.
        double[] v = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        int[] tris = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
        ShapeTriangles t = ShapeTriangles.of(new ShapeSpec.Mesh(new ricochet.geometry.TriangleMesh(v, tris), null));
        assertEquals(4, t.positions.size() / 3);
        assertEquals(1.0 / 6, volume(t), 1e-7);
        Vec3 centroid = new Vec3(0.25, 0.25, 0.25);
        for (int i = 0; i < 4; i++) {
            assertTrue(normal(t, i).dot(position(t, i).minus(centroid)) > 0);
        }
    }

    @Test
    void missingShapeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ShapeTriangles.of(null));
    }
}
