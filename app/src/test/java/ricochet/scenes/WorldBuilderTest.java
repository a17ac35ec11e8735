package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.SphereShape;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.RagdollSpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.io.scene.ShapeSpec;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.lab.LabParams;
import ricochet.lab.LabWorld;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;
import ricochet.body.BodyDef;
import ricochet.world.World;
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

    /** A scene body and a library body given the same shape and no density weigh the same. */
    @Test
    void sceneAndLibraryShareTheDefaultDensity() throws Exception {
        WorldSimulation sim = world("{'name': 'ball', 'shape': {'type': 'sphere', 'radius': 0.5}}");
        try (World world = new World(Vec3.ZERO)) {
            BodyId ball = world.add(BodyDef.dynamic(), new SphereShape(0.5), 0.5, 0);
            assertEquals(sim.world().mass(sim.id(0)), world.mass(ball));
        }
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
    void theThreadsSettingReachesTheWorld() throws Exception {
        String box = "{'name': 'b', 'shape': {'type': 'box', 'halfExtents': [0.5, 0.5, 0.5]},"
                + " 'position': [0, 2, 0]}";
        WorldSimulation sim = WorldBuilder.buildWorld(scene("'settings': {'threads': 3}, ", box));
        try {
            assertEquals(3, sim.world().threads());
        } finally {
            sim.world().close();
        }
        assertEquals(1, world(box).world().threads(), "one thread unless the scene says");
    }

    @Test
    void everyJointTypeRoundTripsIntoAWorld() throws Exception {
        String ball = "{'name': '%s', 'shape': {'type': 'sphere', 'radius': 0.2}, 'position': [%d, 0, 0]}";
        String[] bodies = new String[8];
        for (int i = 0; i < 8; i++) {
            bodies[i] = String.format(ball, "b" + i, 2 * i);
        }
        Scene s = scene("'settings': {'jointIterations': 3, 'jointFrequency': 20, 'jointDamping': 2}, 'joints': ["
                + "{'type': 'fixed', 'bodyA': 'b0', 'bodyB': 'b1', 'anchor': [1, 0, 0], 'name': 'weld'},"
                + "{'type': 'ball', 'bodyA': 'b1', 'anchor': [2, 1, 0], 'frequency': 5, 'damping': 0.5},"
                + "{'type': 'hinge', 'bodyA': 'b1', 'bodyB': 'b2', 'anchor': [3, 0, 0], 'axis': [0, 0, 2],"
                + " 'normal': [1, 0, 0], 'limits': [-1, 1], 'limitFrequency': 10, 'limitDamping': 0.7,"
                + " 'motor': {'target': 0.5, 'frequency': 3, 'damping': 1, 'maxForce': 40}, 'collide': true},"
                + "{'type': 'slider', 'bodyA': 'b2', 'bodyB': 'b3', 'anchor': [5, 0, 0], 'axis': [1, 0, 0],"
                + " 'limits': [-0.5, 0.5], 'motor': {'speed': 0.2, 'maxForce': 10}},"
                + "{'type': 'distance', 'bodyA': 'b3', 'bodyB': 'b4', 'anchor': [6, 0, 0], 'anchorB': [8, 0, 0],"
                + " 'min': 1, 'max': 3, 'length': 2, 'frequency': 4, 'damping': 0.3},"
                + "{'type': 'coneTwist', 'bodyA': 'b4', 'bodyB': 'b5', 'anchor': [9, 0, 0], 'axis': [1, 0, 0],"
                + " 'swing': 0.8, 'twist': [-0.3, 0.4], 'breakForce': 1000, 'breakTorque': 200},"
                + "{'type': 'sixDof', 'bodyA': 'b5', 'bodyB': 'b6', 'anchor': [11, 0, 0], 'axis': [1, 0, 0],"
                + " 'axes': ['free', 'locked', [-0.1, 0.1], 'locked', [-0.5, 0.5], 'free']}], ", bodies);
        Map<String, JointId> joints = new LinkedHashMap<>();
        WorldSimulation sim = WorldBuilder.buildWorld(s, joints);
        assertEquals(List.of("weld", "joints[1]", "joints[2]", "joints[3]", "joints[4]", "joints[5]", "joints[6]"),
                List.copyOf(joints.keySet()));
        assertEquals(7, sim.world().jointCount());
        // Coordinates measured from the pose at creation: the hinge at 0 rad, the distance joint at 2 m.
        assertEquals(0, sim.world().jointCoordinate(joints.get("joints[2]")), 1e-12);
        assertEquals(2, sim.world().jointCoordinate(joints.get("joints[4]")), 1e-12);

        JointDef hinge = s.joints().get(2).toDef(sim.body("b1"), sim.body("b2"));
        assertEquals(Vec3.UNIT_Z, hinge.axis);
        assertEquals(List.of(-1.0, 1.0, 10.0, 0.7, 0.5, 3.0, 1.0, 40.0), List.of(hinge.lower, hinge.upper,
                hinge.limitHertz, hinge.limitDamping, hinge.motorTarget, hinge.motorHertz, hinge.motorDamping,
                hinge.maxMotorForce));
        assertEquals(JointDef.Motor.POSITION, hinge.motor);
        assertTrue(hinge.collide);
        JointDef distance = s.joints().get(4).toDef(sim.body("b3"), sim.body("b4"));
        assertEquals(List.of(1.0, 3.0, 2.0, 4.0, 0.3), List.of(distance.minLength, distance.maxLength,
                distance.length, distance.springHertz, distance.springDamping));
        assertEquals(new Vec3(8, 0, 0), distance.anchorB);
        JointDef cone = s.joints().get(5).toDef(sim.body("b4"), sim.body("b5"));
        assertEquals(List.of(0.8, -0.3, 0.4, 1000.0, 200.0), List.of(cone.swing, cone.twistLower, cone.twistUpper,
                cone.breakForce, cone.breakTorque));
        JointDef six = s.joints().get(6).toDef(sim.body("b5"), sim.body("b6"));
        assertEquals(List.of(JointDef.AxisMode.FREE, JointDef.AxisMode.LOCKED, JointDef.AxisMode.LIMITED,
                JointDef.AxisMode.LOCKED, JointDef.AxisMode.LIMITED, JointDef.AxisMode.FREE), List.of(six.axisModes));
        assertEquals(List.of(-0.1, 0.1), List.of(six.axisMin[2], six.axisMax[2]));
    }

    @Test
    void ragdollBodiesAreNamedAfterTheRagdollAndFollowTheScenesBodies() throws Exception {
        Scene s = scene("'ragdolls': [{'name': 'ann', 'position': [0, 2, 0], 'density': 900, 'friction': 0.3}], ",
                "{'name': 'floor', 'type': 'static', 'shape': {'type': 'plane', 'normal': [0, 1, 0], 'offset': 0}}");
        Map<String, JointId> joints = new LinkedHashMap<>();
        WorldSimulation sim = WorldBuilder.buildWorld(s, joints);
        assertEquals(1 + Ragdoll.PARTS.size(), sim.bodyCount());
        for (int k = 0; k < Ragdoll.PARTS.size(); k++) {
            assertEquals("ann." + Ragdoll.PARTS.get(k), sim.bodyName(1 + k));
            assertEquals(0.3, sim.world().friction(sim.id(1 + k)));
        }
        assertEquals(sim.world().jointCount(), joints.size());
        assertTrue(joints.keySet().stream().allMatch(k -> k.startsWith("ann.")), joints.keySet().toString());
    }

    @Test
    void aLabSceneRefusesJointsAndRagdolls() throws Exception {
        Scene lab = SceneReader.readResource("ricochet/scenes/bunny.json");
        Scene withRagdoll = new Scene("", lab.settings(), lab.bodies(), List.of(),
                List.of(new RagdollSpec("ann", new Vec3(0, 3, 0), Quat.IDENTITY, Vec3.ZERO, 1000, 0.5)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorldBuilder.simulation(withRagdoll));
        assertTrue(e.getMessage().contains("ragdolls need the engine's world"), e.getMessage());
    }
}
