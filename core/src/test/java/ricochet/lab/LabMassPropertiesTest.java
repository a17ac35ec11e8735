package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** The lab's point-mass model: {@code M = n m}, {@code I_ref = sum m (|r|^2 1 - r r^T)} about the vertex mean. */
class LabMassPropertiesTest {

    private static double[] inertia(TriangleMesh mesh, double vertexMass) {
        LabWorld world = new LabWorld(0.01, 1, Vec3.ZERO);
        int b = world.addBody(LabBodyDef.of("m", LabMethod.IMPULSE, mesh)
                .withParams(LabParams.defaults().withVertexMass(vertexMass)));
        return world.inertiaRef(b);
    }

    private static void assertIsotropic(double expected, double[] i, double tol) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(r == c ? expected : 0, i[3 * r + c], tol, "I[" + r + "][" + c + "]");
            }
        }
    }

    @Test
    void cubeCornersGiveSixteenMASquared() {
        // Each corner (+-a, +-a, +-a): |r|^2 - x^2 = 2 a^2; eight corners: I = 16 m a^2 on the diagonal.
        double a = 0.5, m = 1.5;
        assertIsotropic(16 * m * a * a, inertia(LabMeshes.cube(a), m), 1e-14);
    }

    @Test
    void octahedronGivesFourMRSquared() {
        // Six vertices at distance r on the axes: two lie on each axis, so I_xx = m (6 r^2 - 2 r^2).
        double r = 2, m = 1;
        assertIsotropic(4 * m * r * r, inertia(LabMeshes.octahedron(r), m), 1e-13);
    }

    @Test
    void icosahedronIsIsotropicWithTwoThirdsOfSumMRSquared() {
        // Isotropic by symmetry, and trace I = 2 sum m |r|^2, so each moment is 2/3 sum m |r|^2.
        TriangleMesh ico = LabMeshes.icosahedron();
        double sum = 0;
        for (int i = 0; i < ico.vertexCount(); i++) {
            sum += ico.x(i) * ico.x(i) + ico.y(i) * ico.y(i) + ico.z(i) * ico.z(i);
        }
        assertIsotropic(2.0 / 3.0 * sum, inertia(ico, 1), 1e-12);
    }

    @Test
    void offCentreMeshIsMeasuredAboutItsVertexMean() {
        // Shifting every vertex moves the centre of mass with it and leaves I_ref unchanged.
        TriangleMesh cube = LabMeshes.cube(0.5);
        double[] v = cube.vertices();
        for (int i = 0; i < v.length; i += 3) {
            v[i] += 3;
            v[i + 1] -= 1;
        }
        TriangleMesh shifted = new TriangleMesh(v, cube.triangles());
        assertIsotropic(4, inertia(shifted, 1), 1e-12);
        LabWorld world = new LabWorld(0.01, 1, Vec3.ZERO);
        int b = world.addBody(LabBodyDef.of("m", LabMethod.IMPULSE, shifted).withPose(new Vec3(1, 2, 3),
                Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2)));
        // The origin is placed at (1, 2, 3); the mean (3, -1, 0) turned 90 degrees about z is (1, 3, 0).
        Vec3 com = world.centerOfMass(b);
        assertEquals(2, com.x(), 1e-12);
        assertEquals(5, com.y(), 1e-12);
        assertEquals(3, com.z(), 1e-12);
        double[] s = new double[13];
        world.readState(b, s);
        assertEquals(1, s[0], 1e-12, "the reported position is the mesh origin");
        assertEquals(2, s[1], 1e-12);
        assertEquals(3, s[2], 1e-12);
    }

    @Test
    void collinearVerticesAreRejectedWithAClearError() {
        TriangleMesh line = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 2, 0, 0}, new int[0]);
        LabWorld world = new LabWorld(0.01, 1, Vec3.ZERO);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> world.addBody(LabBodyDef.of("stick", LabMethod.IMPULSE, line)));
        assertTrue(e.getMessage().contains("'stick'") && e.getMessage().contains("singular"), e.getMessage());
        assertEquals(0, world.bodyCount(), "nothing was added");
    }
}
