package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import ricochet.scenes.BuiltinScenes;

/**
 * Another web page open in the same browser must not drive the viewer: requests under a foreign
 * {@code Host} (DNS rebinding) and state-changing requests or WebSocket upgrades from a foreign
 * {@code Origin} are refused with 403. Raw sockets, since HTTP clients will not send a forged Host.
 */
class ViewerOriginTest {

    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new ViewerServer(BuiltinScenes.load("wall"), "wall", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The status code of one request with the given Host and, unless null, Origin. */
    private static int status(String method, String path, String host, String origin, String extra)
            throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            String body = method.equals("POST") ? "{}" : "";
            String request = method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n"
                    + (origin == null ? "" : "Origin: " + origin + "\r\n") + extra
                    + (method.equals("POST") ? "Content-Type: application/json\r\nContent-Length: "
                            + body.length() + "\r\n" : "")
                    + (extra.contains("Connection:") ? "" : "Connection: close\r\n") + "\r\n" + body;
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            // "HTTP/1.1 403 Forbidden"
            return Integer.parseInt(line.toString().split(" ")[1]);
        }
    }

    private static String own() {
        return "127.0.0.1:" + server.port();
    }

    @Test
    void foreignHostIsRefused() throws IOException {
        assertEquals(403, status("GET", "/api/state", "evil.example", null, ""));
        assertEquals(403, status("GET", "/", "evil.example:" + server.port(), null, ""));
        assertEquals(403, status("POST", "/api/pause", "evil.example", null, ""));
        assertEquals(200, status("GET", "/api/state", own(), null, ""));
        assertEquals(200, status("GET", "/api/state", "localhost:" + server.port(), null, ""));
        assertEquals(200, status("GET", "/api/state", "[::1]:" + server.port(), null, ""));
    }

    @Test
    void stateChangingRequestFromAForeignOriginIsRefused() throws IOException {
        for (String path : new String[] {"/api/params", "/api/launch", "/api/reset"}) {
            assertEquals(403, status("POST", path, own(), "http://evil.example", ""), path);
            assertEquals(403, status("POST", path, own(), "null", ""), path);
            assertEquals(200, status("POST", path, own(), "http://" + own(), ""), path);
            // A client that is not a browser sends no Origin.
            assertEquals(200, status("POST", path, own(), null, ""), path);
        }
        // A page may read, as it could embed an image; reading is not refused by Origin.
        assertEquals(200, status("GET", "/api/state", own(), "http://evil.example", ""));
    }

    @Test
    void webSocketFromAForeignOriginIsRefused() throws IOException {
        String upgrade = "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
        String headers = upgrade.replace("Upgrade: websocket", "Upgrade: websocket\r\nConnection: Upgrade");
        assertEquals(403, status("GET", "/ws", own(), "http://evil.example", headers));
        assertEquals(403, status("GET", "/ws", "evil.example", "http://evil.example", headers));
        assertEquals(101, status("GET", "/ws", own(), "http://" + own(), headers));
    }
}
