package ricochet.fracture;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.StateInput;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * The world's fractured bodies: each a {@link FracturePattern} whose pieces are held together by bonds,
 * every bonded group (a cluster) one rigid body of the world with the pieces as a compound shape, until
 * a bond's impulse in a step exceeds the strength; the cluster then splits into its connected parts.
 * {@code docs/destruction.md} describes the method.
 *
 * <p>Frames: a fractured body keeps the frame its definition gave it (the pattern's frame). A
 * cluster's body has that frame's axes and its origin at the cluster's centre of mass {@code t} (so its
 * mass properties are centred); piece p, centroid {@code c_p} in the pattern's frame, sits at
 * {@code x + R (c_p - t)} for a cluster body at x with rotation R.
 *
 * <p>The bond loads, each step: every contact point on a cluster is assigned to the piece it lies in
 * and its normal impulse (N s, the whole step's) and that impulse's moment about the piece's centroid
 * added to what the piece received. A dynamic cluster moved as one body, so piece p (mass m_p, inertia
 * I_p, arm {@code d_p = c_p - t}) needed {@code m_p (dv + dw x d_p)} and {@code I_p dw} of it, with
 * {@code dv = sum J / M}, {@code dw = I^-1 sum (r x J)}; the rest is what its bonds had to pass on. A
 * cluster held by the world (anchored, a static body) did not move: its pieces pass on all they received
 * plus their weight over the step; the world bonds take their share as a rigid body on springs would
 * ({@link BondStress#supports}), so a span between supports bends as a simply supported beam. The bond
 * impulses and angular impulses are then the pieces as rigid blocks joined by springs over each face
 * ({@link BondStress}); a bond's load is its impulse plus the peak bending and twisting stress its
 * angular impulse puts on the face, times the face's area, and it breaks when that load exceeds the
 * strength. Friction impulses and joint reactions are not counted (the contact store keeps friction
 * per substep only, and a joint on a fractured body is dropped when its cluster splits).
 *
 * <p>When a bond breaks, the step is redone from its start with the cluster split (the world rolls
 * back to the checkpoint it took for the step), so whatever broke the bond meets the pieces rather than
 * the intact body: a ball goes through a wall instead of bouncing off it and leaving the pieces at
 * rest. The redone step may break more bonds (the part the ball meets may still be held by the world);
 * it is redone again, up to {@link #MAX_REDOS} times. A break found in the last redo, or in a world with
 * characters (whose stage is not rolled back), is applied after the step. A part keeps the parent's motion: its centre of mass moves at
 * {@code v + w x r} (r from the parent's centre of mass) and it spins at w, so momentum, angular
 * momentum and kinetic energy are the parent's.
 *
 * <p>Splits allocate (new shapes and bodies); a step without one allocates nothing here.
 *
 * <p>The parts: {@link FracturedBody} (pieces and bonds), {@link Cluster} (a bonded group and its
 * body), {@link BondLoads} (one cluster's bond loads from the step's contacts, with {@link BondStress})
 * and {@link FractureHistory} (what broke and split, for snapshots); this class adds, measures and
 * splits, and answers the queries.
 */
public final class Fractures {

    /** A bond that broke: pieces a and b of fractured body {@code fracture} (b is -1 for a world bond). */
    public record Break(int fracture, int a, int b) {
    }

    /** Hull growth factor for the anchoring test, so that a piece resting on the ground touches it. */
    static final double ANCHOR_GROWTH = 1.02;

    /** Redos of one step at most; breaks found in the last wait for the step's end. */
    static final int MAX_REDOS = 8;

    private final FractureHost host;
    private final List<FracturedBody> bodies = new ArrayList<>();
    private final List<Cluster> clusters = new ArrayList<>();
    private int[] clusterOfSlot = new int[16];
    private final List<Break> breaks = new ArrayList<>();
    private final List<Cluster> pendingSplits = new ArrayList<>();
    /** What broke and split since the bodies were added, in order: for snapshots ({@link FractureHistory}). */
    private final FractureHistory history = new FractureHistory();
    /** Redos of the current step so far (0 in a step's first pass). */
    private int redos;
    private boolean estimateAll;
    private final BondLoads loads;
    private final double[] state = new double[13];
    private final double[] point = new double[10];
    private final double[] rot = new double[9];
    private int[] active = new int[16];
    private int activeCount;

    public Fractures(FractureHost host) {
        this.host = host;
        loads = new BondLoads(host, breaks, history);
        Arrays.fill(clusterOfSlot, -1);
    }

    // ---------------------------------------------------------------- adding

    /**
     * Adds a fractured body: the pattern's pieces (in the def's frame) filled with {@code density},
     * bonded as the pattern says, moving as the def says. With {@code anchored}, each piece that touches
     * a static body now (its hull grown by 2 % about its centroid overlaps one) is also bonded to the
     * world, and the clusters holding such pieces are static bodies until those bonds break.
     *
     * @param def a dynamic body's definition; its mass properties are replaced by the pieces'
     * @param strength the impulse (N s) in one step that breaks a bond, > 0
     * @return the fractured body's number, 0, 1, ... in the order added
     * @throws IllegalArgumentException for a def that is not dynamic, a density or strength not > 0 and
     *     finite, or a friction or restitution the world rejects (nothing is added)
     */
    public int add(BodyDef def, FracturePattern pattern, double density, double strength, boolean anchored,
                   double friction, double restitution) {
        if (def == null || def.type() != BodyDef.Type.DYNAMIC) {
            throw new IllegalArgumentException("fracture: the body must be dynamic, got "
                    + (def == null ? "null" : def.type()));
        }
        if (!(density > 0) || !Double.isFinite(density)) {
            throw new IllegalArgumentException("fracture: density must be > 0 and finite, got " + density);
        }
        if (!(strength > 0) || !Double.isFinite(strength)) {
            throw new IllegalArgumentException("fracture: strength must be > 0 and finite, got " + strength);
        }
        if (!(friction >= 0) || !Double.isFinite(friction) || !(restitution >= 0) || !Double.isFinite(restitution)) {
            throw new IllegalArgumentException("fracture: friction and restitution must be >= 0 and finite, got "
                    + friction + " and " + restitution);
        }
        FracturedBody f = new FracturedBody(bodies.size(), def, pattern, density, strength, friction, restitution);
        Quat q = def.orientation().normalized();
        Transform pose = new Transform();
        if (anchored) {
            for (int p = 0; p < f.pieces; p++) {
                Vec3 c = q.rotate(new Vec3(f.cx[p], f.cy[p], f.cz[p])).plus(def.position());
                pose.set(c, q);
                f.anchor[p] = host.touchesStatic(grown(f.shapes[p]), pose);
            }
        }
        bodies.add(f);
        // The whole moves at v about its centre of mass (the pieces' together).
        double[] com = FracturedBody.centre(f, allPieces(f));
        Vec3 x = q.rotate(new Vec3(com[0], com[1], com[2])).plus(def.position());
        for (int[] part : FracturedBody.components(f, allPieces(f))) {
            makeCluster(f, part, def.position(), q, x, def.velocity(), def.angularVelocity(), true);
        }
        return f.number;
    }

    private static ConvexHullShape grown(ConvexHullShape hull) {
        double[] v = new double[3 * hull.vertexCount()];
        for (int i = 0; i < hull.vertexCount(); i++) {
            v[3 * i] = ANCHOR_GROWTH * hull.vertexX(i);
            v[3 * i + 1] = ANCHOR_GROWTH * hull.vertexY(i);
            v[3 * i + 2] = ANCHOR_GROWTH * hull.vertexZ(i);
        }
        return QuickHull.build(v);
    }

    private static int[] allPieces(FracturedBody f) {
        int[] all = new int[f.pieces];
        for (int p = 0; p < f.pieces; p++) {
            all[p] = p;
        }
        return all;
    }

    // ---------------------------------------------------------------- queries

    /** Fractured bodies added. */
    public int count() {
        return bodies.size();
    }

    /** The name given to fractured body f's definition; its pieces are {@code name.0}, {@code name.1}, ... */
    public String name(int f) {
        return body(f).def.name();
    }

    public int pieceCount(int f) {
        return body(f).pieces;
    }

    /** Piece p's hull in its own frame (origin at its centroid, axes of the fractured body). */
    public ConvexHullShape pieceShape(int f, int p) {
        FracturedBody b = body(f);
        return b.shapes[check(b, p)];
    }

    /** kg. */
    public double pieceMass(int f, int p) {
        FracturedBody b = body(f);
        return b.mass[check(b, p)];
    }

    /** The body that carries piece p now (its cluster's), or null once that body was removed. */
    public BodyId pieceBody(int f, int p) {
        FracturedBody b = body(f);
        Cluster c = clusters.get(b.clusterOfPiece[check(b, p)]);
        return c.dead || !host.containsBody(c.body) ? null : c.body;
    }

    /**
     * Piece p's state into {@code out[0..12]}, in the layout of {@code World.readState}: its frame's
     * origin (its centroid, m), orientation (x, y, z, w), the centroid's velocity (m/s) and the angular
     * velocity (rad/s), world frame, from its cluster's body. Returns false (out untouched) once that
     * body was removed.
     */
    public boolean pieceState(int f, int p, double[] out) {
        FracturedBody b = body(f);
        Cluster c = clusters.get(b.clusterOfPiece[check(b, p)]);
        if (c.dead || !host.containsBody(c.body)) {
            return false;
        }
        host.readState(c.body, state);
        BondLoads.quatMatrix(state[3], state[4], state[5], state[6], rot);
        double dx = b.cx[p] - c.tx, dy = b.cy[p] - c.ty, dz = b.cz[p] - c.tz;
        double rx = rot[0] * dx + rot[1] * dy + rot[2] * dz;
        double ry = rot[3] * dx + rot[4] * dy + rot[5] * dz;
        double rz = rot[6] * dx + rot[7] * dy + rot[8] * dz;
        double wx = state[10], wy = state[11], wz = state[12];
        out[0] = state[0] + rx;
        out[1] = state[1] + ry;
        out[2] = state[2] + rz;
        System.arraycopy(state, 3, out, 3, 4);
        // v + w x r
        out[7] = state[7] + wy * rz - wz * ry;
        out[8] = state[8] + wz * rx - wx * rz;
        out[9] = state[9] + wx * ry - wy * rx;
        out[10] = wx;
        out[11] = wy;
        out[12] = wz;
        return true;
    }

    public int bondCount(int f) {
        return body(f).bondA.length;
    }

    public int bondPieceA(int f, int bond) {
        return body(f).bondA[bond];
    }

    public int bondPieceB(int f, int bond) {
        return body(f).bondB[bond];
    }

    public boolean isBondBroken(int f, int bond) {
        return !body(f).bondAlive[bond];
    }

    /** The impulse (N s) the last solve of its cluster estimated through the bond (its angular impulse aside). */
    public double bondImpulse(int f, int bond) {
        return body(f).bondImpulse[bond];
    }

    /** The angular impulse (N m s, about the face centroid) the last solve of its cluster estimated through the bond. */
    public double bondAngularImpulse(int f, int bond) {
        return body(f).bondAngular[bond];
    }

    /**
     * The load (N s) the last solve of its cluster estimated on the bond, which breaks it above the
     * strength: its impulse plus what its angular impulse adds (the face's peak stress times its area).
     */
    public double bondLoad(int f, int bond) {
        return body(f).bondLoad[bond];
    }

    /** The world bond's load (N s) on piece p from the last solve of its cluster (0 if it has none). */
    public double anchorLoad(int f, int p) {
        FracturedBody b = body(f);
        return b.anchorImpulse[check(b, p)];
    }

    /**
     * What the last solve of its cluster estimated bond k passes from its piece a to piece b, into
     * {@code out[0..5]}: the impulse (N s) and the angular impulse about the face centroid (N m s), in
     * the fractured body's axes.
     */
    public void bondVector(int f, int bond, double[] out) {
        System.arraycopy(body(f).bondVector, 6 * bond, out, 0, 6);
    }

    /** Bond k's face centroid in the fractured body's frame (m). */
    public Vec3 bondCentroid(int f, int bond) {
        FracturedBody b = body(f);
        return new Vec3(b.bondX[bond], b.bondY[bond], b.bondZ[bond]);
    }

    /** Whether piece p is bonded to the world now. */
    public boolean isAnchored(int f, int p) {
        FracturedBody b = body(f);
        return b.anchor[check(b, p)];
    }

    /**
     * Whether every cluster that received an impulse has its bond impulses estimated
     * ({@link #bondImpulse}), for tools and tests; by default (false) only those whose received impulse
     * could break a bond are, which gives the same breaks.
     */
    public void setEstimateAll(boolean on) {
        estimateAll = on;
    }

    /** Bonds (pieces and world) that broke in the last step, and by {@link #breakAll} since; oldest first. */
    public List<Break> breaks() {
        return List.copyOf(breaks);
    }

    /**
     * The name of the cluster body in handle slot {@code slot} ({@link BodyId#index()}): its fractured
     * body's name, or {@code name.p} for a lone piece; null for a slot that holds no cluster.
     */
    public String nameOfSlot(int slot) {
        if (slot < 0 || slot >= clusterOfSlot.length || clusterOfSlot[slot] < 0) {
            return null;
        }
        Cluster c = clusters.get(clusterOfSlot[slot]);
        return c.pieces.length == 1 ? c.f.def.name() + "." + c.pieces[0] : c.f.def.name();
    }

    /** Bodies now carrying fractured body f's pieces (1 while it is whole). */
    public int clusterCount(int f) {
        FracturedBody b = body(f);
        int n = 0;
        for (Cluster c : clusters) {
            if (!c.dead && c.body != null && c.f == b) {
                n++;
            }
        }
        return n;
    }

    /**
     * Breaks every bond of fractured body f, world bonds included, now: each piece becomes a body of its
     * own with its cluster's motion at its centroid (linear and angular momentum and kinetic energy are
     * kept). For scripted demolition and tests.
     */
    public void breakAll(int f) {
        FracturedBody b = body(f);
        for (int k = 0; k < b.bondA.length; k++) {
            if (b.bondAlive[k]) {
                b.bondAlive[k] = false;
                history.bond(f, k);
                breaks.add(new Break(f, b.bondA[k], b.bondB[k]));
            }
        }
        for (int p = 0; p < b.pieces; p++) {
            if (b.anchor[p]) {
                b.anchor[p] = false;
                history.anchor(f, p);
                breaks.add(new Break(f, p, -1));
            }
        }
        for (Cluster c : clusters) {
            if (!c.dead && c.f == b && !pendingSplits.contains(c)) {
                pendingSplits.add(c);
            }
        }
        split();
    }

    private FracturedBody body(int f) {
        if (f < 0 || f >= bodies.size()) {
            throw new IllegalArgumentException("fracture: no fractured body " + f + " (have " + bodies.size() + ")");
        }
        return bodies.get(f);
    }

    private static int check(FracturedBody b, int p) {
        if (p < 0 || p >= b.pieces) {
            throw new IllegalArgumentException("fracture '" + b.def.name() + "': no piece " + p + " (has "
                    + b.pieces + ")");
        }
        return p;
    }

    // ---------------------------------------------------------------- snapshots

    /**
     * Writes the fractured bodies' state for a world's snapshot: each one's piece and bond counts
     * (a restore checks them), what broke and split since they were added (from which their bodies'
     * structure follows), each cluster's flag for a solved weight, and the last step's breaks. The bond
     * loads of the last solve ({@link #bondLoad} and the like) are not in it.
     */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(bodies.size());
        for (FracturedBody b : bodies) {
            out.writeInt(b.pieces);
            out.writeInt(b.bondA.length);
        }
        history.write(out);
        out.writeInt(clusters.size());
        for (Cluster c : clusters) {
            out.writeBoolean(c.weightSolved);
        }
        out.writeInt(breaks.size());
        for (Break b : breaks) {
            out.writeInt(b.fracture());
            out.writeInt(b.a());
            out.writeInt(b.b());
        }
    }

    /**
     * Reads {@link #writeState}'s output, first in a world's restore: the world must have the same
     * fractured bodies, and what broke and split in it must be the start of what the snapshot's did;
     * the rest is done now, as the steps did it (bonds marked broken, clusters' bodies removed and their
     * parts' added), so that the world's bodies are the snapshot's in the same handle slots. Their states
     * are then the snapshot's as the world reads them.
     *
     * @throws IllegalArgumentException naming what differs, with nothing changed, when the world's
     *     fractured bodies are not the snapshot's or broke otherwise or further (a world built afresh
     *     takes any snapshot of its own run); or naming an entry that cannot be done, part way (only a
     *     snapshot's bytes made by hand can hold one)
     */
    public void readState(StateInput in) throws IOException {
        int n = in.count("fractured body count", 8, Integer.MAX_VALUE);
        if (n != bodies.size()) {
            throw StateInput.refuse("snapshot does not fit this world: it has " + n
                    + " fractured bodies, the world " + bodies.size());
        }
        for (FracturedBody b : bodies) {
            int pieces = in.readInt();
            int bonds = in.readInt();
            if (pieces != b.pieces || bonds != b.bondA.length) {
                throw StateInput.refuse("snapshot does not fit this world: fractured body " + b.number + " ('"
                        + b.def.name() + "') has " + pieces + " pieces and " + bonds
                        + " bonds in the snapshot, " + b.pieces + " and " + b.bondA.length + " here");
            }
        }
        int entries = in.count("fracture history", 4 * FractureHistory.ENTRY, Integer.MAX_VALUE / 4);
        int[] log = new int[FractureHistory.ENTRY * entries];
        for (int i = 0; i < log.length; i++) {
            log[i] = in.readInt();
        }
        int done = history.length();
        boolean prefix = log.length >= done;
        for (int i = 0; prefix && i < done; i++) {
            prefix = log[i] == history.get(i);
        }
        if (!prefix) {
            throw StateInput.refuse("snapshot does not fit this world: its fractured bodies broke otherwise"
                    + " than this world's, or less (" + entries + " breaks and splits in the snapshot, "
                    + done / FractureHistory.ENTRY + " here); restore it into a world built afresh");
        }
        for (int i = done; i < log.length; i += FractureHistory.ENTRY) {
            replay(log[i], log[i + 1], log[i + 2], i / FractureHistory.ENTRY);
        }
        int nc = in.readInt();
        if (nc != clusters.size()) {
            throw StateInput.refuse("snapshot does not fit this world: its fractured bodies have " + nc
                    + " clusters, this world's " + clusters.size() + " after the same splits");
        }
        for (Cluster c : clusters) {
            c.weightSolved = in.readBoolean();
        }
        int nb = in.count("break count", 12, Integer.MAX_VALUE);
        breaks.clear();
        for (int i = 0; i < nb; i++) {
            int f = in.index("break " + i + "'s fractured body", bodies.size(), false);
            int a = in.index("break " + i + "'s piece", bodies.get(f).pieces, false);
            int b = in.index("break " + i + "'s second piece", bodies.get(f).pieces, true);
            breaks.add(new Break(f, a, b));
        }
    }

    /** Does entry {@code e} of a snapshot's history, checked first. */
    private void replay(int kind, int a, int b, int e) {
        String what = "fracture history entry " + e;
        if (kind == FractureHistory.BOND || kind == FractureHistory.ANCHOR) {
            StateInput.checkIndex(what + "'s fractured body", a, bodies.size(), false);
            FracturedBody f = bodies.get(a);
            boolean bond = kind == FractureHistory.BOND;
            StateInput.checkIndex(what + (bond ? "'s bond" : "'s piece"), b, bond ? f.bondA.length : f.pieces,
                    false);
            if (bond ? !f.bondAlive[b] : !f.anchor[b]) {
                throw StateInput.refuse(what + " breaks " + (bond ? "bond " : "the world bond of piece ") + b
                        + " of '" + f.def.name() + "', already broken");
            }
            if (bond) {
                f.bondAlive[b] = false;
                history.bond(a, b);
            } else {
                f.anchor[b] = false;
                history.anchor(a, b);
            }
        } else if (kind == FractureHistory.SPLIT) {
            StateInput.checkIndex(what + "'s cluster", a, clusters.size(), false);
            Cluster cl = clusters.get(a);
            if (cl.dead || !host.containsBody(cl.body) || !splitCluster(cl)) {
                throw StateInput.refuse(what + " splits cluster " + a + ", which is gone or still whole");
            }
            history.split(a);
        } else {
            throw StateInput.refuse(what + " is of kind " + kind + ", not 0, 1 or 2");
        }
    }

    // ---------------------------------------------------------------- the step

    /**
     * After the solve: estimates every loaded cluster's bond impulses from the step's contacts and marks
     * the bonds beyond their strength broken. Returns true when the step should be redone with the
     * broken clusters split ({@code redoAllowed}, and not already a redone step); then the world rolls
     * back and calls {@link #split}. Otherwise the splits wait for {@link #finishStep}.
     */
    public boolean measure(double dt, double gx, double gy, double gz, boolean redoAllowed) {
        if (redos == 0) {
            breaks.clear();
        }
        activeCount = 0;
        int n = host.contactCount();
        for (int k = 0; k < n; k++) {
            for (int side = 0; side < 2; side++) {
                int c = clusterOf(host.contactSlot(k, side == 1));
                if (c >= 0) {
                    Cluster cl = clusters.get(c);
                    if (!cl.loaded) {
                        cl.loaded = true;
                        cl.load = 0;
                        if (activeCount == active.length) {
                            active = Arrays.copyOf(active, 2 * activeCount);
                        }
                        active[activeCount++] = c;
                    }
                    host.contact(k, point);
                    cl.load += Math.abs(point[3]);
                }
            }
        }
        // Static clusters carry their weight: solved once, and again only when contacts load them.
        for (int c = 0; c < clusters.size(); c++) {
            Cluster cl = clusters.get(c);
            if (cl.fixed && !cl.dead && !cl.loaded && !cl.weightSolved && cl.bonded()) {
                if (activeCount == active.length) {
                    active = Arrays.copyOf(active, 2 * activeCount);
                }
                active[activeCount++] = c;
                cl.load = 0;
                cl.loaded = true;
            }
        }
        for (int i = 0; i < activeCount; i++) {
            Cluster cl = clusters.get(active[i]);
            cl.loaded = false;
            if (cl.dead || !cl.bonded() || !host.containsBody(cl.body)) {
                continue;
            }
            double g = Math.sqrt(gx * gx + gy * gy + gz * gz) * Math.abs(cl.f.def.gravityScale()) * dt;
            // A cut-off on the largest bond load: a bond carries at most all the excess impulse there is,
            // and a moment at most that impulse times the cluster's span (exact bounds for a tree of
            // bonds; loops share the load).
            double bound = (cl.fixed ? cl.load + cl.mass * g : cl.load * cl.spread) * cl.bending;
            if (bound <= cl.f.strength && !estimateAll) {
                cl.weightSolved = cl.fixed;
                continue;
            }
            if (loads.solve(cl, clusterOfSlot, dt, gx, gy, gz) && !pendingSplits.contains(cl)) {
                pendingSplits.add(cl);
            }
            cl.weightSolved = cl.fixed && cl.load == 0;
        }
        return !pendingSplits.isEmpty() && redoAllowed && redos < MAX_REDOS && ++redos > 0;
    }

    /** After the step's commit: applies the splits still pending, and ends the step. */
    public void finishStep() {
        split();
        redos = 0;
    }

    private int clusterOf(int slot) {
        if (slot < 0 || slot >= clusterOfSlot.length) {
            return -1;
        }
        int c = clusterOfSlot[slot];
        return c >= 0 && clusters.get(c).bonded() ? c : -1;
    }

    /**
     * Splits the clusters whose bonds broke into their connected parts, each a new body with the
     * parent's motion; the world calls it after rolling a step back (so the step is redone with the
     * parts) or after a step.
     */
    public void split() {
        for (int s = 0; s < pendingSplits.size(); s++) {
            Cluster cl = pendingSplits.get(s);
            if (cl.dead) {
                continue;
            }
            if (!host.containsBody(cl.body)) {
                retire(cl);
                continue;
            }
            if (splitCluster(cl)) {
                history.split(cl.number);
            }
        }
        pendingSplits.clear();
    }

    /**
     * Replaces a live cluster's body by one per connected part (or by one of the other type, static or
     * dynamic, when its last world bond broke); false when nothing changed.
     */
    private boolean splitCluster(Cluster cl) {
        List<int[]> parts = FracturedBody.components(cl.f, cl.pieces);
        boolean fixedAfter = cl.fixed && FracturedBody.anyAnchored(cl.f, cl.pieces);
        if (parts.size() == 1 && fixedAfter == cl.fixed) {
            return false;
        }
        host.readState(cl.body, state);
        Quat q = new Quat(state[3], state[4], state[5], state[6]);
        Vec3 x = new Vec3(state[0], state[1], state[2]);
        Vec3 v = new Vec3(state[7], state[8], state[9]);
        Vec3 w = new Vec3(state[10], state[11], state[12]);
        // The pattern frame's origin: x - R t.
        Vec3 origin = x.minus(q.rotate(new Vec3(cl.tx, cl.ty, cl.tz)));
        host.removeBody(cl.body);
        retire(cl);
        for (int[] part : parts) {
            makeCluster(cl.f, part, origin, q, x, v, w, cl.fixed);
        }
        return true;
    }

    private void retire(Cluster cl) {
        cl.dead = true;
        if (cl.body != null && cl.body.index() < clusterOfSlot.length && clusterOfSlot[cl.body.index()] == cl.number) {
            clusterOfSlot[cl.body.index()] = -1;
        }
    }

    /**
     * A body for {@code pieces}, the pattern's frame at {@code origin} turned by q, moving with the rigid
     * motion that has velocity {@code vAt} at world point {@code at} and spin w; static when
     * {@code mayBeFixed} and a piece is bonded to the world.
     */
    private void makeCluster(FracturedBody f, int[] pieces, Vec3 origin, Quat q, Vec3 at, Vec3 vAt, Vec3 w,
                             boolean mayBeFixed) {
        double[] t = FracturedBody.centre(f, pieces);
        boolean fixed = mayBeFixed && FracturedBody.anyAnchored(f, pieces);
        double mass = 0;
        double[] inertia = new double[9];
        for (int p : pieces) {
            double pm = f.mass[p];
            mass += pm;
            // I += I_p + m_p (|d|^2 E - d d^T), d = c_p - t (parallel axes).
            double[] d = {f.cx[p] - t[0], f.cy[p] - t[1], f.cz[p] - t[2]};
            double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            for (int r = 0; r < 3; r++) {
                for (int c = r; c < 3; c++) {
                    inertia[3 * r + c] += f.inertia[p][3 * r + c] + pm * ((r == c ? dd : 0) - d[r] * d[c]);
                }
            }
        }
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < r; c++) {
                inertia[3 * r + c] = inertia[3 * c + r];
            }
        }
        Shape shape;
        if (pieces.length == 1) {
            shape = f.shapes[pieces[0]];
        } else {
            List<CompoundShape.Child> children = new ArrayList<>();
            for (int p : pieces) {
                children.add(new CompoundShape.Child(f.shapes[p],
                        new Transform().set(f.cx[p] - t[0], f.cy[p] - t[1], f.cz[p] - t[2], 0, 0, 0, 1)));
            }
            shape = new CompoundShape(children);
        }
        Vec3 x = q.rotate(new Vec3(t[0], t[1], t[2])).plus(origin);
        // v + w x r at the new centre of mass.
        Vec3 v = vAt.plus(w.cross(x.minus(at)));
        String name = pieces.length == 1 ? f.def.name() + "." + pieces[0] : f.def.name();
        BodyDef def = f.def.withType(fixed ? BodyDef.Type.STATIC : BodyDef.Type.DYNAMIC).withPosition(x)
                .withOrientation(q).withName(name)
                .withVelocity(fixed ? Vec3.ZERO : v).withAngularVelocity(fixed ? Vec3.ZERO : w)
                .withMassProperties(new MassProperties(mass, Vec3.ZERO, inertia));
        Cluster cl = new Cluster(clusters.size(), f, pieces, t, mass, inertia, fixed);
        cl.body = host.addBody(def, shape, f.friction, f.restitution);
        clusters.add(cl);
        for (int p : pieces) {
            f.clusterOfPiece[p] = cl.number;
        }
        int slot = cl.body.index();
        if (slot >= clusterOfSlot.length) {
            int old = clusterOfSlot.length;
            clusterOfSlot = Arrays.copyOf(clusterOfSlot, Math.max(2 * old, slot + 1));
            Arrays.fill(clusterOfSlot, old, clusterOfSlot.length, -1);
        }
        clusterOfSlot[slot] = cl.number;
    }
}
