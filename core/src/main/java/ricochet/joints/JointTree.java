package ricochet.joints;

import static ricochet.joints.JointStore.*;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;

/**
 * The equality rows of every tree of joints solved at once and exactly: a chain or a ragdoll is one
 * linear system per pass, {@code K = J M^-1 J^T} over all its joints' rows, factored by a
 * tree-structured sparse {@code L D L^T} in linear time (Baraff, "Linear-Time Dynamics using
 * Lagrange Multipliers", SIGGRAPH 1996; MuJoCo and PhysX articulations solve trees directly).
 *
 * <p>Why: joint by joint, a row's soft spring is as stiff as its own two bodies' effective mass. A
 * 1,000 kg load on ten 1 kg links pulls each joint with 10^4 N against a spring of about
 * {@code 0.5 kg omega^2}: the chain stretches 14 cm a joint, the position correction runs into its
 * speed cap and the chain opens (the load fell 106 m in 10 s). Even a chain of equal links carries
 * its own weight: thirty of them stretched 12 cm joint by joint. Solved as one system, the biased
 * pass aims every row at {@code C = 0} after the substep ({@link #solve}), the relax pass ends with
 * {@code J v = 0} on every row, and after it the bodies are projected back onto the joints
 * ({@link #project}), the error taken out carried to the next substep's aim: a hanging chain holds
 * to round-off and a whipping one to the drift of one substep's chord, with no energy made.
 *
 * <p>Which joints: the active joints with equality rows (fixed, ball without a spring, hinge, slider,
 * cone-twist, six-DOF with locked axes) whose moving bodies (finite mass) they join into a tree, and
 * only trees of two joints or more (one joint alone is {@link EqualityBlock}'s exact solve already),
 * at any mass ratio. The world is not a node: a joint to an immovable end is a root row of its body's
 * group, so two pendulums hung from the world stay two groups. A group with a loop of joints between
 * moving bodies, or through the world (two joints to immovable ends), stays with the joint-by-joint
 * solve (its system has no fill-free order, and jammed loops need the guards of
 * {@link JointImpulses}), and so, for the step, does a group with a body touching another group or
 * an immovable body (its contacts are solved iteratively, with the joints' blocks,
 * {@link GroundedBlock}); contacts among its own bodies keep it here. A joint's other rows (limits,
 * motors, springs) stay iterative, before this solve in each pass, and the contacts after it; where
 * a tree's own bodies touch, the biased pass solves it once more after them
 * ({@link #solveAfterContacts}). Static, kinematic and world ends are immovable and not nodes.
 *
 * <p>The factorization is multifrontal: the bodies of a tree are visited leaves first (the reverse of
 * a breadth-first order from a root body). A body's front is the dense matrix over the rows of the
 * joints that touch it: its own share {@code J_b M_b^-1 J_b^T} of every pair, plus, on the rows of
 * each child joint, what the child's front left (its Schur complement). Every row of the front but
 * its parent joint's is eliminated ({@code L D L^T}, pivots below {@code 1e-12} of the front's largest
 * diagonal dropped, as in {@link EqualityBlock}); the parent joint's Schur complement goes up. Two
 * joints share at most one body in a tree, so every entry of K lives in exactly one front and
 * elimination in this order makes no fill: the cost is the sum of the fronts' cubes, linear in the
 * number of joints.
 *
 * <p>Allocation-free once its arrays have grown to the world (by doubling).
 */
final class JointTree {

    /** Rows of each joint slot in a tree (0: not in one) and the first of them in the row arrays. */
    int[] rowsOf = new int[0], firstRow = new int[0];
    /** The tree joints in slot order. */
    int[] treeJoints = new int[0];
    int treeJointCount, rowCount;

    // Per row: Jacobian parts (3 each: u, A's angular, B's angular), their responses IA^-1 ja and
    // IB^-1 jb, the error C, the absolute offset of the accumulated impulse in the store's record,
    // the right-hand side and solution.
    double[] u = new double[0], ja = new double[0], jb = new double[0], ia = new double[0],
            ib = new double[0];
    double[] c = new double[0], rhs = new double[0];
    private int[] impulseAt = new int[0];

    // Per body: union-find parent, the set's joint-by-joint flag (a loop, a contact), joint count, the incidence list (CSR) and the
    // breadth-first order with each body's parent joint and front.
    private int[] set = new int[0], jointsInSet = new int[0], degree = new int[0], incidence = new int[0],
            incidenceStart = new int[0], order = new int[0], parentJoint = new int[0], frontOf = new int[0];
    private boolean[] iterative = new boolean[0], visited = new boolean[0];

    // Fronts, leaves first: the body, its rows (global row indices in front order, the parent joint's
    // last), how many are eliminated, and where its matrix and pivots start.
    int frontCount;
    int[] frontBody = new int[0], frontRowStart = new int[0], frontSize = new int[0],
            frontElim = new int[0], frontMatStart = new int[0];
    private int[] frontRows = new int[0];
    /** Per front row: which side of its joint the front's body is (-1: A, +1: B). */
    private int[] frontSide = new int[0];
    /** Per front row: at a child joint's first row, the child body's front; else -1. */
    private int[] frontChild = new int[0];
    private double[] mat = new double[0], dd = new double[0], dInv = new double[0];
    /** Per front: its body's inverse world inertia with the geometric stiffness's inertia added. */
    private double[] inertia = new double[0];
    /** Per body: the inertia added for the geometric stiffness, kg m^2. */
    private double[] added = new double[0];

    /** The projection after the relax pass, and its move per body. */
    private final TreeProjection projection = new TreeProjection();

    /** Per set root: how many of its joints hold a body to an immovable end (the world, a static body). */
    private int[] anchorsInSet = new int[0];

    /**
     * Whether this substep's warm start stiffened the inertias: the biased pass that follows, at the
     * same poses, keeps them and takes only its rows' responses again. Its joints' limits and motors
     * move the accumulated impulses a little before it (a ragdoll's hinge limits), and a stiffness
     * taken once a pose is as good as the impulses it estimates the force from; the relax pass, at
     * the new poses, stiffens again.
     */
    private boolean warmStiffened;

    /** The warm start's guard scaled the accumulated impulses: the stiffened inertias are stale. */
    void impulsesScaled() {
        warmStiffened = false;
    }

    /** Whether two bodies of one tree touch this step ({@link #solveAfterContacts}). */
    boolean touched;

    /** Whether this step has a tree to solve. */
    boolean active() {
        return treeJointCount > 0;
    }

    /** After the substep's relax pass: the trees' bodies moved back onto their joints ({@link TreeProjection}). */
    void project(BodyStore s, JointStore js, double maxMove, double h) {
        projection.project(this, s, js, maxMove);
    }

    /** Whether joint j's equality rows are solved here this step. */
    boolean holds(int j) {
        return j < rowsOf.length && rowsOf[j] > 0;
    }

    /**
     * Once a step, before the passes: which joints form trees, the rows' places and the fronts'
     * order. Reads the joints' kinds and settings and which bodies move (finite mass).
     */
    void plan(BodyStore s, JointStore js, ContactStore contacts, boolean on) {
        int slots = js.slots(), n = s.count();
        if (rowsOf.length < slots) {
            rowsOf = new int[2 * slots];
            firstRow = new int[2 * slots];
            treeJoints = new int[2 * slots];
        }
        if (set.length < n + 1) {
            int m = 2 * n + 1;
            set = new int[m];
            jointsInSet = new int[m];
            degree = new int[m];
            incidenceStart = new int[m + 1];
            order = new int[m];
            parentJoint = new int[m];
            frontOf = new int[m];
            iterative = new boolean[m];
            anchorsInSet = new int[m];
            visited = new boolean[m];
            frontBody = new int[m];
            frontRowStart = new int[m + 1];
            frontSize = new int[m];
            frontElim = new int[m];
            frontMatStart = new int[m + 1];
            inertia = new double[9 * m];
            added = new double[m];
            projection.grow(m);
        }
        treeJointCount = rowCount = frontCount = 0;
        warmStiffened = false;
        touched = false;
        if (!on) {
            Arrays.fill(rowsOf, 0, slots, 0);
            TreeProjection.forgetCarried(js, rowsOf, slots);
            return;
        }
        boolean any = false;
        for (int j = 0; j < slots; j++) {
            int rows = js.active[j] != 0 ? equalityRows(js, j) : 0;
            rowsOf[j] = rows;
            any |= rows > 0;
        }
        if (!any) {
            TreeProjection.forgetCarried(js, rowsOf, slots);
            return;
        }
        // Union-find over the moving bodies only: the world (every immovable end) is not a node, so
        // two pendulums hung from it stay two groups; a joint to it is a root row of its body's group.
        // Two such joints in one group close a loop through the world (a chain hung at both ends, a
        // body on two world joints, whose rows may be redundant): the group stays joint by joint.
        for (int i = 0; i < n; i++) {
            set[i] = i;
            jointsInSet[i] = 0;
            anchorsInSet[i] = 0;
            iterative[i] = false;
        }
        for (int j = 0; j < slots; j++) {
            if (rowsOf[j] == 0) {
                continue;
            }
            int a = js.a[j], b = js.b[j];
            boolean movesA = s.invMass[a] > 0, movesB = b >= 0 && s.invMass[b] > 0;
            if (!movesA && !movesB) {
                rowsOf[j] = 0;
                continue;
            }
            if (!movesA || !movesB) {
                int root = find(movesA ? a : b);
                jointsInSet[root]++;
                anchorsInSet[root]++;
                iterative[root] |= anchorsInSet[root] > 1;
                continue;
            }
            int ra = find(a), rb = find(b);
            if (ra == rb) {
                iterative[ra] = true;
            } else {
                // The smaller index is the root: the same sets whatever the joints' order.
                int root = Math.min(ra, rb), other = Math.max(ra, rb);
                set[other] = root;
                iterative[root] |= iterative[other];
                jointsInSet[root] += jointsInSet[other];
                anchorsInSet[root] += anchorsInSet[other];
                iterative[root] |= anchorsInSet[root] > 1;
                ra = root;
            }
            jointsInSet[ra]++;
        }
        // A set with a body touching another set or an immovable body (the ground) stays joint by
        // joint this step: its contacts are solved iteratively, tuned with the joints' own blocks
        // (GroundedBlock), and a direct solve after them pushed a ragdoll's limbs back into the floor
        // every pass (it jittered awake). Contacts among its own bodies (a chain's links striking
        // each other as it whips) keep it here: joint by joint, a light chain swinging down from
        // level stretched 6 cm while its links touched.
        int runs = contacts == null ? 0 : contacts.runCount();
        boolean inner = false;
        for (int r = 0; r < runs; r++) {
            int at = contacts.runStart[r];
            int a = contacts.bodyA[at], b = contacts.bodyB[at];
            int ra = s.invMass[a] > 0 ? find(a) : -1, rb = b >= 0 && s.invMass[b] > 0 ? find(b) : -1;
            inner |= ra == rb && ra >= 0;
            if (ra != rb) {
                if (ra >= 0) {
                    iterative[ra] = true;
                }
                if (rb >= 0) {
                    iterative[rb] = true;
                }
            }
        }
        // Tree joints: in a loop-free set of two joints or more that touches nothing outside it.
        for (int i = 0; i < n; i++) {
            degree[i] = 0;
        }
        for (int j = 0; j < slots; j++) {
            if (rowsOf[j] == 0) {
                continue;
            }
            int a = js.a[j], b = js.b[j];
            boolean movesA = s.invMass[a] > 0, movesB = b >= 0 && s.invMass[b] > 0;
            int root = find(movesA ? a : b);
            if (iterative[root] || jointsInSet[root] < 2) {
                rowsOf[j] = 0;
                continue;
            }
            firstRow[j] = rowCount;
            rowCount += rowsOf[j];
            treeJoints[treeJointCount++] = j;
            if (movesA) {
                degree[a]++;
            }
            if (movesB) {
                degree[b]++;
            }
        }
        TreeProjection.forgetCarried(js, rowsOf, slots);
        if (treeJointCount == 0) {
            return;
        }
        for (int r = 0; inner && r < runs; r++) {
            int a = contacts.bodyA[contacts.runStart[r]];
            int root = s.invMass[a] > 0 ? find(a) : -1;
            touched |= root >= 0 && !iterative[root] && jointsInSet[root] >= 2;
        }
        growRows(rowCount);
        // Incidence lists in slot order.
        incidenceStart[0] = 0;
        for (int i = 0; i < n; i++) {
            incidenceStart[i + 1] = incidenceStart[i] + degree[i];
            degree[i] = 0;
        }
        if (incidence.length < incidenceStart[n]) {
            incidence = new int[2 * incidenceStart[n]];
        }
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            if (s.invMass[a] > 0) {
                incidence[incidenceStart[a] + degree[a]++] = j;
            }
            if (b >= 0 && s.invMass[b] > 0) {
                incidence[incidenceStart[b] + degree[b]++] = j;
            }
        }
        // Breadth-first from the lowest body of each tree; fronts in the reverse order.
        int count = 0;
        for (int i = 0; i < n; i++) {
            visited[i] = false;
        }
        for (int root = 0; root < n; root++) {
            if (degree[root] == 0 || visited[root]) {
                continue;
            }
            visited[root] = true;
            parentJoint[root] = -1;
            int head = count;
            order[count++] = root;
            while (head < count) {
                int body = order[head++];
                for (int k = incidenceStart[body], e = k + degree[body]; k < e; k++) {
                    int j = incidence[k];
                    int other = js.a[j] == body ? js.b[j] : js.a[j];
                    if (other >= 0 && s.invMass[other] > 0 && !visited[other]) {
                        visited[other] = true;
                        parentJoint[other] = j;
                        order[count++] = other;
                    }
                }
            }
        }
        int rows = 0, matSize = 0;
        for (int k = count - 1; k >= 0; k--) {
            int body = order[k], f = frontCount++;
            frontBody[f] = body;
            frontOf[body] = f;
            frontRowStart[f] = rows;
            frontMatStart[f] = matSize;
            int size = 0;
            for (int q = incidenceStart[body], e = q + degree[body]; q < e; q++) {
                size += rowsOf[incidence[q]];
            }
            frontSize[f] = size;
            frontElim[f] = size - (parentJoint[body] >= 0 ? rowsOf[parentJoint[body]] : 0);
            rows += size;
            matSize += size * size;
        }
        frontRowStart[frontCount] = rows;
        if (frontRows.length < rows) {
            frontRows = new int[2 * rows];
            frontSide = new int[2 * rows];
            frontChild = new int[2 * rows];
            dd = new double[2 * rows];
            dInv = new double[2 * rows];
        }
        if (mat.length < matSize) {
            mat = new double[2 * matSize];
        }
        for (int f = 0; f < frontCount; f++) {
            int body = frontBody[f], at = frontRowStart[f], pj = parentJoint[body];
            for (int q = incidenceStart[body], e = q + degree[body]; q < e; q++) {
                int j = incidence[q];
                if (j != pj) {
                    int other = js.a[j] == body ? js.b[j] : js.a[j];
                    frontChild[at] = other >= 0 && s.invMass[other] > 0 ? frontOf[other] : -1;
                    at = frontRowsOf(js, j, body, at);
                }
            }
            if (pj >= 0) {
                frontChild[at] = -1;
                frontRowsOf(js, pj, body, at);
            }
        }
    }

    private int frontRowsOf(JointStore js, int j, int body, int at) {
        int side = js.a[j] == body ? -1 : 1;
        for (int r = 0; r < rowsOf[j]; r++) {
            if (r > 0) {
                frontChild[at] = -1;
            }
            frontRows[at] = firstRow[j] + r;
            frontSide[at++] = side;
        }
        return at;
    }

    private int find(int i) {
        while (set[i] != i) {
            set[i] = set[set[i]];
            i = set[i];
        }
        return i;
    }

    private void growRows(int rows) {
        if (c.length >= rows) {
            return;
        }
        int m = 2 * rows;
        u = new double[3 * m];
        ja = new double[3 * m];
        jb = new double[3 * m];
        ia = new double[3 * m];
        ib = new double[3 * m];
        c = new double[m];
        rhs = new double[m];
        impulseAt = new int[m];
    }

    /**
     * The rows {@link JointSolver} puts in joint j's {@link EqualityBlock}: fixed 6; ball 3 (0 with a
     * spring); hinge and slider 5, one more for a coordinate held at {@code lower == upper};
     * cone-twist 3; six-DOF one per locked axis; distance 0 (its rows are not a block).
     */
    static int equalityRows(JointStore js, int j) {
        int o = STRIDE * j;
        switch (js.type[j]) {
            case JointSolver.TYPE_FIXED:
                return 6;
            case JointSolver.TYPE_BALL:
                return js.d[o + SPRING_HZ] > 0 ? 0 : 3;
            case JointSolver.TYPE_HINGE:
            case JointSolver.TYPE_SLIDER:
                return js.d[o + LOWER] == js.d[o + UPPER] ? 6 : 5;
            case JointSolver.TYPE_CONE_TWIST:
                return 3;
            case JointSolver.TYPE_SIX_DOF: {
                int n = 0;
                for (int k = 0; k < 6; k++) {
                    n += js.axisMode[6 * j + k] == JointSolver.AXIS_LOCKED ? 1 : 0;
                }
                return n;
            }
            default:
                return 0;
        }
    }

    /** Joint j's block, prepared at the bodies' current poses, as this pass's rows of the tree. */
    void capture(int j, int recordStart, EqualityBlock block) {
        if (block.n != rowsOf[j]) {
            throw new IllegalStateException("joint " + j + ": " + block.n + " equality rows, planned "
                    + rowsOf[j]);
        }
        int first = firstRow[j];
        System.arraycopy(block.u, 0, u, 3 * first, 3 * block.n);
        System.arraycopy(block.ja, 0, ja, 3 * first, 3 * block.n);
        System.arraycopy(block.jb, 0, jb, 3 * first, 3 * block.n);
        System.arraycopy(block.ia, 0, ia, 3 * first, 3 * block.n);
        System.arraycopy(block.ib, 0, ib, 3 * first, 3 * block.n);
        for (int i = 0; i < block.n; i++) {
            c[first + i] = block.c[i];
            impulseAt[first + i] = recordStart + block.impulse[i];
        }
    }

    /**
     * One solve of every tree's rows at the bodies' current velocities: in the biased pass
     * {@code Delta = -K^-1 (J v + C / h)}, each joint's bias scaled as one so that none of its rows
     * corrects faster than {@code maxSpeed}; in the relax pass {@code Delta = -K^-1 J v}. The changes
     * are added to the accumulated impulses and applied.
     *
     * <p>Why the whole error in one substep, where the joint-by-joint rows take a soft spring's share:
     * the rows of a link turning at {@code w} hold {@code J v = 0} at the substep's start, and the
     * positions then drift {@code h^2 w^2 r / 2} outward along the arc's chord. A spring that takes
     * only part of that back each substep settles at a stretch that grows with {@code w^2} (4-6 cm
     * over thirty links whipping down from level, whatever its rate), and its push is spent by the
     * relax pass. Aiming the biased pass's velocity at {@code C = 0} after the substep is the first
     * half of RATTLE (Andersen 1983: the position step lands on the constraints), and the relax pass at
     * the new poses is its second half (the velocity projected onto the joints' tangent space): the
     * pair makes no energy (a swinging chain never rises above its start), and the error left after
     * the positions is the chord's drift of one substep, not a spring's stretch. A soft
     * spring is for rows solved one at a time, where a full correction of one joint's error
     * overshoots its neighbours'; the direct solve has no neighbours to overshoot.
     */
    void solve(BodyStore s, JointStore js, boolean biased, double maxSpeed, double h) {
        if (biased && warmStiffened) {
            responses(s, js);
        } else {
            stiffen(s, js, h);
        }
        rightHandSide(s, js, biased, maxSpeed, h);
        for (int f = 0; f < frontCount; f++) {
            factorAndForward(s, f);
        }
        for (int f = frontCount - 1; f >= 0; f--) {
            backward(f);
        }
        warmStiffened = false;
        applyImpulses(s, js);
    }

    /**
     * After the pass's contacts, where a tree's own bodies touch: its rows solved once more with the
     * factors the pass's tree solve left (the same poses and inertias), so the velocity the substep
     * integrates holds the joints. A contact's push on two links of one chain is a velocity no joint
     * row saw; integrated, a strike opened the joints by centimetres in a substep, more than the
     * projection's one linear step takes back (the links turn by tenths of a radian). The push's share
     * that the joints allow stays; the contacts see the rest again in the next pass.
     */
    void solveAfterContacts(BodyStore s, JointStore js, boolean biased, double maxSpeed, double h) {
        rightHandSide(s, js, biased, maxSpeed, h);
        for (int f = 0; f < frontCount; f++) {
            forward(f);
        }
        for (int f = frontCount - 1; f >= 0; f--) {
            backward(f);
        }
        applyImpulses(s, js);
    }

    /**
     * The rows' right-hand side: {@code J v}, biased by the error with the carry
     * {@code (C + C_carried) / h}, each joint's correction speed capped at {@code maxSpeed}.
     */
    private void rightHandSide(BodyStore s, JointStore js, boolean biased, double maxSpeed, double h) {
        double[] d = js.d;
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            int first = firstRow[j], end = first + rowsOf[j], carry = STRIDE * j + CARRIED - first;
            double bias = 0;
            if (biased) {
                double worst = 0;
                bias = 1 / h;
                for (int r = first; r < end; r++) {
                    worst = Math.max(worst, Math.abs(bias * (c[r] + d[carry + r])));
                }
                if (worst > maxSpeed) {
                    bias = bias * maxSpeed / worst;
                }
            }
            for (int r = first; r < end; r++) {
                rhs[r] = cdot(s, a, b, r) + bias * (c[r] + d[carry + r]);
            }
        }
    }

    /** The solution {@code -rhs} added to the accumulated impulses and applied to the bodies. */
    private void applyImpulses(BodyStore s, JointStore js) {
        double[] d = js.d;
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            for (int r = firstRow[j], end = r + rowsOf[j]; r < end; r++) {
                int at = impulseAt[r];
                double acc = d[at];
                double updated = acc - rhs[r];
                d[at] = updated;
                apply(s, a, b, r, updated - acc);
            }
        }
    }

    /**
     * The geometric stiffness's inertia: a joint's force f at lever r turns with its body, a torque
     * {@code -[f]x [r]x dtheta} of stiffness up to {@code |f| |r|}, which the velocity rows see only
     * through the next substep's Jacobians, explicitly. A 1 kg link of a chain holding 1,000 kg turns
     * under it at {@code omega^2 = 2 |f| |r| / I ~ 6 10^5 s^-2}, {@code omega h > 2} at 240 Hz, and
     * the link's angle diverged (a swinging chain tore in 20 steps). Each tree body's inertia is
     * therefore taken as {@code I + h^2 k}, {@code k = sum(|f| |r| + |tau|)} over its joints
     * (Andrews, Teichmann and Kry, "Geometric Stiffness for Real-time Constrained Multibody
     * Dynamics", 2017, who add the stiffness's diagonal to the mass), which keeps {@code omega h < 1}.
     * {@code h^2 |f| = h |lambda|} with the accumulated impulses; a body carrying little adds next to
     * nothing. Only this solve sees the added inertia: the rows still end with {@code J v = 0}.
     */
    private void stiffen(BodyStore s, JointStore js, double h) {
        double[] d = js.d;
        for (int f = 0; f < frontCount; f++) {
            added[frontBody[f]] = 0;
        }
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            double lin2 = 0, ang2 = 0, wa2 = 0, wb2 = 0;
            for (int r = firstRow[j], end = r + rowsOf[j]; r < end; r++) {
                int q = 3 * r;
                double l = d[impulseAt[r]];
                if (u[q] == 0 && u[q + 1] == 0 && u[q + 2] == 0) {
                    ang2 += l * l;
                } else {
                    lin2 += l * l;
                    wa2 += ja[q] * ja[q] + ja[q + 1] * ja[q + 1] + ja[q + 2] * ja[q + 2];
                    wb2 += jb[q] * jb[q] + jb[q + 1] * jb[q + 1] + jb[q + 2] * jb[q + 2];
                }
            }
            // Three point rows along orthonormal u: sum |r x u|^2 = 2 |r|^2.
            double lin = Math.sqrt(lin2), ang = Math.sqrt(ang2);
            if (s.invMass[a] > 0) {
                added[a] += h * (lin * Math.sqrt(0.5 * wa2) + ang);
            }
            if (b >= 0 && s.invMass[b] > 0) {
                added[b] += h * (lin * Math.sqrt(0.5 * wb2) + ang);
            }
        }
        double[] inv = s.invInertiaWorld;
        for (int f = 0; f < frontCount; f++) {
            int body = frontBody[f], o = 9 * body, t = 9 * f;
            double add = added[body];
            // (I + add E)^-1 = I^-1 (E + add I^-1)^-1, symmetric (both are functions of I^-1).
            double m00 = 1 + add * inv[o], m01 = add * inv[o + 1], m02 = add * inv[o + 2];
            double m11 = 1 + add * inv[o + 4], m12 = add * inv[o + 5], m22 = 1 + add * inv[o + 8];
            double c00 = m11 * m22 - m12 * m12, c01 = m02 * m12 - m01 * m22, c02 = m01 * m12 - m02 * m11;
            double c11 = m00 * m22 - m02 * m02, c12 = m01 * m02 - m00 * m12, c22 = m00 * m11 - m01 * m01;
            double det = 1 / (m00 * c00 + m01 * c01 + m02 * c02);
            c00 *= det;
            c01 *= det;
            c02 *= det;
            c11 *= det;
            c12 *= det;
            c22 *= det;
            for (int row = 0; row < 3; row++) {
                double i0 = inv[o + 3 * row], i1 = inv[o + 3 * row + 1], i2 = inv[o + 3 * row + 2];
                inertia[t + 3 * row] = i0 * c00 + i1 * c01 + i2 * c02;
                inertia[t + 3 * row + 1] = i0 * c01 + i1 * c11 + i2 * c12;
                inertia[t + 3 * row + 2] = i0 * c02 + i1 * c12 + i2 * c22;
            }
        }
        responses(s, js);
    }

    /** The rows' responses {@code IA^-1 ja}, {@code IB^-1 jb} at the stiffened inertias. */
    private void responses(BodyStore s, JointStore js) {
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            boolean movesA = s.invMass[a] > 0, movesB = b >= 0 && s.invMass[b] > 0;
            for (int r = firstRow[j], end = r + rowsOf[j]; r < end; r++) {
                if (movesA) {
                    times(inertia, 9 * frontOf[a], ja, 3 * r, ia);
                }
                if (movesB) {
                    times(inertia, 9 * frontOf[b], jb, 3 * r, ib);
                }
            }
        }
    }

    private static void times(double[] m, int o, double[] v, int k, double[] out) {
        double x = v[k], y = v[k + 1], z = v[k + 2];
        out[k] = m[o] * x + m[o + 1] * y + m[o + 2] * z;
        out[k + 1] = m[o + 3] * x + m[o + 4] * y + m[o + 5] * z;
        out[k + 2] = m[o + 6] * x + m[o + 7] * y + m[o + 8] * z;
    }

    /**
     * The warm start of the trees' rows: their accumulated impulses applied at the stiffened
     * inertias, as the solves apply theirs (applied at the bare inertia, a light link's share of two
     * large impulses that do not quite cancel spun it up, and the solve, which sees it heavier, did
     * not take the spin back out).
     */
    void warmStart(BodyStore s, JointStore js, double h) {
        stiffen(s, js, h);
        warmStiffened = true;
        double[] d = js.d;
        for (int k = 0; k < treeJointCount; k++) {
            int j = treeJoints[k], a = js.a[j], b = js.b[j];
            for (int r = firstRow[j], end = r + rowsOf[j]; r < end; r++) {
                apply(s, a, b, r, d[impulseAt[r]]);
            }
        }
    }

    /** {@code J_r v} at the bodies' current velocities. */
    private double cdot(BodyStore s, int a, int b, int r) {
        int k = 3 * r;
        double v = -(u[k] * s.vx[a] + u[k + 1] * s.vy[a] + u[k + 2] * s.vz[a])
                - (ja[k] * s.wx[a] + ja[k + 1] * s.wy[a] + ja[k + 2] * s.wz[a]);
        if (b >= 0) {
            v += u[k] * s.vx[b] + u[k + 1] * s.vy[b] + u[k + 2] * s.vz[b]
                    + jb[k] * s.wx[b] + jb[k + 1] * s.wy[b] + jb[k + 2] * s.wz[b];
        }
        return v;
    }

    /** {@code v += M^-1 J_r^T lambda}. */
    private void apply(BodyStore s, int a, int b, int r, double lambda) {
        if (lambda == 0) {
            return;
        }
        int k = 3 * r;
        double mA = s.invMass[a];
        s.vx[a] -= mA * lambda * u[k];
        s.vy[a] -= mA * lambda * u[k + 1];
        s.vz[a] -= mA * lambda * u[k + 2];
        s.wx[a] -= lambda * ia[k];
        s.wy[a] -= lambda * ia[k + 1];
        s.wz[a] -= lambda * ia[k + 2];
        if (b >= 0) {
            double mB = s.invMass[b];
            s.vx[b] += mB * lambda * u[k];
            s.vy[b] += mB * lambda * u[k + 1];
            s.vz[b] += mB * lambda * u[k + 2];
            s.wx[b] += lambda * ib[k];
            s.wy[b] += lambda * ib[k + 1];
            s.wz[b] += lambda * ib[k + 2];
        }
    }

    /**
     * Front f: assembled (its body's share of K, its child joints' Schur complements), its first
     * {@code elim} rows factored {@code L D L^T} in place (the strict lower triangle holds L), the
     * trailing block turned into its Schur complement, and the forward substitution of the
     * right-hand side: {@code y = L^-1 r} on the eliminated rows, the parent joint's rows less
     * {@code L21 y}.
     */
    private void factorAndForward(BodyStore s, int f) {
        int n = frontSize[f], m = frontElim[f], at = frontMatStart[f], rowAt = frontRowStart[f];
        int body = frontBody[f];
        double mass = s.invMass[body];
        // The body's share, J_p M^-1 J_q^T = s_p s_q (m u_p . u_q + w_p . I^-1 w_q), lower triangle.
        double scale = 0;
        for (int p = 0; p < n; p++) {
            int rp = frontRows[rowAt + p], kp = 3 * rp;
            boolean aSideP = frontSide[rowAt + p] < 0;
            double[] wp = aSideP ? ja : jb;
            for (int q = 0; q <= p; q++) {
                int rq = frontRows[rowAt + q], kq = 3 * rq;
                double[] iq = frontSide[rowAt + q] < 0 ? ia : ib;
                double v = mass * (u[kp] * u[kq] + u[kp + 1] * u[kq + 1] + u[kp + 2] * u[kq + 2])
                        + wp[kp] * iq[kq] + wp[kp + 1] * iq[kq + 1] + wp[kp + 2] * iq[kq + 2];
                mat[at + n * p + q] = frontSide[rowAt + p] == frontSide[rowAt + q] ? v : -v;
            }
        }
        // Each child joint's Schur complement, left in the trailing block of its child's front.
        for (int p = 0; p < m; ) {
            int child = frontChild[rowAt + p];
            if (child < 0) {
                p++;
                continue;
            }
            int cn = frontSize[child], cm = frontElim[child], cat = frontMatStart[child];
            int rows = cn - cm;
            for (int i = 0; i < rows; i++) {
                for (int k = 0; k <= i; k++) {
                    mat[at + n * (p + i) + p + k] += mat[cat + cn * (cm + i) + cm + k];
                }
            }
            p += rows;
        }
        for (int p = 0; p < n; p++) {
            scale = Math.max(scale, mat[at + n * p + p]);
        }
        double tiny = 1e-12 * scale;
        // Left-looking L D L^T of the first m columns (Golub and Van Loan, 4.1.2), over all n rows.
        for (int j = 0; j < m; j++) {
            int dj = rowAt + j;
            double pivot = mat[at + n * j + j];
            for (int q = 0; q < j; q++) {
                double ljq = mat[at + n * j + q];
                pivot -= ljq * ljq * dd[rowAt + q];
            }
            boolean dropped = !(pivot > tiny);
            dd[dj] = dropped ? 0 : pivot;
            dInv[dj] = dropped ? 0 : 1 / pivot;
            for (int i = j + 1; i < n; i++) {
                double v = mat[at + n * i + j];
                for (int q = 0; q < j; q++) {
                    v -= mat[at + n * i + q] * mat[at + n * j + q] * dd[rowAt + q];
                }
                mat[at + n * i + j] = dropped ? 0 : v * dInv[dj];
            }
        }
        // The trailing block's Schur complement: S = F22 - L21 D1 L21^T.
        for (int i = m; i < n; i++) {
            for (int k = m; k <= i; k++) {
                double v = mat[at + n * i + k];
                for (int q = 0; q < m; q++) {
                    v -= mat[at + n * i + q] * mat[at + n * k + q] * dd[rowAt + q];
                }
                mat[at + n * i + k] = v;
            }
        }
        forward(f);
    }

    /** Front f's forward substitution with its factors: {@code y = L11^-1 r1}, then {@code r2 -= L21 y}. */
    void forward(int f) {
        int n = frontSize[f], m = frontElim[f], at = frontMatStart[f], rowAt = frontRowStart[f];
        for (int i = 0; i < n; i++) {
            int ri = frontRows[rowAt + i];
            double v = rhs[ri];
            for (int q = 0, e = Math.min(i, m); q < e; q++) {
                v -= mat[at + n * i + q] * rhs[frontRows[rowAt + q]];
            }
            rhs[ri] = v;
        }
    }

    /** Back substitution of front f's eliminated rows: {@code x1 = D^-1 y - L11^-T L21^T x}. */
    void backward(int f) {
        int n = frontSize[f], m = frontElim[f], at = frontMatStart[f], rowAt = frontRowStart[f];
        for (int j = m - 1; j >= 0; j--) {
            int rj = frontRows[rowAt + j];
            double v = rhs[rj] * dInv[rowAt + j];
            for (int i = j + 1; i < n; i++) {
                v -= mat[at + n * i + j] * rhs[frontRows[rowAt + i]];
            }
            rhs[rj] = v;
        }
    }

}
