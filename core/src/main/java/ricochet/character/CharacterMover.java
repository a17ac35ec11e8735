package ricochet.character;

import java.util.Arrays;
import ricochet.collision.ShapeContacts;
import ricochet.collision.narrow.Manifold;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.math.Transform;

/**
 * Moves one capsule through the world by a displacement: collide and slide against the planes of
 * its contacts, as Jolt's CharacterVirtual solves its contact constraints and Quake's slide move
 * clips the velocity.
 *
 * <p>Contacts. The capsule's contacts at its start, every point within {@code skin + |d|} (so
 * nothing the move can reach is missed), are gathered once: one plane per convex part and per
 * mesh triangle, at the manifold's deepest point. The plane of a contact is a separating plane of
 * the two shapes (the closest points' normal), so a move that keeps the capsule {@code skin} in
 * front of every plane cannot enter any shape; against a curved or an edge contact the plane is
 * conservative (the real surface falls away behind it).
 *
 * <p>Slide. The move runs in pieces: the earliest plane the remaining motion reaches within
 * {@code skin} stops it; the rest is projected onto that plane. A projection that runs into another
 * plane hit in this move goes along the crease of the two ({@code e = n1 x n2}, motion {@code
 * (d . e) e}); into a third, the move ends. A plane ahead is only a bound on where its surface is: the move goes to it and gathers the
 * contacts again there, at most {@link #MAX_PASSES} times.
 *
 * <p>Walls for walking. In {@link Mode#WALK} a contact steeper than the max slope that faces up
 * also adds its wall: the vertical plane through it ({@code n} with its y part removed). The wall
 * stops horizontal motion into the slope, so walking cannot climb it, while gravity, moving straight
 * down, does not touch the wall and slides down the slope along the true plane. In
 * {@link Mode#HORIZONTAL} (the forward part of a step up) every normal is a wall.
 *
 * <p>Allocates nothing once its contact arrays have grown.
 */
final class CharacterMover {

    /** How a move treats the contacts' normals. */
    enum Mode {
        /** True normals: vertical moves (carrying, stepping up and down, snapping). */
        PLAIN,
        /** True normals, and a wall for every up-facing contact steeper than the max slope. */
        WALK,
        /** Every normal a wall: a horizontal move that must climb nothing. */
        HORIZONTAL,
        /** True normals, and the move ends at the first surface it touches (a cast, for landing). */
        CAST
    }

    /** Looks at the contacts in one move (each after going to the nearest plane ahead). */
    static final int MAX_PASSES = 6;
    /** Planes met in one move. */
    static final int MAX_HITS = 8;
    /** A plane this close (m) is touched. */
    private static final double TOUCHING = 1e-6;
    /** A plane's normal with less horizontal length than this is no wall. */
    private static final double WALL_MIN = 1e-6;

    private final CharacterHost host;
    private final ShapeContacts probe;
    private final Transform pose = new Transform();
    private final ShapeContacts.Listener gatherer = this::onContact;

    // The gathered contacts: normal from the body to the capsule (world), separation of the deepest
    // point (m), the body's collider and the middle of the contact's points on the body (world).
    int count;
    double[] nx = new double[32], ny = new double[32], nz = new double[32], sep = new double[32];
    double[] pointX = new double[32], pointY = new double[32], pointZ = new double[32];
    int[] body = new int[32];

    // The planes of one pass of a move: the normal that finds when it is reached (tn), the normal
    // motion is clipped by once it is (cn; a wall's in HORIZONTAL mode) and the gap (m) the capsule
    // may still travel along tn.
    private int planes;
    private double[] tnx = new double[64], tny = new double[64], tnz = new double[64];
    private double[] cnx = new double[64], cny = new double[64], cnz = new double[64];
    private double[] gap = new double[64];
    private int[] contactOfPlane = new int[64];
    /** A steep contact's other plane (its true plane's wall, the wall's true plane), or -1. */
    private int[] twin = new int[64];
    /** The clip normals of the planes met in this move, in order. */
    private final double[] hitX = new double[MAX_HITS], hitY = new double[MAX_HITS], hitZ = new double[MAX_HITS];
    private int hits;

    /** The position a move ends at, world, m. */
    double x, y, z;
    /** Whether the last move was stopped by a wall (a plane that faces less up than the max slope). */
    boolean hitWall;
    // The contacts the last move ran into: body, normal from the body and point on it (world).
    int stops;
    final int[] stopBody = new int[MAX_HITS];
    final double[] stopNx = new double[MAX_HITS], stopNy = new double[MAX_HITS], stopNz = new double[MAX_HITS];
    final double[] stopPx = new double[MAX_HITS], stopPy = new double[MAX_HITS], stopPz = new double[MAX_HITS];

    CharacterMover(CharacterHost host) {
        this.host = host;
        this.probe = new ShapeContacts(host.collision());
    }

    /** The normal of the surface body {@code collider} has under a short ray; see {@link ShapeContacts#surfaceNormal}. */
    boolean surfaceNormal(int collider, double ox, double oy, double oz, double dx, double dy, double dz,
                          double[] normal) {
        return probe.surfaceNormal(collider, ox, oy, oz, dx, dy, dz, normal);
    }

    /** Copies the collider's pose (world) into {@code out}. */
    void pose(int collider, Transform out) {
        probe.pose(collider, out);
    }

    /** Gathers the capsule's contacts at centre (cx, cy, cz) within {@code margin} metres. */
    void gather(CapsuleShape shape, double cx, double cy, double cz, double margin) {
        count = 0;
        pose.set(cx, cy, cz, 0, 0, 0, 1);
        probe.collide(shape, pose, margin, gatherer);
    }

    private void onContact(int collider, int part, Manifold m) {
        if (host.motionType(collider) == CharacterHost.IGNORED) {
            return;
        }
        int deepest = 0;
        for (int i = 1; i < m.pointCount(); i++) {
            if (m.separation(i) < m.separation(deepest)) {
                deepest = i;
            }
        }
        if (count == nx.length) {
            int c = 2 * count;
            nx = Arrays.copyOf(nx, c);
            ny = Arrays.copyOf(ny, c);
            nz = Arrays.copyOf(nz, c);
            sep = Arrays.copyOf(sep, c);
            pointX = Arrays.copyOf(pointX, c);
            pointY = Arrays.copyOf(pointY, c);
            pointZ = Arrays.copyOf(pointZ, c);
            body = Arrays.copyOf(body, c);
        }
        nx[count] = m.nx;
        ny[count] = m.ny;
        nz[count] = m.nz;
        sep[count] = m.separation(deepest);
        // The middle of the contact (on the body): where a push or the weight acts.
        double px = 0, py = 0, pz = 0;
        for (int i = 0; i < m.pointCount(); i++) {
            px += m.pointAX(i);
            py += m.pointAY(i);
            pz += m.pointAZ(i);
        }
        double inv = 1.0 / m.pointCount();
        pointX[count] = px * inv;
        pointY[count] = py * inv;
        pointZ[count] = pz * inv;
        body[count] = collider;
        count++;
    }

    /**
     * Moves the capsule from centre (sx, sy, sz) by (dx, dy, dz), keeping {@code skin} from
     * everything; the end lands in {@link #x}, {@link #y}, {@link #z}.
     */
    void slide(CapsuleShape shape, double sx, double sy, double sz, double dx, double dy, double dz,
               double skin, double cosMaxSlope, Mode mode) {
        x = sx;
        y = sy;
        z = sz;
        hitWall = false;
        hits = 0;
        stops = 0;
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(length > 1e-9)) {
                return;
            }
            double tol = 1e-9 * length;
            gather(shape, x, y, z, skin + length + 1e-3);
            buildPlanes(skin, cosMaxSlope, mode);
            boolean last = pass == MAX_PASSES - 1;
            while (true) {
                double tMin = 1;
                int first = -1;
                for (int p = 0; p < planes; p++) {
                    double dn = dx * tnx[p] + dy * tny[p] + dz * tnz[p];
                    if (dn >= -tol) {
                        continue;
                    }
                    double t = gap[p] <= TOUCHING ? 0 : gap[p] / -dn;
                    if (t < tMin) {
                        tMin = t;
                        first = p;
                    }
                }
                if (first < 0) {
                    x += dx;
                    y += dy;
                    z += dz;
                    return;
                }
                if (tMin > 0) {
                    // A plane ahead: go to it, then look again from there (the plane of an edge or a
                    // curve is only a bound: the surface may still be further).
                    x += tMin * dx;
                    y += tMin * dy;
                    z += tMin * dz;
                    double rest = 1 - tMin;
                    dx *= rest;
                    dy *= rest;
                    dz *= rest;
                    if (last) {
                        return;
                    }
                    break;
                }
                if (hits == MAX_HITS || !touch(first, dx, dy, dz, cosMaxSlope) || mode == Mode.CAST) {
                    return;
                }
                dx = cx;
                dy = cy;
                dz = cz;
                if (dx * dx + dy * dy + dz * dz <= tol * tol) {
                    return;
                }
            }
        }
    }

    /**
     * Plane {@code first} (and its twin) touches and the motion runs into it: both join the planes
     * hit in this move, the contact is kept for pushes, and the motion is clipped into (cx, cy, cz).
     * False when no motion is left.
     */
    private boolean touch(int first, double dx, double dy, double dz, double cosMaxSlope) {
        addHit(first);
        int other = twin[first];
        // A slope and its wall are one contact: met together, whichever the round-off put first.
        if (other >= 0 && hits < MAX_HITS) {
            addHit(other);
        }
        // Steeper than walkable and no ceiling either.
        hitWall |= Math.abs(tny[first]) < cosMaxSlope;
        int c = contactOfPlane[first];
        if (stops < MAX_HITS) {
            stopBody[stops] = body[c];
            stopNx[stops] = nx[c];
            stopNy[stops] = ny[c];
            stopNz[stops] = nz[c];
            stopPx[stops] = pointX[c];
            stopPy[stops] = pointY[c];
            stopPz[stops] = pointZ[c];
            stops++;
        }
        return clip(dx, dy, dz, 1e-12);
    }

    private void addHit(int p) {
        hitX[hits] = cnx[p];
        hitY[hits] = cny[p];
        hitZ[hits] = cnz[p];
        hits++;
    }

    private double cx, cy, cz;

    /**
     * The motion (dx, dy, dz) made to run along every plane hit so far: projected onto the newest
     * plane, or onto an earlier one, or along the crease of two, whichever leaves every hit plane
     * behind; into (cx, cy, cz). False when no such motion is left (a corner of three).
     */
    private boolean clip(double dx, double dy, double dz, double tol) {
        for (int i = hits - 1; i >= 0; i--) {
            double dn = dx * hitX[i] + dy * hitY[i] + dz * hitZ[i];
            if (dn >= 0) {
                continue;
            }
            double ox = dx - dn * hitX[i], oy = dy - dn * hitY[i], oz = dz - dn * hitZ[i];
            if (leavesAll(ox, oy, oz, i, -1, tol)) {
                cx = ox;
                cy = oy;
                cz = oz;
                return true;
            }
        }
        for (int i = hits - 1; i >= 0; i--) {
            for (int j = i - 1; j >= 0; j--) {
                // e = n_i x n_j, the crease; the motion along it is (d . e) e / |e|^2.
                double ex = hitY[i] * hitZ[j] - hitZ[i] * hitY[j];
                double ey = hitZ[i] * hitX[j] - hitX[i] * hitZ[j];
                double ez = hitX[i] * hitY[j] - hitY[i] * hitX[j];
                double e2 = ex * ex + ey * ey + ez * ez;
                if (e2 < 1e-12) {
                    continue;
                }
                double s = (dx * ex + dy * ey + dz * ez) / e2;
                double ox = s * ex, oy = s * ey, oz = s * ez;
                if (leavesAll(ox, oy, oz, i, j, tol)) {
                    cx = ox;
                    cy = oy;
                    cz = oz;
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the motion moves into none of the hit planes but {@code skipA} and {@code skipB}. */
    private boolean leavesAll(double dx, double dy, double dz, int skipA, int skipB, double tol) {
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        for (int i = 0; i < hits; i++) {
            if (i != skipA && i != skipB && dx * hitX[i] + dy * hitY[i] + dz * hitZ[i] < -tol * length) {
                return false;
            }
        }
        return true;
    }

    /** The planes of the gathered contacts for a move in {@code mode}. */
    private void buildPlanes(double skin, double cosMaxSlope, Mode mode) {
        planes = 0;
        if (tnx.length < 2 * count) {
            int c = 2 * Math.max(count, tnx.length);
            tnx = new double[c];
            tny = new double[c];
            tnz = new double[c];
            cnx = new double[c];
            cny = new double[c];
            cnz = new double[c];
            gap = new double[c];
            contactOfPlane = new int[c];
            twin = new int[c];
        }
        for (int i = 0; i < count; i++) {
            double g = sep[i] - skin;
            double h = Math.sqrt(nx[i] * nx[i] + nz[i] * nz[i]);
            if (mode == Mode.HORIZONTAL) {
                if (h > WALL_MIN) {
                    addPlane(nx[i], ny[i], nz[i], nx[i] / h, 0, nz[i] / h, g, i);
                }
                continue;
            }
            addPlane(nx[i], ny[i], nz[i], nx[i], ny[i], nz[i], g, i);
            if (mode == Mode.WALK && ny[i] > 0 && ny[i] < cosMaxSlope && h > WALL_MIN) {
                // Moving horizontally, the distance to the slope along its wall is gap / |n_h|.
                addPlane(nx[i] / h, 0, nz[i] / h, nx[i] / h, 0, nz[i] / h, g <= 0 ? g : g / h, i);
                twin[planes - 2] = planes - 1;
                twin[planes - 1] = planes - 2;
            }
        }
    }

    private void addPlane(double x, double y, double z, double clipX, double clipY, double clipZ, double g,
                          int contact) {
        tnx[planes] = x;
        tny[planes] = y;
        tnz[planes] = z;
        cnx[planes] = clipX;
        cny[planes] = clipY;
        cnz[planes] = clipZ;
        gap[planes] = g;
        contactOfPlane[planes] = contact;
        twin[planes] = -1;
        planes++;
    }
}
