package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.scenes.BuiltinScenes;

/**
 * A car driven through {@code POST /api/vehicle/input} on flat ground, stepped through
 * {@code /api/step} so that no real-time step comes between: throttle, brake and steer, the wheels'
 * poses in {@code /api/vehicles} and in the frame, the hand-over from its input track, reset and
 * the errors.
 */
class ViewerVehicleTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final double DT = 1.0 / 60;
    private static final double G = 9.81;
    private static final double MU = 1.0;
    private static final double MAX_STEER = 30;
    /** The track holds the handbrake, so any motion the test sees comes from its own inputs. */
    private static final String SCENE = """
            {"format": "ricochet-scene/1", "description": "a car on flat ground",
             "settings": {"dt": %s, "substeps": 4, "gravity": [0, -9.81, 0]},
             "bodies": [
               {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": [200, 0.5, 200]},
                "position": [0, -0.5, 0], "friction": 1.0}
             ],
             "vehicles": [
               {"name": "car", "position": [0, 0.95, 0],
                "chassis": {"halfExtents": [0.9, 0.35, 2.1], "mass": 1200, "centerOfMass": [0, -0.25, 0]},
                "wheels": [
                  {"position": [-0.8, -0.3, 1.3], "radius": 0.35, "width": 0.25, "steer": true, "drive": true},
                  {"position": [0.8, -0.3, 1.3], "radius": 0.35, "width": 0.25, "steer": true, "drive": true},
                  {"position": [-0.8, -0.3, -1.3], "radius": 0.35, "width": 0.25, "handbrake": true},
                  {"position": [0.8, -0.3, -1.3], "radius": 0.35, "width": 0.25, "handbrake": true}],
                "tyre": {"friction": %s}, "maxSteer": %s,
                "input": [{"t": 0, "handbrake": 1}]},
               {"name": "other", "position": [10, 0.95, 0],
                "chassis": {"halfExtents": [0.9, 0.35, 2.1], "mass": 1200},
                "wheels": [
                  {"position": [-0.8, -0.3, 1.3], "radius": 0.3, "width": 0.2},
                  {"position": [0.8, -0.3, 1.3], "radius": 0.3, "width": 0.2},
                  {"position": [0, -0.3, -1.3], "radius": 0.3, "width": 0.2, "drive": true}]}
             ]}""".formatted(DT, MU, MAX_STEER);

    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        Scene scene = SceneReader.parse(SCENE, "vehicle-test", Path.of("."));
        server = new ViewerServer(scene, "vehicle-test", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() throws Exception {
        post("/api/reset", null);
    }

    private static HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> r = send("POST", path, body);
        assertEquals(200, r.statusCode(), path + " " + body + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static JsonNode car() throws Exception {
        return JSON.readTree(send("GET", "/api/vehicles", null).body()).get("vehicles").get("car");
    }

    private static JsonNode chassis(JsonNode state) {
        return state.get("bodies").get("car");
    }

    private static double at(JsonNode node, String field, int i) {
        return node.get(field).get(i).asDouble();
    }

    /** Steps {@code n} times; the state after the last. */
    private static JsonNode steps(int n) throws Exception {
        JsonNode s = null;
        for (int i = 0; i < n; i++) {
            s = post("/api/step", null);
        }
        return s;
    }

    @Test
    void throttleDrivesItForwardWithinTheGripAndTheTrackStops() throws Exception {
        JsonNode first = post("/api/step", null);
        assertFalse(first.get("vehicles").get("car").get("driven").asBoolean());
        JsonNode taken = post("/api/vehicle/input", "{\"throttle\": 1}");
        assertEquals(1, taken.get("step").asLong(), "an input waits for the next step");
        JsonNode car = taken.get("vehicles").get("car");
        assertTrue(car.get("driven").asBoolean(), "no name: the first vehicle");
        assertEquals(1.0, car.get("input").get("throttle").asDouble());
        assertEquals(0.0, car.get("input").get("handbrake").asDouble(), "absent fields are 0");
        assertFalse(taken.get("vehicles").get("other").get("driven").asBoolean());
        double z0 = at(chassis(taken), "position", 2);
        int n = 60;
        JsonNode s = steps(n);
        JsonNode c = chassis(s);
        double v = at(c, "velocity", 2);
        // Handbrake released, throttle on: it moves along its forward axis (+z), and the tyres can
        // push it no harder than mu g (all its weight on driven wheels at the friction peak).
        assertTrue(v > 0.5, "forward speed after 1 s: " + v);
        assertTrue(v <= MU * G * n * DT, "within the grip's bound: " + v);
        assertTrue(at(c, "position", 2) - z0 > 0.2, "it moved forward");
        assertEquals(0, at(c, "position", 0), 1e-3, "straight ahead, steer 0");
        car = s.get("vehicles").get("car");
        assertEquals(v, car.get("speed").asDouble(), 1e-3 * v, "speed: the velocity along the chassis' +z");
        assertTrue(car.get("rpm").asDouble() > 0);
        JsonNode rear = car.get("wheels").get(2);
        assertEquals(v / 0.35, rear.get("spin").asDouble(), 0.05 * v / 0.35,
                "a free-rolling rear wheel spins at v / R");
    }

    @Test
    void brakeStopsItAndItStaysStopped() throws Exception {
        post("/api/vehicle/input", "{\"throttle\": 1}");
        double v = at(chassis(steps(60)), "velocity", 2);
        post("/api/vehicle/input", "{\"brake\": 1}");
        int stepsToStop = 0;
        JsonNode s = null;
        double speed = v;
        while (speed > 1e-3 && stepsToStop < 600) {
            s = post("/api/step", null);
            speed = at(chassis(s), "velocity", 2);
            stepsToStop++;
        }
        // No tyre decelerates it faster than mu g: at least v / (mu g) to stop.
        assertTrue(stepsToStop * DT >= v / (MU * G) - DT, "stopped in " + stepsToStop * DT + " s from " + v);
        assertTrue(speed <= 1e-3, "it stops");
        double stoppedAt = at(chassis(s), "position", 2);
        JsonNode end = steps(180);
        // The chassis rocks on its springs after the stop (its centre of mass swings fore and aft
        // with the pitch), then rests: no creep either way.
        assertEquals(0, at(chassis(end), "velocity", 2), 1e-2, "at rest 3 s later");
        assertEquals(stoppedAt, at(chassis(end), "position", 2), 0.05,
                "where it stopped, give or take the pitch");
    }

    @Test
    void steerTurnsTheSteeredWheelsByMaxSteerAboutTheChassisUp() throws Exception {
        post("/api/step", null);
        post("/api/vehicle/input", "{\"name\": \"car\", \"steer\": 1}");
        JsonNode car = steps(2).get("vehicles").get("car");
        for (int i = 0; i < 4; i++) {
            JsonNode w = car.get("wheels").get(i);
            double expected = w.get("steer").asBoolean() ? Math.toRadians(MAX_STEER) : 0;
            assertEquals(expected, w.get("steerAngle").asDouble(), 1e-12, "wheel " + i);
            // The axle (the wheel's local x) turned by the steering angle: its z part is -sin(delta)
            // on level ground (positive steer turns left, towards +x).
            double[] axle = rotateX(w.get("orientation"));
            assertEquals(-Math.sin(expected), axle[2], 1e-3, "wheel " + i + " axle z");
        }
    }

    /** q (x, y, z, w) applied to (1, 0, 0): the first column of R(q). */
    private static double[] rotateX(JsonNode q) {
        double x = q.get(0).asDouble();
        double y = q.get(1).asDouble();
        double z = q.get(2).asDouble();
        double w = q.get(3).asDouble();
        return new double[] {1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)};
    }

    @Test
    void wheelsStandOnTheGroundAndTheFrameBlockMatchesTheState() throws Exception {
        post("/api/step", null);
        steps(120);
        JsonNode car = car();
        for (int i = 0; i < 4; i++) {
            JsonNode w = car.get("wheels").get(i);
            assertTrue(w.get("contact").asBoolean(), "wheel " + i);
            // Ground top at y = 0: the centre one radius above it (a level chassis at rest).
            assertEquals(w.get("radius").asDouble(), at(w, "position", 1), 2e-3, "wheel " + i);
            assertEquals(0.25, w.get("width").asDouble());
        }
        double[] frame = server.host().frame(null);
        JsonNode all = JSON.readTree(send("GET", "/api/vehicles", null).body()).get("vehicles");
        int block = 2 * ViewerVehicles.PER_VEHICLE + 7 * ViewerVehicles.PER_WHEEL;
        int o = frame.length - block;
        for (String name : new String[] {"car", "other"}) {
            JsonNode v = all.get(name);
            JsonNode bodies = JSON.readTree(send("GET", "/api/state", null).body()).get("bodies");
            int body = (int) frame[o];
            assertEquals(v.get("chassisBody").asInt(), body);
            assertEquals(at(bodies.get(name), "position", 0), frame[SimulationHost.HEADER
                    + SimulationHost.PER_BODY * body], 0, "the chassis' body number points at " + name);
            assertEquals(v.get("speed").asDouble(), frame[o + 1], 0);
            assertEquals(v.get("rpm").asDouble(), frame[o + 2], 0);
            assertEquals(v.get("gear").asInt(), frame[o + 3], 0);
            int n = (int) frame[o + 5];
            assertEquals(v.get("wheels").size(), n);
            o += ViewerVehicles.PER_VEHICLE;
            for (int i = 0; i < n; i++, o += ViewerVehicles.PER_WHEEL) {
                JsonNode w = v.get("wheels").get(i);
                for (int k = 0; k < 3; k++) {
                    assertEquals(at(w, "position", k), frame[o + k], 0, name + " wheel " + i);
                }
                for (int k = 0; k < 4; k++) {
                    assertEquals(at(w, "orientation", k), frame[o + 3 + k], 0, name + " wheel " + i);
                }
                assertEquals(w.get("slipRatio").asDouble(), frame[o + 7], 0);
                assertEquals(w.get("slipAngle").asDouble(), frame[o + 8], 0);
                assertEquals(w.get("contact").asBoolean() ? 1 : 0, frame[o + 9], 0);
            }
        }
        assertEquals(frame.length, o, "the vehicle block ends the frame");
    }

    @Test
    void resetHandsTheVehicleBackToItsTrack() throws Exception {
        post("/api/vehicle/input", "{\"throttle\": 1}");
        steps(30);
        JsonNode back = post("/api/reset", null);
        assertEquals(0, back.get("step").asLong());
        assertFalse(back.get("vehicles").get("car").get("driven").asBoolean());
        assertEquals(0, at(chassis(back), "position", 2), 0);
        JsonNode s = steps(60);
        assertEquals(0, at(chassis(s), "velocity", 2), 1e-3, "the track's handbrake holds it again");
    }

    @Test
    void inputBeforeLaunchLaunches() throws Exception {
        JsonNode s = post("/api/vehicle/input", "{\"throttle\": 0.5}");
        assertTrue(s.get("launched").asBoolean());
        assertTrue(s.get("vehicles").get("car").get("driven").asBoolean(),
                "the launch's rebuild keeps the input");
    }

    @Test
    void badInputIsRefusedNamingTheFieldWithNothingChanged() throws Exception {
        String[][] cases = {
            {"{\"name\": \"nobody\"}", "name"},
            {"{\"name\": 3}", "name"},
            {"{\"throttle\": 1.5}", "throttle"},
            {"{\"throttle\": \"full\"}", "throttle"},
            {"{\"brake\": -0.1}", "brake"},
            {"{\"handbrake\": true}", "handbrake"},
            {"{\"steer\": -1.01}", "steer"},
            {"{\"gas\": 1}", "gas"},
            {"[1]", "body"},
        };
        for (String[] c : cases) {
            HttpResponse<String> r = send("POST", "/api/vehicle/input", c[0]);
            assertEquals(400, r.statusCode(), c[0]);
            assertEquals(c[1], JSON.readTree(r.body()).get("field").asText(), c[0]);
        }
        JsonNode s = JSON.readTree(send("GET", "/api/state", null).body());
        assertFalse(s.get("launched").asBoolean(), "nothing changed");
        assertFalse(s.get("vehicles").get("car").get("driven").asBoolean());
    }

    @Test
    void aSceneWithoutVehiclesAnswers409AndHasNoVehicleBlock() throws Exception {
        try (ViewerServer plain = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            HttpRequest r = HttpRequest.newBuilder(URI.create(plain.url() + "api/vehicle/input"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"throttle\": 1}")).build();
            HttpResponse<String> answer = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            assertEquals(409, answer.statusCode(), answer.body());
            assertTrue(JSON.readTree(answer.body()).get("error").asText().contains("no vehicles"));
            int bodies = plain.host().bodies().size();
            assertEquals(SimulationHost.HEADER + SimulationHost.PER_BODY * bodies, plain.host().frame(null).length,
                    "no vehicle block");
        }
    }
}
