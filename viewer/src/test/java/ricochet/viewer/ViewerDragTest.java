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
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.scenes.BuiltinScenes;
import ricochet.world.WorldSimulation;

/**
 * The mouse drag through a real server: a 0.5 m box resting on the ground is grabbed at the centre
 * of its top face and pulled 1 m up by the soft ball joint of {@link MouseSpring}; the server is
 * stepped one step at a time with {@code /api/step}, so every run is the same.
 */
class ViewerDragTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final double G = 9.81;
    private static final double HALF = 0.25;
    private static final double DT = 1.0 / 60;
    private static final String SCENE = """
            {"format": "ricochet-scene/1", "description": "one box on the ground",
             "settings": {"dt": %s, "substeps": 4, "gravity": [0, -9.81, 0], "iterations": 1, "sleeping": true},
             "bodies": [
               {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]},
                "position": [0, -0.5, 0]},
               {"name": "box", "shape": {"type": "box", "halfExtents": [0.25, 0.25, 0.25]}, "density": 1000,
                "position": [0, 0.25, 0]}
             ]}""".formatted(DT);

    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        Scene scene = SceneReader.parse(SCENE, "drag-test", Path.of("."));
        server = new ViewerServer(scene, "drag-test", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() throws Exception {
        post("/api/reset", null);
    }

    private static HttpResponse<String> send(ViewerServer s, String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> r = send(server, "POST", path, body);
        assertEquals(200, r.statusCode(), path + " " + body + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> r = send(server, "GET", path, null);
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private static double[] vec(JsonNode a) {
        return new double[] {a.get(0).asDouble(), a.get(1).asDouble(), a.get(2).asDouble()};
    }

    private static double boxY(JsonNode state) {
        return state.get("bodies").get("box").get("position").get(1).asDouble();
    }

    private static String point(double x, double y, double z) {
        return String.format(Locale.ROOT, "[%.17g, %.17g, %.17g]", x, y, z);
    }

    /** Launched and paused after one step, grabbed at the top face's centre, cursor 1 m higher. */
    private static JsonNode grabAndPullUp() throws Exception {
        double[] p = vec(post("/api/step", null).get("bodies").get("box").get("position"));
        JsonNode grabbed = post("/api/drag", "{\"body\": \"box\", \"point\": " + point(p[0], p[1] + HALF, p[2]) + "}");
        JsonNode drag = grabbed.get("drag");
        assertEquals("box", drag.get("body").asText());
        assertEquals(0, drag.get("gap").asDouble(), 1e-3, "the spring starts at the grabbed point: no jump");
        assertTrue(grabbed.get("paused").asBoolean(), "a paused simulation stays paused");
        return post("/api/drag/move", "{\"point\": " + point(0, 1 + 2 * HALF, 0) + "}");
    }

    /**
     * Lifted by the spring, the box rises to the cursor and hangs below it by the spring's static
     * deflection: m g = k x with k = m (2 pi f)^2, so x = g / (2 pi f)^2 (9.9 mm at 5 Hz) whatever
     * the mass. On the way it overshoots no more than a damped oscillator of ratio zeta does,
     * exp(-pi zeta / sqrt(1 - zeta^2)) of the distance (implicit steps only damp more).
     */
    @Test
    void dragLiftsTheBoxToTheCursorAndItHangsByTheSpringsDeflection() throws Exception {
        double target = 1 + 2 * HALF;
        assertEquals(target, vec(grabAndPullUp().get("drag").get("target"))[1], 0);
        double omega = 2 * Math.PI * MouseSpring.HERTZ;
        double sag = G / (omega * omega);
        double zeta = MouseSpring.DAMPING_RATIO;
        double overshoot = Math.exp(-Math.PI * zeta / Math.sqrt(1 - zeta * zeta));
        double restY = HALF;
        double hangY = target - sag - HALF;
        double peak = Double.NEGATIVE_INFINITY;
        double previous = restY;
        int stepTo90 = -1;
        JsonNode s = null;
        for (int k = 1; k <= 180; k++) {
            s = post("/api/step", null);
            double y = boxY(s);
            if (k <= 3) {
                assertTrue(y > previous, "step " + k + ": the box rises at once: " + previous + " -> " + y);
            }
            previous = y;
            peak = Math.max(peak, y);
            if (stepTo90 < 0 && y - restY >= 0.9 * (hangY - restY)) {
                stepTo90 = k;
            }
        }
        JsonNode drag = s.get("drag");
        System.out.printf(Locale.ROOT, "viewer drag: 1 m lift, 90%% after %.3f s, peak %.4f m above the rest height,"
                + " gap at rest %.5f m (g/omega^2 = %.5f m)%n", stepTo90 * DT, peak - hangY,
                drag.get("gap").asDouble(), sag);
        assertEquals(sag, drag.get("gap").asDouble(), 0.1 * sag, "hanging, the spring is stretched by g / omega^2");
        assertEquals(hangY, boxY(s), 0.1 * sag + 1e-4, "the box hangs a spring's deflection below the cursor");
        assertTrue(peak <= hangY + overshoot * (hangY - restY), "overshoot " + (peak - hangY) + " m");
        // A damped spring closes 90% of the distance within a few time constants 1 / (zeta omega).
        assertTrue(stepTo90 > 0 && stepTo90 * DT < 5 / (zeta * omega), "90% of the way after " + stepTo90 + " steps");
        double[] anchor = vec(drag.get("anchor"));
        double[] cursor = vec(drag.get("target"));
        assertEquals(drag.get("gap").asDouble(), Math.hypot(Math.hypot(anchor[0] - cursor[0], anchor[1] - cursor[1]),
                anchor[2] - cursor[2]), 1e-9, "the gap is the distance between the anchor and the cursor");
    }

    /** Let go, the box falls freely from where it hung: y = y0 + v0 t - g t^2 / 2. */
    @Test
    void dragEndReleasesTheBoxAndItFalls() throws Exception {
        grabAndPullUp();
        for (int k = 0; k < 120; k++) {
            post("/api/step", null);
        }
        JsonNode released = post("/api/drag/end", null);
        assertTrue(released.get("drag").isNull());
        assertTrue(get("/api/joints").get("drag").isNull());
        assertEquals(0, ((WorldSimulation) server.host().simulation()).world().jointCount(), "the joint is removed");
        double y0 = boxY(released);
        double v0 = released.get("bodies").get("box").get("velocity").get(1).asDouble();
        int n = 12;
        JsonNode s = null;
        for (int k = 0; k < n; k++) {
            s = post("/api/step", null);
        }
        double t = n * DT;
        // Symplectic Euler over n * substeps substeps lags the parabola by g t h / 2, h the substep.
        double h = DT / 4;
        assertEquals(y0 + v0 * t - 0.5 * G * t * t, boxY(s), 0.5 * G * t * h + 1e-6, "free fall after the release");
        for (int k = 0; k < 120; k++) {
            s = post("/api/step", null);
        }
        assertEquals(HALF, boxY(s), 0.01, "back on the ground");
    }

    @Test
    void badDragRequestsGive400NamingTheFieldAndChangeNothing() throws Exception {
        List<String[]> cases = List.of(
                new String[] {"/api/drag", "{\"body\": \"nobody\", \"point\": [0, 0.5, 0]}", "body"},
                new String[] {"/api/drag", "{\"body\": \"ground\", \"point\": [0, 0, 0]}", "body"},
                new String[] {"/api/drag", "{\"body\": 1, \"point\": [0, 0.5, 0]}", "body"},
                new String[] {"/api/drag", "{\"point\": [0, 0.5, 0]}", "body"},
                new String[] {"/api/drag", "{\"body\": \"box\", \"point\": [0, 1e999, 0]}", "point"},
                new String[] {"/api/drag", "{\"body\": \"box\", \"point\": [0, 0.5]}", "point"},
                new String[] {"/api/drag", "{\"body\": \"box\", \"point\": [0, \"up\", 0]}", "point"},
                new String[] {"/api/drag", "{\"body\": \"box\"}", "point"},
                new String[] {"/api/drag", "{\"body\": \"box\", \"point\": [0, 0.5, 0], \"force\": 3}", "force"},
                new String[] {"/api/drag", "[1, 2]", "body"},
                new String[] {"/api/drag", "not json", "body"},
                new String[] {"/api/drag/move", "{\"point\": [0, -1e999, 0]}", "point"},
                new String[] {"/api/drag/move", "{}", "point"});
        // Before a launch (a bad drag must not launch) and while a drag holds the box (it stays as it is).
        for (boolean dragging : new boolean[] {false, true}) {
            if (dragging) {
                grabAndPullUp();
                post("/api/step", null);
            }
            JsonNode before = get("/api/state");
            JsonNode jointsBefore = get("/api/joints");
            for (String[] c : cases) {
                HttpResponse<String> r = send(server, "POST", c[0], c[1]);
                assertEquals(400, r.statusCode(), c[0] + " " + c[1] + ": " + r.body());
                JsonNode error = JSON.readTree(r.body());
                assertEquals(c[2], error.get("field").asText(), c[1]);
                assertTrue(error.get("error").asText().startsWith(c[2]), error.toString());
            }
            assertEquals(before, get("/api/state"), "a rejected drag changes nothing");
            assertEquals(jointsBefore, get("/api/joints"));
        }
    }

    @Test
    void movingWithoutADragIs409() throws Exception {
        HttpResponse<String> r = send(server, "POST", "/api/drag/move", "{\"point\": [0, 1, 0]}");
        assertEquals(409, r.statusCode(), r.body());
        assertTrue(JSON.readTree(r.body()).get("error").asText().contains("nothing is being dragged"));
        assertTrue(post("/api/drag/end", null).get("drag").isNull(), "ending no drag is harmless");
    }

    @Test
    void aDragBeforeLaunchLaunchesTheScene() throws Exception {
        assertFalse(get("/api/state").get("launched").asBoolean());
        JsonNode s = post("/api/drag", "{\"body\": \"box\", \"point\": [0.1, 0.5, 0]}");
        assertTrue(s.get("launched").asBoolean());
        assertFalse(s.get("paused").asBoolean());
        assertEquals(1, ((WorldSimulation) server.host().simulation()).world().jointCount());
    }

    @Test
    void resetRemovesTheDragJoint() throws Exception {
        grabAndPullUp();
        for (int k = 0; k < 30; k++) {
            post("/api/step", null);
        }
        assertTrue(boxY(get("/api/state")) > HALF + 0.5, "lifted");
        JsonNode s = post("/api/reset", null);
        assertTrue(s.get("drag").isNull());
        assertEquals(HALF, boxY(s), 0);
        assertEquals(0, ((WorldSimulation) server.host().simulation()).world().jointCount());
        assertEquals(409, send(server, "POST", "/api/drag/move", "{\"point\": [0, 2, 0]}").statusCode(),
                "the old drag is gone with the old world");
        for (int k = 0; k < 30; k++) {
            s = post("/api/step", null);
        }
        assertEquals(HALF, boxY(s), 1e-3, "nothing pulls the box after a reset");
    }

    @Test
    void jointsListsTheDragLineWithItsAnchors() throws Exception {
        JsonNode none = get("/api/joints");
        assertEquals(0, none.get("joints").size(), "this scene has no joints of its own");
        assertTrue(none.get("drag").isNull());
        grabAndPullUp();
        JsonNode drag = get("/api/joints").get("drag");
        assertEquals(1, drag.get("bodyIndex").asInt());
        // Grabbed at the top face's centre: (0, h, 0) in the box's frame, to within h times the angle
        // (under 1e-4 rad) the resting box has tipped in its first step.
        double[] local = vec(drag.get("local"));
        assertEquals(0, local[0], 1e-4 * HALF);
        assertEquals(HALF, local[1], 1e-4 * HALF);
        assertEquals(0, local[2], 1e-4 * HALF);
        assertEquals(1 + 2 * HALF, vec(drag.get("target"))[1], 0);
        assertEquals(MouseSpring.HERTZ, drag.get("hertz").asDouble());
        double mass = 1000 * 8 * HALF * HALF * HALF;
        assertEquals(MouseSpring.MAX_ACCELERATION * mass, drag.get("maxForce").asDouble(), 1e-9 * mass);
    }

    /** The lab methods' world has no joints: 409 with a message the page shows, and nothing changes. */
    @Test
    void labSceneRefusesTheDragWith409() throws Exception {
        try (ViewerServer lab = new ViewerServer(BuiltinScenes.load("bunny"), "bunny", 0)) {
            HttpResponse<String> r = send(lab, "POST", "/api/drag", "{\"body\": \"bunny\", \"point\": [0, 0.6, 0]}");
            assertEquals(409, r.statusCode(), r.body());
            assertTrue(JSON.readTree(r.body()).get("error").asText().contains("lab methods' world"), r.body());
            JsonNode s = JSON.readTree(send(lab, "GET", "/api/state", null).body());
            assertFalse(s.get("launched").asBoolean(), "a refused drag launches nothing");
            assertTrue(s.get("drag").isNull());
            JsonNode joints = JSON.readTree(send(lab, "GET", "/api/joints", null).body());
            assertEquals(0, joints.get("joints").size());
        }
    }

    /** A joint scene lists every joint, ragdoll joints included, with both anchors together. */
    @Test
    void jointScenesListTheirJointsWithTheAnchorsTogether() throws Exception {
        for (String name : new String[] {"door", "ragdolls"}) {
            try (ViewerServer v = new ViewerServer(BuiltinScenes.load(name), name, 0)) {
                JsonNode joints = JSON.readTree(send(v, "GET", "/api/joints", null).body()).get("joints");
                int expected = name.equals("door") ? 1 : 20 * 10;
                assertEquals(expected, joints.size(), name);
                for (JsonNode j : joints) {
                    double[] a = vec(j.get("anchorA")), b = vec(j.get("anchorB"));
                    double gap = Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
                    assertTrue(gap < 1e-9, j.get("name").asText() + " gap " + gap);
                }
                if (name.equals("ragdolls")) {
                    assertEquals("hinge", joints.get(9).get("type").asText());
                    assertTrue(joints.get(0).get("name").asText().endsWith(".spine"), joints.get(0).toString());
                }
            }
        }
    }
}
