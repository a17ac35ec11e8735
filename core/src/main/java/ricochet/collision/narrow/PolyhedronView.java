package ricochet.collision.narrow;

import java.util.Arrays;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.math.Transform;

/**
 * A convex polyhedron posed in world space for SAT: the topology of a {@link ConvexHullShape} with its
 * vertices, face normals and face offsets transformed once per query, relative to an origin chosen by
 * the caller (A's position, which keeps round-off small far from the world origin). A box is the
 * unit cube's topology with vertices scaled by the half extents; the cube's face normals are axes,
 * which a scale does not turn, so no hull is built per box. Arrays grow by doubling and are reused.
 */
final class PolyhedronView {

    /** The unit cube with faces numbered as {@link BoxBoxCollider} numbers box faces: +x, -x, +y, ... */
    static final ConvexHullShape UNIT_CUBE = new ConvexHullShape(
            new double[] {-1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1},
            new int[][] {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}});

    ConvexHullShape hull;
    int vertexCount, faceCount;
    double[] vertices = new double[3 * 32];
    double[] normals = new double[3 * 32];
    double[] offsets = new double[32];
    double cx, cy, cz;
    /** The largest distance of a vertex from the centroid, metres. */
    double size;

    void load(ConvexHullShape shape, Transform t, double ox, double oy, double oz) {
        load(shape, 1, 1, 1, t, ox, oy, oz);
    }

    void load(BoxShape box, Transform t, double ox, double oy, double oz) {
        load(UNIT_CUBE, box.halfX(), box.halfY(), box.halfZ(), t, ox, oy, oz);
    }

    private void load(ConvexHullShape shape, double sx, double sy, double sz, Transform t, double ox,
            double oy,
            double oz) {
        hull = shape;
        vertexCount = shape.vertexCount();
        faceCount = shape.faceCount();
        if (vertices.length < 3 * vertexCount) {
            vertices = Arrays.copyOf(vertices, Math.max(2 * vertices.length, 3 * vertexCount));
        }
        if (offsets.length < faceCount) {
            normals = Arrays.copyOf(normals, Math.max(2 * normals.length, 3 * faceCount));
            offsets = Arrays.copyOf(offsets, Math.max(2 * offsets.length, faceCount));
        }
        double[] r = t.r;
        double px = t.px - ox, py = t.py - oy, pz = t.pz - oz;
        double mx = 0, my = 0, mz = 0;
        for (int v = 0; v < vertexCount; v++) {
            double x = sx * shape.vertexX(v), y = sy * shape.vertexY(v), z = sz * shape.vertexZ(v);
            double wx = r[0] * x + r[1] * y + r[2] * z + px;
            double wy = r[3] * x + r[4] * y + r[5] * z + py;
            double wz = r[6] * x + r[7] * y + r[8] * z + pz;
            vertices[3 * v] = wx;
            vertices[3 * v + 1] = wy;
            vertices[3 * v + 2] = wz;
            mx += wx;
            my += wy;
            mz += wz;
        }
        cx = mx / vertexCount;
        cy = my / vertexCount;
        cz = mz / vertexCount;
        double s2 = 0;
        for (int v = 0; v < vertexCount; v++) {
            double dx = vertices[3 * v] - cx, dy = vertices[3 * v + 1] - cy, dz = vertices[3 * v + 2] - cz;
            s2 = Math.max(s2, dx * dx + dy * dy + dz * dz);
        }
        size = Math.sqrt(s2);
        for (int f = 0; f < faceCount; f++) {
            double x = shape.faceNormalX(f), y = shape.faceNormalY(f), z = shape.faceNormalZ(f);
            double nx = r[0] * x + r[1] * y + r[2] * z;
            double ny = r[3] * x + r[4] * y + r[5] * z;
            double nz = r[6] * x + r[7] * y + r[8] * z;
            normals[3 * f] = nx;
            normals[3 * f + 1] = ny;
            normals[3 * f + 2] = nz;
            int v0 = shape.faceVertex(f, 0);
            offsets[f] = nx * vertices[3 * v0] + ny * vertices[3 * v0 + 1] + nz * vertices[3 * v0 + 2];
        }
    }
}
