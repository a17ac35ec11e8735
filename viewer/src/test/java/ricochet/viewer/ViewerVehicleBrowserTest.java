package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import ricochet.scenes.BuiltinScenes;

/**
 * The vehicle on the page in headless chromium: {@code car-brake} driven forward with the up arrow,
 * its wheels drawn where the server puts them, its plots, and a screenshot kept in
 * {@code target/viewer-vehicle.png}. Skipped (an assumption) only where chromium or chromedriver is
 * not installed.
 */
class ViewerVehicleBrowserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> CHROMIUM = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVER = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

    private static ChromeDriver browser;

    private static String firstExecutable(List<String> paths) {
        for (String p : paths) {
            if (new File(p).canExecute()) {
                return p;
            }
        }
        String command = new File(paths.get(0)).getName();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File f = new File(dir, command);
            if (!dir.isEmpty() && f.canExecute()) {
                return f.getPath();
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

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, () -> "timed out waiting until " + what + "; the page says: "
                    + js("return document.getElementById('error').textContent + ' ' + JSON.stringify(window.ricochet)"));
            Thread.sleep(50);
        }
    }

    private static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private static JsonNode car(ViewerServer server) {
        try {
            return get(server, "/api/vehicles").get("vehicles").get("car");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double chassisZ(ViewerServer server) {
        try {
            return get(server, "/api/state").get("bodies").get("car").get("position").get(2).asDouble();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The page's drawn wheels of the first vehicle, as {@code window.ricochet.vehicles[0]} holds them. */
    private static JsonNode drawn() {
        try {
            return JSON.readTree((String) js("return JSON.stringify(window.ricochet.vehicles[0])"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void upArrowDrivesCarBrakeForwardAndTheWheelsFollow() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("car-brake"), "car-brake", 0)) {
            browser.get("about:blank");
            browser.manage().logs().get(LogType.BROWSER);
            browser.get(server.url());
            await("the page is ready",
                () -> Boolean.TRUE.equals(js("return !!(window.ricochet && window.ricochet.ready)")));
            assertTrue(browser.findElement(By.id("vehicle-keys")).isDisplayed(), "the key help is shown");
            assertEquals(4, ((Number) js("return document.querySelectorAll('#vehicle .uplot').length")).intValue(),
                    "speed, rpm, slip ratio and slip angle plots");
            double z0 = chassisZ(server);

            // A key typed into a text field is the field's, not the car's.
            browser.findElement(By.name("dt")).click();
            browser.findElement(By.name("dt")).sendKeys(Keys.ARROW_UP);
            Thread.sleep(300);
            assertFalse(get(server, "/api/state").get("launched").asBoolean(), "the field kept the key");
            js("document.activeElement.blur()");

            new Actions(browser).keyDown(Keys.ARROW_UP).pause(1500).keyUp(Keys.ARROW_UP).perform();
            await("the car drove forward", () -> chassisZ(server) > z0 + 1);
            JsonNode car = car(server);
            assertTrue(car.get("driven").asBoolean(), "the keys took it over from its track");
            await("the key's release reached the server",
                () -> car(server).get("input").get("throttle").asDouble() == 0);
            assertTrue(car(server).get("speed").asDouble() > 0.5, "rolling forward, +z");

            // The page draws each wheel where the server puts it: pause, then compare.
            browser.findElement(By.tagName("body")).sendKeys("p");
            await("paused", () -> {
                try {
                    return get(server, "/api/state").get("paused").asBoolean();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JsonNode still = car(server);
            await("the drawn wheels are the server's", () -> {
                JsonNode d = drawn();
                for (int i = 0; i < 4; i++) {
                    for (int k = 0; k < 3; k++) {
                        double a = d.get("wheels").get(i).get("position").get(k).asDouble();
                        double b = still.get("wheels").get(i).get("position").get(k).asDouble();
                        if (Math.abs(a - b) > 1e-9) {
                            return false;
                        }
                    }
                }
                return true;
            });
            JsonNode d = drawn();
            assertTrue(d.get("speed").asDouble() > 0.5);
            assertTrue(d.get("rpm").asDouble() > 0);
            assertTrue(js("return document.getElementById('v-driver').textContent").toString().contains("keys"),
                    "the panel says the keys drive it");
            js("document.getElementById('vehicle').scrollIntoView()");
            Files.write(Path.of("target", "viewer-vehicle.png"), browser.getScreenshotAs(OutputType.BYTES));
            List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                    .map(LogEntry::toString).collect(Collectors.toList());
            assertTrue(errors.isEmpty(), "JavaScript errors: " + errors);
            browser.get("about:blank");
        }
    }
    @Test
    void downArrowBrakesThenBacksTheCarUp() throws Exception {
        try (ViewerServer server = new ViewerServer(BuiltinScenes.load("car-brake"), "car-brake", 0)) {
            browser.get("about:blank");
            browser.get(server.url());
            await("the page is ready",
                () -> Boolean.TRUE.equals(js("return !!(window.ricochet && window.ricochet.ready)")));
            new Actions(browser).keyDown(Keys.ARROW_UP).pause(2000).keyUp(Keys.ARROW_UP).perform();
            await("rolling forward", () -> car(server).get("speed").asDouble() > 2);
            new Actions(browser).keyDown(Keys.ARROW_DOWN).perform();
            await("braking while it rolls forward", () -> {
                JsonNode in = car(server).get("input");
                return in.get("brake").asDouble() == 1 && in.get("throttle").asDouble() == 0;
            });
            double zBraking = chassisZ(server);
            await("backing up in reverse once stopped", () -> {
                JsonNode c = car(server);
                return c.get("input").get("throttle").asDouble() == -1 && c.get("input").get("brake").asDouble() == 0
                        && c.get("gear").asInt() == -1 && c.get("speed").asDouble() < -1;
            });
            await("it backs past where it braked", () -> chassisZ(server) < zBraking - 1);
            new Actions(browser).keyUp(Keys.ARROW_DOWN).perform();
            await("the key's release reached the server",
                () -> car(server).get("input").get("throttle").asDouble() == 0);
            browser.get("about:blank");
        }
    }
}
