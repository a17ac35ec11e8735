package ricochet.soft;

import ricochet.math.IntegrationRule;

/**
 * What the soft bodies share: the table of bodies (slots with generations, so that a stale
 * {@link SoftId} is an error rather than another body), the one particle store every body's
 * particles live in as a contiguous range, and the constraint sets that hold every body's
 * constraints, in the order they were made. {@link SoftBodies} reads it, {@link SoftBuilder} adds and
 * removes bodies, {@link ParticleStep} steps them and {@link SoftState} saves and restores them.
 */
final class SoftTable {

    static final class Body {
        String name;
        int generation;
        boolean live;
        boolean cloth;
        int nx, ny;
        int first, count;
        double thickness, friction, mass;
        boolean selfCollision;
        /** Held by shape-matching clusters; its tetrahedra (in {@code measured}) only measure volume. */
        boolean clustered;
        /** Surface triangles, particle indices within the body. */
        int[] triangles;
        /** Tetrahedra, volume constraints volFirst .. volFirst + volCount - 1. */
        int volFirst, volCount;
        /** A shell's gas: n R T (J) and the pressure of the last substep (Pa); 0 for none. */
        double nRT, pressure;
        /** This step's proxies, candidates[candFrom .. candTo - 1]. */
        int candFrom, candTo;
        /** How gravity, the gas and the elastic forces move the particles ({@link ParticleRules}). */
        IntegrationRule rule = IntegrationRule.SEMI_IMPLICIT;
    }

    final SoftHost host;
    final Particles p = new Particles();
    final DistanceConstraints distances = new DistanceConstraints();
    final BendConstraints bends = new BendConstraints();
    final VolumeConstraints volumes = new VolumeConstraints();
    final RigidContacts contacts = new RigidContacts();
    final ShapeClusters clusters = new ShapeClusters();
    /** Clustered bodies' tetrahedra, never solved: their volume. */
    final VolumeConstraints measured = new VolumeConstraints();
    Body[] all = new Body[4];
    int slots;
    int live;
    int substeps = SoftBodies.DEFAULT_SUBSTEPS;
    boolean bodyCollision = true;
    /** Scratch for one rigid body's state ({@link SoftHost#bodyState}). */
    final double[] state = new double[SoftHost.STATE_SIZE];

    SoftTable(SoftHost host) {
        this.host = host;
    }

    boolean contains(SoftId id) {
        return id != null && id.index() >= 0 && id.index() < slots && all[id.index()].live
                && all[id.index()].generation == id.generation();
    }

    Body body(SoftId id) {
        if (!contains(id)) {
            throw new IllegalArgumentException("soft body: stale or unknown handle " + id);
        }
        return all[id.index()];
    }

    /** The volume under the body's surface triangles, m^3: {@code sum a . (c x d) / 6}. */
    double surfaceVolume(Body b) {
        int[] t = b.triangles;
        double sum = 0;
        int f = b.first;
        for (int k = 0; k < t.length; k += 3) {
            int a = f + t[k], c = f + t[k + 1], d = f + t[k + 2];
            sum += p.x[a] * (p.y[c] * p.z[d] - p.z[c] * p.y[d]) + p.y[a] * (p.z[c] * p.x[d] - p.x[c] * p.z[d])
                    + p.z[a] * (p.x[c] * p.y[d] - p.y[c] * p.x[d]);
        }
        return sum / 6;
    }
}
