package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.io.trajectory.ParticleWriter;
import ricochet.math.IntegrationRule;

/** {@code validate} and {@code run} on scenes with cloths and soft bodies: bad input with its JSON path, outputs. */
class SoftCliTest {

    @TempDir
    Path dir;

    Path write(String cloths, String softBodies) throws IOException {
        Path scene = dir.resolve("soft.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}},
                            {"name": "pole", "type": "dynamic", "shape": {"type": "sphere", "radius": 0.1},
                             "position": [0, 2, 0]}],
                 "cloths": [%s], "softBodies": [%s]}
                """.formatted(cloths, softBodies));
        return scene;
    }

    /** A 1 x 0.5 m cloth of 4 x 2 cells with {@code extra} keys (each followed by a comma). */
    Path cloth(String extra) throws IOException {
        return write("{\"name\": \"flag\", \"position\": [0, 1, 0], " + extra
                + "\"size\": [1, 0.5], \"resolution\": [4, 2]}", "");
    }

    /** A 0.2 m cube of resolution 2 with {@code extra} keys (each followed by a comma). */
    Path cube(String extra) throws IOException {
        return write("", "{\"name\": \"jelly\", \"position\": [1, 0.5, 0], " + extra
                + "\"shape\": {\"type\": \"box\", \"halfExtents\": [0.1, 0.1, 0.1]}}");
    }

    String problems(Path scene) {
        Path out = dir.resolve("out.csv");
        Path particles = dir.resolve("particles.csv");
        CliResult v = CliResult.run("validate", scene.toString());
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "2", "--out", out.toString(),
                "--particles", particles.toString());
        assertEquals(2, v.code, v.out + v.err);
        assertEquals(2, r.code, r.out + r.err);
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(particles));
        return v.out + v.err;
    }

    @Test
    void badClothsAreReportedWithTheirPath() throws IOException {
        String zero = problems(write("{\"name\": \"flag\", \"size\": [1, 1], \"resolution\": [0, 4]}", ""));
        assertTrue(zero.contains("$.cloths[0].resolution[0]: resolution[0] must be >= 1, got 0"), zero);
        assertTrue(problems(cloth("\"stretchCompliance\": -1e-3, "))
                .contains("$.cloths[0].stretchCompliance: stretchCompliance must be >= 0, got -0.001"));
        String pin = problems(cloth("\"pins\": [[0, 2], [5, 2]], "));
        assertTrue(pin.contains("$.cloths[0].pins[1]: particle [5, 2] lies outside the grid [0..4] x [0..2]"), pin);
        assertTrue(problems(cloth("\"bendCompliance\": NaN, ")).contains("$.cloths[0].bendCompliance"));
        assertTrue(problems(cloth("\"wind\": 3, ")).contains("$.cloths[0].wind: unknown key 'wind'"));
        assertTrue(problems(write("{\"name\": \"flag\", \"size\": [1, 0], \"resolution\": [2, 2]}", ""))
                .contains("$.cloths[0].size[1]: size[1] must be > 0, got 0.0"));
        assertTrue(problems(cloth("\"thickness\": 0, ")).contains("$.cloths[0].thickness"));
        assertTrue(problems(cloth("\"attachments\": [{\"particle\": [0, 2], \"body\": \"mast\", \"anchor\": [0, 1, 0]}], "))
                .contains("$.cloths[0].attachments[0].body: no body named 'mast'"));
        assertTrue(problems(cloth("\"attachments\": [{\"particle\": [9, 2], \"body\": \"pole\", \"anchor\": [0, 1, 0]}], "))
                .contains("$.cloths[0].attachments[0].particle: particle [9, 2] lies outside the grid"));
        assertTrue(problems(write("{\"name\": \"ground\", \"size\": [1, 1], \"resolution\": [2, 2]}", ""))
                .contains("$.cloths[0].name: cloth name 'ground' is taken (first at $.bodies[0])"));
        assertTrue(problems(write("{\"name\": \"flag\", \"resolution\": [2, 2]}", ""))
                .contains("$.cloths[0]: missing required key 'size'"));
    }

    @Test
    void badSoftBodiesAreReportedWithTheirPath() throws IOException {
        assertTrue(problems(cube("\"resolution\": 0, ")).contains("$.softBodies[0].resolution: resolution must be >= 1"));
        assertTrue(problems(cube("\"volumeCompliance\": -1, ")).contains("$.softBodies[0].volumeCompliance"));
        assertTrue(problems(cube("\"density\": NaN, ")).contains("$.softBodies[0].density"));
        assertTrue(problems(cube("\"squish\": true, ")).contains("$.softBodies[0].squish: unknown key"));
        // A tetrahedron with one face missing: three triangles leave three edges unshared.
        String open = problems(write("", "{\"name\": \"tent\", \"shape\": {\"type\": \"mesh\","
                + " \"vertices\": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],"
                + " \"triangles\": [[0, 2, 1], [0, 1, 3], [0, 3, 2]]}}"));
        assertTrue(open.contains("$.softBodies[0].shape: mesh is not closed"), open);
        String capsule = problems(write("", "{\"name\": \"pill\", \"shape\": {\"type\": \"capsule\","
                + " \"radius\": 0.1, \"halfHeight\": 0.2}}"));
        assertTrue(capsule.contains("$.softBodies[0].shape.type: a soft body's shape must be one of box, sphere,"
                + " mesh, got 'capsule'"), capsule);
    }

    @Test
    void anIntegratorIsReadForClothsAndSoftBodiesAndDefaultsToSemiImplicit() throws IOException, SceneException {
        for (IntegrationRule rule : IntegrationRule.values()) {
            String key = "\"integrator\": \"" + rule.key() + "\", ";
            assertEquals(rule, SceneReader.read(cloth(key)).cloths().get(0).def().integrator());
            assertEquals(rule, SceneReader.read(cube(key)).softBodies().get(0).def().integrator());
        }
        Scene plain = SceneReader.read(write("{\"name\": \"flag\", \"size\": [1, 0.5], \"resolution\": [4, 2]}",
                "{\"name\": \"jelly\", \"shape\": {\"type\": \"sphere\", \"radius\": 0.1}}"));
        assertEquals(IntegrationRule.SEMI_IMPLICIT, plain.cloths().get(0).def().integrator());
        assertEquals(IntegrationRule.SEMI_IMPLICIT, plain.softBodies().get(0).def().integrator());
    }

    @Test
    void anUnknownIntegratorIsRefusedWithItsPathAndTheNames() throws IOException {
        String names = "must be one of: explicit-euler, semi-implicit, implicit-euler, midpoint, trapezoid, leapfrog;"
                + " got \"rk4\"";
        String cloth = problems(cloth("\"integrator\": \"rk4\", "));
        assertTrue(cloth.contains("$.cloths[0].integrator: ") && cloth.contains(names), cloth);
        String cube = problems(cube("\"integrator\": \"rk4\", "));
        assertTrue(cube.contains("$.softBodies[0].integrator: ") && cube.contains(names), cube);
        assertTrue(problems(cube("\"integrator\": 2, ")).contains("$.softBodies[0].integrator"));
    }

    @Test
    void runWritesOneRowPerSoftBodyAndEveryParticle() throws IOException {
        Path scene = write("{\"name\": \"flag\", \"position\": [0, 1, 0], \"size\": [1, 0.5], \"resolution\": [4, 2],"
                        + " \"pins\": [[0, 2], [4, 2]]}",
                "{\"name\": \"jelly\", \"position\": [1, 0.5, 0], \"resolution\": 2,"
                        + " \"shape\": {\"type\": \"box\", \"halfExtents\": [0.1, 0.1, 0.1]}}");
        assertEquals(0, CliResult.run("validate", scene.toString()).code);
        Path csv = dir.resolve("run.csv");
        Path particles = dir.resolve("particles.csv");
        Path events = dir.resolve("events.jsonl");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "20", "--every", "10", "--out", csv.toString(),
                "--particles", particles.toString(), "--events", events.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(Files.exists(events));
        List<String> rows = Files.readAllLines(csv);
        // 3 frames (0, 10, 20) of 2 bodies, 1 cloth, 1 soft body.
        assertEquals(1 + 3 * 4, rows.size());
        String[] flag = rows.get(3).split(",");
        assertEquals("flag", flag[2]);
        assertEquals("0.0,0.0,0.0,1.0", String.join(",", flag[6], flag[7], flag[8], flag[9]));
        // A cloth hung from its top corners starts at rest with its centre of mass on its centre line.
        assertEquals(0, Double.parseDouble(flag[3]), 1e-12);
        assertEquals(0, Double.parseDouble(flag[10]), 0);

        List<String> p = Files.readAllLines(particles);
        assertEquals(ParticleWriter.HEADER, p.get(0));
        int perFrame = 5 * 3 + countJelly(p);
        assertEquals(1 + 3 * perFrame, p.size());
        // Particle [i, j] of the cloth is i + j (nx + 1): [4, 2] is 14, at (0.5, 0.25) from the centre.
        String[] corner = p.get(1 + 14).split(",");
        assertEquals("flag", corner[2]);
        assertEquals("14", corner[3]);
        assertEquals(0.5, Double.parseDouble(corner[4]), 1e-12);
        assertEquals(1.25, Double.parseDouble(corner[5]), 1e-12);
        // A pinned particle stays where it started.
        String last = p.get(1 + 2 * perFrame + 14);
        assertEquals("20", last.split(",")[0]);
        assertEquals(corner[4] + "," + corner[5] + "," + corner[6], String.join(",",
                List.of(last.split(",")).subList(4, 7)));
    }

    private static int countJelly(List<String> lines) {
        int n = 0;
        for (String l : lines) {
            String[] f = l.split(",");
            if (f[0].equals("0") && f[2].equals("jelly")) {
                n++;
            }
        }
        return n;
    }

    @Test
    void particlesMustBeCsv() throws IOException {
        Path scene = cloth("");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "1", "--particles",
                dir.resolve("p.json").toString());
        assertEquals(2, r.code);
        assertTrue(r.err.contains("--particles"), r.err);
    }
}
