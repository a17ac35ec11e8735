package ricochet.joints;

import static ricochet.joints.JointStore.*;

import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ConstraintSet;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.Softness;

/**
 * Solves the joints of a {@link JointStore} as sequential impulses in the contact solver's substeps
 * (each joint is a few equality and inequality constraint rows with Jacobians; Box2D v3's
 * soft step and Catto's GDC 2009-2011 talks for the row forms).
 *
 * <p>Every pass recomputes each joint's geometry from the bodies' current poses: the anchors
 * {@code rA = R_A lA}, {@code rB = R_B lB}, the gap {@code d = (pB + rB) - (pA + rA)}, the joint
 * frames {@code F_A = q_A f_A}, {@code F_B = q_B f_B} (x the joint axis) and the relative rotation
 * {@code q_rel = F_A^-1 F_B}, identity at creation. The rows:
 *
 * <ul>
 *   <li>point: {@code d = 0}, three linear rows along the world axes with levers rA, rB;</li>
 *   <li>angular lock: {@code 2 vec(F_B F_A^-1) = 0}, three angular rows about the world axes;</li>
 *   <li>hinge axes: the swing {@code theta n} taking {@code x_A} to {@code x_B} is 0, two angular rows
 *       about {@code y_A}, {@code z_A} (see {@link #hingeAxesRows});</li>
 *   <li>a linear row along a unit {@code u}: {@code Cdot = u . (vB + wB x rB - vA - wA x (rA + d))};
 *       the lever {@code rA + d} because the axis turns with A;</li>
 *   <li>an angular row along {@code u}: {@code Cdot = u . (wB - wA)}.</li>
 * </ul>
 *
 * <p>A joint's equality rows (point, angular lock or hinge axes, slider axes, locked six-DOF axes, a
 * coordinate held at {@code lower == upper}: up to six) are solved together as one block,
 * {@code K = J M^-1 J^T} factored {@code L D L^T}, e.g. 6x6 for a fixed joint (see
 * {@link EqualityBlock}); its limits, motors and springs follow as single rows against the block's
 * Schur complement, so that they do not pull the block's rows apart.
 *
 * <p>Coordinates are A's relative to B (B is the reference: a door's frame, or the world), so a motor
 * of positive speed turns A positively about the axis. A hinge's (and a twist's) angle is
 * {@code -2 atan2(q_rel.x, q_rel.w)} with {@code w >= 0},
 * the twist of the swing-twist split about x, exact for any angle in (-pi, pi]; a swing is the angle
 * between the two x axes. Six-DOF: linear axes are B's frame axes (A's anchor relative to B's);
 * angular axes split A's rotation relative to B into a twist about A's x and a swing about B's y and
 * z ({@code 2 atan2(s.k, s.w)}), each exact alone and coupled when both swing angles are large.
 *
 * <p>Equality rows are soft in the biased pass (the joint spring, by default a quarter of the substep
 * rate, the stiffest the substep resolves, pushing at most {@link #MAX_CORRECTION_SPEED}) and rigid
 * without bias in the relax pass, so position correction never leaves velocity in the bodies. Limits
 * are one-sided rows solved always: apart, they let the gap close within the substep and no further
 * (speculative, as contacts); beyond, they push back softly. Velocity motors clamp their accumulated
 * impulse to {@code maxForce h}; springs (a distance spring, a position motor, a soft ball joint) act
 * in every pass with their own softness.
 *
 * <p>Joints whose equality rows join moving bodies into a tree (a chain, a ragdoll in the air) have
 * those rows solved once more after each pass, all together and exactly ({@link JointTree}), aimed
 * at the whole error rather than the joint spring's share, and their bodies projected back onto the
 * joints after each substep's relax pass ({@link #endRelax}), so a chain holds at any mass ratio.
 *
 * <p>A joint whose body is much lighter than its partner and touches a body of infinite mass solves
 * those contacts' normals with its equality rows, last in its pass ({@link GroundContacts},
 * {@link GroundedBlock}): solved apart, both springs are as stiff as the light body's mass.
 *
 * <p>Accumulated impulses are kept from substep to substep and step to step (warm starting). Single
 * threaded, allocation-free: the geometry of the joint being solved lives in fields ({@link JointRows},
 * which holds the row machinery; this class holds the passes and the joint kinds).
 */
public final class JointSolver extends JointRows implements ConstraintSet {

    private double jointHertz = Double.NaN;
    private double jointDamping = 1;
    private int iterations = 1;
    private boolean treeSolve = true;
    private final Softness own = new Softness();
    private final JointImpulses impulses;

    public JointSolver(JointStore store) {
        super(store);
        this.impulses = new JointImpulses(store);
    }

    /** The rigid rows' position-correction spring, Hz (> 0); default: a quarter of the substep rate. */
    public void setJointHertz(double hz) {
        if (!(hz > 0) || !Double.isFinite(hz)) {
            throw new IllegalArgumentException("joint hertz must be > 0 and finite, got " + hz);
        }
        jointHertz = hz;
    }

    /** Back to the default frequency, a quarter of the substep rate. */
    public void useDefaultJointHertz() {
        jointHertz = Double.NaN;
    }

    /** The set frequency, or NaN for the default. */
    public double jointHertz() {
        return jointHertz;
    }

    public void setJointDampingRatio(double zeta) {
        if (!(zeta > 0) || !Double.isFinite(zeta)) {
            throw new IllegalArgumentException("joint damping ratio must be > 0 and finite, got " + zeta);
        }
        jointDamping = zeta;
    }

    public double jointDampingRatio() {
        return jointDamping;
    }

    /**
     * Passes over the joints in each solve and relax pass (>= 1): long chains and ragdolls converge
     * faster.
     */
    public void setIterations(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("joint iterations must be >= 1, got " + n);
        }
        iterations = n;
    }

    public int iterations() {
        return iterations;
    }

    /**
     * Whether the equality rows of joints that form a tree (chains, ragdolls) are solved as one
     * system each pass ({@link JointTree}; on by default), or joint by joint.
     */
    public void setTreeSolve(boolean on) {
        treeSolve = on;
    }

    public boolean treeSolve() {
        return treeSolve;
    }

    /** Any live joint, broken or asleep ones included (the solver then sweeps colour by colour). */
    @Override
    public boolean active() {
        return js.count() > 0;
    }

    @Override
    public void prepare(BodyStore s, double h) {
        impulses.reset();
        this.h = h;
        this.invH = 1 / h;
        double cap = 0.25 / h;
        soft.set(Double.isNaN(jointHertz) ? cap : Math.min(jointHertz, cap), jointDamping, h);

        double[] data = js.d;
        for (int j = 0, n = js.slots(); j < n; j++) {
            if (js.active[j] == 0) {
                continue;
            }
            int base = STRIDE * j;
            setSoft(data, base + LIMIT_SOFT, data[base + LIMIT_HZ], data[base + LIMIT_ZETA]);
            setSoft(data, base + SPRING_SOFT, data[base + SPRING_HZ], data[base + SPRING_ZETA]);
            setSoft(data, base + MOTOR_SOFT, data[base + MOTOR_HZ], data[base + MOTOR_ZETA]);
        }
    }

    private void setSoft(double[] data, int at, double hz, double zeta) {
        if (hz > 0) {
            own.set(hz, zeta, h);
            data[at] = own.biasRate;
            data[at + 1] = own.massScale;
            data[at + 2] = own.impulseScale;
        } else {
            data[at] = 0;
            data[at + 1] = 0;
            data[at + 2] = 0;
        }
    }

    @Override
    public void warmStart(BodyStore s) {
        impulses.beginWarmStart(s);
        pass(s, WARM);
        if (impulses.endWarmStart(s)) {
            tree.impulsesScaled();
        }
    }

    @Override
    public void contacts(BodyStore s, ContactStore c) {
        impulses.contacts(s, c);
        ground.select(s, c, h);
        contacts = c;
        tree.plan(s, js, c, treeSolve);
    }

    @Override
    public void contactSpring(Softness spring) {
        contactSoft.biasRate = spring.biasRate;
        contactSoft.massScale = spring.massScale;
        contactSoft.impulseScale = spring.impulseScale;
    }

    @Override
    public void tieBodies(Ties tie) {
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] != 0) {
                tie.join(js.a[j], js.b[j]);
            }
        }
    }

    @Override
    public void worldPivots(BodyStore s, Pivots pivot) {
        for (int j = 0, m = js.slots(); j < m; j++) {
            int a = js.a[j], b = js.b[j];
            byte type = js.type[j];
            // A turns freely about its anchor (ball, cone-twist, a six-DOF joint that holds only the
            // point), or about B's at a fixed distance (a distance joint).
            boolean rod = type == TYPE_DISTANCE;
            boolean point = type == TYPE_CONE_TWIST || type == TYPE_BALL && !(js.d[STRIDE * j + SPRING_HZ] > 0)
                    || type == TYPE_SIX_DOF && holdsOnlyThePoint(j);
            if (js.active[j] != 0 && (point || rod) && s.invMass[a] > 0
                    && (b < 0 || s.type[b] == BodyStore.STATIC)) {
                anchors(s, j, pivotScratch);
                int at = rod ? 3 : 0;
                pivot.at(a, pivotScratch[at], pivotScratch[at + 1], pivotScratch[at + 2]);
            }
        }
    }

    private final double[] pivotScratch = new double[6];

    /** Whether six-DOF joint j locks its three linear axes and none of its angular ones. */
    private boolean holdsOnlyThePoint(int j) {
        byte[] modes = js.axisMode;
        for (int k = 0; k < 6; k++) {
            if ((modes[6 * j + k] == AXIS_LOCKED) != (k < 3)) {
                return false;
            }
        }
        return true;
    }

    /**
     * After a biased pass's contacts, a tree whose own bodies touch is solved again: the velocity
     * the substep integrates holds its joints ({@link JointTree#solveAfterContacts}). The relax
     * pass's velocities are not integrated before the projection and the next biased pass.
     */
    @Override
    public void afterContacts(BodyStore s, boolean useBias) {
        if (useBias && tree.active() && tree.touched) {
            tree.solveAfterContacts(s, js, true, MAX_CORRECTION_SPEED, h);
        }
    }

    @Override
    public boolean endRelax(BodyStore s) {
        boolean changed = impulses.endRelax(s);
        if (tree.active()) {
            tree.project(s, js, MAX_CORRECTION_SPEED * h, h);
        }
        return changed;
    }

    @Override
    public void solve(BodyStore s, boolean useBias) {
        if (!useBias) {
            impulses.turnWithBodies(s);
        }
        for (int k = 0; k < iterations; k++) {
            pass(s, useBias ? SOLVE : RELAX);
        }
        if (useBias) {
            impulses.recordOrientations(s);
        }
    }

    private void pass(BodyStore s, int m) {
        mode = m;
        for (int j = 0, n = js.slots(); j < n; j++) {
            if (js.active[j] != 0) {
                joint(s, j);
            }
        }
        if (m == WARM && tree.active()) {
            tree.warmStart(s, js, h);
        } else if ((m == SOLVE || m == RELAX) && tree.active()) {
            tree.solve(s, js, m == SOLVE, MAX_CORRECTION_SPEED, h);
        }
    }

    /**
     * The force (N) and torque (N m) joint j exerts on B, from its accumulated impulses over the last
     * substep of {@code h} seconds, into {@code out[0..5]}; at the bodies' current poses.
     */
    public void reaction(BodyStore s, int j, double h, double[] out) {
        mode = REACTION;
        fx = fy = fz = tx = ty = tz = 0;
        joint(s, j);
        out[0] = fx / h;
        out[1] = fy / h;
        out[2] = fz / h;
        out[3] = tx / h;
        out[4] = ty / h;
        out[5] = tz / h;
    }

    /** Whether joint j has a finite break force or torque. */
    public boolean breakable(int j) {
        int at = STRIDE * j;
        return js.d[at + BREAK_F] < Double.POSITIVE_INFINITY || js.d[at + BREAK_T] < Double.POSITIVE_INFINITY;
    }

    /** Whether a force (N) and torque (N m) break joint j. */
    public boolean breaks(int j, double force, double torque) {
        int at = STRIDE * j;
        return force > js.d[at + BREAK_F] || torque > js.d[at + BREAK_T];
    }

    public void setMotorSpeed(int j, double speed) {
        requireFinite("motor speed", speed);
        js.d[STRIDE * j + MOTOR_SPEED] = speed;
    }

    public void setMotorTarget(int j, double target) {
        requireFinite("motor target", target);
        js.d[STRIDE * j + MOTOR_TARGET] = target;
    }

    /** For a joint to the world: B's anchor, which is a world point. */
    public void setWorldAnchor(int j, double x, double y, double z) {
        int at = STRIDE * j + LB;
        js.d[at] = x;
        js.d[at + 1] = y;
        js.d[at + 2] = z;
    }

    private static void requireFinite(String what, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be finite, got " + v);
        }
    }

    /**
     * The joint's coordinate at the bodies' current poses: a hinge's angle (rad), a slider's position
     * along its axis (m), a distance joint's length (m), a cone-twist's twist (rad); for the others
     * the distance between the anchors (m).
     */
    public double coordinate(BodyStore s, int j) {
        geometry(s, j);
        switch (js.type[j]) {
            case TYPE_HINGE:
            case TYPE_CONE_TWIST:
                return twistAngle();
            case TYPE_SLIDER:
                return -(dx * xAx + dy * xAy + dz * xAz);
            default:
                return Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
    }

    /**
     * The two anchor points at the bodies' current poses, world frame: A's into out[0..2], B's into
     * out[3..5].
     */
    public void anchors(BodyStore s, int j, double[] out) {
        geometry(s, j);
        out[0] = s.px[a] + rAx;
        out[1] = s.py[a] + rAy;
        out[2] = s.pz[a] + rAz;
        out[3] = out[0] + dx;
        out[4] = out[1] + dy;
        out[5] = out[2] + dz;
    }

    /** The distance between the two anchor points at the bodies' current poses, m. */
    public double anchorGap(BodyStore s, int j) {
        geometry(s, j);
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * {@link #anchorGap} for a joint that holds its anchors together (fixed, ball, hinge,
     * cone-twist); 0 for the others, whose anchors may part by design.
     */
    public double pointGap(BodyStore s, int j) {
        byte type = js.type[j];
        boolean point = type == TYPE_FIXED || type == TYPE_BALL || type == TYPE_HINGE || type == TYPE_CONE_TWIST;
        return point ? anchorGap(s, j) : 0;
    }

    static final byte TYPE_FIXED = 0, TYPE_BALL = 1, TYPE_HINGE = 2, TYPE_SLIDER = 3, TYPE_DISTANCE = 4,
            TYPE_CONE_TWIST = 5, TYPE_SIX_DOF = 6;
    static final byte MOTOR_NONE = 0, MOTOR_VELOCITY = 1, MOTOR_POSITION = 2;
    static final byte AXIS_FREE = 0, AXIS_LOCKED = 1, AXIS_LIMITED = 2;

    /**
     * Joint j's rows: its equality rows into {@link #block} and solved as one, then its limits,
     * motors and springs each against the block's Schur complement (see {@link EqualityBlock}).
     */
    private void joint(BodyStore s, int j) {
        geometry(s, j);
        block.clear();
        switch (js.type[j]) {
            case TYPE_FIXED:
                pointRows();
                angularLockRows();
                solveBlock(s);
                break;
            case TYPE_BALL:
                if (d[o + SPRING_HZ] > 0) {
                    springyPoint(s);
                } else {
                    pointRows();
                    solveBlock(s);
                }
                break;
            case TYPE_HINGE: {
                double angle = twistAngle();
                pointRows();
                hingeAxesRows();
                lockedDrive(false, angle);
                solveBlock(s);
                axisDrive(s, j, false, angle);
                break;
            }
            case TYPE_SLIDER: {
                double position = -(dx * xAx + dy * xAy + dz * xAz);
                // The slider's axes turn with A: A's lever reaches B's anchor, rA + d.
                block.addLinear(yAx, yAy, yAz, rAx + dx, rAy + dy, rAz + dz, rBx, rBy, rBz,
                        dx * yAx + dy * yAy + dz * yAz, I_PERP);
                block.addLinear(zAx, zAy, zAz, rAx + dx, rAy + dy, rAz + dz, rBx, rBy, rBz,
                        dx * zAx + dy * zAy + dz * zAz, I_PERP + 1);
                angularLockRows();
                lockedDrive(true, position);
                solveBlock(s);
                axisDrive(s, j, true, position);
                break;
            }
            case TYPE_DISTANCE:
                distance(s);
                break;
            case TYPE_CONE_TWIST:
                pointRows();
                solveBlock(s);
                coneTwist(s);
                break;
            case TYPE_SIX_DOF:
                sixDof(s, j);
                break;
            default:
                throw new IllegalStateException("joint type " + js.type[j]);
        }
        solveGrounded(s);
    }

    // ---------------------------------------------------------------- joint kinds

    /**
     * A hinge's or slider's coordinate held at {@code lower == upper}: a row of the block along
     * {@code -x_A} (the coordinate is A's relative to B, and d or q_rel runs from A to B).
     */
    private void lockedDrive(boolean linear, double value) {
        double lo = d[o + LOWER];
        if (lo != d[o + UPPER]) {
            return;
        }
        if (linear) {
            block.addLinear(-xAx, -xAy, -xAz, rAx + dx, rAy + dy, rAz + dz, rBx, rBy, rBz, value - lo,
                    I_LOWER);
        } else {
            block.addAngular(-xAx, -xAy, -xAz, value - lo, I_LOWER);
        }
    }

    /** A hinge's or slider's limits and motor about / along x (a locked coordinate is in the block). */
    private void axisDrive(BodyStore s, int j, boolean linear, double value) {
        // Rows along -x_A: the coordinate is A's relative to B, and d (or q_rel) runs from A to B.
        double ux = -xAx, uy = -xAy, uz = -xAz;
        byte motor = js.motor[j];
        if (motor == MOTOR_VELOCITY) {
            row(s, linear, VELOCITY_MOTOR, ux, uy, uz, 0, I_MOTOR, d[o + MOTOR_SPEED], d[o + MOTOR_MAX] * h,
                    -1);
        } else if (motor == MOTOR_POSITION) {
            row(s, linear, SPRING, ux, uy, uz, value - d[o + MOTOR_TARGET], I_MOTOR, 0, d[o + MOTOR_MAX] * h,
                    MOTOR_SOFT);
        }
        double lo = d[o + LOWER], hi = d[o + UPPER];
        if (lo == hi) {
            return;
        }
        if (!Double.isNaN(lo)) {
            row(s, linear, LIMIT, ux, uy, uz, value - lo, I_LOWER, 0, 0, LIMIT_SOFT);
        }
        if (!Double.isNaN(hi)) {
            row(s, linear, LIMIT, -ux, -uy, -uz, hi - value, I_UPPER, 0, 0, LIMIT_SOFT);
        }
    }

    private void row(BodyStore s, boolean linear, int kind, double ux, double uy, double uz, double c,
                     int impulse, double speed, double maxImpulse, int softAt) {
        row(s, linear, kind, ux, uy, uz, c, impulse, speed, maxImpulse, softAt, TURNS_WITH_A);
    }

    private void row(BodyStore s, boolean linear, int kind, double ux, double uy, double uz, double c,
                     int impulse, double speed, double maxImpulse, int softAt, int turning) {
        if (linear) {
            linearRow(s, kind, ux, uy, uz, c, impulse, speed, maxImpulse, softAt, turning);
        } else {
            angularRow(s, kind, ux, uy, uz, c, impulse, speed, maxImpulse, softAt);
        }
    }

    private void distance(BodyStore s) {
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (len < 1e-9) {
            return;
        }
        double ux = dx / len, uy = dy / len, uz = dz / len;
        double lo = d[o + MIN_LEN], hi = d[o + MAX_LEN];
        if (d[o + SPRING_HZ] > 0) {
            linearRow(s, SPRING, ux, uy, uz, len - d[o + LENGTH], I_SPRING, 0, Double.POSITIVE_INFINITY,
                    SPRING_SOFT, FIXED_AXIS);
        }
        if (lo == hi) {
            linearRow(s, EQUALITY, ux, uy, uz, len - lo, I_LOWER, 0, 0, -1, FIXED_AXIS);
            return;
        }
        if (lo > 0) {
            linearRow(s, LIMIT, ux, uy, uz, len - lo, I_LOWER, 0, 0, -1, FIXED_AXIS);
        }
        if (hi < Double.POSITIVE_INFINITY) {
            linearRow(s, LIMIT, -ux, -uy, -uz, hi - len, I_UPPER, 0, 0, -1, FIXED_AXIS);
        }
    }

    private void coneTwist(BodyStore s) {
        double swing = d[o + SWING];
        if (!Double.isNaN(swing)) {
            // n = x_A x x_B: turning B about n opens the swing angle.
            double nx = xAy * xBz - xAz * xBy, ny = xAz * xBx - xAx * xBz, nz = xAx * xBy - xAy * xBx;
            double sin = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double cos = xAx * xBx + xAy * xBy + xAz * xBz;
            if (sin > 1e-9) {
                double angle = StrictMath.atan2(sin, cos);
                angularRow(s, LIMIT, -nx / sin, -ny / sin, -nz / sin, swing - angle, I_SWING, 0, 0,
                        LIMIT_SOFT);
            }
        }
        double lo = d[o + TWIST_LO], hi = d[o + TWIST_HI];
        if (Double.isNaN(lo) && Double.isNaN(hi)) {
            return;
        }
        // The twist turns about the mean of the two axes.
        double tx = xAx + xBx, ty = xAy + xBy, tz = xAz + xBz;
        double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (len < 1e-9) {
            return;
        }
        tx /= len;
        ty /= len;
        tz /= len;
        double twist = twistAngle();
        if (!Double.isNaN(lo)) {
            angularRow(s, LIMIT, -tx, -ty, -tz, twist - lo, I_TWIST_LO, 0, 0, LIMIT_SOFT);
        }
        if (!Double.isNaN(hi)) {
            angularRow(s, LIMIT, tx, ty, tz, hi - twist, I_TWIST_HI, 0, 0, LIMIT_SOFT);
        }
    }

    private void sixDof(BodyStore s, int j) {
        int m = 6 * j;
        byte[] modes = js.axisMode;
        boolean angularLocked = modes[m + 3] == AXIS_LOCKED && modes[m + 4] == AXIS_LOCKED
                && modes[m + 5] == AXIS_LOCKED;
        boolean hingeLike = modes[m + 4] == AXIS_LOCKED && modes[m + 5] == AXIS_LOCKED && !angularLocked;
        boolean linearLocked = modes[m] == AXIS_LOCKED && modes[m + 1] == AXIS_LOCKED
                && modes[m + 2] == AXIS_LOCKED;
        // A's rotation relative to B, q = conj(q_rel), split as swing twist: the twist turns about
        // A's x (any angle), then the swing about B's y and z tilts it. Each angle is exact alone;
        // the two swing angles couple when both are large.
        double tLen = Math.sqrt(relX * relX + relW * relW);
        double tX = tLen > 1e-9 ? -relX / tLen : 0, tW = tLen > 1e-9 ? relW / tLen : 1;
        multiply(-relX, -relY, -relZ, relW, -tX, 0, 0, tW);
        double swingY = qy, swingZ = qz, swingW = qw;
        // Locked axes first, into the block (a locked axis's coordinate is held at 0); then the limits.
        if (angularLocked) {
            angularLockRows();
        } else if (hingeLike) {
            hingeAxesRows();
        }
        if (linearLocked) {
            pointRows();
        }
        for (int pass = 0; pass < 2; pass++) {
            boolean limits = pass == 1;
            if (limits) {
                solveBlock(s);
            }
            for (int k = 3; k < 6; k++) {
                byte mode = modes[m + k];
                if (mode == AXIS_FREE || (mode == AXIS_LIMITED) != limits
                        || mode == AXIS_LOCKED && (angularLocked || hingeLike)) {
                    continue;
                }
                double ux = k == 3 ? xAx : k == 4 ? yBx : zBx;
                double uy = k == 3 ? xAy : k == 4 ? yBy : zBy;
                double uz = k == 3 ? xAz : k == 4 ? yBz : zBz;
                double angle = 2 * (k == 3 ? StrictMath.atan2(tX, tW)
                        : StrictMath.atan2(k == 4 ? swingY : swingZ, swingW));
                axisRows(s, false, mode, ux, uy, uz, angle, k);
            }
            for (int k = 0; k < 3 && !linearLocked; k++) {
                byte mode = modes[m + k];
                if (mode == AXIS_FREE || (mode == AXIS_LIMITED) != limits) {
                    continue;
                }
                // In B's frame (the reference): A's anchor relative to B's along B's axes.
                double ux = k == 0 ? xBx : k == 1 ? yBx : zBx;
                double uy = k == 0 ? xBy : k == 1 ? yBy : zBy;
                double uz = k == 0 ? xBz : k == 1 ? yBz : zBz;
                axisRows(s, true, mode, ux, uy, uz, -(dx * ux + dy * uy + dz * uz), k);
            }
        }
    }

    /**
     * A six-DOF axis locked (at 0: a row of the block) or limited to [min, max]; {@code value} is A's
     * coordinate relative to B along frame axis {@code u}, so the rows run along {@code -u}. The axes
     * turn with B: B's lever reaches A's anchor, {@code rB - d}.
     */
    private void axisRows(BodyStore s, boolean linear, byte mode, double fx, double fy, double fz,
                          double value, int k) {
        double ux = -fx, uy = -fy, uz = -fz;
        if (mode == AXIS_LOCKED) {
            if (linear) {
                block.addLinear(ux, uy, uz, rAx, rAy, rAz, rBx - dx, rBy - dy, rBz - dz, value,
                        I_AXIS_LO + k);
            } else {
                block.addAngular(ux, uy, uz, value, I_AXIS_LO + k);
            }
            return;
        }
        double lo = d[o + AXIS_MIN + k], hi = d[o + AXIS_MAX + k];
        row(s, linear, LIMIT, ux, uy, uz, value - lo, I_AXIS_LO + k, 0, 0, LIMIT_SOFT, TURNS_WITH_B);
        row(s, linear, LIMIT, -ux, -uy, -uz, hi - value, I_AXIS_HI + k, 0, 0, LIMIT_SOFT, TURNS_WITH_B);
    }

    // ---------------------------------------------------------------- soft ball joint

    /**
     * A soft ball joint: {@code d = 0} as one 3x3 block with the joint's own spring, capped at
     * {@code maxForce}.
     */
    private void springyPoint(BodyStore s) {
        int at = o + I_POINT;
        double ax = d[at], ay = d[at + 1], az = d[at + 2];
        if (mode == WARM || mode == REACTION) {
            if (ax != 0 || ay != 0 || az != 0) {
                applyLinear(s, ax, ay, az, rAx, rAy, rAz, rBx, rBy, rBz);
            }
            return;
        }
        // K = (mA + mB) 1 - [rA]x IA^-1 [rA]x - [rB]x IB^-1 [rB]x, symmetric.
        double m = s.invMass[a];
        double k00 = m, k01 = 0, k02 = 0, k11 = m, k12 = 0, k22 = m;
        double[] inv = s.invInertiaWorld;
        int ia = 9 * a;
        // -[r]x I [r]x for symmetric I: entries via the cross-product form.
        k00 += skewSandwich(inv, ia, rAx, rAy, rAz, 0, 0);
        k01 += skewSandwich(inv, ia, rAx, rAy, rAz, 0, 1);
        k02 += skewSandwich(inv, ia, rAx, rAy, rAz, 0, 2);
        k11 += skewSandwich(inv, ia, rAx, rAy, rAz, 1, 1);
        k12 += skewSandwich(inv, ia, rAx, rAy, rAz, 1, 2);
        k22 += skewSandwich(inv, ia, rAx, rAy, rAz, 2, 2);
        // Relative velocity of the anchors: vB + wB x rB - vA - wA x rA.
        double cx = -s.vx[a] - (s.wy[a] * rAz - s.wz[a] * rAy);
        double cy = -s.vy[a] - (s.wz[a] * rAx - s.wx[a] * rAz);
        double cz = -s.vz[a] - (s.wx[a] * rAy - s.wy[a] * rAx);
        if (b >= 0) {
            double mb = s.invMass[b];
            int ib = 9 * b;
            k00 += mb + skewSandwich(inv, ib, rBx, rBy, rBz, 0, 0);
            k01 += skewSandwich(inv, ib, rBx, rBy, rBz, 0, 1);
            k02 += skewSandwich(inv, ib, rBx, rBy, rBz, 0, 2);
            k11 += mb + skewSandwich(inv, ib, rBx, rBy, rBz, 1, 1);
            k12 += skewSandwich(inv, ib, rBx, rBy, rBz, 1, 2);
            k22 += mb + skewSandwich(inv, ib, rBx, rBy, rBz, 2, 2);
            cx += s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy;
            cy += s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz;
            cz += s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx;
        }
        double bias = d[o + SPRING_SOFT], mScale = d[o + SPRING_SOFT + 1], iScale = d[o + SPRING_SOFT + 2];
        if (!solve3(k00, k01, k02, k11, k12, k22, cx + bias * dx, cy + bias * dy, cz + bias * dz)) {
            return;
        }
        double nx = ax - mScale * sx - iScale * ax;
        double ny = ay - mScale * sy - iScale * ay;
        double nz = az - mScale * sz - iScale * az;
        double max = d[o + MAX_FORCE] * h;
        double len2 = nx * nx + ny * ny + nz * nz;
        if (len2 > max * max) {
            double scale = max / Math.sqrt(len2);
            nx *= scale;
            ny *= scale;
            nz *= scale;
        }
        d[at] = nx;
        d[at + 1] = ny;
        d[at + 2] = nz;
        applyLinear(s, nx - ax, ny - ay, nz - az, rAx, rAy, rAz, rBx, rBy, rBz);
    }

    /**
     * Entry (i, j) of {@code -[r]x I [r]x} for the symmetric 3x3 block {@code I} at {@code inv[o..o+8]}:
     * {@code -[r]x I [r]x = (e_i x r) . I (e_j x r)} (as {@code [r]x^T = -[r]x}).
     */
    private static double skewSandwich(double[] inv, int o, double rx, double ry, double rz, int i, int j) {
        // e_i x r
        double ux = i == 0 ? 0 : i == 1 ? rz : -ry;
        double uy = i == 0 ? -rz : i == 1 ? 0 : rx;
        double uz = i == 0 ? ry : i == 1 ? -rx : 0;
        double vx = j == 0 ? 0 : j == 1 ? rz : -ry;
        double vy = j == 0 ? -rz : j == 1 ? 0 : rx;
        double vz = j == 0 ? ry : j == 1 ? -rx : 0;
        return ux * (inv[o] * vx + inv[o + 1] * vy + inv[o + 2] * vz)
                + uy * (inv[o + 3] * vx + inv[o + 4] * vy + inv[o + 5] * vz)
                + uz * (inv[o + 6] * vx + inv[o + 7] * vy + inv[o + 8] * vz);
    }

}
