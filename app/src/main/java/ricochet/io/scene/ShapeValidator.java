package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.QuickHull;
import ricochet.io.ObjFormatException;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Reads and checks a scene file's {@code shape} objects, compounds included. */
final class ShapeValidator {

    static final List<String> TYPES = List.of(
            "sphere", "box", "capsule", "cylinder", "convexHull", "mesh", "plane", "heightfield", "compound");

    /** Hull points closer than this fraction of the hull's extent to a line or plane span no volume. */
    static final double FLATNESS = 1e-9;

    /** Where an {@code obj} path leads; the caller decides what the path is relative to. */
    @FunctionalInterface
    interface MeshLoader {
        /**
         * @throws NoSuchFileException when there is no such file, naming where it looked
         * @throws ObjFormatException when the file is not valid OBJ
         */
        TriangleMesh load(String obj) throws IOException;
    }

    /** One OBJ load: the mesh, or the problem message for every body that names the file. */
    private record Loaded(TriangleMesh mesh, String problem) {
    }

    private final JsonChecks in;
    private final MeshLoader loader;
    // Many bodies may share one OBJ (a pile of bunnies); the file is read and parsed once.
    private final Map<String, Loaded> loaded = new HashMap<>();

    ShapeValidator(JsonChecks in, MeshLoader loader) {
        this.in = in;
        this.loader = loader;
    }

    /** The shape at {@code path}, or null when it has a problem (reported). */
    ShapeSpec shape(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        JsonNode typeNode = in.require(o, path, "type");
        String type = typeNode == null ? null : in.choice(typeNode, JsonChecks.key(path, "type"), TYPES);
        if (type == null) {
            // Without a type the allowed keys are unknown; reporting them all would only be noise.
            return null;
        }
        List<String> keys = keysOf(type);
        List<String> allowed = new ArrayList<>(keys);
        allowed.add("type");
        // The message lists the type's own keys: 'type' is evidently known, it chose the list.
        in.allowKeys(o, path, allowed, keys);
        return switch (type) {
            case "sphere" -> sphere(o, path);
            case "box" -> box(o, path);
            case "capsule", "cylinder" -> capsuleOrCylinder(o, path, type);
            case "convexHull" -> convexHull(o, path);
            case "mesh" -> mesh(o, path);
            case "plane" -> plane(o, path);
            case "heightfield" -> heightfield(o, path);
            case "compound" -> compound(o, path);
            default -> throw new IllegalStateException("shape type " + type + " has no reader");
        };
    }

    private static List<String> keysOf(String type) {
        return switch (type) {
            case "sphere" -> List.of("radius");
            case "box" -> List.of("halfExtents");
            case "capsule", "cylinder" -> List.of("radius", "halfHeight");
            case "convexHull" -> List.of("points");
            case "mesh" -> List.of("obj", "vertices", "triangles");
            case "plane" -> List.of("normal", "offset");
            case "heightfield" -> List.of("heights", "spacing");
            case "compound" -> List.of("children");
            default -> throw new IllegalStateException("shape type " + type + " has no keys");
        };
    }

    private ShapeSpec sphere(ObjectNode o, String path) {
        double r = in.number(o, path, "radius", Range.POSITIVE);
        return Double.isNaN(r) ? null : new ShapeSpec.Sphere(r);
    }

    private ShapeSpec box(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "halfExtents");
        if (n == null) {
            return null;
        }
        double[] h = in.numbers(n, JsonChecks.key(path, "halfExtents"), 3, "a vector [x, y, z]",
                Range.POSITIVE);
        return h == null ? null : new ShapeSpec.Box(Vec3.of(h));
    }

    private ShapeSpec capsuleOrCylinder(ObjectNode o, String path, String type) {
        double r = in.number(o, path, "radius", Range.POSITIVE);
        double h = in.number(o, path, "halfHeight", Range.POSITIVE);
        if (Double.isNaN(r) || Double.isNaN(h)) {
            return null;
        }
        return type.equals("capsule") ? new ShapeSpec.Capsule(r, h) : new ShapeSpec.Cylinder(r, h);
    }

    private ShapeSpec convexHull(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "points");
        String at = JsonChecks.key(path, "points");
        ArrayNode a = n == null ? null : in.array(n, at);
        if (a == null) {
            return null;
        }
        if (a.size() < 4) {
            in.report(at, "a convex hull needs at least 4 points, got " + a.size());
            return null;
        }
        List<Vec3> points = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            Vec3 p = in.vector(a.get(i), JsonChecks.index(at, i));
            if (p != null) {
                points.add(p);
            }
        }
        if (points.size() < a.size()) {
            return null;
        }
        String flat = degeneracy(points);
        if (flat != null) {
            in.report(at, flat + ": the hull has no volume");
            return null;
        }
        // The engine builds the hull with QuickHull: whatever it cannot build is a problem here too.
        double[] packed = new double[3 * points.size()];
        for (int i = 0; i < points.size(); i++) {
            points.get(i).into(packed, 3 * i);
        }
        try {
            QuickHull.build(packed);
        } catch (IllegalArgumentException e) {
            in.report(at, e.getMessage());
            return null;
        }
        return new ShapeSpec.ConvexHull(points);
    }

    /**
     * Null when the points span a volume, else how they fail to. Finds an approximate diameter
     * {@code ab} (the point farthest from the first, then the point farthest from that), the point
     * {@code c} farthest from line ab, then the largest distance from plane abc; each distance must
     * exceed {@link #FLATNESS} times |ab|. O(n), and exact enough: the approximate diameter is at
     * least half the true one.
     */
    static String degeneracy(List<Vec3> p) {
        Vec3 a = farthestFrom(p, p.get(0));
        Vec3 b = farthestFrom(p, a);
        Vec3 ab = b.minus(a);
        double extent = ab.length();
        if (!(extent > 0)) {
            return "all points are the same";
        }
        Vec3 c = a;
        double lineDist = 0;
        for (Vec3 q : p) {
            // |ab x aq| / |ab| is the distance of q from line ab.
            double d = ab.cross(q.minus(a)).length() / extent;
            if (d > lineDist) {
                lineDist = d;
                c = q;
            }
        }
        if (!(lineDist > FLATNESS * extent)) {
            return "the points are collinear";
        }
        Vec3 n = ab.cross(c.minus(a)).normalized();
        double planeDist = 0;
        for (Vec3 q : p) {
            planeDist = Math.max(planeDist, Math.abs(n.dot(q.minus(a))));
        }
        if (!(planeDist > FLATNESS * extent)) {
            return "the points are coplanar";
        }
        return null;
    }

    private static Vec3 farthestFrom(List<Vec3> points, Vec3 from) {
        Vec3 best = from;
        double bestD = -1;
        for (Vec3 q : points) {
            double d = q.minus(from).lengthSquared();
            if (d > bestD) {
                bestD = d;
                best = q;
            }
        }
        return best;
    }

    private ShapeSpec mesh(ObjectNode o, String path) {
        boolean hasObj = o.has("obj");
        boolean inline = o.has("vertices") || o.has("triangles");
        if (hasObj && inline) {
            in.report(path, "a mesh takes either 'obj' or 'vertices' and 'triangles', not both");
            return null;
        }
        if (!hasObj && !inline) {
            in.report(path, "missing required key 'obj' (or 'vertices' and 'triangles')");
            return null;
        }
        if (hasObj) {
            String at = JsonChecks.key(path, "obj");
            String obj = in.string(o.get("obj"), at);
            if (obj == null) {
                return null;
            }
            if (obj.isBlank()) {
                in.report(at, "obj must name a file, got " + JsonChecks.quote(obj));
                return null;
            }
            Loaded l = loaded.computeIfAbsent(obj, this::load);
            if (l.problem() != null) {
                in.report(at, l.problem());
                return null;
            }
            return new ShapeSpec.Mesh(l.mesh(), obj);
        }
        double[] vertices = inlineVertices(o, path);
        int[] triangles = inlineTriangles(o, path, vertices == null ? -1 : vertices.length / 3);
        if (vertices == null || triangles == null) {
            return null;
        }
        try {
            return new ShapeSpec.Mesh(new TriangleMesh(vertices, triangles), null);
        } catch (IllegalArgumentException e) {
            // The checks above cover what TriangleMesh checks; this is a second line of defence.
            in.report(path, e.getMessage());
            return null;
        }
    }

    private Loaded load(String obj) {
        try {
            return new Loaded(loader.load(obj), null);
        } catch (NoSuchFileException e) {
            return new Loaded(null, "OBJ file not found: " + obj + " (looked for " + e.getFile() + ")");
        } catch (InputFiles.Refused e) {
            return new Loaded(null, "OBJ file " + JsonChecks.quote(obj) + ": " + e.reason());
        } catch (ObjFormatException e) {
            return new Loaded(null, "malformed OBJ: " + e.getMessage());
        } catch (IOException e) {
            return new Loaded(null, "cannot read OBJ file " + obj + ": " + e);
        } catch (InvalidPathException e) {
            return new Loaded(null, "not a valid path: " + JsonChecks.quote(obj) + " (" + e.getReason()
                    + ")");
        } catch (IllegalArgumentException e) {
            return new Loaded(null, "malformed OBJ: " + obj + ": " + e.getMessage());
        }
    }

    /** Packed coordinates, or null (reported). */
    private double[] inlineVertices(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "vertices");
        String at = JsonChecks.key(path, "vertices");
        ArrayNode a = n == null ? null : in.array(n, at);
        if (a == null) {
            return null;
        }
        if (a.isEmpty()) {
            in.report(at, "a mesh needs at least 1 vertex, got 0");
            return null;
        }
        double[] out = new double[3 * a.size()];
        boolean ok = true;
        for (int i = 0; i < a.size(); i++) {
            Vec3 v = in.vector(a.get(i), JsonChecks.index(at, i));
            if (v == null) {
                ok = false;
            } else {
                out[3 * i] = v.x();
                out[3 * i + 1] = v.y();
                out[3 * i + 2] = v.z();
            }
        }
        return ok ? out : null;
    }

    /**
     * Packed 0-based indices, or null (reported). {@code vertexCount} is -1 when the vertices were
     * bad, so that indices are then only checked for being integers.
     */
    private int[] inlineTriangles(ObjectNode o, String path, int vertexCount) {
        JsonNode n = in.require(o, path, "triangles");
        String at = JsonChecks.key(path, "triangles");
        ArrayNode a = n == null ? null : in.array(n, at);
        if (a == null) {
            return null;
        }
        int[] out = new int[3 * a.size()];
        boolean ok = true;
        for (int t = 0; t < a.size(); t++) {
            String tri = JsonChecks.index(at, t);
            JsonNode abc = a.get(t);
            if (!abc.isArray() || abc.size() != 3) {
                in.report(tri, "expected a triangle [a, b, c] of vertex indices, got "
                        + (abc.isArray() ? abc.size() + " elements" : JsonChecks.describe(abc)));
                ok = false;
                continue;
            }
            for (int k = 0; k < 3; k++) {
                String corner = JsonChecks.index(tri, k);
                Integer idx = in.integer(abc.get(k), corner, Integer.MIN_VALUE);
                if (idx == null) {
                    ok = false;
                } else if (vertexCount >= 0 && (idx < 0 || idx >= vertexCount)) {
                    in.report(corner, "vertex index " + idx + " is out of range: the mesh has "
                            + (vertexCount == 1 ? "1 vertex (0)"
                                    : vertexCount + " vertices (0.." + (vertexCount - 1) + ")"));
                    ok = false;
                } else {
                    out[3 * t + k] = idx;
                }
            }
        }
        return ok ? out : null;
    }

    private ShapeSpec plane(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "normal");
        Vec3 normal = n == null ? null : in.direction(n, JsonChecks.key(path, "normal"));
        double offset = in.number(o, path, "offset", Range.ANY);
        if (normal == null || Double.isNaN(offset)) {
            return null;
        }
        // n.x <= d is the same half-space as (n/|n|).x <= d/|n|; scaling by the largest component
        // first keeps |n| finite for any finite n.
        double m = JsonChecks.maxAbs(normal);
        double length = normal.times(1 / m).length();
        return new ShapeSpec.Plane(JsonChecks.unit(normal), offset / m / length);
    }

    private ShapeSpec heightfield(ObjectNode o, String path) {
        double[][] heights = heights(o, path);
        JsonNode s = in.require(o, path, "spacing");
        double[] spacing = s == null ? null
                : in.numbers(s, JsonChecks.key(path, "spacing"), 2, "a spacing [dx, dz]", Range.POSITIVE);
        if (heights == null || spacing == null) {
            return null;
        }
        return new ShapeSpec.Heightfield(heights, spacing[0], spacing[1]);
    }

    private double[][] heights(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "heights");
        String at = JsonChecks.key(path, "heights");
        ArrayNode rows = n == null ? null : in.array(n, at);
        if (rows == null) {
            return null;
        }
        if (rows.size() < 2) {
            in.report(at, "a heightfield needs at least 2 rows, got " + rows.size());
            return null;
        }
        double[][] out = new double[rows.size()][];
        boolean ok = true;
        int width = -1;
        for (int r = 0; r < rows.size(); r++) {
            String rowAt = JsonChecks.index(at, r);
            ArrayNode row = in.array(rows.get(r), rowAt);
            if (row == null) {
                ok = false;
                continue;
            }
            if (row.size() < 2) {
                in.report(rowAt, "a heightfield row needs at least 2 heights, got " + row.size());
                ok = false;
                continue;
            }
            if (width < 0) {
                width = row.size();
            } else if (row.size() != width) {
                in.report(rowAt, "every row needs the same number of heights: this row has " + row.size()
                        + ", the first has " + width);
                ok = false;
                continue;
            }
            out[r] = new double[row.size()];
            for (int c = 0; c < row.size(); c++) {
                out[r][c] = in.number(row.get(c), JsonChecks.index(rowAt, c), Range.ANY);
                ok &= !Double.isNaN(out[r][c]);
            }
        }
        return ok ? out : null;
    }

    private ShapeSpec compound(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "children");
        String at = JsonChecks.key(path, "children");
        ArrayNode a = n == null ? null : in.array(n, at);
        if (a == null) {
            return null;
        }
        if (a.isEmpty()) {
            in.report(at, "a compound needs at least 1 child, got 0");
            return null;
        }
        List<ShapeSpec.Child> children = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            ShapeSpec.Child c = child(a.get(i), JsonChecks.index(at, i));
            if (c != null) {
                children.add(c);
            }
        }
        return children.size() == a.size() ? new ShapeSpec.Compound(children) : null;
    }

    private ShapeSpec.Child child(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        in.allowKeys(o, path, List.of("shape", "position", "orientation"));
        JsonNode s = in.require(o, path, "shape");
        String shapeAt = JsonChecks.key(path, "shape");
        ShapeSpec shape = s == null ? null : shape(s, shapeAt);
        Vec3 position = in.vector(o, path, "position", Vec3.ZERO);
        Quat orientation = in.orientation(o, path, "orientation", Quat.IDENTITY);
        if (shape instanceof ShapeSpec.Plane) {
            // A plane is an infinite half-space; it has no pose within a finite body.
            in.report(shapeAt, "a compound's child cannot be a plane (planes are for static bodies only)");
            return null;
        }
        if (shape == null || position == null || orientation == null) {
            return null;
        }
        return new ShapeSpec.Child(shape, position, orientation);
    }
}
