package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import ricochet.scenes.BuiltinScenes;
import ricochet.world.Profile;

/**
 * The panels' endpoints through a real server, without a browser: the scene picker, the world
 * settings, the inspector, the timing table and the timeline's exact rewind.
 */
class ViewerPanelsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** A 0.5 m box of density 500 kg/m^3 (62.5 kg) resting on the ground, and one 2 m up. */
    static final String BOXES = """
            {"format": "ricochet-scene/1", "description": "two boxes",
             "settings": {"dt": 0.016666666666666666, "substeps": 4},
             "bodies": [
               {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]},
                "position": [0, -0.5, 0]},
               {"name": "resting", "shape": {"type": "box", "halfExtents": [0.25, 0.25, 0.25]}, "density": 500,
                "position": [0, 0.25, 0]},
               {"name": "high", "shape": {"type": "box", "halfExtents": [0.25, 0.25, 0.25]}, "density": 500,
                "position": [3, 20, 0]}]}""";

    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> r = send("POST", path, body);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> r = send("GET", path, null);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    /** Answered 400 naming {@code field}; returns the message. */
    private static String refused(String method, String path, String body, String field) throws Exception {
        HttpResponse<String> r = send(method, path, body);
        assertEquals(400, r.statusCode(), path + " " + body + ": " + r.body());
        JsonNode e = JSON.readTree(r.body());
        assertEquals(field, e.get("field").asText(), r.body());
        return e.get("error").asText();
    }

    private static String loadFile(String name, String text) {
        ObjectNode o = JSON.createObjectNode();
        o.put("file", name);
        o.put("scene", text);
        return o.toString();
    }

    private static void steps(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            post("/api/step", null);
        }
    }

    private static String hash() throws Exception {
        return get("/api/timeline").get("stateHash").asText();
    }

    @Test
    void everyBuiltinSceneLoadsStepsAndAnswersEveryReadWithoutRestartingTheServer() throws Exception {
        JsonNode list = get("/api/scenes");
        List<String> names = new ArrayList<>();
        list.get("scenes").forEach(s -> names.add(s.get("name").asText()));
        assertEquals(BuiltinScenes.NAMES, names);
        long generation = list.get("generation").asLong();
        int port = server.port();
        for (String name : BuiltinScenes.NAMES) {
            JsonNode state = post("/api/scenes/load", "{\"builtin\": \"" + name + "\"}");
            assertFalse(state.get("launched").asBoolean(), name);
            assertEquals(0, state.get("step").asLong(), name);
            assertEquals(name, get("/api/scene").get("name").asText());
            JsonNode after = get("/api/scenes");
            assertEquals(name, after.get("current").asText());
            assertEquals(++generation, after.get("generation").asLong());
            steps(2);
            JsonNode s = get("/api/state");
            assertEquals(2, s.get("step").asLong(), name);
            assertEquals(s.get("bodies").size(), get("/api/scene").get("bodies").size(), name);
            get("/api/contacts");
            get("/api/joints");
            get("/api/profile");
            get("/api/world");
            JsonNode timeline = get("/api/timeline");
            if (!timeline.has("unavailable")) {
                assertEquals(0, timeline.get("first").asLong(), name);
            }
            String first = s.get("bodies").fieldNames().next();
            assertEquals(first, get("/api/inspect?body=" + URLEncoder.encode(first, StandardCharsets.UTF_8))
                    .get("name").asText());
        }
        assertEquals(port, server.port(), "the same server throughout");
    }

    @Test
    void aSceneFileFromThePageSwitchesTheSimulationAndABadOneChangesNothing() throws Exception {
        post("/api/scenes/load", loadFile("boxes.json", BOXES));
        assertEquals("boxes.json", get("/api/scenes").get("current").asText());
        assertEquals(3, get("/api/state").get("bodies").size());

        int at = BOXES.lastIndexOf("\"density\": 500");
        String bad = BOXES.substring(0, at) + "\"density\": -1" + BOXES.substring(at + "\"density\": 500".length());
        String message = refused("POST", "/api/scenes/load", loadFile("bad.json", bad), "scene");
        assertTrue(message.contains("bodies[2].density"), message);
        String mesh = BOXES.replace("{\"type\": \"box\", \"halfExtents\": [20, 0.5, 20]}",
                "{\"type\": \"mesh\", \"obj\": \"floor.obj\"}");
        assertTrue(refused("POST", "/api/scenes/load", loadFile("mesh.json", mesh), "scene").contains("floor.obj"));
        refused("POST", "/api/scenes/load", "{\"builtin\": \"no-such-scene\"}", "builtin");
        refused("POST", "/api/scenes/load", "{\"file\": \"x.json\"}", "scene");
        refused("POST", "/api/scenes/load", "{\"builtin\": \"pyramid\", \"colour\": 1}", "colour");
        assertEquals("boxes.json", get("/api/scenes").get("current").asText(), "nothing changed");
        assertEquals(3, get("/api/state").get("bodies").size());
    }

    @Test
    void gravitySetWhileRunningGivesTheFreeFallOfThatGravity() throws Exception {
        post("/api/scenes/load", loadFile("boxes.json", BOXES));
        steps(1);
        JsonNode w = post("/api/world", "{\"gravity\": [1, -2, 0], \"iterations\": 3, \"sleeping\": false}");
        assertEquals(1, w.get("step").asLong());
        JsonNode world = get("/api/world");
        assertEquals(-2, world.get("gravity").get(1).asDouble());
        assertEquals(3, world.get("iterations").asInt());
        assertFalse(world.get("sleeping").asBoolean());
        double[] v0 = velocity(get("/api/inspect?body=high"));
        int n = 30;
        steps(n);
        JsonNode high = get("/api/inspect?body=high");
        double[] v = velocity(high);
        double t = n * get("/api/state").get("dt").asDouble();
        // Free fall integrates v += g h each substep: exact up to round-off over 120 substeps.
        assertEquals(v0[0] + 1 * t, v[0], 1e-9);
        assertEquals(v0[1] - 2 * t, v[1], 1e-9);
        assertEquals(0, v[2], 1e-12);

        String before = get("/api/world").toString();
        refused("POST", "/api/world", "{\"gravity\": [0, 1]}", "gravity");
        refused("POST", "/api/world", "{\"gravity\": [0, \"down\", 0]}", "gravity");
        refused("POST", "/api/world", "{\"iterations\": 0}", "iterations");
        refused("POST", "/api/world", "{\"threads\": 1000}", "threads");
        refused("POST", "/api/world", "{\"sleeping\": 1}", "sleeping");
        refused("POST", "/api/world", "{\"substeps\": 0}", "substeps");
        refused("POST", "/api/world", "{\"iterations\": 2, \"wind\": 3}", "wind");
        assertEquals(before, get("/api/world").toString(), "a refused setting changes nothing");

        // Settings stay with the scene through a reset: the world built again has them.
        post("/api/reset", null);
        assertEquals(-2, get("/api/world").get("gravity").get(1).asDouble());
    }

    private static double[] velocity(JsonNode body) {
        JsonNode a = body.get("velocity");
        return new double[] {a.get(0).asDouble(), a.get(1).asDouble(), a.get(2).asDouble()};
    }

    @Test
    void threadsChangeTheSpeedNotTheResult() throws Exception {
        post("/api/scenes/load", "{\"builtin\": \"pyramid\"}");
        steps(60);
        String one = hash();
        post("/api/reset", null);
        int substeps = get("/api/world").get("substeps").asInt();
        post("/api/world", "{\"threads\": 2, \"substeps\": " + (2 * substeps) + "}");
        assertEquals(2 * substeps, get("/api/world").get("substeps").asInt());
        post("/api/world", "{\"substeps\": " + substeps + "}");
        assertEquals(2, get("/api/world").get("threads").asInt());
        steps(60);
        assertEquals(one, hash(), "the same bits on 2 threads as on 1");
        assertEquals(2, get("/api/profile").get("threads").asInt());
    }

    @Test
    void inspectorGivesTheBodysMassMotionAndContacts() throws Exception {
        post("/api/scenes/load", loadFile("boxes.json", BOXES));
        steps(10);
        JsonNode resting = get("/api/inspect?body=resting");
        assertEquals(500 * 0.5 * 0.5 * 0.5, resting.get("mass").asDouble(), 1e-9, "density times volume");
        assertTrue(resting.get("contacts").asInt() >= 4, "a box on the ground touches at its corners: " + resting);
        // Its weight is carried by the contacts: the impulse over a step is m g dt (to 2%, the soft contact).
        double weight = 62.5 * 9.81 * get("/api/state").get("dt").asDouble();
        assertEquals(weight, resting.get("normalImpulse").asDouble(), 0.02 * weight, resting.toString());
        JsonNode high = get("/api/inspect?body=high");
        assertEquals(0, high.get("contacts").asInt());
        assertFalse(high.get("sleeping").asBoolean());
        // Symplectic Euler over N substeps of h from rest: y = y0 - g h^2 N (N + 1) / 2.
        double h = get("/api/state").get("dt").asDouble() / 4;
        int substeps = 10 * 4;
        assertEquals(20 - 9.81 * h * h * substeps * (substeps + 1) / 2, high.get("position").get(1).asDouble(), 1e-9);
        assertEquals("static", get("/api/inspect?body=ground").get("type").asText());
        refused("GET", "/api/inspect?body=nobody", null, "body");
        refused("GET", "/api/inspect", null, "body");
    }

    @Test
    void profileNamesEveryStageOfTheStep() throws Exception {
        post("/api/scenes/load", "{\"builtin\": \"pyramid\"}");
        steps(5);
        JsonNode p = get("/api/profile");
        assertEquals(5, p.get("steps").asLong());
        assertEquals(Profile.Stage.values().length, p.get("stages").size());
        double sum = 0;
        for (int i = 0; i < Profile.Stage.values().length; i++) {
            JsonNode s = p.get("stages").get(i);
            assertEquals(Profile.Stage.values()[i].label(), s.get("name").asText());
            assertTrue(s.get("lastMs").asDouble() >= 0 && s.get("meanMs").asDouble() >= 0);
            sum += s.get("lastMs").asDouble();
        }
        assertEquals(sum, p.get("lastMs").asDouble(), 1e-9);
        assertTrue(p.get("meanMs").asDouble() > 0, "five steps took time");
        post("/api/scenes/load", "{\"builtin\": \"bunny\"}");
        assertTrue(get("/api/profile").has("unavailable"));
    }

    @Test
    void rewindToAnEarlierStepThenSteppingOnGivesTheSameStatesAsTheFirstTime() throws Exception {
        post("/api/scenes/load", "{\"builtin\": \"pyramid\"}");
        refused("POST", "/api/timeline/rewind", "{\"step\": 0}", "step");
        int k = 37;
        int n = 90;
        steps(k);
        String atK = hash();
        steps(n - k);
        String atN = hash();
        JsonNode t = get("/api/timeline");
        assertEquals(0, t.get("first").asLong());
        assertEquals(n, t.get("last").asLong());

        JsonNode back = post("/api/timeline/rewind", "{\"step\": " + k + "}");
        assertEquals(k, back.get("step").asLong());
        assertTrue(back.get("paused").asBoolean());
        assertEquals(atK, hash(), "step k between two snapshots: restored and replayed exactly");
        // Forward again along the recording, then back, then on from k as a new branch.
        post("/api/timeline/rewind", "{\"step\": " + n + "}");
        assertEquals(atN, hash());
        post("/api/timeline/rewind", "{\"step\": " + k + "}");
        steps(n - k);
        assertEquals(atN, hash(), "stepping on from the rewind gives the first run's state");
        assertEquals(n, get("/api/timeline").get("last").asLong());

        refused("POST", "/api/timeline/rewind", "{\"step\": " + (n + 1) + "}", "step");
        refused("POST", "/api/timeline/rewind", "{\"step\": -1}", "step");
        refused("POST", "/api/timeline/rewind", "{\"step\": 1.5}", "step");
        refused("POST", "/api/timeline/rewind", "{\"when\": 1}", "when");
    }

    /**
     * The wall breaks at about step 8: a rewind to before the break (into a world built afresh, since
     * splits are not undone), forward past it again, and on from there all give the first run's states.
     */
    @Test
    void aFractureSceneRewindsToBeforeAndAfterItsBreakExactly() throws Exception {
        post("/api/scenes/load", "{\"builtin\": \"shatter\"}");
        int k = 5, m = 25, n = 40;
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            post("/api/step", null);
            hashes.add(hash());
        }
        assertFalse(get("/api/timeline").has("unavailable"), "fracture scenes are recorded");
        post("/api/timeline/rewind", "{\"step\": " + k + "}");
        assertEquals(hashes.get(k - 1), hash(), "back to before the break");
        post("/api/timeline/rewind", "{\"step\": " + m + "}");
        assertEquals(hashes.get(m - 1), hash(), "forward past the break");
        post("/api/timeline/rewind", "{\"step\": " + k + "}");
        steps(n - k);
        assertEquals(hashes.get(n - 1), hash(), "stepping on from the rewind gives the first run's state");
    }

    @Test
    void theRecordingStaysUnderItsCapByThinningAndRewindsExactlyAfterwards() throws Exception {
        post("/api/scenes/load", "{\"builtin\": \"pyramid\"}");
        post("/api/timeline", "{\"every\": 1, \"capMB\": 2}");
        post("/api/reset", null);
        int n = 240;
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            post("/api/step", null);
            hashes.add(hash());
        }
        JsonNode t = get("/api/timeline");
        assertTrue(t.get("thinnings").asLong() > 0, t.toString());
        assertTrue(t.get("every").asInt() > 1, t.toString());
        assertTrue(t.get("snapshots").asInt() > 2, t.toString());
        assertTrue(t.get("bytes").asLong() <= t.get("capBytes").asLong(), t.toString());
        assertEquals(0, t.get("first").asLong());
        for (int k : new int[] {1, 77, 150, n - 1}) {
            post("/api/timeline/rewind", "{\"step\": " + k + "}");
            assertEquals(hashes.get(k - 1), hash(), "step " + k);
        }
        refused("POST", "/api/timeline", "{\"every\": 0}", "every");
        refused("POST", "/api/timeline", "{\"capMB\": 0.001}", "capMB");
        post("/api/timeline", "{\"every\": " + ViewerTimeline.DEFAULT_EVERY + ", \"capMB\": 64}");
    }
}
