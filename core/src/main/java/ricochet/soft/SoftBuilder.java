package ricochet.soft;

import java.util.Arrays;
import ricochet.math.IntegrationRule;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.soft.SoftTable.Body;

/**
 * Adds cloths, soft bodies and particle systems to the table and removes them: each body's particles
 * as one contiguous range placed at rest, its masses, and its constraints appended to the shared
 * sets (stretch, bending, tethers, volume, clusters, attachments). Removing a body closes the gap in
 * the particles and constraints and moves the later bodies' ranges down, so the step's order stays
 * slot order.
 */
final class SoftBuilder {

    private final SoftTable t;
    private final SoftHost host;
    private final Particles p;
    private final DistanceConstraints distances;
    private final BendConstraints bends;
    private final VolumeConstraints volumes;
    private final VolumeConstraints measured;
    private final ShapeClusters clusters;
    private final RigidContacts contacts;
    private final double[] state;

    SoftBuilder(SoftTable t) {
        this.t = t;
        this.host = t.host;
        this.p = t.p;
        this.distances = t.distances;
        this.bends = t.bends;
        this.volumes = t.volumes;
        this.measured = t.measured;
        this.clusters = t.clusters;
        this.contacts = t.contacts;
        this.state = t.state;
    }

    /**
     * Adds a cloth, at rest where its def places it.
     *
     * @throws IllegalArgumentException from {@link ClothDef#validate}, or for an attachment to a stale body
     */
    SoftId addCloth(ClothDef def) {
        if (def == null) {
            throw new IllegalArgumentException("cloth: def must not be null");
        }
        def.validate();
        int[] attachColliders = new int[def.attachments().size()];
        for (int k = 0; k < attachColliders.length; k++) {
            try {
                attachColliders[k] = host.colliderOf(def.attachments().get(k).body());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cloth '" + def.name() + "': attachments[" + k + "]: "
                        + e.getMessage(), e);
            }
        }
        int nx = def.nx(), ny = def.ny(), n = def.particleCount();
        int slot = newSlot();
        Body b = t.all[slot];
        b.name = def.name();
        b.cloth = true;
        b.nx = nx;
        b.ny = ny;
        b.thickness = def.thickness();
        b.friction = def.friction();
        b.selfCollision = def.selfCollision();
        b.mass = def.mass();
        b.rule = def.integrator();
        b.first = p.add(n, slot);
        b.count = n;
        double[] local = new double[3 * n];
        for (int j = 0; j <= ny; j++) {
            for (int i = 0; i <= nx; i++) {
                int k = i + j * (nx + 1);
                local[3 * k] = ((double) i / nx - 0.5) * def.sizeX();
                local[3 * k + 1] = ((double) j / ny - 0.5) * def.sizeY();
            }
        }
        place(b, local, def.position(), def.orientation());
        int[] tris = new int[6 * nx * ny];
        int t = 0;
        for (int j = 0; j < ny; j++) {
            for (int i = 0; i < nx; i++) {
                int a = i + j * (nx + 1), bb = a + 1, c = a + nx + 2, d = a + nx + 1;
                // Alternating diagonals, so the grid has no preferred shear direction.
                if (((i + j) & 1) == 0) {
                    t = tri(tris, t, a, bb, c);
                    t = tri(tris, t, a, c, d);
                } else {
                    t = tri(tris, t, a, bb, d);
                    t = tri(tris, t, bb, c, d);
                }
            }
        }
        b.triangles = tris;
        // Mass by area: a third of each triangle's share to each corner.
        double perTriangle = def.mass() / (tris.length / 3);
        for (int k = 0; k < tris.length; k++) {
            p.m[b.first + tris[k]] += perTriangle / 3;
        }
        boolean[] pinned = new boolean[n];
        for (ClothDef.Pin pin : def.pins()) {
            pinned[pin.i() + pin.j() * (nx + 1)] = true;
        }
        for (int k = 0; k < n; k++) {
            p.w[b.first + k] = pinned[k] ? 0 : 1 / p.m[b.first + k];
        }
        int d0 = distances.count, b0 = bends.count;
        addEdges(b, tris, def.stretchCompliance(), def.bendCompliance(), true);
        if (def.longRangeAttachments() && !def.pins().isEmpty()) {
            addTethers(b, pinned);
        }
        setModes(b, d0, b0, volumes.count);
        for (int k = 0; k < attachColliders.length; k++) {
            ClothDef.Attachment a = def.attachments().get(k);
            host.bodyState(attachColliders[k], state);
            double dx = a.anchor().x() - state[0], dy = a.anchor().y() - state[1], dz = a.anchor().z() - state[2];
            double qx = state[3], qy = state[4], qz = state[5], qw = state[6];
            Transform r = new Transform().set(0, 0, 0, qx, qy, qz, qw);
            double[] l = new double[3];
            r.inverseRotate(dx, dy, dz, l);
            contacts.addAttachment(b.first + a.i() + a.j() * (nx + 1), attachColliders[k], l[0], l[1], l[2]);
        }
        return finishAdd(slot);
    }

    /**
     * Adds a soft body, at rest where its def places it.
     *
     * @throws IllegalArgumentException from {@link SoftBodyDef#validate}, or for a mesh with no cell
     *     inside it at the resolution
     */
    SoftId addSoftBody(SoftBodyDef def) {
        if (def == null) {
            throw new IllegalArgumentException("soft body: def must not be null");
        }
        def.validate();
        boolean shell = def.pressure() > 0;
        TetMesher.Built built;
        try {
            built = shell ? TetMesher.shell(def.shape(), def.resolution()) : TetMesher.solid(def.shape(),
                    def.resolution());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("soft body '" + def.name() + "': " + e.getMessage(), e);
        }
        int n = built.points().length / 3;
        if (n > SoftBodies.MAX_PARTICLES) {
            throw new IllegalArgumentException("soft body '" + def.name() + "': " + n + " particles, more than "
                    + SoftBodies.MAX_PARTICLES);
        }
        int slot = newSlot();
        Body b = t.all[slot];
        b.name = def.name();
        b.thickness = def.thickness();
        b.friction = def.friction();
        b.rule = def.integrator();
        b.first = p.add(n, slot);
        b.count = n;
        b.triangles = built.triangles();
        int d0 = distances.count, v0 = volumes.count;
        place(b, built.points(), def.position(), def.orientation());
        int[] tets = built.tets();
        double[] pts = built.points();
        if (shell) {
            double volume = TetMesher.meshVolume(pts, built.triangles());
            b.mass = def.density() * volume;
            for (int k = 0; k < n; k++) {
                p.m[b.first + k] = b.mass / n;
                p.w[b.first + k] = n / b.mass;
            }
            b.nRT = def.pressure() * volume;
            b.pressure = def.pressure();
            addEdges(b, built.triangles(), def.edgeCompliance(), 0, false);
        } else if (def.model() == SoftBodyDef.Model.CLUSTERS) {
            b.clustered = true;
            addTets(b, measured, tets, pts, def.density(), 0);
            double cell = TetMesher.longestSide(def.shape()) / def.resolution();
            try {
                clusters.addBody(p, b.first, n, pts, cell, def.clusterSize(), def.clusterStiffness());
            } catch (IllegalArgumentException e) {
                p.removeRange(b.first, n);
                measured.removeRange(b.first, n);
                throw new IllegalArgumentException("soft body '" + def.name() + "': " + e.getMessage(), e);
            }
        } else {
            addTets(b, volumes, tets, pts, def.density(), def.volumeCompliance());
            // Every edge of every tetrahedron, once.
            long[] keys = new long[6 * (tets.length / 4)];
            int e = 0;
            for (int t = 0; t < tets.length; t += 4) {
                for (int u = 0; u < 4; u++) {
                    for (int v = u + 1; v < 4; v++) {
                        int a = Math.min(tets[t + u], tets[t + v]), c = Math.max(tets[t + u], tets[t + v]);
                        keys[e++] = (long) a * n + c;
                    }
                }
            }
            Arrays.sort(keys);
            for (int k = 0; k < keys.length; k++) {
                if (k > 0 && keys[k] == keys[k - 1]) {
                    continue;
                }
                int a = b.first + (int) (keys[k] / n), c = b.first + (int) (keys[k] % n);
                distances.add(a, c, restDistance(a, c), def.edgeCompliance(), false);
            }
        }
        setModes(b, d0, bends.count, v0);
        return finishAdd(slot);
    }

    /**
     * Adds a volume constraint of compliance {@code alpha} (m/N; 0 for a measured one) per tetrahedron of
     * {@code tets} (indices into {@code pts}, from {@code b.first}) to {@code into}, gives each vertex a
     * quarter of every tetrahedron's mass at {@code density} (kg/m^3) and sums the body's mass.
     */
    private void addTets(Body b, VolumeConstraints into, int[] tets, double[] pts, double density, double alpha) {
        b.volFirst = into.count;
        for (int t = 0; t < tets.length; t += 4) {
            double v6 = TetMesher.volume6(pts, tets[t], tets[t + 1], tets[t + 2], tets[t + 3]);
            for (int c = 0; c < 4; c++) {
                p.m[b.first + tets[t + c]] += density * v6 / 24;
            }
            into.add(b.first + tets[t], b.first + tets[t + 1], b.first + tets[t + 2], b.first + tets[t + 3], v6,
                    alpha);
        }
        b.volCount = tets.length / 4;
        for (int k = 0; k < b.count; k++) {
            b.mass += p.m[b.first + k];
            p.w[b.first + k] = 1 / p.m[b.first + k];
        }
    }

    /**
     * Particles (x, y, z triples, world, m; mass in kg, 0 for a pinned particle) joined by distance
     * constraints of one compliance (m/N) between the listed index pairs: the smallest system, for
     * checking the solver against closed forms.
     */
    SoftId addParticles(String name, double[] points, double[] masses, int[] pairs, double compliance,
                        double thickness) {
        return addParticles(name, points, masses, pairs, compliance, thickness, IntegrationRule.SEMI_IMPLICIT);
    }

    /** As {@link #addParticles(String, double[], double[], int[], double, double)}, under {@code rule}. */
    SoftId addParticles(String name, double[] points, double[] masses, int[] pairs, double compliance,
                        double thickness, IntegrationRule rule) {
        int n = masses.length;
        int slot = newSlot();
        Body b = t.all[slot];
        b.name = name;
        b.thickness = thickness;
        b.first = p.add(n, slot);
        b.count = n;
        b.triangles = new int[0];
        place(b, points, Vec3.ZERO, ricochet.math.Quat.IDENTITY);
        for (int k = 0; k < n; k++) {
            p.m[b.first + k] = masses[k];
            p.w[b.first + k] = masses[k] > 0 ? 1 / masses[k] : 0;
            b.mass += masses[k];
        }
        b.rule = rule;
        int d0 = distances.count;
        for (int k = 0; k < pairs.length; k += 2) {
            int a = b.first + pairs[k], c = b.first + pairs[k + 1];
            distances.add(a, c, restDistance(a, c), compliance, false);
        }
        setModes(b, d0, bends.count, volumes.count);
        return finishAdd(slot);
    }

    /** The body's compliant constraints from the given counts on are integrated as its rule says. */
    private void setModes(Body b, int distanceFrom, int bendFrom, int volumeFrom) {
        byte m = ParticleRules.mode(b.rule);
        distances.setMode(distanceFrom, distances.count, m);
        bends.setMode(bendFrom, bends.count, m);
        volumes.setMode(volumeFrom, volumes.count, m);
    }

    private int newSlot() {
        int slot = 0;
        while (slot < t.slots && t.all[slot].live) {
            slot++;
        }
        if (slot == t.all.length) {
            t.all = Arrays.copyOf(t.all, 2 * t.all.length);
        }
        int generation = t.all[slot] == null ? 0 : t.all[slot].generation + 1;
        Body b = new Body();
        b.generation = generation;
        t.all[slot] = b;
        return slot;
    }

    private SoftId finishAdd(int slot) {
        Body b = t.all[slot];
        b.live = true;
        t.slots = Math.max(t.slots, slot + 1);
        t.live++;
        return new SoftId(slot, b.generation);
    }

    private static int tri(int[] tris, int t, int a, int b, int c) {
        tris[3 * t] = a;
        tris[3 * t + 1] = b;
        tris[3 * t + 2] = c;
        return t + 1;
    }

    /** Positions: local points turned by q and moved by position; rest positions the same. */
    private void place(Body b, double[] local, Vec3 position, ricochet.math.Quat q) {
        Transform t = new Transform().set(position.x(), position.y(), position.z(), q.x(), q.y(), q.z(), q.w());
        double[] out = new double[3];
        for (int k = 0; k < b.count; k++) {
            t.toWorld(local[3 * k], local[3 * k + 1], local[3 * k + 2], out);
            int i = b.first + k;
            p.x[i] = p.sx[i] = p.rx[i] = out[0];
            p.y[i] = p.sy[i] = p.ry[i] = out[1];
            p.z[i] = p.sz[i] = p.rz[i] = out[2];
        }
    }

    private double restDistance(int a, int c) {
        double dx = p.rx[a] - p.rx[c], dy = p.ry[a] - p.ry[c], dz = p.rz[a] - p.rz[c];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * A distance constraint on every triangle edge, once, and with {@code bending} a dihedral
     * constraint across every edge two triangles share.
     */
    private void addEdges(Body b, int[] tris, double stretch, double bend, boolean bending) {
        int n = b.count, nt = tris.length / 3;
        // Per directed triangle edge: key of the undirected edge, and the vertex opposite it.
        long[] keys = new long[3 * nt];
        for (int t = 0; t < nt; t++) {
            for (int e = 0; e < 3; e++) {
                int a = tris[3 * t + e], c = tris[3 * t + (e + 1) % 3], o = tris[3 * t + (e + 2) % 3];
                long edge = (long) Math.min(a, c) * n + Math.max(a, c);
                keys[3 * t + e] = edge * (3L * nt) + (3L * t + e);
            }
        }
        Arrays.sort(keys);
        for (int k = 0; k < keys.length; ) {
            long edge = keys[k] / (3L * nt);
            int j = k;
            while (j < keys.length && keys[j] / (3L * nt) == edge) {
                j++;
            }
            int a = b.first + (int) (edge / n), c = b.first + (int) (edge % n);
            distances.add(a, c, restDistance(a, c), stretch, false);
            if (bending && j - k == 2) {
                int e1 = (int) (keys[k] % (3L * nt)), e2 = (int) (keys[k + 1] % (3L * nt));
                int t1 = e1 / 3, t2 = e2 / 3;
                // Edge x3 -> x4 as triangle 1 runs it: x1 opposite in triangle 1, x2 in triangle 2.
                int x3 = b.first + tris[3 * t1 + e1 % 3], x4 = b.first + tris[3 * t1 + (e1 % 3 + 1) % 3];
                int x1 = b.first + tris[3 * t1 + (e1 % 3 + 2) % 3], x2 = b.first + tris[3 * t2 + (e2 % 3 + 2) % 3];
                double rest = BendConstraints.angle(p.rx, p.ry, p.rz, x1, x2, x3, x4);
                bends.add(x1, x2, x3, x4, rest, bend);
            }
            k = j;
        }
    }

    /** Long-range attachments: every free particle to its two nearest pins (by rest distance). */
    private void addTethers(Body b, boolean[] pinned) {
        for (int k = 0; k < b.count; k++) {
            if (pinned[k]) {
                continue;
            }
            int i = b.first + k, best = -1, second = -1;
            double bestD = Double.POSITIVE_INFINITY, secondD = Double.POSITIVE_INFINITY;
            for (int q = 0; q < b.count; q++) {
                if (!pinned[q]) {
                    continue;
                }
                double d = restDistance(i, b.first + q);
                if (d < bestD) {
                    second = best;
                    secondD = bestD;
                    best = q;
                    bestD = d;
                } else if (d < secondD) {
                    second = q;
                    secondD = d;
                }
            }
            distances.add(b.first + best, i, bestD, 0, true);
            if (second >= 0) {
                distances.add(b.first + second, i, secondD, 0, true);
            }
        }
    }

    /** Removes a cloth or soft body; its handle becomes stale. */
    void remove(SoftId id) {
        Body b = t.body(id);
        int first = b.first, n = b.count;
        p.removeRange(first, n);
        distances.removeRange(first, n);
        bends.removeRange(first, n);
        volumes.removeRange(first, n);
        measured.removeRange(first, n);
        clusters.removeRange(first, n);
        contacts.removeAttachments(-1, first, n);
        int removedVol = b.volCount, volFirst = b.volFirst;
        boolean clustered = b.clustered;
        b.live = false;
        t.live--;
        for (int s = 0; s < t.slots; s++) {
            Body o = t.all[s];
            if (o.live && o.first > first) {
                o.first -= n;
                for (int k = 0; k < o.count; k++) {
                    p.owner[o.first + k] = s;
                }
            }
            if (o.live && o.volCount > 0 && o.clustered == clustered && o.volFirst > volFirst) {
                o.volFirst -= removedVol;
            }
        }
    }

    /** Drops the attachments to a collider whose body is being removed. */
    void forgetCollider(int collider) {
        contacts.removeAttachments(collider, 0, 0);
    }
}
