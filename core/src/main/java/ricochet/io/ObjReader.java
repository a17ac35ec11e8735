package ricochet.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import ricochet.geometry.TriangleMesh;

/**
 * Reads the geometry of a Wavefront OBJ file: {@code v} vertices and {@code f} faces (polygons are
 * fanned into triangles; {@code v/vt/vn} index forms and negative, relative indices are accepted).
 * Every other statement (normals, texture coordinates, groups, materials) is ignored.
 */
public final class ObjReader {

    private ObjReader() {
    }

    /** Reads {@code file}; a malformed file gives an {@link ObjFormatException} naming file and line. */
    public static TriangleMesh read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "OBJ file not found");
        }
    }

    /** Reads from a stream; {@code source} names it in error messages. */
    public static TriangleMesh read(InputStream in, String source) throws IOException {
        return read(new InputStreamReader(in, StandardCharsets.UTF_8), source);
    }

    private static TriangleMesh read(Reader reader, String source) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        double[] v = new double[3 * 1024];
        int nv = 0;
        int[] t = new int[3 * 1024];
        int nt = 0;
        int[] face = new int[16];
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String s = line.strip();
            if (s.isEmpty() || s.charAt(0) == '#') {
                continue;
            }
            String[] tok = s.split("\\s+");
            if (tok[0].equals("v")) {
                if (tok.length < 4) {
                    throw new ObjFormatException(source, lineNo, "a vertex needs 3 coordinates: '" + s + "'");
                }
                if (nv + 3 > v.length) {
                    v = Arrays.copyOf(v, 2 * v.length);
                }
                for (int k = 0; k < 3; k++) {
                    double c = parseCoordinate(tok[1 + k], source, lineNo);
                    v[nv++] = c;
                }
            } else if (tok[0].equals("f")) {
                int corners = tok.length - 1;
                if (corners < 3) {
                    throw new ObjFormatException(source, lineNo, "a face needs at least 3 vertices: '" + s + "'");
                }
                if (corners > face.length) {
                    face = new int[corners];
                }
                for (int k = 0; k < corners; k++) {
                    face[k] = parseIndex(tok[1 + k], nv / 3, source, lineNo);
                }
                for (int k = 1; k + 1 < corners; k++) {
                    if (nt + 3 > t.length) {
                        t = Arrays.copyOf(t, 2 * t.length);
                    }
                    t[nt++] = face[0];
                    t[nt++] = face[k];
                    t[nt++] = face[k + 1];
                }
            }
        }
        if (nv == 0) {
            throw new ObjFormatException(source, lineNo, "no vertices ('v' lines) in the file");
        }
        return new TriangleMesh(Arrays.copyOf(v, nv), Arrays.copyOf(t, nt));
    }

    private static double parseCoordinate(String tok, String source, int lineNo) throws ObjFormatException {
        double c;
        try {
            c = Double.parseDouble(tok);
        } catch (NumberFormatException e) {
            throw new ObjFormatException(source, lineNo, "not a number: '" + tok + "'");
        }
        if (!Double.isFinite(c)) {
            throw new ObjFormatException(source, lineNo, "coordinate is not finite: '" + tok + "'");
        }
        return c;
    }

    private static int parseIndex(String tok, int vertexCount, String source, int lineNo)
            throws ObjFormatException {
        int slash = tok.indexOf('/');
        String head = slash < 0 ? tok : tok.substring(0, slash);
        int idx;
        try {
            idx = Integer.parseInt(head);
        } catch (NumberFormatException e) {
            throw new ObjFormatException(source, lineNo, "not a vertex index: '" + tok + "'");
        }
        // OBJ indices are 1-based; negative ones count back from the last vertex read so far.
        int zeroBased = idx > 0 ? idx - 1 : vertexCount + idx;
        if (idx == 0 || zeroBased < 0 || zeroBased >= vertexCount) {
            throw new ObjFormatException(source, lineNo, "vertex index " + idx + " is out of range (1.."
                    + vertexCount + " defined so far)");
        }
        return zeroBased;
    }
}
