package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.Scene;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;

/** The HTTP API and the WebSocket through a real server on a free port, for the lab's bunny. */
class ViewerServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Scene bunny;
    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        bunny = BuiltinScenes.load("bunny");
        server = new ViewerServer(bunny, "bunny", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void resetToInitialState() throws Exception {
        post("/api/reset", null);
    }

    private static HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> r = send("POST", path, body);
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private static JsonNode state() throws Exception {
        HttpResponse<String> r = send("GET", "/api/state", null);
        assertEquals(200, r.statusCode());
        return JSON.readTree(r.body());
    }

    private static double[] vector(JsonNode body, String field) {
        JsonNode a = body.get(field);
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i).asDouble();
        }
        return out;
    }

    private static BodySpec spec(String name) {
        return bunny.bodies().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    private static double[] array(ricochet.math.Vec3 v) {
        return new double[] {v.x(), v.y(), v.z()};
    }

    @Test
    void beforeLaunchTheBunnyRestsAtItsInitialPose() throws Exception {
        Thread.sleep(150);
        JsonNode s = state();
        assertEquals(0, s.get("step").asLong(), "no time passes before a launch");
        assertFalse(s.get("launched").asBoolean());
        JsonNode b = s.get("bodies").get("bunny");
        BodySpec spec = spec("bunny");
        assertArrayEquals(array(spec.position()), vector(b, "position"), 1e-12);
        assertArrayEquals(spec.orientation().toArray(), vector(b, "orientation"), 1e-12);
        assertArrayEquals(new double[3], vector(b, "velocity"), 0);
        assertTrue(s.get("bodies").has("floor") && s.get("bodies").has("wall"), "static bodies are listed too");
    }

    @Test
    void launchGivesTheSceneVelocitiesAndStartsTime() throws Exception {
        JsonNode s = post("/api/launch", null);
        assertEquals(0, s.get("step").asLong());
        assertTrue(s.get("launched").asBoolean());
        assertArrayEquals(array(spec("bunny").velocity()), vector(s.get("bodies").get("bunny"), "velocity"), 1e-12);
        long step = s.get("step").asLong();
        for (int i = 0; i < 100 && step < 5; i++) {
            Thread.sleep(20);
            step = state().get("step").asLong();
        }
        JsonNode later = state();
        assertTrue(later.get("step").asLong() >= 5, "the thread steps after a launch");
        assertEquals(later.get("step").asLong() * bunny.settings().dt(), later.get("time").asDouble(), 1e-9);
        double x = vector(later.get("bodies").get("bunny"), "position")[0];
        assertTrue(x > spec("bunny").position().x(), "thrown towards +x, the bunny moved that way: x = " + x);
    }

    @Test
    void stepAdvancesOneStepPausedAndMatchesAHeadlessRun() throws Exception {
        JsonNode one = post("/api/step", null);
        assertEquals(1, one.get("step").asLong());
        assertTrue(one.get("paused").asBoolean());
        Thread.sleep(100);
        assertEquals(1, state().get("step").asLong(), "a single step leaves the simulation paused");
        JsonNode two = post("/api/step", null);
        assertEquals(2, two.get("step").asLong());
        // The viewer's world is the command line's: two steps from the same scene agree to the bit.
        Simulation headless = WorldBuilder.simulation(bunny);
        headless.step();
        headless.step();
        double[] st = new double[13];
        headless.readState(headless.bodyCount() - 1, st);
        assertArrayEquals(new double[] {st[0], st[1], st[2]}, vector(two.get("bodies").get("bunny"), "position"), 0);
    }

    @Test
    void pauseStopsTimeAndResumes() throws Exception {
        post("/api/launch", null);
        Thread.sleep(60);
        JsonNode paused = post("/api/pause", null);
        assertTrue(paused.get("paused").asBoolean());
        Thread.sleep(100);
        assertEquals(paused.get("step").asLong(), state().get("step").asLong());
        assertFalse(post("/api/pause", null).get("paused").asBoolean());
    }

    @Test
    void resetPutsTheBunnyBackAtRest() throws Exception {
        post("/api/launch", null);
        Thread.sleep(200);
        JsonNode s = post("/api/reset", null);
        assertEquals(0, s.get("step").asLong());
        assertFalse(s.get("launched").asBoolean());
        assertArrayEquals(new double[] {0, 0.6, 0}, vector(s.get("bodies").get("bunny"), "position"), 1e-12);
        assertArrayEquals(new double[3], vector(s.get("bodies").get("bunny"), "velocity"), 0);
    }

    @Test
    void badParamsGive400NamingTheFieldAndChangeNothing() throws Exception {
        post("/api/launch", null);
        List<String[]> cases = List.of(
                new String[] {"{\"dt\": 0}", "dt"},
                new String[] {"{\"dt\": \"fast\"}", "dt"},
                new String[] {"{\"substeps\": 0}", "substeps"},
                new String[] {"{\"substeps\": 1.5}", "substeps"},
                new String[] {"{\"restitution\": 1.5}", "restitution"},
                new String[] {"{\"friction\": -0.1}", "friction"},
                new String[] {"{\"method\": \"magic\"}", "method"},
                new String[] {"{\"friction\": 0.3, \"gravity\": 1}", "gravity"},
                new String[] {"[1, 2]", "body"},
                new String[] {"not json", "body"});
        JsonNode before = state();
        for (String[] c : cases) {
            HttpResponse<String> r = send("POST", "/api/params", c[0]);
            assertEquals(400, r.statusCode(), c[0]);
            JsonNode error = JSON.readTree(r.body());
            assertEquals(c[1], error.get("field").asText(), c[0]);
            assertTrue(error.get("error").asText().startsWith(c[1]), error.toString());
        }
        Thread.sleep(60);
        JsonNode after = state();
        assertEquals(before.get("params"), after.get("params"), "a rejected request changes no setting");
        assertEquals(before.get("dt"), after.get("dt"));
        assertEquals(before.get("substeps"), after.get("substeps"));
        assertTrue(after.get("step").asLong() > before.get("step").asLong(), "the simulation keeps running");
    }

    @Test
    void goodParamsApplyToTheLabWorldAtOnceAndSurviveReset() throws Exception {
        JsonNode s = post("/api/params", "{\"dt\": 0.01, \"substeps\": 2, \"restitution\": 0.2,"
                + " \"friction\": 0.4, \"method\": \"shape-matching\"}");
        assertEquals(0.01, s.get("dt").asDouble());
        assertEquals(2, s.get("substeps").asInt());
        assertEquals("shape-matching", s.get("params").get("method").asText());
        JsonNode reset = post("/api/reset", null);
        assertEquals(0.01, reset.get("dt").asDouble(), "settings outlive a reset");
        post("/api/params", "{\"dt\": " + bunny.settings().dt() + ", \"substeps\": " + bunny.settings().substeps()
                + ", \"restitution\": " + spec("bunny").restitution() + ", \"friction\": " + spec("bunny").friction()
                + ", \"method\": \"" + spec("bunny").method() + "\"}");
    }

    @Test
    void webSocketSendsCompactFramesAtMostSixtyASecondToEveryTab() throws Exception {
        post("/api/launch", null);
        int bodies = bunny.bodies().size();
        AtomicInteger[] counts = {new AtomicInteger(), new AtomicInteger()};
        AtomicInteger badSize = new AtomicInteger();
        CountDownLatch opened = new CountDownLatch(2);
        WebSocket[] tabs = new WebSocket[2];
        for (int t = 0; t < 2; t++) {
            AtomicInteger count = counts[t];
            int[] partial = {0};
            tabs[t] = HTTP.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws"),
                    new WebSocket.Listener() {
                        @Override
                        public void onOpen(WebSocket ws) {
                            opened.countDown();
                            ws.request(Long.MAX_VALUE);
                        }

                        @Override
                        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
                            // A message may arrive in parts; its size counts once the last part is in.
                            partial[0] += data.remaining();
                            if (!last) {
                                return null;
                            }
                            if (partial[0] != 8 * (SimulationHost.HEADER + SimulationHost.PER_BODY * bodies)) {
                                badSize.incrementAndGet();
                            }
                            partial[0] = 0;
                            count.incrementAndGet();
                            return null;
                        }
                    }).get(5, TimeUnit.SECONDS);
        }
        assertTrue(opened.await(5, TimeUnit.SECONDS));
        int[] start = {counts[0].get(), counts[1].get()};
        long t0 = System.nanoTime();
        Thread.sleep(1000);
        double seconds = (System.nanoTime() - t0) / 1e9;
        for (int t = 0; t < 2; t++) {
            int n = counts[t].get() - start[t];
            assertTrue(n > 0, "tab " + t + " receives frames");
            // One frame in flight at each end of the window may be counted on top of the cap.
            assertTrue(n <= ViewerServer.MAX_FPS * seconds + 2, "tab " + t + ": " + n + " frames in " + seconds + " s");
            tabs[t].sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        }
        assertEquals(0, badSize.get(), "each frame holds the header and every body");
    }

    @Test
    void labContactsAreBunnyVerticesOnTheFloorWithItsNormal() throws Exception {
        JsonNode none = JSON.readTree(send("GET", "/api/contacts", null).body());
        assertEquals(0, none.get("points").size(), "at its initial pose the bunny touches nothing");
        post("/api/launch", null);
        // The impulse bunny comes to rest on the floor (plane y = 0.01) within a few seconds.
        JsonNode points = null;
        for (int i = 0; i < 200; i++) {
            Thread.sleep(50);
            points = JSON.readTree(send("GET", "/api/contacts", null).body()).get("points");
            if (points.size() > 0 && state().get("time").asDouble() > 1.5) {
                break;
            }
        }
        assertTrue(points.size() > 0, "the bunny touches something once launched");
        double reach = ricochet.lab.LabWorld.TOUCH_DISTANCE + spec("bunny").lab().epsilon();
        for (JsonNode p : points) {
            boolean onFloor = Math.abs(p.get(1).asDouble() - 0.01) < reach && p.get(4).asDouble() == 1;
            boolean onWall = Math.abs(p.get(0).asDouble() - 2) < reach && p.get(3).asDouble() == -1;
            assertTrue(onFloor || onWall, "a point within touching distance of a plane, with its normal: " + p);
        }
    }

    /**
     * Scenes whose world makes bodies beyond the scene's: a ragdoll's parts, pieces of a wall, a car's
     * chassis (which rides on its wheels' springs and so touches nothing).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"ragdolls, true", "shatter, true", "car-brake, false"})
    void everyBodyTheWorldMadeIsListedAndTheContactsAreServed(String name, boolean touching) throws Exception {
        try (ViewerServer viewer = new ViewerServer(BuiltinScenes.load(name), name, 0)) {
            String base = "http://127.0.0.1:" + viewer.port();
            ricochet.world.Simulation sim = ricochet.scenes.WorldBuilder.simulation(BuiltinScenes.load(name));
            JsonNode scene = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/scene")).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertEquals(sim.bodyCount(), scene.get("bodies").size(), scene.toString().substring(0, 200));
            for (int i = 0; i < 5; i++) {
                HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/step")).POST(HttpRequest.BodyPublishers
                        .noBody()).build(), HttpResponse.BodyHandlers.ofString());
            }
            HttpResponse<String> contacts = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/contacts"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, contacts.statusCode(), contacts.body());
            assertEquals(touching, JSON.readTree(contacts.body()).get("points").size() > 0, name + ": touching");
        }
    }

    @Test
    void methodIsRefusedForAnEngineScene() throws Exception {
        try (ViewerServer pyramid = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + pyramid.port() + "/api/params"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"method\": \"impulse\"}")).build();
            HttpResponse<String> response = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            assertEquals(400, response.statusCode());
            assertEquals("method", JSON.readTree(response.body()).get("field").asText());
            // Every box of the standing pyramid touches: points lie between the boxes with unit normals.
            JsonNode contacts = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + pyramid.port() + "/api/contacts")).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertTrue(contacts.get("points").size() >= 4 * 210, "four corners under each of 210 boxes at least");
            for (JsonNode p : contacts.get("points")) {
                double n = Math.sqrt(p.get(3).asDouble() * p.get(3).asDouble() + p.get(4).asDouble() * p.get(4).asDouble()
                        + p.get(5).asDouble() * p.get(5).asDouble());
                assertEquals(1, n, 1e-9);
            }
            assertNotEquals(server.port(), pyramid.port());
        }
    }

    @Test
    void pageAndItsScriptsAreServedFromTheJars() throws Exception {
        for (String path : List.of("/", "/viewer.js", "/viewer.css", "/webjars/three/0.181.1/build/three.module.js",
                "/webjars/three/0.181.1/examples/jsm/controls/OrbitControls.js",
                "/webjars/uplot/1.6.30/dist/uPlot.iife.min.js")) {
            assertEquals(200, send("GET", path, null).statusCode(), path);
        }
        JsonNode scene = JSON.readTree(send("GET", "/api/scene", null).body());
        assertEquals(bunny.bodies().size(), scene.get("bodies").size());
    }
}
