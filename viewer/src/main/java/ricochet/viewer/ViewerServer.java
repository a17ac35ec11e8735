package ricochet.viewer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import io.javalin.http.staticfiles.Location;
import io.javalin.websocket.WsContext;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.eclipse.jetty.websocket.api.WriteCallback;
import ricochet.io.scene.Scene;

/**
 * The viewer's HTTP server on 127.0.0.1: the page and its scripts from the class path (three.js
 * and uPlot from their WebJars), the API the README lists plus {@code /api/params},
 * {@code /api/scene}, {@code /api/joints}, the mouse drag ({@code /api/drag}, {@code /api/drag/move},
 * {@code /api/drag/end}), {@code /api/character/input}, {@code /api/vehicles} and
 * {@code /api/vehicle/input}, the panels' scene picker
 * ({@code /api/scenes}, {@code /api/scenes/load}), world settings ({@code /api/world}), timeline
 * ({@code /api/timeline}, {@code /api/timeline/rewind}), inspector ({@code /api/inspect}) and timing
 * ({@code /api/profile}), and {@code /ws}, which streams
 * {@link SimulationHost#frame} to every open tab.
 */
public final class ViewerServer implements AutoCloseable {

    /** Frames per second the WebSocket sends at most (a display's refresh; more is never drawn). */
    static final int MAX_FPS = 60;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SimulationHost host;
    private volatile String sceneName;
    private final Javalin app;
    private final ScheduledExecutorService broadcaster;
    /** Per tab: whether a frame is still being written to it; a busy tab skips frames. */
    private final Map<WsContext, AtomicBoolean> tabs = new ConcurrentHashMap<>();
    private long sentVersion = -1;
    private double[] frame;
    private long framesSent;
    private long framesDropped;

    /**
     * Builds the simulation and starts serving on 127.0.0.1.
     *
     * @param port 0 for any free port
     * @throws IllegalArgumentException when the scene cannot be simulated
     */
    public ViewerServer(Scene scene, String sceneName, int port) {
        this.host = new SimulationHost(scene);
        this.sceneName = sceneName;
        this.app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.staticFiles.enableWebjars();
            config.staticFiles.add(s -> {
                s.hostedPath = "/";
                s.directory = "/ricochet/viewer/web";
                s.location = Location.CLASSPATH;
            });
        });
        app.before(this::refuseForeign);
        app.wsBeforeUpgrade(ctx -> {
            refuseForeign(ctx);
            refuseForeignOrigin(ctx);
        });
        app.get("/api/state", ctx -> ctx.json(host.stateJson()));
        app.get("/api/contacts", ctx -> ctx.json(host.contactsJson()));
        app.get("/api/scene", ctx -> ctx.json(SceneGeometry.json(host.scene(), host, this.sceneName)));
        app.post("/api/launch", ctx -> command(ctx, host::launch));
        app.post("/api/reset", ctx -> command(ctx, host::reset));
        app.post("/api/pause", ctx -> command(ctx, host::togglePause));
        app.post("/api/step", ctx -> command(ctx, host::stepOnce));
        app.post("/api/params", this::params);
        app.get("/api/joints", ctx -> ctx.json(host.jointsJson()));
        app.get("/api/softbodies", ctx -> ctx.json(host.softBodiesJson()));
        app.post("/api/drag", ctx -> withBody(ctx, host::startDrag));
        app.post("/api/drag/move", ctx -> withBody(ctx, host::moveDrag));
        app.post("/api/drag/end", ctx -> command(ctx, host::endDrag));
        app.post("/api/character/input", ctx -> withBody(ctx, host::characterInput));
        app.get("/api/scenes", ctx -> ctx.json(ViewerScenes.list(this.sceneName)
                .put("generation", host.sceneGeneration())));
        app.post("/api/scenes/load", ctx -> withBody(ctx, body -> {
            ViewerScenes.Loaded next = ViewerScenes.parse(body);
            host.loadScene(next.scene());
            this.sceneName = next.name();
        }));
        app.get("/api/world", ctx -> ctx.json(host.worldJson()));
        app.post("/api/world", ctx -> withBody(ctx, host::setWorld));
        app.get("/api/timeline", ctx -> ctx.json(host.timelineJson()));
        app.post("/api/timeline", ctx -> withBody(ctx, host::configureTimeline));
        app.post("/api/timeline/rewind", ctx -> withBody(ctx, host::rewind));
        app.get("/api/inspect", ctx -> read(ctx, () -> host.inspectJson(ctx.queryParam("body"))));
        app.get("/api/profile", ctx -> ctx.json(host.profileJson()));
        app.get("/api/vehicles", ctx -> ctx.json(host.vehiclesJson()));
        app.post("/api/vehicle/input", ctx -> withBody(ctx, host::vehicleInput));
        app.ws("/ws", ws -> {
            ws.onConnect(ctx -> {
                ctx.session.setIdleTimeout(java.time.Duration.ofHours(24));
                tabs.put(ctx, new AtomicBoolean());
                sendTo(ctx, tabs.get(ctx), encode(host.frame(null)));
            });
            ws.onClose(ctx -> tabs.remove(ctx));
            ws.onError(ctx -> tabs.remove(ctx));
        });
        app.start("127.0.0.1", port);
        broadcaster = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ricochet-viewer-ws");
            t.setDaemon(true);
            return t;
        });
        broadcaster.scheduleAtFixedRate(this::broadcast, 0, 1_000_000 / MAX_FPS, TimeUnit.MICROSECONDS);
    }

    /** The port actually bound. */
    public int port() {
        return app.port();
    }

    public String url() {
        return "http://127.0.0.1:" + port() + "/";
    }

    /**
     * Refuses, with 403, a request whose Host is not this server's own name (a DNS-rebinding page
     * reaches 127.0.0.1 under a name of its own) and a state-changing request whose Origin is another
     * page's: a browser lets any page POST to any address, and only the Origin header tells. A
     * request without Origin (curl, scripts) is the user's own.
     */
    private void refuseForeign(Context ctx) {
        String h = ctx.header("Host");
        if (h == null || !ownHosts().contains(h.toLowerCase(Locale.ROOT))) {
            throw new ForbiddenResponse("Host " + h + " is not this viewer's (" + ownHosts().get(0) + ")");
        }
        String method = ctx.method().name();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("OPTIONS")) {
            refuseForeignOrigin(ctx);
        }
    }

    /** Refuses a request sent by a page other than the viewer's own (absent Origin: not a page). */
    private void refuseForeignOrigin(Context ctx) {
        String origin = ctx.header("Origin");
        if (origin == null) {
            return;
        }
        String o = origin.toLowerCase(Locale.ROOT);
        if (!o.startsWith("http://") || !ownHosts().contains(o.substring("http://".length()))) {
            throw new ForbiddenResponse("Origin " + origin + " is not this viewer's page");
        }
    }

    /** The Host values this server answers to: its own address and port under each loopback name. */
    private List<String> ownHosts() {
        int p = port();
        return List.of("127.0.0.1:" + p, "localhost:" + p, "[::1]:" + p);
    }

    private void command(Context ctx, Runnable action) {
        ctx.json(host.apply(action));
    }

    private void params(Context ctx) {
        withBody(ctx, host::setParams);
    }

    /**
     * Runs a command that takes the request's JSON body and answers the state after it; a bad field
     * is answered 400 naming it, a command the scene cannot take (a drag in the lab world, a
     * character input in a scene without characters) 409.
     */
    private void withBody(Context ctx, Consumer<JsonNode> action) {
        JsonNode body;
        try {
            body = JSON.readTree(ctx.body());
        } catch (JsonProcessingException e) {
            bad(ctx, "body", "body: not JSON: " + e.getOriginalMessage());
            return;
        }
        try {
            ctx.json(host.apply(() -> action.accept(body)));
        } catch (ViewerParams.BadParam e) {
            bad(ctx, e.field, e.getMessage());
        } catch (SimulationHost.DragUnavailable | ViewerCharacters.Unavailable | ViewerVehicles.Unavailable e) {
            ctx.status(409).json(Map.of("error", e.getMessage()));
        }
    }

    /** Answers a read that names what it reads; a bad name is answered 400 naming the field. */
    private static void read(Context ctx, Supplier<JsonNode> reader) {
        try {
            ctx.json(reader.get());
        } catch (ViewerParams.BadParam e) {
            bad(ctx, e.field, e.getMessage());
        }
    }

    private static void bad(Context ctx, String field, String message) {
        ctx.status(400).json(Map.of("field", field, "error", message));
    }

    private void broadcast() {
        try {
            long v = host.version();
            if (v == sentVersion || tabs.isEmpty()) {
                return;
            }
            sentVersion = v;
            frame = host.frame(frame);
            ByteBuffer bytes = encode(frame);
            for (Map.Entry<WsContext, AtomicBoolean> tab : tabs.entrySet()) {
                sendTo(tab.getKey(), tab.getValue(), bytes.duplicate());
            }
        } catch (RuntimeException e) {
            // A tab closing mid-send must not stop the schedule (an exception would cancel it).
            System.err.println("viewer: frame not sent: " + e);
        }
    }

    private static ByteBuffer encode(double[] f) {
        ByteBuffer b = ByteBuffer.allocate(8 * f.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asDoubleBuffer().put(f);
        return b;
    }

    /** Sends unless the previous frame to this tab is still on its way: a slow tab drops frames. */
    private void sendTo(WsContext ctx, AtomicBoolean busy, ByteBuffer bytes) {
        if (!ctx.session.isOpen() || !busy.compareAndSet(false, true)) {
            framesDropped++;
            return;
        }
        framesSent++;
        ctx.session.getRemote().sendBytes(bytes, new WriteCallback() {
            @Override
            public void writeFailed(Throwable x) {
                busy.set(false);
            }

            @Override
            public void writeSuccess() {
                busy.set(false);
            }
        });
    }

    long framesSent() {
        return framesSent;
    }

    long framesDropped() {
        return framesDropped;
    }

    SimulationHost host() {
        return host;
    }

    @Override
    public void close() {
        broadcaster.shutdownNow();
        app.stop();
        host.close();
    }
}
