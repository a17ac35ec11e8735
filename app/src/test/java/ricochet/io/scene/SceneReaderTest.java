package ricochet.io.scene;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import ricochet.joints.JointDef;
import ricochet.lab.LabParams;
import ricochet.geometry.TriangleMesh;
import ricochet.io.ObjReader;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class SceneReaderTest {

    /** Round-off allowed when a value goes through normalisation or sin/cos: a few ulps of 1. */
    private static final double EPS = 1e-12;

    private static final String TETRA = "{'type': 'mesh', "
            + "'vertices': [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], "
            + "'triangles': [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}";
    private static final String TETRA_OBJ =
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

    /** JSON with single quotes, so scenes in tests need no escaping. */
    private static String j(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    /** A scene with these bodies (single-quoted JSON). */
    private static String scene(String... bodies) {
        return sceneWith("", bodies);
    }

    /** A scene with extra top-level keys ({@code "'joints': [...], "}) and these bodies. */
    private static String sceneWith(String topKeys, String... bodies) {
        return j("{'format': 'ricochet-scene/1', " + topKeys
                + "'bodies': [" + String.join(", ", bodies) + "]}");
    }

    /** A body named b with a unit sphere and these extra keys. */
    private static String ball(String extraKeys) {
        String shape = "'shape': {'type': 'sphere', 'radius': 1}";
        return body(extraKeys.isEmpty() ? shape : shape + ", " + extraKeys);
    }

    private static String body(String keys) {
        return "{'name': 'b', " + keys + "}";
    }

    private static Scene parse(String json) throws SceneException {
        return SceneReader.parse(json, "test.json", null);
    }

    private static List<SceneProblem> problems(String json) {
        return assertThrows(SceneException.class, () -> parse(json)).problems();
    }

    private static void assertQuat(Quat expected, Quat actual) {
        assertAll(
                () -> assertEquals(expected.x(), actual.x(), EPS),
                () -> assertEquals(expected.y(), actual.y(), EPS),
                () -> assertEquals(expected.z(), actual.z(), EPS),
                () -> assertEquals(expected.w(), actual.w(), EPS));
    }

    private static BodySpec named(Scene s, String name) {
        return s.bodies().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    // ---------------------------------------------------------------- valid scenes

    @Test
    void labBodiesReadTheirIntegratorAndDefaultToSemiImplicit() throws SceneException {
        for (IntegrationRule rule : IntegrationRule.values()) {
            Scene s = parse(scene(body("'method': 'penalty-quadratic', 'integrator': '" + rule.key()
                    + "', 'shape': " + TETRA)));
            assertEquals(rule, s.bodies().get(0).lab().integrator());
        }
        Scene plain = parse(scene(body("'method': 'shape-matching', 'shape': " + TETRA)));
        assertEquals(IntegrationRule.SEMI_IMPLICIT, plain.bodies().get(0).lab().integrator());
    }

    @Test
    void fullSceneReadsIntoTheExpectedRecords() throws Exception {
        // Every value asserted below is written in that file; it also serves the tests that break it.
        Scene s = SceneReader.readResource("scenes/good/full.json");

        assertEquals("every shape once", s.description());
        assertEquals(new Settings(0.01, 2, new Vec3(0, -9.8, 0), 12, false), s.settings());
        assertEquals(List.of("ground", "ball", "crate", "pill", "can", "gem", "terrain", "chair", "tet",
                "barrier", "spring"), s.bodies().stream().map(BodySpec::name).toList());

        // 2y <= 1 is the half-space y <= 0.5: the normal is normalised and the offset divided by |n| = 2.
        assertEquals(new ShapeSpec.Plane(Vec3.UNIT_Y, 0.5), named(s, "ground").shape());
        assertEquals(BodyType.STATIC, named(s, "ground").type());

        BodySpec ball = named(s, "ball");
        assertEquals(new ShapeSpec.Sphere(0.25), ball.shape());
        assertEquals(BodyType.DYNAMIC, ball.type());
        assertEquals(new Vec3(0, 5, 0), ball.position());
        // [0, 0, 3, 3] normalised: a quarter turn about z.
        assertQuat(Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2), ball.orientation());
        assertEquals(new Vec3(1, 0, 0), ball.velocity());
        assertEquals(new Vec3(0, 2, 0), ball.angularVelocity());
        assertEquals(1000, ball.density());
        assertTrue(Double.isNaN(ball.mass()));
        assertEquals(0.7, ball.friction());
        assertEquals(0.3, ball.restitution());
        assertFalse(ball.sensor());
        assertTrue(ball.bullet());
        assertEquals(0.1, ball.linearDamping());
        assertEquals(0.2, ball.angularDamping());
        assertEquals(-0.5, ball.gravityScale());
        assertEquals(BodySpec.SOLVER, ball.method());
        assertEquals(LabParams.defaults(), ball.lab());

        BodySpec crate = named(s, "crate");
        assertEquals(BodyType.KINEMATIC, crate.type());
        assertEquals(new ShapeSpec.Box(new Vec3(1, 0.5, 2)), crate.shape());
        assertQuat(Quat.fromAxisAngle(Vec3.UNIT_Y, Math.PI / 2), crate.orientation());
        assertEquals(12, crate.mass());
        assertTrue(Double.isNaN(crate.density()));
        assertTrue(crate.sensor());

        assertEquals(new ShapeSpec.Capsule(0.2, 0.5), named(s, "pill").shape());
        assertEquals(new ShapeSpec.Cylinder(0.3, 0.4), named(s, "can").shape());
        assertEquals(new ShapeSpec.ConvexHull(List.of(Vec3.ZERO, Vec3.UNIT_X, Vec3.UNIT_Y, Vec3.UNIT_Z)),
                named(s, "gem").shape());

        ShapeSpec.Heightfield hf = assertInstanceOf(ShapeSpec.Heightfield.class, named(s, "terrain").shape());
        assertEquals(List.of(List.of(0.0, 1.0, 2.0), List.of(3.0, 4.0, 5.0)),
                Stream.of(hf.heights()).map(r -> Stream.of(box(r)).toList()).toList());
        assertEquals(0.5, hf.spacingX());
        assertEquals(2, hf.spacingZ());

        ShapeSpec.Compound chair = assertInstanceOf(ShapeSpec.Compound.class, named(s, "chair").shape());
        assertEquals(new ShapeSpec.Child(new ShapeSpec.Box(new Vec3(0.5, 0.05, 0.5)), Vec3.ZERO,
                Quat.IDENTITY), chair.children().get(0));
        ShapeSpec.Child inner = chair.children().get(1);
        assertEquals(new Vec3(0, 0.5, -0.5), inner.position());
        assertQuat(Quat.fromAxisAngle(Vec3.UNIT_X, Math.toRadians(10)), inner.orientation());
        assertEquals(new ShapeSpec.Compound(List.of(new ShapeSpec.Child(
                new ShapeSpec.Sphere(0.1), new Vec3(0, 1, 0), Quat.IDENTITY))), inner.shape());

        TriangleMesh tetra = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1},
                new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
        BodySpec tet = named(s, "tet");
        assertEquals(new ShapeSpec.Mesh(tetra, null), tet.shape());
        assertEquals("impulse", tet.method());
        assertTrue(tet.usesLabMethod());
        // Lab bodies default to the GAMES103 lab's friction and restitution, and its parameters.
        assertEquals(0.2, tet.friction());
        assertEquals(0.5, tet.restitution());
        assertEquals(LabParams.defaults(), tet.lab());

        BodySpec barrier = named(s, "barrier");
        LabParams d = LabParams.defaults();
        // The log barrier's epsilon defaults to 0.01, not LabParams' 0: the barrier needs a distance.
        assertEquals(new LabParams(0.5, d.linearDecay(), d.angularDecay(), d.stiffness(), 0.01, 2,
                d.damping(), false, 0, false, 0, 0, 0), barrier.lab());

        BodySpec spring = named(s, "spring");
        assertEquals(new LabParams(d.vertexMass(), 1, 0.5, 5e4, 0.002, d.rho(), 3, true, 0.1, true, 0.01,
                0.02, 0.5), spring.lab());
        assertEquals(0.1, spring.friction());
        assertEquals(0.9, spring.restitution());

        double n = Double.NaN;
        assertEquals(List.of(
                new JointSpec("hinge", null, "ball", "crate", new Vec3(0, 1, 0), null, Vec3.UNIT_Z, null, true,
                        -1.5, 1.5, 5, 0.1, new JointSpec.Motor(JointDef.Motor.VELOCITY, 1, n, n, n, 10),
                        n, n, n, n, n, n, n, n, List.of(), 1000, 100),
                new JointSpec("distance", null, "pill", null, Vec3.ZERO, null, null, null, false, n, n, n, n, null,
                        0.5, 1, n, n, n, n, n, n, List.of(), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)),
                s.joints());
    }

    private static Double[] box(double[] row) {
        return Arrays.stream(row).boxed().toArray(Double[]::new);
    }

    @Test
    void absentKeysTakeTheDocumentedDefaults() throws Exception {
        Scene s = parse(scene(ball("")));
        assertEquals("", s.description());
        assertEquals(Settings.defaults(), s.settings());
        // The soft step converges by substeps; one solve pass per substep is Box2D v3's choice.
        assertEquals(1, s.settings().iterations());
        assertEquals(List.of(), s.joints());
        BodySpec b = s.bodies().get(0);
        assertAll(
                () -> assertEquals(BodyType.DYNAMIC, b.type()),
                () -> assertEquals(Vec3.ZERO, b.position()),
                () -> assertEquals(Quat.IDENTITY, b.orientation()),
                () -> assertEquals(Vec3.ZERO, b.velocity()),
                () -> assertEquals(Vec3.ZERO, b.angularVelocity()),
                () -> assertTrue(Double.isNaN(b.mass())),
                () -> assertTrue(Double.isNaN(b.density())),
                () -> assertEquals(0.5, b.friction()),
                () -> assertEquals(0.0, b.restitution()),
                () -> assertFalse(b.sensor()),
                () -> assertFalse(b.bullet()),
                () -> assertEquals(0.0, b.linearDamping()),
                () -> assertEquals(0.0, b.angularDamping()),
                () -> assertEquals(1.0, b.gravityScale()),
                () -> assertEquals(BodySpec.SOLVER, b.method()),
                () -> assertEquals(LabParams.defaults(), b.lab()));
    }

    @Test
    void settingsGivenInPartKeepTheOtherDefaults() throws Exception {
        Scene s = parse(sceneWith("'settings': {'substeps': 1}, ", ball("")));
        Settings d = Settings.defaults();
        assertEquals(new Settings(d.dt(), 1, d.gravity(), d.iterations(), d.sleeping()), s.settings());
    }

    @Test
    void integralNumberWrittenWithAFractionIsAnInteger() throws Exception {
        assertEquals(3, parse(sceneWith("'settings': {'substeps': 3.0}, ", ball(""))).settings().substeps());
    }

    @Test
    void byteOrderMarkIsIgnored() throws Exception {
        assertEquals(1, parse("\uFEFF" + scene(ball(""))).bodies().size());
    }

    // ---------------------------------------------------------------- broken scenes

    private static Arguments broken(String what, String json, String path, String message) {
        return Arguments.of(what, json, path, message);
    }

    static Stream<Arguments> brokenScenes() {
        String bodiesOk = "'bodies': [" + ball("") + "]";
        return Stream.of(
                broken("unknown shape key",
                        scene(body("'shape': {'type': 'sphere', 'radius': 1, 'radiuss': 1}")),
                        "$.bodies[0].shape.radiuss", "unknown key 'radiuss' (expected one of: radius)"),
                broken("unknown body key", scene(ball("'colour': 'red'")),
                        "$.bodies[0].colour", "unknown key 'colour' (expected one of: name, type, shape"),
                broken("unknown top-level key", j("{'format': 'ricochet-scene/1', 'gravity': [0, 0, 0], "
                        + bodiesOk + "}"), "$.gravity", "unknown key 'gravity'"),
                broken("unknown settings key", sceneWith("'settings': {'timestep': 0.1}, ", ball("")),
                        "$.settings.timestep", "unknown key 'timestep'"),
                broken("missing format", j("{" + bodiesOk + "}"), "$", "missing required key 'format'"),
                broken("wrong format", j("{'format': 'ricochet-scene/2', " + bodiesOk + "}"),
                        "$.format", "format must be \"ricochet-scene/1\", got \"ricochet-scene/2\""),
                broken("missing bodies", j("{'format': 'ricochet-scene/1'}"),
                        "$", "missing required key 'bodies'"),
                broken("missing shape", scene(body("'position': [0, 0, 0]")),
                        "$.bodies[0]", "missing required key 'shape'"),
                broken("missing name", scene("{'shape': {'type': 'sphere', 'radius': 1}}"),
                        "$.bodies[0]", "missing required key 'name'"),
                broken("empty name", scene("{'name': '', 'shape': {'type': 'sphere', 'radius': 1}}"),
                        "$.bodies[0].name", "name must not be empty"),
                broken("missing shape type", scene(body("'shape': {'radius': 1}")),
                        "$.bodies[0].shape", "missing required key 'type'"),
                broken("unknown shape type", scene(body("'shape': {'type': 'cone', 'radius': 1}")),
                        "$.bodies[0].shape.type", "type must be one of: sphere, box"),
                broken("string for number", scene(body("'shape': {'type': 'sphere', 'radius': 'abc'}")),
                        "$.bodies[0].shape.radius", "expected a number, got string \"abc\""),
                broken("number for boolean", scene(ball("'sensor': 1")),
                        "$.bodies[0].sensor", "expected true or false, got number 1"),
                broken("unknown body type", scene(ball("'type': 'dynamik'")),
                        "$.bodies[0].type",
                        "type must be one of: static, kinematic, dynamic; got \"dynamik\""),
                broken("NaN", scene(ball("'position': [0, NaN, 0]")),
                        "$.bodies[0].position[1]", "position[1] must be finite, got NaN"),
                broken("Infinity", sceneWith("'settings': {'dt': Infinity}, ", ball("")),
                        "$.settings.dt", "dt must be finite, got Infinity"),
                broken("minus Infinity", sceneWith("'settings': {'gravity': [0, -Infinity, 0]}, ", ball("")),
                        "$.settings.gravity[1]", "must be finite, got -Infinity"),
                broken("1e999", scene(ball("'mass': 1e999")), "$.bodies[0].mass", "mass must be finite"),
                broken("negative radius", scene(body("'shape': {'type': 'sphere', 'radius': -1}")),
                        "$.bodies[0].shape.radius", "radius must be > 0, got -1.0"),
                broken("zero half extent", scene(body("'shape': {'type': 'box', 'halfExtents': [1, 0, 1]}")),
                        "$.bodies[0].shape.halfExtents[1]", "halfExtents[1] must be > 0, got 0.0"),
                broken("vector of two", scene(ball("'velocity': [1, 2]")),
                        "$.bodies[0].velocity", "expected a vector [x, y, z], got 2 elements"),
                broken("zero-length quaternion", scene(ball("'orientation': [0, 0, 0, 0]")),
                        "$.bodies[0].orientation", "quaternion has length 0"),
                broken("quaternion of three", scene(ball("'orientation': [0, 0, 1]")),
                        "$.bodies[0].orientation", "expected a quaternion [x, y, z, w], got 3 elements"),
                broken("zero orientation axis",
                        scene(ball("'orientation': {'axis': [0, 0, 0], 'degrees': 30}")),
                        "$.bodies[0].orientation.axis",
                        "axis must be a non-zero vector, got [0.0, 0.0, 0.0]"),
                broken("orientation without degrees", scene(ball("'orientation': {'axis': [0, 1, 0]}")),
                        "$.bodies[0].orientation", "missing required key 'degrees'"),
                broken("non-integral substeps", sceneWith("'settings': {'substeps': 2.5}, ", ball("")),
                        "$.settings.substeps", "substeps must be an integer, got 2.5"),
                broken("zero iterations", sceneWith("'settings': {'iterations': 0}, ", ball("")),
                        "$.settings.iterations", "iterations must be >= 1, got 0"),
                broken("zero dt", sceneWith("'settings': {'dt': 0}, ", ball("")),
                        "$.settings.dt", "dt must be > 0, got 0.0"),
                broken("duplicate body names", scene(ball(""), ball("")),
                        "$.bodies[1].name", "body name 'b' is used twice (first at $.bodies[0])"),
                broken("duplicate key",
                        scene("{'name': 'a', 'name': 'b', 'shape': {'type': 'sphere', 'radius': 1}}"),
                        "$.bodies[0].name", "duplicate key 'name' at line 1"),
                broken("both mass and density", scene(ball("'mass': 1, 'density': 1000")),
                        "$.bodies[0].density", "give 'mass' or 'density', not both"),
                broken("negative friction", scene(ball("'friction': -0.1")),
                        "$.bodies[0].friction", "friction must be >= 0, got -0.1"),
                broken("restitution above 1", scene(ball("'restitution': 1.5")),
                        "$.bodies[0].restitution", "restitution must be in [0, 1], got 1.5"),
                broken("dangling joint body",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'door'}], ", ball("")),
                        "$.joints[0].bodyA", "joint refers to unknown body 'door'"),
                broken("dangling joint bodyB",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b', 'bodyB': 'frame'}], ", ball("")),
                        "$.joints[0].bodyB", "joint refers to unknown body 'frame'"),
                broken("joint to itself",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b', 'bodyB': 'b'}], ", ball("")),
                        "$.joints[0].bodyB", "bodyB must differ from bodyA"),
                broken("joint without bodyA", sceneWith("'joints': [{'type': 'fixed'}], ", ball("")),
                        "$.joints[0]", "missing required key 'bodyA'"),
                broken("unknown joint type",
                        sceneWith("'joints': [{'type': 'weld', 'bodyA': 'b'}], ", ball("")),
                        "$.joints[0].type", "type must be one of: fixed, ball, hinge"),
                broken("hinge without axis",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b'}], ", ball("")),
                        "$.joints[0]", "missing required key 'axis' (a hinge joint needs one)"),
                broken("zero joint axis",
                        sceneWith("'joints': [{'type': 'slider', 'bodyA': 'b', 'axis': [0, 0, 0]}], ",
                                ball("")),
                        "$.joints[0].axis", "axis must be a non-zero vector"),
                broken("limits upside down",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'limits': [2, 1]}], ", ball("")),
                        "$.joints[0].limits", "limits: min 2.0 is above max 1.0"),
                broken("hinge limits beyond pi",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'limits': [-4, 1]}], ", ball("")),
                        "$.joints[0].limits", "hinge limits must lie within [-pi, pi]"),
                broken("limits on a ball joint",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b', 'limits': [0, 1]}], ", ball("")),
                        "$.joints[0].limits", "'limits' does not apply to a ball joint (it takes: type, name"),
                broken("distance min above max",
                        sceneWith("'joints': [{'type': 'distance', 'bodyA': 'b', 'min': 2, 'max': 1}], ",
                                ball("")),
                        "$.joints[0].max", "minLength 2.0 is above maxLength 1.0"),
                broken("negative distance min",
                        sceneWith("'joints': [{'type': 'distance', 'bodyA': 'b', 'min': -1}], ", ball("")),
                        "$.joints[0].min", "minLength must be >= 0 and finite, got -1.0"),
                broken("spring length without frequency",
                        sceneWith("'joints': [{'type': 'distance', 'bodyA': 'b', 'length': 1}], ", ball("")),
                        "$.joints[0].length", "length is the spring's rest length and needs 'frequency'"),
                broken("unknown motor key",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'motor': {'speed': 1, 'maxForce': 5, 'torque': 1}}], ",
                                ball("")),
                        "$.joints[0].motor.torque", "unknown key 'torque'"),
                broken("motor with speed and target",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'motor': {'speed': 1, 'target': 1, 'maxForce': 5}}], ",
                                ball("")),
                        "$.joints[0].motor.target", "give 'speed' (a velocity motor) or 'target'"),
                broken("motor without maxForce",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'motor': {'speed': 1}}], ", ball("")),
                        "$.joints[0].motor", "missing required key 'maxForce'"),
                broken("negative motor force",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'motor': {'speed': 1, 'maxForce': -5}}], ", ball("")),
                        "$.joints[0].motor", "maxMotorForce must be >= 0 and finite, got -5.0"),
                broken("normal along the axis",
                        sceneWith("'joints': [{'type': 'hinge', 'bodyA': 'b', 'axis': [1, 0, 0], 'normal': [2, 0, 0]}], ", ball("")),
                        "$.joints[0].normal", "normal must be finite and not along the axis"),
                broken("NaN anchor",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b', 'anchor': [0, NaN, 0]}], ", ball("")),
                        "$.joints[0].anchor[1]", "anchor[1] must be finite, got NaN"),
                broken("swing beyond pi",
                        sceneWith("'joints': [{'type': 'coneTwist', 'bodyA': 'b', 'axis': [0, 1, 0], 'swing': 4}], ",
                                ball("")),
                        "$.joints[0].swing", "swing must be within [0, pi], got 4.0"),
                broken("five six-DOF axes",
                        sceneWith("'joints': [{'type': 'sixDof', 'bodyA': 'b', 'axes': ['free', 'free', 'free',"
                                + " 'free', 'free']}], ", ball("")),
                        "$.joints[0].axes", "expected six axes [linear x, y, z, angular x, y, z], got 5 elements"),
                broken("six-DOF axis word",
                        sceneWith("'joints': [{'type': 'sixDof', 'bodyA': 'b', 'axes': ['free', 'free', 'loose',"
                                + " 'free', 'free', 'free']}], ", ball("")),
                        "$.joints[0].axes[2]", "expected \"free\", \"locked\" or [min, max], got string \"loose\""),
                broken("six-DOF limits upside down",
                        sceneWith("'joints': [{'type': 'sixDof', 'bodyA': 'b', 'axes': ['free', 'free', 'free',"
                                + " [1, -1], 'free', 'free']}], ", ball("")),
                        "$.joints[0].axes[3]", "axis 3 limits: min 1.0 is above max -1.0"),
                broken("zero break force",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b', 'breakForce': 0}], ", ball("")),
                        "$.joints[0].breakForce", "breakForce and breakTorque must be > 0"),
                broken("static body to the world",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b'}], ", ball("'type': 'static'")),
                        "$.joints[0]", "at least one end must be a dynamic body ('b' is static, bodyB is the world)"),
                broken("lab-method body in a joint",
                        sceneWith("'joints': [{'type': 'ball', 'bodyA': 'b'}], ",
                                body("'method': 'impulse', 'shape': " + TETRA)),
                        "$.joints[0].bodyA", "body 'b' uses lab method 'impulse', and lab-method bodies cannot be"),
                broken("ragdoll in a lab scene",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0]}], ",
                                body("'method': 'impulse', 'shape': " + TETRA)),
                        "$.ragdolls", "ragdolls need the engine's world, but body 'b' uses lab method 'impulse'"),
                broken("ragdoll part named like a body",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0]}], ",
                                "{'name': 'r.head', 'shape': {'type': 'sphere', 'radius': 1}}"),
                        "$.ragdolls[0].name", "ragdoll 'r' names its body 'r.head', but that name is taken (at"
                                + " $.bodies[0])"),
                broken("two ragdolls of one name",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0]}, {'name': 'r', 'position':"
                                + " [3, 2, 0]}], ", ball("")),
                        "$.ragdolls[1].name", "ragdoll 'r' names its body 'r.pelvis', but that name is taken (at"
                                + " $.ragdolls[0])"),
                broken("ragdoll without position",
                        sceneWith("'ragdolls': [{'name': 'r'}], ", ball("")),
                        "$.ragdolls[0]", "missing required key 'position'"),
                broken("ragdoll of zero density",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0], 'density': 0}], ", ball("")),
                        "$.ragdolls[0].density", "density must be > 0, got 0.0"),
                broken("ragdoll negative friction",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0], 'friction': -1}], ", ball("")),
                        "$.ragdolls[0].friction", "friction must be >= 0, got -1.0"),
                broken("unknown ragdoll key",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0], 'height': 2}], ", ball("")),
                        "$.ragdolls[0].height", "unknown key 'height'"),
                broken("joint to an unknown ragdoll part",
                        sceneWith("'ragdolls': [{'name': 'r', 'position': [0, 2, 0]}], 'joints': [{'type': 'ball',"
                                + " 'bodyA': 'r.tail'}], ", ball("")),
                        "$.joints[0].bodyA", "joint refers to unknown body 'r.tail'"),
                broken("zero joint frequency setting", sceneWith("'settings': {'jointFrequency': 0}, ", ball("")),
                        "$.settings.jointFrequency", "jointFrequency must be > 0, got 0.0"),
                broken("zero joint iterations", sceneWith("'settings': {'jointIterations': 0}, ", ball("")),
                        "$.settings.jointIterations", "jointIterations must be >= 1, got 0"),
                broken("zero threads", sceneWith("'settings': {'threads': 0}, ", ball("")),
                        "$.settings.threads", "threads must be >= 1, got 0"),
                broken("collinear hull", scene(body("'shape': {'type': 'convexHull', "
                        + "'points': [[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]]}")),
                        "$.bodies[0].shape.points", "the points are collinear"),
                broken("coplanar hull", scene(body("'shape': {'type': 'convexHull', "
                        + "'points': [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1], [0.5, 0, 0.5]]}")),
                        "$.bodies[0].shape.points", "the points are coplanar"),
                broken("hull of one point", scene(body("'shape': {'type': 'convexHull', "
                        + "'points': [[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]]}")),
                        "$.bodies[0].shape.points", "all points are the same"),
                broken("hull of three points", scene(body("'shape': {'type': 'convexHull', "
                        + "'points': [[0, 0, 0], [1, 0, 0], [0, 1, 0]]}")),
                        "$.bodies[0].shape.points", "needs at least 4 points, got 3"),
                broken("mesh index out of range", scene(body("'shape': {'type': 'mesh', "
                        + "'vertices': [[0, 0, 0], [1, 0, 0], [0, 1, 0]], 'triangles': [[0, 1, 3]]}")),
                        "$.bodies[0].shape.triangles[0][2]", "vertex index 3 is out of range"),
                broken("negative mesh index", scene(body("'shape': {'type': 'mesh', "
                        + "'vertices': [[0, 0, 0], [1, 0, 0], [0, 1, 0]], 'triangles': [[0, -1, 2]]}")),
                        "$.bodies[0].shape.triangles[0][1]", "vertex index -1 is out of range"),
                broken("fractional mesh index", scene(body("'shape': {'type': 'mesh', "
                        + "'vertices': [[0, 0, 0], [1, 0, 0], [0, 1, 0]], 'triangles': [[0, 1.5, 2]]}")),
                        "$.bodies[0].shape.triangles[0][1]", "must be an integer, got 1.5"),
                broken("mesh without vertices", scene(body("'shape': {'type': 'mesh', 'vertices': [], "
                        + "'triangles': []}")), "$.bodies[0].shape.vertices", "at least 1 vertex"),
                broken("mesh in two forms", scene(body("'shape': {'type': 'mesh', 'obj': 'a.obj', "
                        + "'vertices': [[0, 0, 0]], 'triangles': []}")),
                        "$.bodies[0].shape", "either 'obj' or 'vertices' and 'triangles', not both"),
                broken("mesh in no form", scene(body("'shape': {'type': 'mesh'}")),
                        "$.bodies[0].shape", "missing required key 'obj'"),
                broken("plane on dynamic body",
                        scene(body("'shape': {'type': 'plane', 'normal': [0, 1, 0], 'offset': 0}")),
                        "$.bodies[0].shape", "a plane needs a static body, but type is 'dynamic'"),
                broken("zero plane normal", scene(body("'type': 'static', "
                        + "'shape': {'type': 'plane', 'normal': [0, 0, 0], 'offset': 0}")),
                        "$.bodies[0].shape.normal", "normal must be a non-zero vector"),
                broken("plane in a compound", scene(body("'shape': {'type': 'compound', 'children': "
                        + "[{'shape': {'type': 'plane', 'normal': [0, 1, 0], 'offset': 0}}]}")),
                        "$.bodies[0].shape.children[0].shape", "a compound's child cannot be a plane"),
                broken("empty compound", scene(body("'shape': {'type': 'compound', 'children': []}")),
                        "$.bodies[0].shape.children", "at least 1 child"),
                broken("bad shape deep in a compound", scene(body("'shape': {'type': 'compound', 'children': "
                        + "[{'shape': {'type': 'compound', 'children': [{'shape': {'type': 'sphere', "
                        + "'radius': 0}}]}}]}")),
                        "$.bodies[0].shape.children[0].shape.children[0].shape.radius", "radius must be > 0"),
                broken("ragged heightfield", scene(body("'type': 'static', 'shape': {'type': 'heightfield', "
                        + "'heights': [[0, 0, 0], [0, 0]], 'spacing': [1, 1]}")),
                        "$.bodies[0].shape.heights[1]", "this row has 2, the first has 3"),
                broken("heightfield of one row", scene(body("'type': 'static', "
                        + "'shape': {'type': 'heightfield', 'heights': [[0, 0, 0]], 'spacing': [1, 1]}")),
                        "$.bodies[0].shape.heights", "at least 2 rows, got 1"),
                broken("zero heightfield spacing", scene(body("'type': 'static', 'shape': {'type': "
                        + "'heightfield', 'heights': [[0, 0], [0, 0]], 'spacing': [1, 0]}")),
                        "$.bodies[0].shape.spacing[1]", "spacing[1] must be > 0, got 0.0"),
                broken("lab key on solver body", scene(ball("'stiffness': 1000")),
                        "$.bodies[0].stiffness",
                        "'stiffness' only applies to lab methods (method is 'solver')"),
                broken("lab method on a sphere", scene(ball("'method': 'impulse'")),
                        "$.bodies[0].method",
                        "method 'impulse' needs a mesh shape, but the shape is 'sphere'"),
                broken("lab method on a static body",
                        scene(body("'type': 'static', 'method': 'shape-matching', 'shape': " + TETRA)),
                        "$.bodies[0].method",
                        "method 'shape-matching' needs a dynamic body, but type is 'static'"),
                broken("unknown integrator", scene(body("'method': 'penalty-quadratic', 'integrator': 'rk4', "
                        + "'shape': " + TETRA)), "$.bodies[0].integrator",
                        "explicit-euler, semi-implicit, implicit-euler, midpoint, trapezoid, leapfrog; got \"rk4\""),
                broken("integrator on a solver body", scene(ball("'integrator': 'leapfrog'")),
                        "$.bodies[0].integrator",
                        "'integrator' only applies to lab methods (method is 'solver')"),
                broken("mass on a lab body", scene(body("'method': 'impulse', 'mass': 2, 'shape': " + TETRA)),
                        "$.bodies[0].mass", "'mass' does not apply to method 'impulse'"),
                broken("unknown method", scene(ball("'method': 'verlet'")),
                        "$.bodies[0].method", "method must be one of: solver, impulse"),
                broken("log barrier without distance",
                        scene(body("'method': 'penalty-log-barrier', 'epsilon': 0, 'shape': " + TETRA)),
                        "$.bodies[0].epsilon", "epsilon must be > 0 for method 'penalty-log-barrier'"),
                broken("zero decay", scene(body("'method': 'impulse', 'linearDecay': 0, 'shape': " + TETRA)),
                        "$.bodies[0].linearDecay", "linearDecay must be in (0, 1], got 0.0"),
                broken("negative linear damping", scene(ball("'linearDamping': -1")),
                        "$.bodies[0].linearDamping", "linearDamping must be >= 0, got -1.0"),
                broken("negative angular damping", scene(ball("'angularDamping': -0.5")),
                        "$.bodies[0].angularDamping", "angularDamping must be >= 0, got -0.5"),
                broken("infinite gravity scale", scene(ball("'gravityScale': -Infinity")),
                        "$.bodies[0].gravityScale", "gravityScale must be finite, got -Infinity"),
                broken("string gravity scale", scene(ball("'gravityScale': 'half'")),
                        "$.bodies[0].gravityScale", "expected a number, got string"),
                broken("number for bullet", scene(ball("'bullet': 1")),
                        "$.bodies[0].bullet", "expected true or false, got number 1"),
                broken("static bullet", scene(ball("'type': 'static', 'bullet': true")),
                        "$.bodies[0].bullet", "'bullet' needs a dynamic body, but type is 'static'"),
                broken("kinematic bullet", scene(ball("'type': 'kinematic', 'bullet': true")),
                        "$.bodies[0].bullet", "'bullet' needs a dynamic body, but type is 'kinematic'"),
                broken("damping on a lab body",
                        scene(body("'method': 'impulse', 'linearDamping': 1, 'shape': " + TETRA)),
                        "$.bodies[0].linearDamping",
                        "'linearDamping' does not apply to method 'impulse' (only to method 'solver')"),
                broken("bullet on a lab body",
                        scene(body("'method': 'shape-matching', 'bullet': true, 'shape': " + TETRA)),
                        "$.bodies[0].bullet", "'bullet' does not apply to method 'shape-matching'"),
                broken("gravity scale on a lab body",
                        scene(body("'method': 'penalty-quadratic', 'gravityScale': 0, 'shape': " + TETRA)),
                        "$.bodies[0].gravityScale", "'gravityScale' does not apply to method"),
                broken("moving static body", scene(ball("'type': 'static', 'velocity': [1, 0, 0]")),
                        "$.bodies[0].velocity", "a static body cannot move: velocity must be [0, 0, 0]"),
                broken("spinning static body", scene(ball("'type': 'static', 'angularVelocity': [0, 1, 0]")),
                        "$.bodies[0].angularVelocity", "a static body cannot move"),
                broken("motion on a dynamic body", scene(ball("'motion': [{'t': 0, 'velocity': [0, 1, 0]}]")),
                        "$.bodies[0].motion", "'motion' drives a kinematic body, but type is 'dynamic'"),
                broken("motion out of time order", scene(ball("'type': 'kinematic', 'motion': [{'t': 2},"
                        + " {'t': 1, 'velocity': [0, 1, 0]}]")),
                        "$.bodies[0].motion[1].t", "t must be after the entry before (2.0), got 1.0"),
                broken("motion entry with a bad velocity", scene(ball("'type': 'kinematic', 'motion': [{'t': 0,"
                        + " 'velocity': [0, 1]}]")), "$.bodies[0].motion[0].velocity", "got 2 elements"),
                broken("empty motion", scene(ball("'type': 'kinematic', 'motion': []")),
                        "$.bodies[0].motion", "at least one entry"),
                broken("unknown motion key", scene(ball("'type': 'kinematic', 'motion': [{'t': 0, 'speed': 1}]")),
                        "$.bodies[0].motion[0].speed", "unknown key"),
                broken("bodies not an array", j("{'format': 'ricochet-scene/1', 'bodies': {}}"),
                        "$.bodies", "expected an array, got an object"),
                broken("top level not an object", "[]", "$", "expected an object, got an array"),
                broken("empty text", "  ", "$", "the scene is empty"),
                broken("syntax error", j("{'format': 'ricochet-scene/1',\n 'bodies': [}"),
                        "$", "JSON syntax error at line 2, column"),
                broken("trailing text", scene(ball("")) + " {", "$", "JSON syntax error at line 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenScenes")
    void brokenSceneReportsOneProblemAtItsPath(String what, String json, String path, String message) {
        List<SceneProblem> problems = problems(json);
        assertEquals(1, problems.size(), () -> "expected one problem, got " + problems);
        assertEquals(path, problems.get(0).path(), problems::toString);
        assertTrue(problems.get(0).message().contains(message),
                () -> "'" + problems.get(0).message() + "' should contain '" + message + "'");
    }

    @Test
    void misspeltRequiredKeyIsBothUnknownAndMissing() {
        List<SceneProblem> problems = problems(scene(body("'shape': {'type': 'sphere', 'radiuss': 1}")));
        assertEquals(List.of(
                new SceneProblem("$.bodies[0].shape", "missing required key 'radius'"),
                new SceneProblem("$.bodies[0].shape.radiuss",
                        "unknown key 'radiuss' (expected one of: radius)")),
                problems);
    }

    @Test
    void threeSeparateProblemsAreAllReportedInFileOrder() {
        // The settings come after the bodies in this file but are validated first.
        String json = j("{'format': 'ricochet-scene/1', 'bodies': ["
                + "{'name': 'a', 'shape': {'type': 'sphere', 'radius': -1}},"
                + "{'name': 'b', 'shape': {'type': 'box', 'halfExtents': [1, 1, 1]}, 'mas': 3}],"
                + " 'settings': {'dt': 0}}");
        SceneException e =
                assertThrows(SceneException.class, () -> SceneReader.parse(json, "three.json", null));
        assertEquals(List.of("$.bodies[0].shape.radius", "$.bodies[1].mas", "$.settings.dt"),
                e.problems().stream().map(SceneProblem::path).toList());
        assertEquals("three.json", e.source());
        assertTrue(e.getMessage().startsWith("three.json: 3 problems"), e.getMessage());
        assertTrue(e.getMessage().contains("$.bodies[1].mas: unknown key 'mas'"), e.getMessage());
    }

    @Test
    void everyObjectOfTheFormatRejectsAnUnknownKey() throws Exception {
        JsonNode full = fullSceneTree();
        List<String> paths = new ArrayList<>();
        forEachNode(full, "$", (path, node) -> {
            if (node.isObject()) {
                paths.add(path);
            }
        });
        assertTrue(paths.size() > 30, "the full scene should exercise many objects, has " + paths.size());
        for (String path : paths) {
            JsonNode copy = full.deepCopy();
            ((ObjectNode) at(copy, path)).put("bogus", 1);
            List<SceneProblem> problems = problems(JSON.writeValueAsString(copy));
            assertEquals(List.of(path + ".bogus"), problems.stream().map(SceneProblem::path).toList(),
                    problems::toString);
        }
    }

    @Test
    void everyNumberOfTheFormatMadeNaNIsReportedAtItsPath() throws Exception {
        JsonNode full = fullSceneTree();
        List<String> paths = new ArrayList<>();
        forEachNode(full, "$", (path, node) -> {
            if (node.isNumber()) {
                paths.add(path);
            }
        });
        assertTrue(paths.size() > 100, "the full scene should have many numbers, has " + paths.size());
        for (String path : paths) {
            JsonNode copy = full.deepCopy();
            String parent = path.substring(0, Math.max(path.lastIndexOf('.'), path.lastIndexOf('[')));
            String last = path.substring(parent.length());
            JsonNode container = at(copy, parent);
            if (container instanceof ObjectNode o) {
                o.set(last.substring(1), DoubleNode.valueOf(Double.NaN));
            } else {
                ((ArrayNode) container).set(Integer.parseInt(last.substring(1, last.length() - 1)),
                        DoubleNode.valueOf(Double.NaN));
            }
            List<SceneProblem> problems = problems(JSON.writeValueAsString(copy));
            assertEquals(List.of(path), problems.stream().map(SceneProblem::path).toList(),
                    problems::toString);
            assertTrue(problems.get(0).message().contains("NaN"), problems::toString);
        }
    }

    /** Writes NaN as the bare token the reader accepts, not as the string "NaN". */
    private static final ObjectMapper JSON =
            JsonMapper.builder().disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS).build();

    /** The full scene of {@link #fullSceneReadsIntoTheExpectedRecords} as a tree, from the test resources. */
    private static JsonNode fullSceneTree() throws Exception {
        try (var in = SceneReaderTest.class.getClassLoader().getResourceAsStream("scenes/good/full.json")) {
            JsonNode tree = JSON.readTree(in);
            // It must itself be valid, or the single problems asserted against it would be noise.
            parse(JSON.writeValueAsString(tree));
            return tree;
        }
    }

    private static void forEachNode(JsonNode n, String path, BiConsumer<String, JsonNode> visit) {
        visit.accept(path, n);
        if (n.isObject()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                forEachNode(e.getValue(), path + "." + e.getKey(), visit);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                forEachNode(n.get(i), path + "[" + i + "]", visit);
            }
        }
    }

    /** The node at a path of the form this reader reports. */
    private static JsonNode at(JsonNode root, String path) {
        JsonNode n = root;
        for (String part : path.substring(1).split("(?=[.\\[])")) {
            if (part.isEmpty()) {
                continue;
            }
            n = part.startsWith("[") ? n.get(Integer.parseInt(part.substring(1, part.length() - 1)))
                    : n.get(part.substring(1));
        }
        return n;
    }

    // ---------------------------------------------------------------- OBJ files and resources

    @Test
    void objPathIsRelativeToTheSceneFile(@TempDir Path dir) throws Exception {
        Path scenes = Files.createDirectories(dir.resolve("scenes"));
        Files.createDirectories(scenes.resolve("meshes"));
        Files.writeString(scenes.resolve("meshes/tetra.obj"), TETRA_OBJ);
        Path file = scenes.resolve("tetra.json");
        Files.writeString(file, scene(body("'shape': {'type': 'mesh', 'obj': 'meshes/tetra.obj'}")));

        Scene s = SceneReader.read(file);
        ShapeSpec.Mesh mesh = assertInstanceOf(ShapeSpec.Mesh.class, s.bodies().get(0).shape());
        assertEquals("meshes/tetra.obj", mesh.obj());
        assertEquals(ObjReader.read(scenes.resolve("meshes/tetra.obj")), mesh.mesh());
        assertEquals(4, mesh.mesh().vertexCount());
    }

    @Test
    void missingObjFileIsAProblemAtTheObjKey(@TempDir Path dir) {
        String json = scene(body("'shape': {'type': 'mesh', 'obj': 'meshes/x.obj'}"));
        SceneException e = assertThrows(SceneException.class, () -> SceneReader.parse(json, "s.json", dir));
        assertEquals(1, e.problems().size(), e::getMessage);
        assertEquals("$.bodies[0].shape.obj", e.problems().get(0).path());
        assertTrue(e.problems().get(0).message().startsWith("OBJ file not found: meshes/x.obj"),
                e::getMessage);
    }

    @Test
    void malformedObjFileIsAProblemNamingFileAndLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("bad.obj"), "v 0 0 0\nv 1 x 0\n");
        String json = scene(body("'shape': {'type': 'mesh', 'obj': 'bad.obj'}"));
        SceneException e = assertThrows(SceneException.class, () -> SceneReader.parse(json, "s.json", dir));
        assertEquals(1, e.problems().size(), e::getMessage);
        SceneProblem p = e.problems().get(0);
        assertEquals("$.bodies[0].shape.obj", p.path());
        assertTrue(p.message().startsWith("malformed OBJ: "), p::message);
        assertTrue(p.message().contains("bad.obj:2:"), p::message);
    }

    @Test
    void badObjNamedByTwoBodiesIsReportedAtBoth(@TempDir Path dir) {
        String json = scene("{'name': 'a', 'shape': {'type': 'mesh', 'obj': 'x.obj'}}",
                "{'name': 'b', 'shape': {'type': 'mesh', 'obj': 'x.obj'}}");
        SceneException e = assertThrows(SceneException.class, () -> SceneReader.parse(json, "s.json", dir));
        assertEquals(List.of("$.bodies[0].shape.obj", "$.bodies[1].shape.obj"),
                e.problems().stream().map(SceneProblem::path).toList());
    }

    @Test
    void objFileNamedByManyBodiesIsReadOnce() throws Exception {
        int[] loads = {0};
        TriangleMesh tetra = ObjReader.read(
                new ByteArrayInputStream(TETRA_OBJ.getBytes(StandardCharsets.UTF_8)), "tetra.obj");
        String json = scene("{'name': 'a', 'shape': {'type': 'mesh', 'obj': 't.obj'}}",
                "{'name': 'b', 'shape': {'type': 'mesh', 'obj': 't.obj'}}",
                "{'name': 'c', 'shape': {'type': 'compound', "
                        + "'children': [{'shape': {'type': 'mesh', 'obj': 't.obj'}}]}}");
        Scene s = SceneReader.parseWith(json, "s.json", obj -> {
            loads[0]++;
            return tetra;
        });
        assertEquals(1, loads[0]);
        assertEquals(3, s.bodies().size());
    }

    @Test
    void sceneResourceReadsObjRelativeToItsFolderOnTheClassPath() throws Exception {
        // scenes/good/tetra.json names "../meshes/tetra.obj".
        Scene s = SceneReader.readResource("scenes/good/tetra.json");
        ShapeSpec.Mesh mesh = assertInstanceOf(ShapeSpec.Mesh.class, s.bodies().get(0).shape());
        assertEquals("../meshes/tetra.obj", mesh.obj());
        assertEquals(4, mesh.mesh().vertexCount());
        assertEquals(4, mesh.mesh().triangleCount());
        assertEquals(s.bodies(), SceneReader.readResource("/scenes/good/tetra.json").bodies());
    }

    @Test
    void sceneResourceWithAMissingObjNamesTheClassPathLocation() {
        SceneException e = assertThrows(SceneException.class,
                () -> SceneReader.readResource("scenes/bad/missing-obj.json"));
        assertEquals("classpath:scenes/bad/missing-obj.json", e.source());
        assertEquals("$.bodies[0].shape.obj", e.problems().get(0).path());
        assertTrue(e.problems().get(0).message().contains("classpath:scenes/bad/meshes/none.obj"),
                e::getMessage);
    }

    @Test
    void missingSceneFileOrResourceIsNoSuchFile(@TempDir Path dir) {
        assertThrows(NoSuchFileException.class, () -> SceneReader.read(dir.resolve("none.json")));
        assertThrows(NoSuchFileException.class, () -> SceneReader.readResource("scenes/none.json"));
    }

    @Test
    void resourcePathsResolveDotSegmentsAndStopAtTheRoot() {
        assertEquals("a/m/x.obj", SceneReader.resolveResource("a/b/", "../m/./x.obj"));
        assertEquals("x.obj", SceneReader.resolveResource("", "x.obj"));
        assertEquals("m/x.obj", SceneReader.resolveResource("a/b/", "/m/x.obj"));
        assertNull(SceneReader.resolveResource("a/", "../../x.obj"));
    }
}
