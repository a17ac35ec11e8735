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
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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
import org.openqa.selenium.support.ui.Select;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.scenes.BuiltinScenes;

/**
 * The panels in Debian's headless chromium: plots in seconds, keys with a checkbox focused, the scene
 * picker and file upload, the inspector, timing, world settings, the timeline's exact rewind and the
 * camera. Screenshots go to {@code target/}. Skipped where chromium or chromedriver is missing.
 */
class ViewerPanelsBrowserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> CHROMIUM = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVER = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    /** Waits are long: the machine running the tests may be loaded. */
    private static final long WAIT_NANOS = 60_000_000_000L;

    private static ChromeDriver browser;

    private static String firstExecutable(List<String> paths) {
        for (String p : paths) {
            if (new File(p).canExecute()) {
                return p;
            }
        }
        return null;
    }

    @BeforeAll
    static void openBrowser() {
        String chromium = firstExecutable(CHROMIUM);
        String driver = firstExecutable(DRIVER);
        Assumptions.assumeTrue(chromium != null && driver != null,
                "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
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

    private static JsonNode get(ViewerServer server, String path) {
        try {
            HttpRequest r = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1))).build();
            return JSON.readTree(HTTP.send(r, HttpResponse.BodyHandlers.ofString()).body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode post(ViewerServer server, String path) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        return JSON.readTree(HTTP.send(r, HttpResponse.BodyHandlers.ofString()).body());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + WAIT_NANOS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, () -> "timed out waiting until " + what + "; the page says: "
                    + js("return document.getElementById('error').textContent"));
            Thread.sleep(100);
        }
    }

    private static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private static boolean ready() {
        return Boolean.TRUE.equals(js("return !!(window.ricochet && window.ricochet.ready && window.ricochet.panels)"));
    }

    private static void openPage(ViewerServer server) throws InterruptedException {
        browser.get("about:blank");
        browser.manage().logs().get(LogType.BROWSER);
        browser.get(server.url());
        await("the page is ready", ViewerPanelsBrowserTest::ready);
    }

    /** Keeps a screenshot in {@code target/}; a renderer too busy to answer (a loaded machine) gets three tries. */
    private static void screenshot(String name) throws Exception {
        Files.createDirectories(Path.of("target"));
        for (int attempt = 1; ; attempt++) {
            try {
                Files.write(Path.of("target", name), browser.getScreenshotAs(OutputType.BYTES));
                return;
            } catch (org.openqa.selenium.TimeoutException e) {
                if (attempt == 3) {
                    throw e;
                }
                Thread.sleep(2000);
            }
        }
    }

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

    /**
     * No JavaScript error logged; the browser also logs each HTTP error answer as SEVERE, so the one
     * refusal a test provokes on purpose ({@code refusedPath} answered 400) is let through.
     */
    private static void noErrors(String... refusedPaths) {
        List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .filter(e -> java.util.Arrays.stream(refusedPaths).noneMatch(p -> e.getMessage().contains(p + " ")
                        && e.getMessage().contains("status of 400")))
                .map(LogEntry::toString).collect(Collectors.toList());
        assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
    }

    private static void drawnAgain() throws InterruptedException {
        long drawn = ((Number) js("return window.ricochet.framesDrawn")).longValue();
        await("frames drawn", () -> ((Number) js("return window.ricochet.framesDrawn")).longValue() > drawn + 3);
    }

    @Test
    void plotsCountSecondsAndKeysWorkWhileACheckboxHasFocus() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            openPage(server);
            WebElement box = browser.findElement(By.id("d-aabb"));
            box.click();
            assertEquals(box, browser.switchTo().activeElement(), "the checkbox has focus");
            browser.switchTo().activeElement().sendKeys("l");
            await("l launches with the checkbox focused", () -> get(server, "/api/state").get("time").asDouble() > 1.5);
            assertEquals(Boolean.FALSE, js("return window.ricochet.plots.energy.scales.x.time"));
            assertEquals(Boolean.FALSE, js("return window.ricochet.plots.kinetic.scales.x.time"));
            drawnAgain();
            Thread.sleep(300);
            // uPlot draws its ticks on a canvas; the axis keeps the labels it drew.
            String ticks = String.valueOf(js("return window.ricochet.plots.energy.axes[0]._values.join(' | ')"));
            // Seconds of simulated time: every tick a plain number between 0 and the time now (a date
            // axis labels them "1970", "1/1/70 12:00am").
            double now = get(server, "/api/state").get("time").asDouble();
            String[] labels = ticks.split(" \\| ");
            assertTrue(labels.length >= 2, "ticks: " + ticks);
            for (String label : labels) {
                double x = Double.parseDouble(label.trim());
                assertTrue(x >= 0 && x <= now, "tick " + label + " outside [0, " + now + "] s: " + ticks);
            }
            // Kinetic energy has its own plot: its scale spans its own values, not the potential energy's.
            double keMax = ((Number) js("return window.ricochet.plots.kinetic.scales.y.max")).doubleValue();
            double peMax = ((Number) js("return Math.max(...window.ricochet.plots.energy.data[1])")).doubleValue();
            assertTrue(keMax < peMax / 10, "kinetic axis up to " + keMax + " J, potential energy " + peMax + " J");
            screenshot("viewer-plots.png");

            browser.switchTo().activeElement().sendKeys("r");
            await("r resets with the checkbox focused", () -> !get(server, "/api/state").get("launched").asBoolean());
            WebElement dt = browser.findElement(By.name("dt"));
            dt.click();
            dt.sendKeys("l");
            Thread.sleep(1000);
            assertFalse(get(server, "/api/state").get("launched").asBoolean(), "typing in a field is not a key");
            noErrors();
        }
    }

    @Test
    void scenePickerSwitchesTheSceneAndOpensAFileWithALoadingIndicator() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            openPage(server);
            assertFalse(browser.findElement(By.id("loading")).isDisplayed(), "hidden once drawn");
            List<String> names = new Select(browser.findElement(By.id("scene-picker"))).getOptions().stream()
                    .map(o -> o.getAttribute("value")).collect(Collectors.toList());
            assertEquals(BuiltinScenes.NAMES, names);
            // Whether the indicator was shown is kept across the reload that ends a switch.
            js("sessionStorage.clear(); new MutationObserver(() => { if (!document.getElementById('loading').hidden)"
                    + " { sessionStorage.setItem('loadingShown', '1'); } })"
                    + ".observe(document.getElementById('loading'), { attributes: true });");
            new Select(browser.findElement(By.id("scene-picker"))).selectByValue("mass-ratio");
            await("mass-ratio is drawn", () -> {
                try {
                    return ready() && "Ricochet: mass-ratio".equals(browser.findElement(By.id("title")).getText());
                } catch (RuntimeException e) {
                    return false;
                }
            });
            assertEquals("1", js("return sessionStorage.getItem('loadingShown')"), "the loading indicator was shown");
            assertEquals("mass-ratio", get(server, "/api/scenes").get("current").asText());
            assertTrue(get(server, "/api/state").get("bodies").has("light-top"));
            screenshot("viewer-scene-picker.png");

            Path good = Path.of("target", "boxes.json").toAbsolutePath();
            Files.writeString(good, ViewerPanelsTest.BOXES);
            browser.findElement(By.id("scene-file")).sendKeys(good.toString());
            await("the file's scene is drawn", () -> {
                try {
                    return ready() && "Ricochet: boxes.json".equals(browser.findElement(By.id("title")).getText());
                } catch (RuntimeException e) {
                    return false;
                }
            });
            assertEquals(3, get(server, "/api/state").get("bodies").size());

            Path bad = Path.of("target", "bad-boxes.json").toAbsolutePath();
            Files.writeString(bad, ViewerPanelsTest.BOXES.replace("\"halfExtents\": [20, 0.5, 20]",
                    "\"halfExtents\": [20, -0.5, 20]"));
            browser.findElement(By.id("scene-file")).sendKeys(bad.toString());
            await("the file's problem is shown", () -> browser.findElement(By.id("scene-error")).getText()
                    .contains("bodies[0]"));
            assertFalse(browser.findElement(By.id("loading")).isDisplayed());
            assertEquals("boxes.json", get(server, "/api/scenes").get("current").asText(), "nothing changed");
            screenshot("viewer-scene-error.png");
            noErrors("/api/scenes/load");
        }
    }

    @Test
    void inspectorTimingSettingsAndCameraFollowTheSelectedBody() throws Exception {
        Scene boxes = SceneReader.parse(ViewerPanelsTest.BOXES, "boxes", Path.of("."));
        try (ViewerServer server = new ViewerServer(boxes, "boxes", 0)) {
            openPage(server);
            // The first frames may still be framing the camera on a loaded machine.
            await("the resting box is drawn inside the window", () -> Boolean.TRUE.equals(js(
                    "const p = window.ricochet.screenOf('resting');"
                    + " return p[0] >= 0 && p[1] >= 0 && p[0] < innerWidth && p[1] < innerHeight")));
            List<?> at = (List<?>) js("return window.ricochet.screenOf('resting')");
            new Actions(browser).moveToLocation(((Number) at.get(0)).intValue(), ((Number) at.get(1)).intValue())
                    .click().perform();
            await("the inspector shows the clicked box", () -> browser.findElement(By.id("i-name")).getText()
                    .equals("resting (dynamic)"));
            assertEquals("62.50 kg", browser.findElement(By.id("i-mass")).getText(), "500 kg/m^3 times (0.5 m)^3");
            browser.findElement(By.tagName("body")).sendKeys("l");
            await("its contacts are listed", () -> browser.findElement(By.id("i-contacts")).getText()
                    .matches("[4-9] touching.*"));

            browser.findElement(By.cssSelector("#timing summary")).click();
            await("the timing table fills", () -> browser.findElements(By.cssSelector("#timing-table tr")).size()
                    == ricochet.world.Profile.Stage.values().length + 2);
            assertTrue(browser.findElement(By.id("timing-table")).getText().contains("find contacts"));

            WebElement gy = browser.findElement(By.name("g1"));
            gy.sendKeys("-2");
            browser.findElement(By.name("threads")).sendKeys("2");
            browser.findElement(By.cssSelector("#world button[type=submit]")).click();
            await("the world takes the settings", () -> {
                JsonNode w = get(server, "/api/world");
                return w.get("gravity").get(1).asDouble() == -2 && w.get("threads").asInt() == 2;
            });
            // Above the engine's limit (the field has no max, so the page sends it and the server refuses it).
            browser.findElement(By.name("iterations")).sendKeys("5000");
            browser.findElement(By.cssSelector("#world button[type=submit]")).click();
            await("a bad setting is named", () -> browser.findElement(By.id("world-error")).getText()
                    .startsWith("iterations"));

            // Launched again, the world is built with the settings: the high box falls at 2 m/s^2.
            browser.findElement(By.tagName("body")).sendKeys("l");
            await("launched again", () -> get(server, "/api/state").get("time").asDouble() > 0.3);
            js("window.ricochet.select('high')");
            browser.findElement(By.id("follow")).click();
            Thread.sleep(1500);
            List<?> seen = (List<?>) js("return window.ricochet.screenOf('high')");
            List<?> centre = (List<?>) js("const r = document.querySelector('#view canvas').getBoundingClientRect();"
                    + " return [r.left + r.width / 2, r.top + r.height / 2]");
            double off = Math.hypot(((Number) seen.get(0)).doubleValue() - ((Number) centre.get(0)).doubleValue(),
                    ((Number) seen.get(1)).doubleValue() - ((Number) centre.get(1)).doubleValue());
            JsonNode high = get(server, "/api/inspect?body=high");
            assertTrue(high.get("velocity").get(1).asDouble() < -1, "the followed box is falling: " + high);
            assertTrue(off < 3, "the followed box stays in the middle of the view (" + off + " px off)");
            js("document.getElementById('timeline-panel').scrollIntoView()");
            screenshot("viewer-panels.png");

            browser.findElement(By.id("screenshot")).click();
            await("the screenshot is taken", () -> js("return window.ricochet.screenshot && window.ricochet.screenshot.url")
                    != null);
            String url = String.valueOf(js("return window.ricochet.screenshot.url"));
            assertTrue(url.startsWith("data:image/png;base64,"), url.substring(0, 40));
            byte[] png = Base64.getDecoder().decode(url.substring("data:image/png;base64,".length()));
            Files.write(Path.of("target", "viewer-screenshot-button.png"), png);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertEquals(((Number) js("return document.querySelector('#view canvas').width")).intValue(), image.getWidth());
            assertTrue(colours(png) > 10, "the downloaded image holds the drawn scene, not a blank canvas");
            assertTrue(String.valueOf(js("return window.ricochet.screenshot.name")).startsWith("ricochet-boxes-step"));

            browser.findElement(By.id("reset-view")).click();
            assertFalse(browser.findElement(By.id("follow")).isSelected(), "reset view stops following");
            noErrors("/api/world");
        }
    }

    @Test
    void timelineRewindsToAnEarlierStepAndGoesOnToTheSameState() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("pyramid"), "pyramid", 0)) {
            openPage(server);
            int k = 23;
            int n = 35;
            for (int i = 0; i < k; i++) {
                post(server, "/api/step");
            }
            String atK = get(server, "/api/timeline").get("stateHash").asText();
            for (int i = k; i < n; i++) {
                post(server, "/api/step");
            }
            String atN = get(server, "/api/timeline").get("stateHash").asText();
            await("the slider spans the recording", () -> "35".equals(browser.findElement(By.id("timeline"))
                    .getAttribute("max")));
            js("const s = document.getElementById('timeline'); s.value = " + k + ";"
                    + " s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));");
            await("rewound to step k", () -> get(server, "/api/timeline").get("step").asLong() == k);
            assertEquals(atK, get(server, "/api/timeline").get("stateHash").asText(), "the state of step k again");
            await("the slider shows it", () -> browser.findElement(By.id("timeline-step")).getText()
                    .startsWith("step " + k + " "));
            drawnAgain();
            js("document.getElementById('timeline-panel').scrollIntoView()");
            screenshot("viewer-timeline.png");
            WebElement page = browser.findElement(By.tagName("body"));
            for (int i = k; i < n; i++) {
                page.sendKeys(".");
                int want = i + 1;
                await("step " + want, () -> get(server, "/api/state").get("step").asLong() == want);
            }
            assertEquals(atN, get(server, "/api/timeline").get("stateHash").asText(),
                    "going on from the rewind gives the first run's state");
            noErrors();
        }
    }
}
