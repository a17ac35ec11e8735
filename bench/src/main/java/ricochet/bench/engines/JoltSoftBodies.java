package ricochet.bench.engines;

import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.Face;
import com.github.stephengold.joltjni.Float3;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.SoftBodyCreationSettings;
import com.github.stephengold.joltjni.SoftBodySharedSettings;
import com.github.stephengold.joltjni.SoftBodySharedSettingsRef;
import com.github.stephengold.joltjni.Vertex;
import com.github.stephengold.joltjni.VertexAttributes;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EBendType;
import java.util.List;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchSoft;

/**
 * {@link BenchSoft}'s cloth and cubes as Jolt soft bodies ({@code SoftBodySharedSettings},
 * {@code SoftBodyCreationSettings}) with Jolt's defaults (5 iterations a step). The cloth: the same
 * grid of vertices and triangles as Ricochet's, edge and shear compliance 0, dihedral bending of
 * compliance 1e-4, vertex radius the cloth's thickness, each vertex the cloth's mass over the vertex
 * count. The cubes: {@code SoftBodySharedSettings.sCreateCube} (Jolt's own lattice of 5 x 5 x 5
 * vertices with edge and volume constraints, 1 kg a vertex), 0.075 m apart.
 */
final class JoltSoftBodies {

    private JoltSoftBodies() {
    }

    /** Jolt bodies the scene's soft bodies take. */
    static int count(BenchScene scene) {
        return (BenchSoft.hasCloth(scene) ? 1 : 0) + BenchSoft.cubes(scene);
    }

    static void add(BenchScene scene, BodyInterface bodies, int layer, List<AutoCloseable> keep) {
        if (BenchSoft.hasCloth(scene)) {
            SoftBodySharedSettings cloth = cloth();
            keep.add(cloth.toRef());
            // Turned -90 degrees about x: the grid's x-y plane lies in the world's x-z plane.
            double half = -Math.PI / 4;
            SoftBodyCreationSettings s = new SoftBodyCreationSettings(cloth,
                    new RVec3(0, BenchSoft.CLOTH_HEIGHT, 0), new Quat((float) Math.sin(half), 0, 0, (float) Math.cos(half)),
                    layer);
            s.setFriction((float) BenchScene.FRICTION).setRestitution(0f).setAllowSleeping(false);
            bodies.createAndAddSoftBody(s, EActivation.Activate);
        }
        int cubes = BenchSoft.cubes(scene);
        if (cubes > 0) {
            SoftBodySharedSettingsRef cube = SoftBodySharedSettings.sCreateCube(BenchSoft.CUBE_CELLS + 1,
                    (float) (2 * BenchSoft.CUBE_HALF / BenchSoft.CUBE_CELLS));
            keep.add(cube);
            for (int k = 0; k < cubes; k++) {
                double[] c = BenchSoft.cubeCentre(k);
                SoftBodyCreationSettings s = new SoftBodyCreationSettings(cube, new RVec3(c[0], c[1], c[2]),
                        new Quat(), layer);
                s.setFriction((float) BenchScene.FRICTION).setRestitution(0f).setAllowSleeping(false);
                bodies.createAndAddSoftBody(s, EActivation.Activate);
            }
        }
    }

    private static SoftBodySharedSettings cloth() {
        int n = BenchSoft.CLOTH_CELLS;
        double size = BenchSoft.CLOTH_SIZE;
        SoftBodySharedSettings s = new SoftBodySharedSettings();
        float invMass = (float) ((n + 1) * (n + 1) / BenchSoft.CLOTH_MASS);
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i <= n; i++) {
                Vertex v = new Vertex();
                v.setPosition(new Float3((float) ((i / (double) n - 0.5) * size), (float) ((j / (double) n - 0.5) * size),
                        0f));
                v.setInvMass(invMass);
                s.addVertex(v);
            }
        }
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int a = i + j * (n + 1), b = a + 1, c = a + n + 1, d = c + 1;
                s.addFace(face(a, b, d));
                s.addFace(face(a, d, c));
            }
        }
        s.createConstraints(new VertexAttributes(0f, 0f, (float) BenchSoft.CLOTH_BEND), 1, EBendType.Dihedral);
        s.setVertexRadius((float) BenchSoft.CLOTH_THICKNESS);
        s.optimize();
        return s;
    }

    private static Face face(int a, int b, int c) {
        Face f = new Face();
        f.setVertex(0, a);
        f.setVertex(1, b);
        f.setVertex(2, c);
        return f;
    }
}
