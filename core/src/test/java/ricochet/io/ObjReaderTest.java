package ricochet.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.geometry.TriangleMesh;

class ObjReaderTest {

    @TempDir
    Path dir;

    /** The cube [-1, 1]^3, corners numbered 1..8 as in the OBJ file (binary x, y, z with z slowest). */
    private static final String CUBE_VERTICES = String.join("\n",
            "v -1 -1 -1", "v 1 -1 -1", "v 1 1 -1", "v -1 1 -1",
            "v -1 -1 1", "v 1 -1 1", "v 1 1 1", "v -1 1 1");

    /** Its six quads, counter-clockwise seen from outside (1-based, as written in the file). */
    private static final int[][] CUBE_QUADS = {
        {1, 4, 3, 2}, {5, 6, 7, 8}, {1, 2, 6, 5}, {4, 8, 7, 3}, {1, 5, 8, 4}, {2, 3, 7, 6}};

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** The cube's face lines, each corner written as {@code corner.apply(index)}. */
    private static String cubeFaces(IntFunction<String> corner) {
        StringBuilder sb = new StringBuilder();
        for (int[] quad : CUBE_QUADS) {
            sb.append('f');
            for (int i : quad) {
                sb.append(' ').append(corner.apply(i));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** What fanning the quads must give: (a, b, c) and (a, c, d), 0-based. */
    private static int[] expectedCubeTriangles() {
        int[] t = new int[36];
        int n = 0;
        for (int[] q : CUBE_QUADS) {
            for (int k : new int[] {q[0], q[1], q[2], q[0], q[2], q[3]}) {
                t[n++] = k - 1;
            }
        }
        return t;
    }

    /** Divergence theorem: the volume is the sum of a . (b x c) / 6 over outward-wound triangles. */
    private static double signedVolume(TriangleMesh mesh) {
        int[] t = mesh.triangles();
        double sum = 0;
        for (int i = 0; i < t.length; i += 3) {
            int a = t[i], b = t[i + 1], c = t[i + 2];
            double cx = mesh.y(b) * mesh.z(c) - mesh.z(b) * mesh.y(c);
            double cy = mesh.z(b) * mesh.x(c) - mesh.x(b) * mesh.z(c);
            double cz = mesh.x(b) * mesh.y(c) - mesh.y(b) * mesh.x(c);
            sum += mesh.x(a) * cx + mesh.y(a) * cy + mesh.z(a) * cz;
        }
        return sum / 6;
    }

    @Test
    void cubeOfQuadsBecomesTwelveOutwardTriangles() throws IOException {
        String text = "# a cube\no cube\nmtllib cube.mtl\n" + CUBE_VERTICES
                + "\nvn 0 0 1\nvt 0.5 0.5\ng sides\nusemtl grey\ns off\n" + cubeFaces(Integer::toString);
        TriangleMesh mesh = ObjReader.read(write("cube.obj", text));
        assertEquals(8, mesh.vertexCount());
        assertEquals(12, mesh.triangleCount(), "6 quads, 2 triangles each");
        assertArrayEquals(expectedCubeTriangles(), mesh.triangles());
        assertArrayEquals(new double[] {-1, -1, -1, 1, 1, 1}, mesh.bounds(), 0);
        // Side 2: volume 8, positive only if fanning kept the counter-clockwise winding. Small integer
        // coordinates make every product exact.
        assertEquals(8, signedVolume(mesh), 0);
    }

    @Test
    void slashFormsAndNegativeIndicesGiveTheSameMesh() throws IOException {
        TriangleMesh plain = ObjReader.read(
                write("plain.obj", CUBE_VERTICES + "\n" + cubeFaces(Integer::toString)));
        String[] forms = {
            cubeFaces(i -> i + "/" + i + "/" + i),
            cubeFaces(i -> i + "//" + i),
            cubeFaces(i -> i + "/" + i),
            // After all 8 vertices, -1 is vertex 8 and -8 is vertex 1: i - 9.
            cubeFaces(i -> Integer.toString(i - 9)),
            cubeFaces(i -> (i - 9) + "/" + (i - 9) + "/" + (i - 9)),
        };
        for (String faces : forms) {
            TriangleMesh mesh = ObjReader.read(write("form.obj", CUBE_VERTICES + "\n" + faces));
            assertEquals(plain, mesh, faces);
        }
    }

    @Test
    void negativeIndicesCountBackFromTheVerticesReadSoFar() throws IOException {
        String text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 0 0 1\nv 1 0 1\nv 0 1 1\nf -3 -2 -1\n";
        TriangleMesh mesh = ObjReader.read(write("relative.obj", text));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, mesh.triangles());
    }

    @Test
    void whitespaceLineEndingsAndOptionalWeightAreTolerated() throws IOException {
        String text = "  v\t1 2 3 1.0\r\n\r\nv 4  5 6\r\n\tv 7 8 9   \r\nf 1\t2 3\r\n";
        TriangleMesh mesh = ObjReader.read(write("loose.obj", text));
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, mesh.vertices(), 0);
        assertArrayEquals(new int[] {0, 1, 2}, mesh.triangles());
    }

    @Test
    void largeGridAndLongPolygonAreReadWhole() throws IOException {
        // More vertices and triangles than the reader's initial buffers (1024 each), and a polygon longer
        // than its initial corner buffer (16).
        int n = 40;
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                sb.append("v ").append(i).append(' ').append(j).append(" 0\n");
            }
        }
        List<Integer> expected = new ArrayList<>();
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i, b = a + 1, c = a + n + 1, d = a + n;
                sb.append("f ").append(a + 1).append(' ').append(b + 1).append(' ').append(c + 1).append(' ')
                        .append(d + 1).append('\n');
                expected.addAll(List.of(a, b, c, a, c, d));
            }
        }
        int corners = 20;
        sb.append('f');
        for (int k = 0; k < corners; k++) {
            sb.append(' ').append(k + 1);
        }
        sb.append('\n');
        for (int k = 1; k + 1 < corners; k++) {
            expected.addAll(List.of(0, k, k + 1));
        }
        TriangleMesh mesh = ObjReader.read(write("grid.obj", sb.toString()));
        assertEquals(n * n, mesh.vertexCount());
        assertEquals(2 * (n - 1) * (n - 1) + corners - 2, mesh.triangleCount());
        assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), mesh.triangles());
        assertEquals(n - 1, mesh.x(n * n - 1), 0);
        assertEquals(n - 1, mesh.y(n * n - 1), 0);
    }

    @Test
    void streamIsReadUnderTheGivenName() throws IOException {
        byte[] bytes = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n".getBytes(StandardCharsets.UTF_8);
        TriangleMesh mesh = ObjReader.read(new ByteArrayInputStream(bytes), "memory");
        assertEquals(1, mesh.triangleCount());
        ObjFormatException e = assertThrows(ObjFormatException.class, () -> ObjReader.read(
                new ByteArrayInputStream("v 0 0 0\nf 1 1\n".getBytes(StandardCharsets.UTF_8)), "memory"));
        assertEquals("memory", e.source());
        assertTrue(e.getMessage().startsWith("memory:2: "), e.getMessage());
    }

    /**
     * Each case puts one bad line after the cube's vertices and first face, so its line number is
     * 8 + 1 + 1 = 10; the message must name the file and that line.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "v 1.0 abc 2   | not a number",
        "v 1 2         | 3 coordinates",
        "v 1 2 NaN     | not finite",
        "v 1e999 0 0   | not finite",
        "f 1 2         | at least 3",
        "f 0 1 2       | index 0",
        "f 1 2 9       | index 9",
        "f -9 1 2      | index -9",
        "f 1 2 x       | not a vertex index",
        "f 1/2/3 2 3.5 | not a vertex index",
    })
    void malformedLineIsReportedWithFileAndLine(String badLine, String problem) throws IOException {
        String text = CUBE_VERTICES + "\nf 1 2 3\n" + badLine + "\nf 4 5 6\n";
        Path file = write("bad.obj", text);
        int expectedLine = (int) CUBE_VERTICES.lines().count() + 2;
        ObjFormatException e = assertThrows(ObjFormatException.class, () -> ObjReader.read(file));
        assertEquals(expectedLine, e.line());
        assertEquals(file.toString(), e.source());
        assertTrue(e.getMessage().startsWith(file + ":" + expectedLine + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void faceBeforeItsVerticesIsOutOfRange() throws IOException {
        // OBJ indices refer to vertices already read; the face on line 2 comes before the third vertex.
        Path file = write("early.obj", "v 0 0 0\nf 1 2 3\nv 1 0 0\nv 0 1 0\n");
        ObjFormatException e = assertThrows(ObjFormatException.class, () -> ObjReader.read(file));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("1 defined so far"), e.getMessage());
    }

    @Test
    void fileWithoutVerticesIsRejectedAtItsEnd() throws IOException {
        Path file = write("empty.obj", "# nothing here\n\no nothing\n");
        ObjFormatException e = assertThrows(ObjFormatException.class, () -> ObjReader.read(file));
        assertEquals(3, e.line(), "the last line read");
        assertTrue(e.getMessage().startsWith(file + ":3: ") && e.getMessage().contains("no vertices"),
                e.getMessage());
    }

    @Test
    void missingFileIsNamed() {
        Path missing = dir.resolve("no-such.obj");
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> ObjReader.read(missing));
        assertEquals(missing.toString(), e.getFile());
        assertTrue(e.getMessage().contains("no-such.obj"), e.getMessage());
    }

    /**
     * A mesh path can name any file the user can read; its lines must not reach the error message,
     * which gives the line and the column of the bad token instead.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "v 1 TOPSECRET-TOKEN-12345 2  | 5",
        "v TOPSECRET-TOKEN-12345      | 1",
        "f 1 2 TOPSECRET-TOKEN-12345  | 7",
        "f TOPSECRET-TOKEN-12345      | 1",
        "'   v 1 2 TOPSECRET-TOKEN-NaN' | 10",
    })
    void malformedLineIsNotEchoedInTheMessage(String badLine, int column) throws IOException {
        Path file = write("secret.obj", CUBE_VERTICES + "\nf 1 2 3\n" + badLine + "\n");
        ObjFormatException e = assertThrows(ObjFormatException.class, () -> ObjReader.read(file));
        assertFalse(e.getMessage().contains("TOPSECRET"), e.getMessage());
        assertTrue(e.getMessage().contains("column " + column), e.getMessage());
    }
}
