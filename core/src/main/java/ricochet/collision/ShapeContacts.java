package ricochet.collision;

import ricochet.collision.broad.ProxyCallback;
import ricochet.collision.narrow.Manifold;
import ricochet.collision.narrow.TriangleCollide;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.MeshHit;
import ricochet.geometry.shape.RayHit;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeRaycast;
import ricochet.geometry.shape.TriangleShape;
import ricochet.geometry.shape.TriangleVisitor;
import ricochet.math.Transform;

/**
 * The contacts of a convex probe (a shape that is no body of the world, such as a character's
 * capsule) with every body near it, within a margin: one manifold per convex part, and one per
 * triangle of a mesh or heightfield. The contact pass merges a mesh's triangles into one manifold
 * with one normal; a probe that slides along a floor and a wall of the same mesh needs both
 * normals, so here each triangle keeps its own. Internal edges get the contact pass's rule (a
 * contact whose normal belongs to an inactive edge or vertex is recomputed along the face, see
 * {@code MeshCollide}), so a probe crossing a flat seam sees the face, not the edge.
 *
 * <p>Manifolds are reported with A the body and B the probe: the normal points from the body to
 * the probe. Runs on the calling thread with scratch of its own; allocates nothing once grown.
 */
public final class ShapeContacts {

    /** Receives one manifold; reused after the call returns. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param body the body's number in the collision world
         * @param part its compound child, its triangle (meshes and heightfields), or -1
         */
        void onContact(int body, int part, Manifold manifold);
    }

    /** How far past a triangle's edges its plane still bounds a probe, in probe radii: sin 5 degrees. */
    static final double RIDGE_REACH = 0.0872;

    private final CollisionWorld w;
    private final NarrowScratch scratch = new NarrowScratch();
    private final TriangleCollide triangles = new TriangleCollide();
    private final Manifold one = new Manifold();
    private final double[] bounds = new double[6];
    /** The query box of the mesh being visited (its frame); read while its triangles are visited. */
    private final double[] local = new double[6];
    private final double[] support = new double[3];
    private final double[] tri = new double[9];
    private final double[] tmp = new double[3];
    private final TriangleVisitor visitor = this::visitTriangle;
    private final ProxyCallback proxyVisitor = this::visitProxy;
    private final ContactListener partListener = (a, childA, b, childB, m) -> this.listener.onContact(a, childA, m);

    private Listener listener;
    private ConvexShape probe;
    private Transform probePose;
    private double margin;
    private int meshBody;
    private TriangleShape mesh;
    private Transform meshPose;

    private final RayHit rayHit = new RayHit();
    private final MeshHit meshHit = new MeshHit();
    private final Transform childLocal = new Transform(), childPose = new Transform();
    private final double[] rayOrigin = new double[3], rayDir = new double[3];
    private double rayFraction;
    private double rayNx, rayNy, rayNz;

    public ShapeContacts(CollisionWorld world) {
        this.w = world;
    }

    /**
     * Calls {@code out} with every manifold of {@code probe} at {@code pose} (world) with a body,
     * points separated by up to {@code margin} metres included: planes first, then the broad phase's
     * bodies in its order, each mesh's triangles in its own order. Sleeping bodies are included.
     */
    public void collide(ConvexShape probe, Transform pose, double margin, Listener out) {
        this.listener = out;
        this.probe = probe;
        this.probePose = pose;
        this.margin = margin;
        try {
            for (int p = 0; p < w.planeCount; p++) {
                visitBody(w.planes[p]);
            }
            w.worldBounds(probe, pose, bounds);
            w.broad.query(bounds[0] - margin, bounds[1] - margin, bounds[2] - margin, bounds[3] + margin,
                    bounds[4] + margin, bounds[5] + margin, proxyVisitor);
        } finally {
            this.listener = null;
            this.probe = null;
            this.probePose = null;
            this.mesh = null;
            this.meshPose = null;
        }
    }

    /** Copies body {@code body}'s pose (world) into {@code out}, allocating nothing. */
    public void pose(int body, Transform out) {
        w.check(body);
        out.set(w.poses[body]);
    }

    private boolean visitProxy(int proxy) {
        visitBody(w.broad.userData(proxy));
        return true;
    }

    private void visitBody(int body) {
        Shape s = w.shapes[body];
        Transform t = w.poses[body];
        if (s instanceof TriangleShape m) {
            meshBody = body;
            mesh = m;
            meshPose = t;
            // The probe's world box, grown by the margin, as a box in the mesh's frame (|R^T| h).
            w.worldBounds(probe, probePose, bounds);
            double cx = 0.5 * (bounds[0] + bounds[3]), cy = 0.5 * (bounds[1] + bounds[4]);
            double cz = 0.5 * (bounds[2] + bounds[5]);
            double hx = 0.5 * (bounds[3] - bounds[0]) + margin, hy = 0.5 * (bounds[4] - bounds[1]) + margin;
            double hz = 0.5 * (bounds[5] - bounds[2]) + margin;
            t.toLocal(cx, cy, cz, tmp);
            double[] r = t.r;
            for (int i = 0; i < 3; i++) {
                // Column i of R is local axis i in world axes.
                double half = Math.abs(r[i]) * hx + Math.abs(r[3 + i]) * hy + Math.abs(r[6 + i]) * hz;
                local[i] = tmp[i] - half;
                local[3 + i] = tmp[i] + half;
            }
            m.queryTriangles(local, visitor);
            return;
        }
        w.collide(scratch, body, -1, s, t, -1, -1, probe, probePose, margin, partListener, 0);
    }

    private void visitTriangle(int t) {
        mesh.triangle(t, tri);
        for (int k = 0; k < 9; k += 3) {
            meshPose.toWorld(tri[k], tri[k + 1], tri[k + 2], tmp);
            tri[k] = tmp[0];
            tri[k + 1] = tmp[1];
            tri[k + 2] = tmp[2];
        }
        if (!triangles.collide(tri, probe, probePose, margin, one)) {
            return;
        }
        if (isInternal(t, triangles.normalFeature()) && !alongFace()
                && !triangles.collideAlongFace(tri, probe, probePose, margin, one) && !facePlane()) {
            return;
        }
        listener.onContact(meshBody, t, one);
    }

    /** Whether the contact's normal already is the triangle's face normal (to round-off). */
    private boolean alongFace() {
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return (nx * one.nx + ny * one.ny + nz * one.nz) >= (1 - 1e-12) * len;
    }

    /**
     * The probe against the triangle's plane into {@code one}, when its deepest point along the
     * face normal lies over the triangle or less than {@link #RIDGE_REACH} of the probe's radius
     * (plus its separation) beyond its edges; false otherwise or beyond the margin. For a probe over a shallow ridge (an
     * inner edge a little convex, under the flat angle): seen along each face's normal its lowest
     * point lies over the other face, so each face's contact along its face is dropped and the
     * probe would fall through the ridge. The reach covers that offset, {@code (r + separation) sin(flat
     * angle)}; the plane stands above the far face by at most {@code reach tan(flat angle)} there.
     */
    private boolean facePlane() {
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            return false;
        }
        nx /= len;
        ny /= len;
        nz /= len;
        // The probe's deepest point along -n: its core's support, then its radius.
        probePose.inverseRotate(-nx, -ny, -nz, tmp);
        probe.supportCore(tmp[0], tmp[1], tmp[2], support);
        probePose.toWorld(support[0], support[1], support[2], tmp);
        double r = probe.radius();
        double bx = tmp[0] - r * nx, by = tmp[1] - r * ny, bz = tmp[2] - r * nz;
        double sep = (bx - tri[0]) * nx + (by - tri[1]) * ny + (bz - tri[2]) * nz;
        if (sep > margin) {
            return false;
        }
        double qx = bx - sep * nx, qy = by - sep * ny, qz = bz - sep * nz;
        double reach = RIDGE_REACH * (r + Math.max(sep, 0));
        for (int k = 0; k < 9; k += 3) {
            int j = (k + 3) % 9;
            // Edge k -> j; (b - a) x n points out of a counter-clockwise triangle, in its plane.
            double ex = tri[j] - tri[k], ey = tri[j + 1] - tri[k + 1], ez = tri[j + 2] - tri[k + 2];
            double mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
            double ml = Math.sqrt(mx * mx + my * my + mz * mz);
            if ((qx - tri[k]) * mx + (qy - tri[k + 1]) * my + (qz - tri[k + 2]) * mz > reach * ml) {
                return false;
            }
        }
        one.clear();
        one.setNormal(nx, ny, nz);
        one.addPoint(bx - sep * nx, by - sep * ny, bz - sep * nz, bx, by, bz, TriangleCollide.FEATURE_FACE);
        return true;
    }

    /** As the contact pass: a face normal, or an edge or vertex none of whose edges is active. */
    private boolean isInternal(int t, int feature) {
        if (feature == TriangleCollide.FEATURE_FACE) {
            return true;
        }
        if (feature < TriangleCollide.FEATURE_VERTEX) {
            return !mesh.edgeKind(t, feature - TriangleCollide.FEATURE_EDGE).isActive();
        }
        int k = feature - TriangleCollide.FEATURE_VERTEX;
        return !mesh.edgeKind(t, k).isActive() && !mesh.edgeKind(t, (k + 2) % 3).isActive();
    }

    /**
     * The surface of one body under a short ray {@code origin + t dir}, {@code 0 <= t <= 1} (world):
     * its unit normal (world) into {@code normal} at the closest hit; false on a miss. For the face
     * a contact on an edge belongs to: the contact normal of an edge is any direction in between.
     */
    public boolean surfaceNormal(int body, double ox, double oy, double oz, double dx, double dy, double dz,
                                 double[] normal) {
        rayFraction = Double.POSITIVE_INFINITY;
        rayPart(w.shapes[body], w.poses[body], ox, oy, oz, dx, dy, dz);
        if (rayFraction == Double.POSITIVE_INFINITY) {
            return false;
        }
        normal[0] = rayNx;
        normal[1] = rayNy;
        normal[2] = rayNz;
        return true;
    }

    private void rayPart(Shape s, Transform t, double ox, double oy, double oz, double dx, double dy, double dz) {
        if (s instanceof CompoundShape c) {
            for (int i = 0; i < c.childCount(); i++) {
                // The child's pose is scratch: one level of nesting (compounds hold convex children).
                Transform.compose(t, c.childTransform(i, childLocal), childPose);
                rayPart(c.child(i), childPose, ox, oy, oz, dx, dy, dz);
            }
            return;
        }
        t.toLocal(ox, oy, oz, rayOrigin);
        t.inverseRotate(dx, dy, dz, rayDir);
        double max = Math.min(1, rayFraction);
        double f, nx, ny, nz;
        if (s instanceof TriangleShape m) {
            if (!m.raycast(rayOrigin, rayDir, max, meshHit)) {
                return;
            }
            f = meshHit.fraction;
            nx = meshHit.nx;
            ny = meshHit.ny;
            nz = meshHit.nz;
        } else {
            if (!ShapeRaycast.raycast(s, rayOrigin[0], rayOrigin[1], rayOrigin[2], rayDir[0], rayDir[1], rayDir[2],
                    max, rayHit)) {
                return;
            }
            f = rayHit.fraction;
            nx = rayHit.nx;
            ny = rayHit.ny;
            nz = rayHit.nz;
        }
        // A ray that starts inside a shape says nothing about its surface.
        if (f > 0 && f < rayFraction) {
            t.rotate(nx, ny, nz, rayOrigin);
            rayFraction = f;
            rayNx = rayOrigin[0];
            rayNy = rayOrigin[1];
            rayNz = rayOrigin[2];
        }
    }
}
