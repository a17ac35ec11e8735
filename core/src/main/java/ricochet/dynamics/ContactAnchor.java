package ricochet.dynamics;

import static ricochet.dynamics.SolverTuning.MAX_LEVER;

/**
 * Where a contact point's common anchor sits on the segment from body A's surface point to body
 * B's: both lever arms reach it, so the pair's impulses are equal and opposite at one point.
 */
public final class ContactAnchor {

    private ContactAnchor() {
    }

    /**
     * The anchor's place {@code t} on the segment {@code p + t d} (p: A's surface point, p + d: B's):
     * the midpoint, 0.5 (Box2D's anchor), unless that lies farther than {@link SolverTuning#MAX_LEVER} times a
     * moving body's extent from its centre, as it does when a body has sunk deeper than its own size
     * into a larger one: then the point where the segment comes that close, towards the body's own
     * surface point (B's first, then A's). A contact pushes on a body's surface; a lever several times
     * the body's size made the small body's angular response dozens of times too strong: a 15 mm
     * cylinder of 66 kg sunk 13 cm into a compound was spun up to 3 10^4 rad/s by one restitution
     * pass (soak scene 5987). Against a body at its ordinary depth the midpoint is kept bit for bit.
     */
    public static double share(BodyStore s, int a, int b, double px, double py, double pz, double dx, double dy,
                               double dz) {
        double t = 0.5;
        double eB = s.invMass[b] > 0 ? MAX_LEVER * s.extent[b] : 0;
        if (eB > 0) {
            t = enter(px - s.px[b], py - s.py[b], pz - s.pz[b], dx, dy, dz, eB, 0.5);
        }
        double eA = s.invMass[a] > 0 ? MAX_LEVER * s.extent[a] : 0;
        if (eA > 0 && t == 0.5) {
            // Along the segment from B's end: u = 1 - t.
            double qx = px + dx, qy = py + dy, qz = pz + dz;
            t = 1 - enter(qx - s.px[a], qy - s.py[a], qz - s.pz[a], -dx, -dy, -dz, eA, 0.5);
        }
        return t;
    }

    /**
     * The smallest u in [u0, 1] with {@code |f + u d| <= e} (f: the segment's start relative to the
     * body's centre): u0 when that already holds, 1 when no u does.
     */
    private static double enter(double fx, double fy, double fz, double dx, double dy, double dz, double e,
                                double u0) {
        double x = fx + u0 * dx, y = fy + u0 * dy, z = fz + u0 * dz;
        if (x * x + y * y + z * z <= e * e) {
            return u0;
        }
        double dd = dx * dx + dy * dy + dz * dz, fd = fx * dx + fy * dy + fz * dz;
        double disc = fd * fd - dd * (fx * fx + fy * fy + fz * fz - e * e);
        if (!(dd > 0) || !(disc >= 0)) {
            return 1;
        }
        // The segment enters the ball at the smaller root.
        return Math.min(Math.max((-fd - Math.sqrt(disc)) / dd, u0), 1);
    }
}
