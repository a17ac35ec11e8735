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
 * Errors give the line and column of what is wrong and never the file's text: a scene may name a
 * file that is not OBJ at all, and its content must not reach the message.
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
                    throw new ObjFormatException(source, lineNo, "column " + column(line, 0)
                            + ": a vertex needs 3 coordinates, got " + (tok.length - 1));
                }
                if (nv + 3 > v.length) {
                    v = Arrays.copyOf(v, 2 * v.length);
                }
                for (int k = 0; k < 3; k++) {
                    double c = parseCoordinate(tok[1 + k], line, 1 + k, source, lineNo);
                    v[nv++] = c;
                }
            } else if (tok[0].equals("f")) {
                int corners = tok.length - 1;
                if (corners < 3) {
                    throw new ObjFormatException(source, lineNo, "column " + column(line, 0)
                            + ": a face needs at least 3 vertices, got " + corners);
                }
                if (corners > face.length) {
                    face = new int[corners];
                }
                for (int k = 0; k < corners; k++) {
                    face[k] = parseIndex(tok[1 + k], nv / 3, line, 1 + k, source, lineNo);
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

    /**
     * The 1-based column where the {@code n}-th whitespace-separated token of {@code line} starts
     * (0 is the statement's keyword); only called to report an error.
     */
    static int column(String line, int n) {
        int i = 0;
        int len = line.length();
        for (int t = 0; ; t++) {
            while (i < len && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (t == n || i >= len) {
                return i + 1;
            }
            while (i < len && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
        }
    }

    private static double parseCoordinate(String tok, String line, int n, String source, int lineNo)
            throws ObjFormatException {
        double c;
        try {
            c = Double.parseDouble(tok);
        } catch (NumberFormatException e) {
            throw new ObjFormatException(source, lineNo, "column " + column(line, n) + ": not a number");
        }
        if (!Double.isFinite(c)) {
            throw new ObjFormatException(source, lineNo, "column " + column(line, n)
                    + ": coordinate is not finite");
        }
        return c;
    }

    private static int parseIndex(String tok, int vertexCount, String line, int n, String source, int lineNo)
            throws ObjFormatException {
        int slash = tok.indexOf('/');
        String head = slash < 0 ? tok : tok.substring(0, slash);
        int idx;
        try {
            idx = Integer.parseInt(head);
        } catch (NumberFormatException e) {
            throw new ObjFormatException(source, lineNo, "column " + column(line, n) + ": not a vertex index");
        }
        // OBJ indices are 1-based; negative ones count back from the last vertex read so far.
        int zeroBased = idx > 0 ? idx - 1 : vertexCount + idx;
        if (idx == 0 || zeroBased < 0 || zeroBased >= vertexCount) {
            // The index is a parsed integer, not the file's text.
            throw new ObjFormatException(source, lineNo, "column " + column(line, n) + ": vertex index " + idx
                    + " is out of range (1.."
                    + vertexCount + " defined so far)");
        }
        return zeroBased;
    }
}
