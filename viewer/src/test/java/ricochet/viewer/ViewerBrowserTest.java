package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import ricochet.scenes.BuiltinScenes;

/**
 * The page end to end in Debian's headless chromium: it draws, its keys drive the simulation, and
 * it logs no JavaScript error. Each test is skipped, with the reason, only where chromium or
 * chromedriver is not installed ({@link BrowserAvailable}); {@code .ci/run} installs both.
 */
@ExtendWith(BrowserAvailable.class)
class ViewerBrowserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ChromeDriver browser;

    @BeforeAll
    static void openBrowser() {
        if (!BrowserAvailable.present()) {
            return;
        }
        String chromium = BrowserAvailable.chromium();
        String driver = BrowserAvailable.driver();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        // SwiftShader gives headless chromium WebGL without a GPU.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(driver))
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static JsonNode get(ViewerServer server, String path) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1))).build();
        return JSON.readTree(HTTP.send(r, HttpResponse.BodyHandlers.ofString()).body());
    }

    private static double[] position(JsonNode state, String body) {
        JsonNode p = state.get("bodies").get(body).get("position");
        return new double[] {p.get(0).asDouble(), p.get(1).asDouble(), p.get(2).asDouble()};
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, () -> "timed out waiting until " + what + "; the page says: "
                    + js("return document.getElementById('error').textContent + ' ' + JSON.stringify(window.ricochet)"));
            Thread.sleep(50);
        }
    }

    private static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    /** Opens the page on a clean log (what an earlier page logged is dropped). */
    private static void openPage(ViewerServer server) throws InterruptedException {
        browser.get("about:blank");
        browser.manage().logs().get(LogType.BROWSER);
        browser.get(server.url());
        await("the page is ready", () -> Boolean.TRUE.equals(js("return !!(window.ricochet && window.ricochet.ready)")));
    }

    /** Distinct colours in an image, sampled on a grid: a blank canvas has one. */
    private static int colours(byte[] png) throws Exception {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    private static List<String> severeLogs() {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::toString).collect(Collectors.toList());
    }

    private static double framesPerSecond() throws InterruptedException {
        Thread.sleep(2500);
        return ((Number) js("return window.ricochet.fps")).doubleValue();
    }

    @Test
    void bunnyDrawsLaunchesAndResetsFromTheKeys() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("bunny"), "bunny", 0)) {
            openPage(server);
            WebElement canvas = browser.findElement(By.cssSelector("#view canvas"));
            long drawn = ((Number) js("return window.ricochet.framesDrawn")).longValue();
            await("frames are drawn", () -> ((Number) js("return window.ricochet.framesDrawn")).longValue() > drawn + 5);
            int still = colours(canvas.getScreenshotAs(OutputType.BYTES));
            assertTrue(still > 50, "the canvas draws the scene (" + still + " colours seen)");

            WebElement page = browser.findElement(By.tagName("body"));
            page.sendKeys("l");
            await("the bunny is launched", () -> {
                try {
                    JsonNode s = get(server, "/api/state");
                    return s.get("launched").asBoolean() && s.get("time").asDouble() > 0.3;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JsonNode flying = get(server, "/api/state");
            double[] p = position(flying, "bunny");
            double moved = Math.hypot(Math.hypot(p[0], p[1] - 0.6), p[2]);
            assertTrue(moved > 0.3, "the bunny moved " + moved + " m");
            // Paused mid-flight (the space key), the page catches up and the screenshot shows that pose.
            page.sendKeys(" ");
            await("paused", () -> {
                try {
                    return get(server, "/api/state").get("paused").asBoolean();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long before = ((Number) js("return window.ricochet.framesDrawn")).longValue();
            await("the paused pose is drawn", () -> ((Number) js("return window.ricochet.framesDrawn")).longValue() > before + 3);
            Files.write(Path.of("target", "viewer-bunny.png"), browser.getScreenshotAs(OutputType.BYTES));
            page.sendKeys(" ");
            double fps = framesPerSecond();
            System.out.printf(Locale.ROOT, "viewer: bunny drawn at %.1f frames/s in headless chromium%n", fps);

            page.sendKeys("r");
            await("the bunny is reset", () -> {
                try {
                    return !get(server, "/api/state").get("launched").asBoolean();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            double[] back = position(get(server, "/api/state"), "bunny");
            assertEquals(0, back[0], 1e-12);
            assertEquals(0.6, back[1], 1e-12);
            assertEquals(0, back[2], 1e-12);

            page.sendKeys(".");
            await("one step", () -> {
                try {
                    return get(server, "/api/state").get("step").asLong() == 1;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<String> errors = severeLogs();
            assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
            browser.get("about:blank");
        }
    }

    @Test
    void pyramidDrawsItsBoxesWithoutErrors() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            openPage(server);
            browser.findElement(By.tagName("body")).sendKeys("l");
            await("the pyramid runs", () -> {
                try {
                    return get(server, "/api/state").get("step").asLong() > 10;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            int seen = colours(browser.findElement(By.cssSelector("#view canvas")).getScreenshotAs(OutputType.BYTES));
            Files.write(Path.of("target", "viewer-pyramid.png"), browser.getScreenshotAs(OutputType.BYTES));
            assertTrue(seen > 50, "the canvas draws the pyramid (" + seen + " colours seen)");
            double fps = framesPerSecond();
            System.out.printf(Locale.ROOT, "viewer: pyramid drawn at %.1f frames/s in headless chromium%n", fps);
            browser.findElement(By.id("d-contacts")).click();
            await("contact points drawn", () -> ((Number) js("return window.ricochet.contactsDrawn")).longValue() > 0);
            long drawn = ((Number) js("return window.ricochet.framesDrawn")).longValue();
            await("contacts on screen", () -> ((Number) js("return window.ricochet.framesDrawn")).longValue() > drawn + 2);
            Files.write(Path.of("target", "viewer-pyramid-contacts.png"), browser.getScreenshotAs(OutputType.BYTES));
            assertFalse(js("return window.ricochet.framesReceived").equals(0L), "frames arrive over the WebSocket");
            List<String> errors = severeLogs();
            assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
            browser.get("about:blank");
        }
    }

    private static JsonNode state(ViewerServer server) {
        try {
            return get(server, "/api/state");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode hero(ViewerServer server) {
        return state(server).get("characters").get("hero");
    }

    private static JsonNode capsule(String name) throws Exception {
        Object drawn = js("return JSON.stringify(window.ricochet.capsuleOf('" + name + "'))");
        return JSON.readTree(String.valueOf(drawn));
    }

    /**
     * On a flat floor, W held walks the character (the key takes it over from its track), the drawn
     * capsule follows it, space makes it jump, c crouches it and the capsule drawn is the shorter one,
     * and p pauses.
     */
    @Test
    void keysWalkJumpAndCrouchTheCharacterAndItsCapsuleFollows() throws Exception {
        String json = """
                {"format": "ricochet-scene/1", "description": "a character on a flat floor",
                 "bodies": [{"name": "ground", "type": "static",
                             "shape": {"type": "box", "halfExtents": [30, 0.5, 30]},
                             "position": [0, -0.5, 0]}],
                 "characters": [{"name": "hero", "position": [0, 0.92, 0],
                                 "input": [{"t": 0, "velocity": [0, 0, 0]}]}]}""";
        ricochet.io.scene.Scene scene = ricochet.io.scene.SceneReader.parse(json, "walk", Path.of("."));
        try (ViewerServer server = new ViewerServer(scene, "walk", 0)) {
            openPage(server);
            assertTrue(browser.findElement(By.id("keys")).isDisplayed(), "the key help is shown");
            JsonNode drawn = capsule("hero");
            assertEquals(1.8, drawn.get("height").asDouble(), 1e-6, "standing capsule, caps included");
            assertEquals(0.92, drawn.get("position").get(1).asDouble(), 1e-9);

            new Actions(browser).keyDown("w").pause(700).keyUp("w").perform();
            await("the character walked and stopped", () -> {
                JsonNode h = hero(server);
                double[] p = {h.get("position").get(0).asDouble(), h.get("position").get(2).asDouble()};
                return Math.hypot(p[0], p[1]) > 0.5 && Math.abs(h.get("velocity").get(0).asDouble()) < 1e-9
                        && Math.abs(h.get("velocity").get(2).asDouble()) < 1e-9;
            });
            JsonNode hero = hero(server);
            assertTrue(hero.get("driven").asBoolean());
            assertEquals("GROUNDED", hero.get("groundState").asText());
            await("the capsule is drawn where the character is", () -> {
                try {
                    JsonNode c = capsule("hero");
                    double d = 0;
                    for (int i = 0; i < 3; i++) {
                        d = Math.max(d, Math.abs(c.get("position").get(i).asDouble()
                                - hero.get("position").get(i).asDouble()));
                    }
                    return d < 1e-9;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertEquals("GROUNDED", browser.findElement(By.id("c-ground")).getText());
            assertEquals("ground", browser.findElement(By.id("c-body")).getText());

            WebElement page = browser.findElement(By.tagName("body"));
            page.sendKeys(" ");
            await("it jumps", () -> hero(server).get("position").get(1).asDouble() > 1.2);
            await("it lands", () -> "GROUNDED".equals(hero(server).get("groundState").asText()));
            assertTrue(state(server).get("launched").asBoolean() && !state(server).get("paused").asBoolean(),
                    "space jumps here, it does not pause");

            page.sendKeys("c");
            await("it crouches", () -> hero(server).get("crouching").asBoolean());
            await("the crouched capsule is drawn", () -> {
                try {
                    return Math.abs(capsule("hero").get("height").asDouble() - 1.2) < 1e-6;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Files.write(Path.of("target", "viewer-character.png"), browser.getScreenshotAs(OutputType.BYTES));
            page.sendKeys("p");
            await("p pauses", () -> state(server).get("paused").asBoolean());
            List<String> errors = severeLogs();
            assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
            browser.get("about:blank");
        }
    }

    /**
     * A mouse drag on the top box of {@code mass-ratio} (four bodies: quick to draw) pulls it up
     * while the joint toggle draws the drag line, and the release lets go of it.
     */
    @Test
    void mouseDragLiftsABoxAndReleaseLetsGo() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("mass-ratio"), "mass-ratio", 0)) {
            openPage(server);
            browser.findElement(By.id("d-joints")).click();
            double y0 = position(get(server, "/api/state"), "light-top")[1];
            List<?> at = (List<?>) js("return window.ricochet.screenOf('light-top')");
            int x = (int) Math.round(((Number) at.get(0)).doubleValue());
            int y = (int) Math.round(((Number) at.get(1)).doubleValue());
            Actions hand = new Actions(browser).moveToLocation(x, y).clickAndHold();
            for (int k = 1; k <= 10; k++) {
                hand.moveToLocation(x, y - 15 * k).pause(20);
            }
            hand.perform();
            await("the box is lifted", () -> {
                try {
                    return position(get(server, "/api/state"), "light-top")[1] > y0 + 0.2;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JsonNode held = get(server, "/api/state");
            assertEquals("light-top", held.get("drag").get("body").asText());
            assertTrue(held.get("launched").asBoolean(), "a drag launches the scene");
            await("the drag line is drawn", () -> ((Number) js("return window.ricochet.jointsDrawn")).longValue() == 1);
            Files.write(Path.of("target", "viewer-drag.png"), browser.getScreenshotAs(OutputType.BYTES));
            new Actions(browser).release().perform();
            await("the box is let go", () -> {
                try {
                    return get(server, "/api/state").get("drag").isNull();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(Boolean.TRUE.equals(js("return window.ricochet.dragging === false")));
            List<String> errors = severeLogs();
            assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
            browser.get("about:blank");
        }
    }
}
