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
 * A character driven through {@code POST /api/character/input} on flat ground, stepped through
 * {@code /api/step} so that no real-time step comes between: its walk, its jump, the hand-over from
 * its input track, reset, the page's key help and the errors.
 */
class ViewerCharacterTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final double DT = 1.0 / 60;
    private static final double G = 9.81;
    /** The centre's start height: feet (centre - 0.9 m) a 2 cm skin above the floor at y = 0. */
    private static final double START_Y = 0.92;
    /** The track walks it along -z, so a step it still drove would show in z. */
    private static final String SCENE = """
            {"format": "ricochet-scene/1", "description": "a character on a flat floor",
             "settings": {"dt": %s, "gravity": [0, -9.81, 0]},
             "bodies": [
               {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]},
                "position": [0, -0.5, 0]}
             ],
             "characters": [
               {"name": "hero", "position": [0, %s, 0], "input": [{"t": 0, "velocity": [0, 0, -3]}]},
               {"name": "extra", "position": [5, %s, 5]}
             ]}""".formatted(DT, START_Y, START_Y);

    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        Scene scene = SceneReader.parse(SCENE, "character-test", Path.of("."));
        server = new ViewerServer(scene, "character-test", 0);
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

    private static JsonNode hero(JsonNode state) {
        return state.get("characters").get("hero");
    }

    private static double at(JsonNode character, String field, int i) {
        return character.get(field).get(i).asDouble();
    }

    @Test
    void inputWalksAtTheWishedSpeedAndTheTrackStops() throws Exception {
        // /api/step launches paused: every step from here is one this test asks for.
        JsonNode first = post("/api/step", null);
        assertEquals(1, first.get("step").asLong());
        assertFalse(hero(first).get("driven").asBoolean());
        assertTrue(at(hero(first), "position", 2) < 0, "the track drove the first step along -z");
        JsonNode taken = post("/api/character/input", "{\"velocity\": [2, 0, 0]}");
        assertTrue(hero(taken).get("driven").asBoolean(), "no name: the first character");
        assertFalse(taken.get("characters").get("extra").get("driven").asBoolean());
        assertEquals(1, taken.get("step").asLong(), "an input waits for the next step");
        int n = 30;
        JsonNode s = taken;
        for (int i = 0; i < n; i++) {
            s = post("/api/step", null);
        }
        assertEquals(1 + n, s.get("step").asLong());
        JsonNode h = hero(s);
        // On flat ground nothing clips the walk: (2 m/s) dt a step, to round-off.
        assertEquals(2.0 * n * DT, at(h, "position", 0) - at(hero(taken), "position", 0), 1e-9);
        assertEquals(at(hero(taken), "position", 2), at(h, "position", 2), 1e-12,
                "the track no longer drives it");
        assertEquals(START_Y, at(h, "position", 1), 1e-9, "it stays on the floor");
        assertEquals(2.0, at(h, "velocity", 0), 1e-9);
        assertEquals("GROUNDED", h.get("groundState").asText());
        assertEquals("ground", h.get("groundBody").asText());
        assertFalse(h.get("crouching").asBoolean());
    }

    @Test
    void jumpLeavesTheGroundAndLandsAfterItsFlightTime() throws Exception {
        post("/api/step", null);
        JsonNode s = post("/api/character/input",
                "{\"name\": \"hero\", \"velocity\": [0, 0, 0], \"jump\": 4}");
        s = post("/api/step", null);
        assertEquals("AIRBORNE", hero(s).get("groundState").asText());
        assertTrue(hero(s).get("groundBody").isNull());
        double peak = 0;
        int flight = 1;
        while (!hero(s).get("groundState").asText().equals("GROUNDED")) {
            assertTrue(flight < 200, "it lands");
            s = post("/api/step", null);
            peak = Math.max(peak, at(hero(s), "position", 1) - START_Y);
            flight++;
        }
        // Semi-implicit Euler from 4 m/s up: peak v^2 / 2g + v dt / 2, flight 2 v / g (49 steps),
        // give or take the step on which the descent meets the floor.
        assertEquals(4.0 * 4.0 / (2 * G) + 4.0 * DT / 2, peak, 0.01);
        assertEquals(2 * 4.0 / G / DT, flight, 2.0);
        assertEquals(START_Y, at(hero(s), "position", 1), 1e-3, "back on the floor");
    }

    @Test
    void crouchLowersTheCapsuleWithTheFeetKept() throws Exception {
        post("/api/step", null);
        post("/api/character/input", "{\"crouch\": true}");
        JsonNode s = post("/api/step", null);
        JsonNode h = hero(s);
        assertTrue(h.get("crouching").asBoolean());
        double crouched = 1.8 / 2 + 0.3;
        assertEquals(crouched, h.get("height").asDouble(), 1e-12,
                "default crouch height: height / 2 + radius");
        assertEquals(START_Y - (1.8 - crouched) / 2, at(h, "position", 1), 1e-9,
                "the feet stay where they were");
    }

    @Test
    void resetHandsTheCharacterBackToItsTrack() throws Exception {
        post("/api/step", null);
        post("/api/character/input", "{\"velocity\": [2, 0, 0]}");
        post("/api/step", null);
        JsonNode back = post("/api/reset", null);
        assertEquals(0, back.get("step").asLong());
        assertFalse(hero(back).get("driven").asBoolean());
        assertEquals(0, at(hero(back), "position", 0), 0);
        assertEquals(START_Y, at(hero(back), "position", 1), 0);
        JsonNode s = post("/api/step", null);
        assertEquals(-3 * DT, at(hero(s), "position", 2), 1e-9, "the track drives it again");
        assertEquals(0, at(hero(s), "position", 0), 1e-12);
    }

    @Test
    void inputBeforeLaunchLaunches() throws Exception {
        JsonNode s = post("/api/character/input", "{\"velocity\": [1, 0, 0]}");
        assertTrue(s.get("launched").asBoolean());
        assertTrue(hero(s).get("driven").asBoolean(), "the launch's rebuild keeps the input");
    }

    @Test
    void badInputIsRefusedNamingTheFieldWithNothingChanged() throws Exception {
        String[][] cases = {
            {"{\"name\": \"nobody\"}", "name"},
            {"{\"velocity\": [1, 2]}", "velocity"},
            {"{\"velocity\": [1, \"x\", 0]}", "velocity"},
            {"{\"jump\": -1}", "jump"},
            {"{\"crouch\": 1}", "crouch"},
            {"{\"speed\": 1}", "speed"},
            {"[1]", "body"},
        };
        for (String[] c : cases) {
            HttpResponse<String> r = send("POST", "/api/character/input", c[0]);
            assertEquals(400, r.statusCode(), c[0]);
            assertEquals(c[1], JSON.readTree(r.body()).get("field").asText(), c[0]);
        }
        JsonNode s = JSON.readTree(send("GET", "/api/state", null).body());
        assertFalse(s.get("launched").asBoolean(), "nothing changed");
        assertFalse(hero(s).get("driven").asBoolean());
    }

    @Test
    void aSceneWithoutCharactersAnswers409() throws Exception {
        try (ViewerServer plain = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            HttpRequest r = HttpRequest.newBuilder(URI.create(plain.url() + "api/character/input"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"velocity\": [1, 0, 0]}")).build();
            HttpResponse<String> answer = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            assertEquals(409, answer.statusCode(), answer.body());
            assertTrue(JSON.readTree(answer.body()).get("error").asText().contains("no characters"));
        }
    }

    @Test
    void thePageServesTheKeyHelpAndTheSceneItsCapsules() throws Exception {
        String page = send("GET", "/", null).body();
        assertTrue(page.contains("id=\"keys\""), "the key help is on the page");
        for (String help : new String[] {"<kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> walk",
                "<kbd>space</kbd> jump", "<kbd>c</kbd> crouch", "<kbd>p</kbd> pause"}) {
            assertTrue(page.contains(help), help);
        }
        JsonNode characters = JSON.readTree(send("GET", "/api/scene", null).body()).get("characters");
        assertEquals(2, characters.size());
        assertEquals("hero", characters.get(0).get("name").asText());
        assertEquals(0.3, characters.get(0).get("radius").asDouble());
        assertEquals(1.8, characters.get(0).get("height").asDouble());
        assertEquals(1.2, characters.get(0).get("crouchHeight").asDouble(), 1e-12);
    }
}
