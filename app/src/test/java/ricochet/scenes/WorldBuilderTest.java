package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.MassProperties;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.io.scene.ShapeSpec;
import ricochet.lab.LabParams;
import ricochet.lab.LabWorld;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.BodyDef;
import ricochet.world.WorldSimulation;

/** Scenes into worlds: which world, and every key of a solver body reaching the engine. */
class WorldBuilderTest {

    private static final String TETRA = "{'type': 'mesh', "
            + "'vertices': [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], "
            + "'triangles': [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}";

    private static Scene scene(String settings, String... bodies) throws Exception {
        String json = "{'format': 'ricochet-scene/1', " + settings + "'bodies': [" + String.join(", ", bodies) + "]}";
        return SceneReader.parse(json.replace('\'', '"'), "test.json", null);
    }

    private static WorldSimulation world(String... bodies) throws Exception {
        return WorldBuilder.buildWorld(scene("", bodies));
    }

    @Test
    void aSceneWithoutLabMethodsBuildsTheEnginesWorldInSceneOrderWithItsSettings() throws Exception {
        Scene s = scene("'settings': {'substeps': 6, 'iterations': 3, 'sleeping': false}, ",
                "{'name': 'ground', 'type': 'static', 'shape': {'type': 'plane', 'normal': [0, 1, 0], 'offset': 0}}",
                "{'name': 'ball', 'shape': {'type': 'sphere', 'radius': 0.5}, 'position': [0, 2, 0]}");
        WorldSimulation sim = assertInstanceOf(WorldSimulation.class, WorldBuilder.simulation(s));
        assertEquals(2, sim.bodyCount());
        assertEquals("ground", sim.bodyName(0));
        assertEquals("ball", sim.bodyName(1));
        assertEquals(6, sim.world().substeps());
        assertEquals(3, sim.world().iterations());
        assertFalse(sim.world().sleepingEnabled());
        assertEquals(s.settings().dt(), sim.dt());
    }

    @Test
    void aSceneWithALabBodyBuildsTheLabWorld() throws Exception {
        Scene s = scene("", "{'name': 'floor', 'type': 'static', 'shape': {'type': 'plane', 'normal': [0, 1, 0],"
                + " 'offset': 0}}", "{'name': 'tet', 'method': 'impulse', 'shape': " + TETRA + "}");
        assertTrue(WorldBuilder.usesLabMethods(s));
        assertInstanceOf(LabWorld.class, WorldBuilder.simulation(s));
    }

    @Test
    void kinematicSolverBodyInALabSceneIsRefusedByName() throws Exception {
        Scene s = scene("", "{'name': 'tet', 'method': 'impulse', 'shape': " + TETRA + "}",
                "{'name': 'lift', 'type': 'kinematic', 'shape': {'type': 'box', 'halfExtents': [1, 1, 1]}}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorldBuilder.simulation(s));
        assertTrue(e.getMessage().contains("'lift'") && e.getMessage().contains("'tet'"), e.getMessage());
    }

    @Test
    void withoutMassOrDensityABodyHasTheDefaultDensity() throws Exception {
        WorldSimulation sim = world("{'name': 'ball', 'shape': {'type': 'sphere', 'radius': 0.5}}");
        double volume = 4.0 / 3.0 * Math.PI * 0.125;
        assertEquals(WorldBuilder.DEFAULT_DENSITY * volume, sim.world().mass(sim.id(0)), 1e-9);
        assertEquals(1000, WorldBuilder.DEFAULT_DENSITY);
    }

    @Test
    void densityAndMassSetTheMass() throws Exception {
        WorldSimulation sim = world(
                "{'name': 'a', 'shape': {'type': 'box', 'halfExtents': [0.5, 1, 2]}, 'density': 300}",
                "{'name': 'b', 'shape': {'type': 'box', 'halfExtents': [0.5, 1, 2]}, 'mass': 7, 'position': [5, 0, 0]}");
        assertEquals(300 * 1 * 2 * 4, sim.world().mass(sim.id(0)), 1e-9);
        assertEquals(7, sim.world().mass(sim.id(1)), 1e-12);
    }

    @Test
    void massKeepsTheShapesInertiaRatios() {
        var spec = new ShapeSpec.Box(new Vec3(0.5, 1, 2));
        var body = new BodySpec("b", BodyType.DYNAMIC, spec, Vec3.ZERO,
                Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO, 7, Double.NaN, 0.5, 0, false, false, 0, 0, 1,
                "solver", LabParams.defaults());
        MassProperties m = WorldBuilder.massProperties(body, ShapeFactory.create(spec));
        MassProperties d = MassProperties.of(ShapeFactory.create(spec), 1000);
        double[] im = m.inertia(), id = d.inertia();
        for (int k = 0; k < 9; k++) {
            assertEquals(id[k] * 7 / d.mass(), im[k], 1e-12 * Math.abs(id[k]) + 1e-15);
        }
    }

    @Test
    void aClosedMeshWeighsAsItsSolidAndAnOpenOneAsItsHull() throws Exception {
        TriangleMesh bunny = ((ShapeSpec.Mesh) BuiltinScenes.read("bunny").bodies().get(2).shape()).mesh();
        assertTrue(WorldBuilder.isClosed(bunny));
        int[] t = bunny.triangles();
        TriangleMesh open = new TriangleMesh(bunny.vertices(), Arrays.copyOf(t, t.length - 3));
        assertFalse(WorldBuilder.isClosed(open));
        double solid = MassProperties.ofClosedMesh(bunny.vertices(), t, 1000).mass();
        double hull = MassProperties.of(WorldBuilder.dynamicShape(new ShapeSpec.Mesh(open, null)), 1000).mass();
        // The bunny is not convex: its (simplified) hull holds more.
        assertTrue(hull > 1.05 * solid, "hull " + hull + " kg, solid " + solid + " kg");
        assertEquals(solid, massOfMeshBody(bunny), 1e-9 * solid);
        assertEquals(hull, massOfMeshBody(open), 1e-9 * hull);
    }

    private static double massOfMeshBody(TriangleMesh mesh) {
        var spec = new ShapeSpec.Mesh(mesh, null);
        var body = new BodySpec("m", BodyType.DYNAMIC, spec, Vec3.ZERO,
                Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO, Double.NaN, Double.NaN, 0.5, 0, false, false, 0, 0,
                1, "solver", LabParams.defaults());
        return WorldBuilder.massProperties(body, WorldBuilder.dynamicShape(spec)).mass();
    }

    @Test
    void aMeshIsAClosedTriangleSurfaceOnlyWhenEveryEdgeIsSharedOppositely() {
        double[] v = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        assertTrue(WorldBuilder.isClosed(new TriangleMesh(v, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3})));
        // One face wound the wrong way: the edges it shares run the same way as its neighbours'.
        assertFalse(WorldBuilder.isClosed(new TriangleMesh(v, new int[] {0, 1, 2, 0, 1, 3, 0, 3, 2, 1, 2, 3})));
    }

    @Test
    void sensorsBulletsAndKinematicBodiesReachTheWorld() throws Exception {
        WorldSimulation sim = world(
                "{'name': 'trigger', 'type': 'static', 'sensor': true, 'shape': {'type': 'box', 'halfExtents': [1, 1, 1]}}",
                "{'name': 'shot', 'bullet': true, 'shape': {'type': 'sphere', 'radius': 0.01}, 'position': [5, 0, 0]}",
                "{'name': 'lift', 'type': 'kinematic', 'shape': {'type': 'box', 'halfExtents': [1, 0.1, 1]},"
                        + " 'position': [-5, 0, 0], 'velocity': [0, 2, 0]}");
        assertTrue(sim.world().isSensor(sim.id(0)));
        assertFalse(sim.world().isSensor(sim.id(1)));
        assertTrue(sim.world().isBullet(sim.id(1)));
        assertEquals(BodyDef.Type.KINEMATIC, sim.world().type(sim.id(2)));
        sim.step();
        // A kinematic body moves at its velocity whatever gravity does.
        assertEquals(2 * sim.dt(), sim.world().position(sim.id(2)).y(), 1e-12);
    }

    @Test
    void gravityScaleAndDampingChangeTheMotionAsTheirFormulasSay() throws Exception {
        Scene s = scene("'settings': {'gravity': [0, -10, 0], 'substeps': 4}, ",
                "{'name': 'floater', 'gravityScale': 0, 'shape': {'type': 'sphere', 'radius': 0.1}}",
                "{'name': 'half', 'gravityScale': 0.5, 'shape': {'type': 'sphere', 'radius': 0.1}, 'position': [5, 0, 0]}",
                "{'name': 'damped', 'gravityScale': 0, 'linearDamping': 2, 'angularDamping': 3,"
                        + " 'velocity': [1, 0, 0], 'angularVelocity': [0, 0, 1],"
                        + " 'shape': {'type': 'sphere', 'radius': 0.1}, 'position': [-5, 0, 0]}");
        WorldSimulation sim = WorldBuilder.buildWorld(s);
        sim.step();
        double h = sim.dt() / 4;
        assertEquals(0, sim.world().velocity(sim.id(0)).y());
        assertEquals(-0.5 * 10 * sim.dt(), sim.world().velocity(sim.id(1)).y(), 1e-12);
        // Each substep scales v by 1 / (1 + h c).
        assertEquals(Math.pow(1 + h * 2, -4), sim.world().velocity(sim.id(2)).x(), 1e-12);
        assertEquals(Math.pow(1 + h * 3, -4), sim.world().angularVelocity(sim.id(2)).z(), 1e-12);
    }

    @Test
    void staticMeshesHeightfieldsAndDynamicMeshesBuild() throws Exception {
        WorldSimulation sim = world(
                "{'name': 'tri', 'type': 'static', 'shape': " + TETRA + "}",
                "{'name': 'hill', 'type': 'static', 'shape': {'type': 'heightfield', 'heights': [[0, 0], [0, 1]],"
                        + " 'spacing': [1, 1]}, 'position': [5, 0, 0]}",
                "{'name': 'rock', 'shape': " + TETRA + ", 'position': [0, 3, 0], 'density': 600}");
        // The tetrahedron is closed: its solid is 1/6 m^3.
        assertEquals(600.0 / 6, sim.world().mass(sim.id(2)), 1e-9);
        sim.step();
    }

    @Test
    void aDynamicHeightfieldIsRefusedByName() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world(
                "{'name': 'slab', 'shape': {'type': 'heightfield', 'heights': [[0, 0], [0, 1]], 'spacing': [1, 1]}}"));
        assertTrue(e.getMessage().startsWith("body 'slab': ") && e.getMessage().contains("heightfield"),
                e.getMessage());
    }

    @Test
    void jointsAreRefusedNamingTheJointSolver() throws Exception {
        Scene s = scene("'joints': [{'type': 'ball', 'bodyA': 'a'}], ",
                "{'name': 'a', 'shape': {'type': 'sphere', 'radius': 1}}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorldBuilder.simulation(s));
        assertTrue(e.getMessage().contains("'ball'") && e.getMessage().contains("joint solver"), e.getMessage());
    }
}
