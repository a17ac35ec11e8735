package ricochet.soft;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.collision.BoundsQuery;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.IntegrationRule;
import ricochet.math.StateInput;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.world.SimulationException;

/**
 * A world's cloths and soft bodies, stepped once per world step after the rigid bodies by substepped
 * XPBD (Macklin, Mueller and Chentanez 2016; Macklin et al. 2019, "Small Steps in Physics
 * Simulation"). Per substep of {@code h = dt / substeps}:
 * <ol>
 *   <li>predict: {@code v += h (g + f / m)} (f a shell's gas pressure), {@code x_s = x},
 *       {@code x += h v}; the rigid bodies' proxies advance by h ({@link BodyProxies});</li>
 *   <li>solve each constraint once, multipliers reset, compliance {@code alpha / h^2}: distances
 *       (stretch, edges, long-range attachments), dihedral bending, tetrahedral volume, shape-matching
 *       clusters ({@link ShapeClusters}), attachments to rigid bodies, contacts between bodies
 *       ({@link SurfaceContacts}), self-collision, then contacts with rigid shapes (last, so nothing
 *       the other constraints do leaves a particle inside a shape);</li>
 *   <li>{@code v = (x - x_s) / h}, then a velocity pass: no relative velocity along rigid distance
 *       constraints ({@link DistanceConstraints}), no angular rate at bending hinges
 *       ({@link BendConstraints}), nor into the bodies a particle touched ({@link RigidContacts}).</li>
 * </ol>
 * Many substeps of one iteration converge faster than one step of many iterations and damp less
 * (Small Steps, 4), and stiffness set by compliance does not change with the step or substep count.
 *
 * <p>Everything runs on the calling thread in a fixed order (bodies in slot order, constraints in the
 * order they were made, different bodies' interleaved by {@link Sweep}, which changes no bits), so the
 * result does not depend on the world's threads. Nothing is allocated
 * per step once the scratch has grown. {@code docs/soft-bodies.md} describes the method.
 */
public final class SoftBodies {

    /** The most particles one cloth or soft body may have. */
    public static final int MAX_PARTICLES = 1 << 20;
    /** The most cells along a soft body's longest side. */
    public static final int MAX_RESOLUTION = 64;
    /** Substeps per world step unless {@link #setSubsteps} says otherwise. */
    public static final int DEFAULT_SUBSTEPS = 20;

    private static final class Body {
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

    private final SoftHost host;
    private final Particles p = new Particles();
    private final DistanceConstraints distances = new DistanceConstraints();
    private final BendConstraints bends = new BendConstraints();
    private final VolumeConstraints volumes = new VolumeConstraints();
    private final RigidContacts contacts = new RigidContacts();
    private final SidedContacts sided = new SidedContacts();
    private final SelfCollision self = new SelfCollision();
    private final SurfaceContacts between = new SurfaceContacts();
    private final ShapeClusters clusters = new ShapeClusters();
    /** Clustered bodies' tetrahedra, never solved: their volume. */
    private final VolumeConstraints measured = new VolumeConstraints();
    private boolean bodyCollision = true;
    private final BodyProxies proxies = new BodyProxies();
    private final ParticleRules rules = new ParticleRules();
    private BoundsQuery near;
    private Body[] all = new Body[4];
    private int slots;
    private int live;
    private int substeps = DEFAULT_SUBSTEPS;
    private int[] candidates = new int[16];
    private final double[] state = new double[SoftHost.STATE_SIZE];
    private final double[] bounds = new double[6];
    private final Transform pose = new Transform();
    // The state before the last step, for rollback.
    private double[] savedX = new double[0];
    private boolean saved;

    public SoftBodies(SoftHost host) {
        this.host = host;
    }

    // ---------------------------------------------------------------- settings

    /** Substeps per world step (each solves every constraint once), 1 or more. */
    public int substeps() {
        return substeps;
    }

    public void setSubsteps(int n) {
        if (n < 1 || n > 1000) {
            throw new IllegalArgumentException("soft bodies: substeps must be 1..1000, got " + n);
        }
        substeps = n;
    }

    /** Whether cloths and soft bodies collide with each other ({@link SurfaceContacts}); on by default. */
    public boolean bodyCollision() {
        return bodyCollision;
    }

    public void setBodyCollision(boolean on) {
        bodyCollision = on;
    }

    /** Whether moving bodies meet cloth triangles sided ({@link SidedContacts}); on by default. */
    void setSidedContacts(boolean on) {
        sided.enabled = on;
    }

    // ---------------------------------------------------------------- table

    /**
     * Adds a cloth, at rest where its def places it.
     *
     * @throws IllegalArgumentException from {@link ClothDef#validate}, or for an attachment to a stale body
     */
    public SoftId addCloth(ClothDef def) {
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
        Body b = all[slot];
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
    public SoftId addSoftBody(SoftBodyDef def) {
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
        if (n > MAX_PARTICLES) {
            throw new IllegalArgumentException("soft body '" + def.name() + "': " + n + " particles, more than "
                    + MAX_PARTICLES);
        }
        int slot = newSlot();
        Body b = all[slot];
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
        Body b = all[slot];
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
        while (slot < slots && all[slot].live) {
            slot++;
        }
        if (slot == all.length) {
            all = Arrays.copyOf(all, 2 * all.length);
        }
        int generation = all[slot] == null ? 0 : all[slot].generation + 1;
        Body b = new Body();
        b.generation = generation;
        all[slot] = b;
        return slot;
    }

    private SoftId finishAdd(int slot) {
        Body b = all[slot];
        b.live = true;
        slots = Math.max(slots, slot + 1);
        live++;
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
    public void remove(SoftId id) {
        Body b = body(id);
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
        live--;
        for (int s = 0; s < slots; s++) {
            Body o = all[s];
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
        saved = false;
    }

    /** Drops the attachments to a collider whose body is being removed. */
    public void forgetCollider(int collider) {
        contacts.removeAttachments(collider, 0, 0);
    }

    public boolean contains(SoftId id) {
        return id != null && id.index() >= 0 && id.index() < slots && all[id.index()].live
                && all[id.index()].generation == id.generation();
    }

    public int count() {
        return live;
    }

    /** The live handles, in step order. */
    public List<SoftId> ids() {
        List<SoftId> out = new ArrayList<>(live);
        for (int s = 0; s < slots; s++) {
            if (all[s].live) {
                out.add(new SoftId(s, all[s].generation));
            }
        }
        return out;
    }

    private Body body(SoftId id) {
        if (!contains(id)) {
            throw new IllegalArgumentException("soft body: stale or unknown handle " + id);
        }
        return all[id.index()];
    }

    public String name(SoftId id) {
        return body(id).name;
    }

    public boolean isCloth(SoftId id) {
        return body(id).cloth;
    }

    public int particleCount(SoftId id) {
        return body(id).count;
    }

    /** The rule that moves the body's particles. */
    public IntegrationRule integrator(SoftId id) {
        return body(id).rule;
    }

    /**
     * The body's energy, J: kinetic {@code 1/2 m v^2}, gravitational {@code -m g . x} under gravity
     * g (m/s^2, world) and elastic {@code C^2 / (2 alpha)} of every constraint with a compliance (a
     * shell's gas is not counted). Exact motion keeps it constant.
     */
    public double energy(SoftId id, double gx, double gy, double gz) {
        Body b = body(id);
        double e = 0;
        for (int i = b.first; i < b.first + b.count; i++) {
            e += 0.5 * p.m[i] * (p.vx[i] * p.vx[i] + p.vy[i] * p.vy[i] + p.vz[i] * p.vz[i])
                    - p.m[i] * (gx * p.x[i] + gy * p.y[i] + gz * p.z[i]);
        }
        return e + distances.energy(p, b.first, b.count) + bends.energy(p, b.first, b.count)
                + volumes.energy(p, b.first, b.count);
    }

    /** The whole body's mass, kg (a shell's includes its pinned particles; a cloth's its pins). */
    public double mass(SoftId id) {
        return body(id).mass;
    }

    /** Particle k's position (world, m) into out[0..2]. */
    public void position(SoftId id, int k, double[] out) {
        int i = particle(id, k);
        out[0] = p.x[i];
        out[1] = p.y[i];
        out[2] = p.z[i];
    }

    /** Particle k's velocity (world, m/s) into out[0..2]. */
    public void velocity(SoftId id, int k, double[] out) {
        int i = particle(id, k);
        out[0] = p.vx[i];
        out[1] = p.vy[i];
        out[2] = p.vz[i];
    }

    /** Particle k's mass, kg (a pinned particle's too). */
    public double particleMass(SoftId id, int k) {
        return p.m[particle(id, k)];
    }

    /** Whether particle k is pinned (does not move). */
    public boolean isPinned(SoftId id, int k) {
        return p.w[particle(id, k)] == 0;
    }

    /**
     * Pins particle k where it is (inverse mass 0: constraints no longer move it) or frees it again
     * (inverse mass 1 / m), as a hand holding it needs.
     */
    public void setPinned(SoftId id, int k, boolean pinned) {
        int i = particle(id, k);
        p.w[i] = pinned ? 0 : 1 / p.m[i];
    }

    /**
     * Puts particle k at {@code x} (world, m) with velocity {@code v} (m/s) between steps, as a hand
     * holding it would (the viewer's mouse drag); the rest of the body follows through its constraints
     * in the next step. A pinned particle stays pinned where it is put.
     */
    public void moveParticle(SoftId id, int k, Vec3 x, Vec3 v) {
        int i = particle(id, k);
        if (x == null || !x.isFinite() || v == null || !v.isFinite()) {
            throw new IllegalArgumentException("soft body '" + body(id).name + "': particle " + k
                    + " needs a finite position and velocity, got " + x + ", " + v);
        }
        p.x[i] = x.x();
        p.y[i] = x.y();
        p.z[i] = x.z();
        p.vx[i] = v.x();
        p.vy[i] = v.y();
        p.vz[i] = v.z();
    }

    private int particle(SoftId id, int k) {
        Body b = body(id);
        if (k < 0 || k >= b.count) {
            throw new IllegalArgumentException("soft body '" + b.name + "': no particle " + k + " (0.."
                    + (b.count - 1) + ")");
        }
        return b.first + k;
    }

    /** The mass-weighted mean position, world, m. */
    public Vec3 centreOfMass(SoftId id) {
        Body b = body(id);
        double sx = 0, sy = 0, sz = 0, sm = 0;
        for (int i = b.first; i < b.first + b.count; i++) {
            sx += p.m[i] * p.x[i];
            sy += p.m[i] * p.y[i];
            sz += p.m[i] * p.z[i];
            sm += p.m[i];
        }
        return new Vec3(sx / sm, sy / sm, sz / sm);
    }

    /** The mass-weighted mean velocity (linear momentum over mass), world, m/s. */
    public Vec3 meanVelocity(SoftId id) {
        Body b = body(id);
        double sx = 0, sy = 0, sz = 0, sm = 0;
        for (int i = b.first; i < b.first + b.count; i++) {
            sx += p.m[i] * p.vx[i];
            sy += p.m[i] * p.vy[i];
            sz += p.m[i] * p.vz[i];
            sm += p.m[i];
        }
        return new Vec3(sx / sm, sy / sm, sz / sm);
    }

    /**
     * The volume the body encloses, m^3: the sum of its tetrahedra, or for a shell (and a cloth, whose
     * value means little) the volume under its surface triangles.
     */
    public double volume(SoftId id) {
        Body b = body(id);
        if (b.volCount > 0) {
            return (b.clustered ? measured : volumes).volume(p, b.volFirst, b.volFirst + b.volCount);
        }
        return surfaceVolume(b);
    }

    /** A shell's gas pressure (Pa) as of the last substep; 0 for bodies without gas. */
    public double pressure(SoftId id) {
        return body(id).pressure;
    }

    /** A shell's {@code n R T} (J): pressure times volume when it was added; 0 without gas. */
    public double gasConstant(SoftId id) {
        return body(id).nRT;
    }

    /** The surface triangles as particle indices, three per triangle (a copy). */
    public int[] triangles(SoftId id) {
        return body(id).triangles.clone();
    }

    /** A cloth's cells along x and y, {nx, ny}; {0, 0} for a soft body. */
    public int[] gridSize(SoftId id) {
        Body b = body(id);
        return new int[] {b.nx, b.ny};
    }

    /** The thickness (m) the body keeps from shapes. */
    public double thickness(SoftId id) {
        return body(id).thickness;
    }

    /**
     * The smallest distance between two particles of the body that started further apart than its
     * thickness, m (a test of self-collision; quadratic in the particle count).
     */
    public double closestPair(SoftId id) {
        Body b = body(id);
        return SelfCollision.closestPair(p, b.first, b.count, b.thickness);
    }

    /**
     * The impulse (N s, world) the pins of every cloth gave its particles during the last step, through
     * the distance (stretch and tether) and bending constraints that hold a pinned particle (not through
     * self-collision or attachments).
     */
    public Vec3 pinImpulse() {
        return new Vec3(p.pinJx, p.pinJy, p.pinJz);
    }

    /** Sets every particle's velocity (world, m/s) of the body; pinned particles stay at rest. */
    public void setVelocity(SoftId id, Vec3 v) {
        Body b = body(id);
        if (v == null || !v.isFinite()) {
            throw new IllegalArgumentException("soft body '" + b.name + "': velocity must be finite, got " + v);
        }
        for (int i = b.first; i < b.first + b.count; i++) {
            if (p.w[i] > 0) {
                p.vx[i] = v.x();
                p.vy[i] = v.y();
                p.vz[i] = v.z();
            }
        }
    }

    private double surfaceVolume(Body b) {
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

    // ---------------------------------------------------------------- state

    /**
     * Writes what changes as the soft bodies step, for a snapshot: the table's shape (slots, each
     * one's generation, liveness, name and particle count, so that {@link #readState} can tell a world
     * built otherwise), the substep count, every particle's position and velocity (world, m and m/s)
     * and each shell's last pressure.
     */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(slots);
        for (int s = 0; s < slots; s++) {
            Body b = all[s];
            out.writeInt(b.generation);
            out.writeBoolean(b.live);
            if (b.live) {
                StateInput.writeString(out, b.name);
                out.writeInt(b.count);
                out.writeDouble(b.pressure);
            }
        }
        out.writeInt(substeps);
        out.writeInt(p.count);
        for (int i = 0; i < p.count; i++) {
            out.writeDouble(p.x[i]);
            out.writeDouble(p.y[i]);
            out.writeDouble(p.z[i]);
            out.writeDouble(p.vx[i]);
            out.writeDouble(p.vy[i]);
            out.writeDouble(p.vz[i]);
        }
    }

    /**
     * Reads what {@link #writeState} wrote into soft bodies built the same way (the same cloths and
     * soft bodies added in the same order). Nothing changes unless all of it fits.
     *
     * @throws IllegalArgumentException naming the first difference or bad value
     */
    public void readState(StateInput in) throws IOException {
        int n = in.count("soft body slots", 5, Integer.MAX_VALUE);
        if (n != slots) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + n
                    + " soft body slots, the world " + slots);
        }
        double[] pressures = new double[n];
        for (int s = 0; s < n; s++) {
            Body b = all[s];
            int generation = in.readInt();
            boolean isLive = in.readBoolean();
            if (generation != b.generation || isLive != b.live) {
                throw new IllegalArgumentException("snapshot does not fit this world: soft body slot " + s
                        + " differs (added or removed since?)");
            }
            if (isLive) {
                String name = in.string("soft body " + s + "'s name");
                int count = in.readInt();
                if (!name.equals(b.name) || count != b.count) {
                    throw new IllegalArgumentException("snapshot does not fit this world: soft body " + s
                            + " is '" + name + "' with " + count + " particles in the snapshot, '" + b.name
                            + "' with " + b.count + " here");
                }
                pressures[s] = in.finite("soft body '" + name + "''s pressure");
            }
        }
        int steps = in.readInt();
        if (steps < 1 || steps > 1000) {
            throw StateInput.refuse("soft bodies' substeps " + steps + " out of range 1..1000");
        }
        int count = in.count("particles", 48, Integer.MAX_VALUE);
        if (count != p.count) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + count
                    + " particles, the world " + p.count);
        }
        double[] read = new double[6 * count];
        for (int i = 0; i < read.length; i++) {
            read[i] = in.finite("particle " + i / 6 + "'s " + (i % 6 < 3 ? "position" : "velocity"));
        }
        for (int i = 0; i < count; i++) {
            p.x[i] = read[6 * i];
            p.y[i] = read[6 * i + 1];
            p.z[i] = read[6 * i + 2];
            p.vx[i] = read[6 * i + 3];
            p.vy[i] = read[6 * i + 4];
            p.vz[i] = read[6 * i + 5];
        }
        for (int s = 0; s < n; s++) {
            all[s].pressure = pressures[s];
        }
        substeps = steps;
        saved = false;
    }

    /** Equal for bit-identical particle positions and velocities. */
    public long stateHash() {
        long h = 17;
        for (int i = 0; i < p.count; i++) {
            h = 31 * h + Double.doubleToLongBits(p.x[i]);
            h = 31 * h + Double.doubleToLongBits(p.y[i]);
            h = 31 * h + Double.doubleToLongBits(p.z[i]);
            h = 31 * h + Double.doubleToLongBits(p.vx[i]);
            h = 31 * h + Double.doubleToLongBits(p.vy[i]);
            h = 31 * h + Double.doubleToLongBits(p.vz[i]);
        }
        return h;
    }

    // ---------------------------------------------------------------- step

    /**
     * Steps every cloth and soft body by {@code dt} seconds under gravity (m/s^2, world), against the
     * rigid bodies where the rigid solve left them. Dynamic bodies get the particles' impulses as a
     * change of velocity. On failure (a particle no longer finite) the soft bodies are put back as
     * they were and an exception names the body.
     *
     * @param step the world's number of this step, for the error
     * @throws SimulationException naming the body whose particles stopped being finite, and the step
     */
    public void step(double dt, double gx, double gy, double gz, long step) {
        if (live == 0) {
            return;
        }
        save();
        int steps = substeps;
        double h = dt / steps;
        double invH2 = 1 / (h * h);
        gatherProxies(dt, gx, gy, gz);
        contacts.tethers.index(distances, p.count);
        p.pinJx = 0;
        p.pinJy = 0;
        p.pinJz = 0;
        boolean ruled = false, leapfrog = false;
        for (int k = 0; k < slots; k++) {
            if (all[k].live && all[k].rule != IntegrationRule.SEMI_IMPLICIT) {
                ruled = true;
                leapfrog |= all[k].rule == IntegrationRule.LEAPFROG;
            }
        }
        if (ruled) {
            rules.ensure(p.count);
        }
        for (int s = 0; s < steps; s++) {
            predict(h, gx, gy, gz);
            if (ruled) {
                ruleUpdate(h, invH2, gx, gy, gz);
            }
            proxies.advance(h);
            distances.solve(p, 0, distances.count, invH2);
            bends.solve(p, invH2);
            volumes.solve(p, invH2);
            clusters.solve(p, h);
            contacts.solveAttachments(p, proxies, h);
            if (bodyCollision && live > 1) {
                collideBodies();
            }
            for (int k = 0; k < slots; k++) {
                Body b = all[k];
                if (!b.live) {
                    continue;
                }
                if (b.selfCollision) {
                    self.solve(p, b.first, b.count, b.thickness);
                }
                if (b.cloth) {
                    sided.solve(p, proxies, contacts, candidates, b.candFrom, b.candTo, b.first, b.triangles,
                            b.thickness, h);
                }
                contacts.solve(p, proxies, candidates, b.candFrom, b.candTo, b.first, b.count, b.thickness,
                        b.friction, h);
            }
            p.pinImpulse(h);
            double inv = 1 / h;
            for (int i = 0; i < p.count; i++) {
                p.vx[i] = (p.x[i] - p.sx[i]) * inv;
                p.vy[i] = (p.y[i] - p.sy[i]) * inv;
                p.vz[i] = (p.z[i] - p.sz[i]) * inv;
            }
            if (leapfrog) {
                closingKick(h, gx, gy, gz);
            }
            distances.settle(p, 0, distances.count);
            bends.settle(p);
            for (int k = 0; k < slots; k++) {
                Body b = all[k];
                if (b.live) {
                    contacts.settle(p, proxies, b.first, b.count);
                }
            }
        }
        for (int i = 0; i < p.count; i++) {
            if (!Double.isFinite(p.x[i] + p.y[i] + p.z[i] + p.vx[i] + p.vy[i] + p.vz[i])) {
                String name = all[p.owner[i]].name;
                rollback();
                throw new SimulationException(name, step, "particle " + (i - all[p.owner[i]].first)
                        + " of the soft body is no longer finite");
            }
        }
        proxies.finish(host);
    }

    /**
     * Every body's particles against every other body's surface triangles ({@link SurfaceContacts}):
     * surfaces in slot order, each hashed once when some other body's box comes near it.
     */
    private void collideBodies() {
        double thickest = 0;
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live) {
                between.bounds(p, k, b.first, b.count);
                thickest = Math.max(thickest, b.thickness);
            }
        }
        for (int k = 0; k < slots; k++) {
            Body s = all[k];
            if (!s.live || s.triangles.length == 0) {
                continue;
            }
            double depth = -1;
            boolean built = false;
            // Not near even grown by this bound on the prism depth: not near at the depth itself, so
            // the surface's triangles need not be measured.
            double reach = between.halfExtent(k) + thickest;
            for (int j = 0; j < slots; j++) {
                Body a = all[j];
                if (j == k || !a.live || !between.near(j, k, reach)) {
                    continue;
                }
                if (depth < 0) {
                    depth = 0.5 * SurfaceContacts.largestTriangle(p, s.first, s.triangles);
                }
                if (!between.near(j, k, depth + thickest)) {
                    continue;
                }
                if (!built) {
                    between.build(p, s.first, s.triangles, depth, thickest);
                    built = true;
                }
                between.solve(p, a.first, a.count, s.cloth, Math.max(a.thickness, s.thickness),
                        Math.sqrt(a.friction * s.friction));
            }
        }
    }

    private void predict(double h, double gx, double gy, double gz) {
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.nRT > 0 && b.rule == IntegrationRule.SEMI_IMPLICIT) {
                pressurise(b, h);
            }
        }
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (!b.live || b.rule != IntegrationRule.SEMI_IMPLICIT) {
                continue;
            }
            // Self-colliding cloth moves at most half its thickness per substep (see SelfCollision).
            double maxSpeed = b.selfCollision ? 0.5 * b.thickness / h : Double.POSITIVE_INFINITY;
            for (int i = b.first; i < b.first + b.count; i++) {
                p.sx[i] = p.x[i];
                p.sy[i] = p.y[i];
                p.sz[i] = p.z[i];
                if (p.w[i] == 0) {
                    continue;
                }
                p.setVelocity(i, p.vx[i] + gx * h, p.vy[i] + gy * h, p.vz[i] + gz * h, maxSpeed);
                p.x[i] += p.vx[i] * h;
                p.y[i] += p.vy[i] * h;
                p.z[i] += p.vz[i] * h;
            }
        }
    }

    /**
     * The update of the bodies under a rule other than the default, before the projections
     * ({@link ParticleRules}): forces at the start, then at the midpoint or the implicit solve where
     * the rule needs them.
     */
    private void ruleUpdate(double h, double invH2, double gx, double gy, double gz) {
        boolean midpoint = false, implicit = false;
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.start(p, b.first, b.count);
                midpoint |= b.rule == IntegrationRule.MIDPOINT;
                implicit |= b.rule.implicit();
            }
        }
        externalAccelerations(null, gx, gy, gz, rules.ex, rules.ey, rules.ez);
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.startAcceleration(b.first, b.count);
            }
        }
        elasticAccelerations(rules.ax0, rules.ay0, rules.az0);
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.toEvaluationPoint(p, b.first, b.count, b.rule, h);
            }
        }
        if (midpoint) {
            externalAccelerations(IntegrationRule.MIDPOINT, gx, gy, gz, rules.ax, rules.ay, rules.az);
            elasticAccelerations(rules.ax, rules.ay, rules.az);
        }
        if (implicit) {
            solveElastic(invH2);
        }
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                double maxSpeed = b.selfCollision ? 0.5 * b.thickness / h : Double.POSITIVE_INFINITY;
                rules.finish(p, b.first, b.count, b.rule, h, maxSpeed);
            }
        }
    }

    /** Leapfrog's second half kick with the forces where the projections left the particles. */
    private void closingKick(double h, double gx, double gy, double gz) {
        externalAccelerations(IntegrationRule.LEAPFROG, gx, gy, gz, rules.ax, rules.ay, rules.az);
        elasticAccelerations(rules.ax, rules.ay, rules.az);
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (b.live && b.rule == IntegrationRule.LEAPFROG) {
                rules.kick(p, b.first, b.count, h);
            }
        }
    }

    /**
     * Gravity plus the gas's {@code w p dV/dx} (m/s^2) at the particles' positions into a, for the
     * particles of the bodies under {@code only} (every rule but the default when null).
     */
    private void externalAccelerations(IntegrationRule only, double gx, double gy, double gz, double[] ax,
                                       double[] ay, double[] az) {
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (!b.live || b.rule == IntegrationRule.SEMI_IMPLICIT || (only != null && b.rule != only)) {
                continue;
            }
            Arrays.fill(ax, b.first, b.first + b.count, gx);
            Arrays.fill(ay, b.first, b.first + b.count, gy);
            Arrays.fill(az, b.first, b.first + b.count, gz);
            if (b.nRT > 0) {
                double volume = surfaceVolume(b);
                b.pressure = volume > 0 ? b.nRT / volume : 0;
                int[] t = b.triangles;
                int f = b.first;
                double s = b.pressure / 6;
                for (int q = 0; q < t.length; q += 3) {
                    int a = f + t[q], c = f + t[q + 1], d = f + t[q + 2];
                    gas(a, c, d, s, ax, ay, az);
                    gas(c, d, a, s, ax, ay, az);
                    gas(d, a, c, s, ax, ay, az);
                }
            }
        }
    }

    /** a_a += s w_a (b x c) */
    private void gas(int a, int b, int c, double s, double[] ax, double[] ay, double[] az) {
        double sw = s * p.w[a];
        ax[a] += sw * (p.y[b] * p.z[c] - p.z[b] * p.y[c]);
        ay[a] += sw * (p.z[b] * p.x[c] - p.x[b] * p.z[c]);
        az[a] += sw * (p.x[b] * p.y[c] - p.y[b] * p.x[c]);
    }

    /** Adds the elastic forces over mass of every constraint integrated by a rule (m/s^2). */
    private void elasticAccelerations(double[] ax, double[] ay, double[] az) {
        distances.accelerate(p, ax, ay, az);
        bends.accelerate(p, ax, ay, az);
        volumes.accelerate(p, ax, ay, az);
    }

    /**
     * The implicit rules' elastic step: XPBD passes with the multipliers accumulated until no
     * particle moves more than {@link ParticleRules#TOLERANCE} in a pass.
     */
    private void solveElastic(double invH2) {
        Arrays.fill(distances.lambda, 0, distances.count, 0);
        Arrays.fill(bends.lambda, 0, bends.count, 0);
        Arrays.fill(volumes.lambda, 0, volumes.count, 0);
        for (int pass = 0; pass < ParticleRules.MAX_PASSES; pass++) {
            double moved = distances.solveElastic(p, invH2);
            moved = Math.max(moved, bends.solveElastic(p, invH2));
            moved = Math.max(moved, volumes.solveElastic(p, invH2));
            if (!(moved > ParticleRules.TOLERANCE)) {
                return;
            }
        }
    }

    /**
     * A shell's gas: isothermal, {@code p = n R T / V}, pushing every vertex along the gradient of the
     * enclosed volume, {@code f_i = p dV/dx_i}; for triangle (a, b, c), {@code dV/da = (b x c) / 6}.
     * Applied as a force in the prediction, each substep at the volume the substep starts with.
     */
    private void pressurise(Body b, double h) {
        double volume = surfaceVolume(b);
        if (!(volume > 0)) {
            b.pressure = 0;
            return;
        }
        double pressure = b.nRT / volume;
        b.pressure = pressure;
        int[] t = b.triangles;
        int f = b.first;
        double s = h * pressure / 6;
        for (int k = 0; k < t.length; k += 3) {
            int a = f + t[k], c = f + t[k + 1], d = f + t[k + 2];
            push(a, c, d, s);
            push(c, d, a, s);
            push(d, a, c, s);
        }
    }

    /** v_a += s w_a (b x c) */
    private void push(int a, int b, int c, double s) {
        double sw = s * p.w[a];
        p.vx[a] += sw * (p.y[b] * p.z[c] - p.z[b] * p.y[c]);
        p.vy[a] += sw * (p.z[b] * p.x[c] - p.x[b] * p.z[c]);
        p.vz[a] += sw * (p.x[b] * p.y[c] - p.y[b] * p.x[c]);
    }

    /**
     * The rigid bodies each soft body may meet this step: those whose boxes, swept back over the step
     * by their velocity, overlap the soft body's box grown by where its particles can go.
     */
    private void gatherProxies(double dt, double gx, double gy, double gz) {
        if (near == null) {
            near = new BoundsQuery(host.collision());
        }
        proxies.clear();
        double reach = host.fastestBody() * dt;
        double fall = Math.sqrt(gx * gx + gy * gy + gz * gz) * dt * dt;
        double pad = 0;
        for (int k = 0; k < slots; k++) {
            if (all[k].live) {
                pad = Math.max(pad, all[k].thickness);
            }
        }
        int n = 0;
        for (int a = 0; a < contacts.attachments; a++) {
            contacts.attProxy[a] = proxy(contacts.attCollider[a], dt, pad);
        }
        for (int k = 0; k < slots; k++) {
            Body b = all[k];
            if (!b.live) {
                continue;
            }
            double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
            double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
            for (int i = b.first; i < b.first + b.count; i++) {
                double x = p.x[i], y = p.y[i], z = p.z[i];
                double ex = x + p.vx[i] * dt, ey = y + p.vy[i] * dt, ez = z + p.vz[i] * dt;
                minX = Math.min(minX, Math.min(x, ex));
                minY = Math.min(minY, Math.min(y, ey));
                minZ = Math.min(minZ, Math.min(z, ez));
                maxX = Math.max(maxX, Math.max(x, ex));
                maxY = Math.max(maxY, Math.max(y, ey));
                maxZ = Math.max(maxZ, Math.max(z, ez));
            }
            double grow = b.thickness + fall;
            minX -= grow;
            minY -= grow;
            minZ -= grow;
            maxX += grow;
            maxY += grow;
            maxZ += grow;
            near.query(minX - reach, minY - reach, minZ - reach, maxX + reach, maxY + reach, maxZ + reach);
            b.candFrom = n;
            for (int f = 0; f < near.count(); f++) {
                int c = near.body(f);
                if (host.motionType(c) == SoftHost.IGNORED) {
                    continue;
                }
                int q = proxy(c, dt, pad);
                // The body's box swept back over the step by its velocity.
                double[] box = proxies.box;
                int o = SoftHost.STATE_SIZE * q;
                double mx = -proxies.start[o + 10] * dt, my = -proxies.start[o + 11] * dt;
                double mz = -proxies.start[o + 12] * dt;
                if (box[6 * q] + Math.min(mx, 0) > maxX || box[6 * q + 1] + Math.min(my, 0) > maxY
                        || box[6 * q + 2] + Math.min(mz, 0) > maxZ || box[6 * q + 3] + Math.max(mx, 0) < minX
                        || box[6 * q + 4] + Math.max(my, 0) < minY || box[6 * q + 5] + Math.max(mz, 0) < minZ) {
                    continue;
                }
                if (n == candidates.length) {
                    candidates = Arrays.copyOf(candidates, 2 * n);
                }
                candidates[n++] = q;
            }
            b.candTo = n;
        }
    }

    private int proxy(int collider, double dt, double pad) {
        int before = proxies.count;
        int q = proxies.of(collider, host, dt, state);
        if (proxies.count == before) {
            return q;
        }
        Shape shape = proxies.shape[q];
        if (shape instanceof PlaneShape) {
            double[] box = proxies.box;
            for (int a = 0; a < 3; a++) {
                box[6 * q + a] = Double.NEGATIVE_INFINITY;
                box[6 * q + 3 + a] = Double.POSITIVE_INFINITY;
            }
            return q;
        }
        // The collider's origin: the centre of mass minus R times the body-frame centre of mass.
        int o = SoftHost.STATE_SIZE * q, m = 9 * q;
        double[] s = proxies.start, r = proxies.rot;
        double lx = s[o + 7], ly = s[o + 8], lz = s[o + 9];
        double ox = s[o] - (r[m] * lx + r[m + 1] * ly + r[m + 2] * lz);
        double oy = s[o + 1] - (r[m + 3] * lx + r[m + 4] * ly + r[m + 5] * lz);
        double oz = s[o + 2] - (r[m + 6] * lx + r[m + 7] * ly + r[m + 8] * lz);
        pose.set(ox, oy, oz, s[o + 3], s[o + 4], s[o + 5], s[o + 6]);
        host.collision().worldBounds(shape, pose, bounds);
        proxies.setBox(q, bounds, pad);
        return q;
    }

    private void save() {
        int n = 6 * p.count;
        if (savedX.length < n) {
            savedX = new double[Math.max(n, 2 * savedX.length)];
        }
        int c = p.count;
        System.arraycopy(p.x, 0, savedX, 0, c);
        System.arraycopy(p.y, 0, savedX, c, c);
        System.arraycopy(p.z, 0, savedX, 2 * c, c);
        System.arraycopy(p.vx, 0, savedX, 3 * c, c);
        System.arraycopy(p.vy, 0, savedX, 4 * c, c);
        System.arraycopy(p.vz, 0, savedX, 5 * c, c);
        saved = true;
    }

    /** Puts the particles back as they were before the last step (a failed world step calls it). */
    public void rollback() {
        if (!saved) {
            return;
        }
        int c = p.count;
        System.arraycopy(savedX, 0, p.x, 0, c);
        System.arraycopy(savedX, c, p.y, 0, c);
        System.arraycopy(savedX, 2 * c, p.z, 0, c);
        System.arraycopy(savedX, 3 * c, p.vx, 0, c);
        System.arraycopy(savedX, 4 * c, p.vy, 0, c);
        System.arraycopy(savedX, 5 * c, p.vz, 0, c);
        saved = false;
    }

    /** Forgets the saved state once a world step has succeeded. */
    public void commit() {
        saved = false;
    }
}
