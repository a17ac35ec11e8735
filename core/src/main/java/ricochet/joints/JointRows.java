package ricochet.joints;

import static ricochet.joints.JointStore.*;

import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.Softness;

/**
 * The row machinery {@link JointSolver}'s joint kinds are built from: the geometry of the joint being
 * solved (anchors, gap, joint frames, relative rotation, from the bodies' current poses), its
 * equality rows solved as one {@link EqualityBlock}, single limit, motor and spring rows against the
 * block's Schur complement, and the impulses applied to the bodies (or summed, for a reaction). The
 * rows' forms and why are in {@link JointSolver}'s class comment. State lives in fields (the step
 * allocates nothing); a subclass sets {@link #mode} and calls {@link #geometry} per joint.
 */
abstract class JointRows {

    // Which body a linear row's axis turns with: its lever on that side reaches the other anchor.
    static final int FIXED_AXIS = 0, TURNS_WITH_A = 1, TURNS_WITH_B = 2;
    // Row kinds.
    static final int EQUALITY = 0, LIMIT = 1, VELOCITY_MOTOR = 2, SPRING = 3;
    // Pass modes.
    static final int WARM = 0, SOLVE = 1, RELAX = 2, REACTION = 3;

    /**
     * The fastest a rigid row's position correction may push, m/s along a linear row and rad/s about
     * an angular one (the contact solver caps its push-out at 3 m/s for the same reason). A joint
     * pulled 1 m apart would otherwise be pushed back at biasRate C, 100 m/s at 60 Hz x 4 substeps; in
     * a loop of joints jammed by a fast start, whose errors cannot all close, each joint's push tears
     * at the next and the pushes' energy fed back until the loop blew up (the random scenes of
     * NoNaNPropertyTest: with 3 m/s, 10 and 30, and none, 362, 373, 436 and 1,028 of the 10^4 soak
     * scenes went non-finite). 3 m/s held back ragdolls torn apart on stairs (the app's ragdolls
     * scene: joint gaps of 600 mm, not asleep in 30 s); 10 m/s lets them close in a few steps. At the
     * default stiffness the cap acts from about 10 cm or 0.1 rad.
     */
    static final double MAX_CORRECTION_SPEED = 10;
    double h, invH;

    // The joint being solved.
    int mode;
    double[] d;
    int o;
    int a, b;
    double rAx, rAy, rAz, rBx, rBy, rBz, dx, dy, dz;
    double xAx, xAy, xAz, yAx, yAy, yAz, zAx, zAy, zAz;
    double xBx, xBy, xBz, yBx, yBy, yBz, zBx, zBy, zBz;
    double relX, relY, relZ, relW;
    double errX, errY, errZ, errW;
    // Quaternion product and rotation results.
    double qx, qy, qz, qw, ox, oy, oz;
    // 3x3 solve result.
    double sx, sy, sz;
    // Reaction sums (REACTION mode): linear and angular impulse of the last substep, world frame.
    double fx, fy, fz, tx, ty, tz;

    final JointStore js;
    final Softness soft = new Softness();
    final EqualityBlock block = new EqualityBlock();
    /** The joint being solved, its contact points to solve with its block, and this step's contacts. */
    int joint;
    final GroundContacts ground;
    final GroundedBlock grounded = new GroundedBlock();
    /** This step's trees of joints, whose equality rows are solved together after each pass. */
    final JointTree tree = new JointTree();
    ContactStore contacts;
    /** The contact solver's spring between dynamic bodies for this step's substep: the grounded blocks'. */
    final Softness contactSoft = new Softness();

    JointRows(JointStore js) {
        this.js = js;
        this.ground = new GroundContacts(js);
    }

    void geometry(BodyStore s, int j) {
        joint = j;
        d = js.d;
        o = STRIDE * j;
        a = js.a[j];
        b = js.b[j];
        double pAx = s.px[a], pAy = s.py[a], pAz = s.pz[a];
        double qAx = s.qx[a], qAy = s.qy[a], qAz = s.qz[a], qAw = s.qw[a];
        double pBx = 0, pBy = 0, pBz = 0, qBx = 0, qBy = 0, qBz = 0, qBw = 1;
        if (b >= 0) {
            pBx = s.px[b];
            pBy = s.py[b];
            pBz = s.pz[b];
            qBx = s.qx[b];
            qBy = s.qy[b];
            qBz = s.qz[b];
            qBw = s.qw[b];
        }
        rotate(qAx, qAy, qAz, qAw, d[o + LA], d[o + LA + 1], d[o + LA + 2]);
        rAx = ox;
        rAy = oy;
        rAz = oz;
        rotate(qBx, qBy, qBz, qBw, d[o + LB], d[o + LB + 1], d[o + LB + 2]);
        rBx = ox;
        rBy = oy;
        rBz = oz;
        dx = pBx + rBx - pAx - rAx;
        dy = pBy + rBy - pAy - rAy;
        dz = pBz + rBz - pAz - rAz;
        // Joint frames in world space and their axes (the rotation matrices' columns).
        multiply(qAx, qAy, qAz, qAw, d[o + FA], d[o + FA + 1], d[o + FA + 2], d[o + FA + 3]);
        double fAx = qx, fAy = qy, fAz = qz, fAw = qw;
        multiply(qBx, qBy, qBz, qBw, d[o + FB], d[o + FB + 1], d[o + FB + 2], d[o + FB + 3]);
        double fBx = qx, fBy = qy, fBz = qz, fBw = qw;
        xAx = 1 - 2 * (fAy * fAy + fAz * fAz);
        xAy = 2 * (fAx * fAy + fAw * fAz);
        xAz = 2 * (fAx * fAz - fAw * fAy);
        yAx = 2 * (fAx * fAy - fAw * fAz);
        yAy = 1 - 2 * (fAx * fAx + fAz * fAz);
        yAz = 2 * (fAy * fAz + fAw * fAx);
        zAx = 2 * (fAx * fAz + fAw * fAy);
        zAy = 2 * (fAy * fAz - fAw * fAx);
        zAz = 1 - 2 * (fAx * fAx + fAy * fAy);
        xBx = 1 - 2 * (fBy * fBy + fBz * fBz);
        xBy = 2 * (fBx * fBy + fBw * fBz);
        xBz = 2 * (fBx * fBz - fBw * fBy);
        yBx = 2 * (fBx * fBy - fBw * fBz);
        yBy = 1 - 2 * (fBx * fBx + fBz * fBz);
        yBz = 2 * (fBy * fBz + fBw * fBx);
        zBx = 2 * (fBx * fBz + fBw * fBy);
        zBy = 2 * (fBy * fBz - fBw * fBx);
        zBz = 1 - 2 * (fBx * fBx + fBy * fBy);
        // q_rel = F_A^-1 F_B (in A's joint frame) and the world error F_B F_A^-1, both with w >= 0.
        multiply(-fAx, -fAy, -fAz, fAw, fBx, fBy, fBz, fBw);
        double sign = qw < 0 ? -1 : 1;
        relX = sign * qx;
        relY = sign * qy;
        relZ = sign * qz;
        relW = sign * qw;
        multiply(fBx, fBy, fBz, fBw, -fAx, -fAy, -fAz, fAw);
        sign = qw < 0 ? -1 : 1;
        errX = sign * qx;
        errY = sign * qy;
        errZ = sign * qz;
        errW = sign * qw;
    }

    /** A's turn about the joint axis relative to B (B is the reference: the frame, or the world). */
    double twistAngle() {
        return -2 * StrictMath.atan2(relX, relW);
    }

    /** (qx, qy, qz, qw) = p q. */
    void multiply(double px, double py, double pz, double pw, double rx, double ry, double rz,
                          double rw) {
        qx = pw * rx + px * rw + py * rz - pz * ry;
        qy = pw * ry + py * rw + pz * rx - px * rz;
        qz = pw * rz + pz * rw + px * ry - py * rx;
        qw = pw * rw - px * rx - py * ry - pz * rz;
    }

    /** (ox, oy, oz) = R(q) v for a unit q: t = 2 q_v x v, R v = v + w t + q_v x t. */
    void rotate(double x, double y, double z, double w, double vx, double vy, double vz) {
        double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
        ox = vx + w * tx + (y * tz - z * ty);
        oy = vy + w * ty + (z * tx - x * tz);
        oz = vz + w * tz + (x * ty - y * tx);
    }

    /**
     * A row along unit {@code u} between the anchors: {@code c} its position error (or, for a limit,
     * the distance to the limit, >= 0 allowed), {@code impulse} the offset of its accumulated impulse.
     * {@code turning}: the axis turns with A, so A's lever is {@code rA + d}.
     */
    void linearRow(BodyStore s, int kind, double ux, double uy, double uz, double c, int impulse,
                           double speed, double maxImpulse, int softAt, int turning) {
        double lax = rAx, lay = rAy, laz = rAz, lbx = rBx, lby = rBy, lbz = rBz;
        if (turning == TURNS_WITH_A) {
            lax += dx;
            lay += dy;
            laz += dz;
        } else if (turning == TURNS_WITH_B) {
            lbx -= dx;
            lby -= dy;
            lbz -= dz;
        }
        double acc = d[o + impulse];
        if (mode == WARM || mode == REACTION) {
            if (acc != 0) {
                applyLinear(s, acc * ux, acc * uy, acc * uz, lax, lay, laz, lbx, lby, lbz);
            }
            return;
        }
        // Angular parts of the Jacobian: lever x u on each side.
        double cax = lay * uz - laz * uy, cay = laz * ux - lax * uz, caz = lax * uy - lay * ux;
        double cbx = lby * uz - lbz * uy, cby = lbz * ux - lbx * uz, cbz = lbx * uy - lby * ux;
        double cdot = -(s.vx[a] * ux + s.vy[a] * uy + s.vz[a] * uz)
                - (s.wx[a] * cax + s.wy[a] * cay + s.wz[a] * caz);
        if (b >= 0) {
            cdot += s.vx[b] * ux + s.vy[b] * uy + s.vz[b] * uz
                    + s.wx[b] * cbx + s.wy[b] * cby + s.wz[b] * cbz;
        }
        double mAB = s.invMass[a] + (b >= 0 ? s.invMass[b] : 0);
        double l = extraRow(s, kind, mAB, ux, uy, uz, cax, cay, caz, cbx, cby, cbz, cdot, c, impulse, speed,
                maxImpulse, softAt);
        if (l != 0) {
            applyLinear(s, l * ux, l * uy, l * uz, lax, lay, laz, lbx, lby, lbz);
        }
    }

    /** A row turning B relative to A about unit {@code u}: {@code Cdot = u . (wB - wA)}. */
    void angularRow(BodyStore s, int kind, double ux, double uy, double uz, double c, int impulse,
                            double speed, double maxImpulse, int softAt) {
        double acc = d[o + impulse];
        if (mode == WARM || mode == REACTION) {
            if (acc != 0) {
                applyAngular(s, acc * ux, acc * uy, acc * uz);
            }
            return;
        }
        double cdot = -(s.wx[a] * ux + s.wy[a] * uy + s.wz[a] * uz);
        if (b >= 0) {
            cdot += s.wx[b] * ux + s.wy[b] * uy + s.wz[b] * uz;
        }
        double l = extraRow(s, kind, 0, 0, 0, 0, ux, uy, uz, ux, uy, uz, cdot, c, impulse, speed, maxImpulse,
                softAt);
        if (l != 0) {
            applyAngular(s, l * ux, l * uy, l * uz);
        }
    }

    /**
     * A limit, motor or spring row of Jacobian {@code [-u  -ca  u  cb]} ({@code mAB} the sum of the
     * inverse masses) solved against the block's Schur complement: effective mass
     * {@code 1 / (k - c . K^-1 c)}, and {@code -l K^-1 c} on the block's rows with its impulse l, so
     * the block's rows keep their velocity (see {@link EqualityBlock}). Returns l, the change of the
     * row's accumulated impulse, for the caller to apply along the row.
     */
    double extraRow(BodyStore s, int kind, double mAB, double ux, double uy, double uz,
                            double cax, double cay, double caz, double cbx, double cby, double cbz,
                            double cdot, double c, int impulse, double speed, double maxImpulse, int softAt) {
        double[] inv = s.invInertiaWorld;
        int ia = 9 * a;
        // IA^-1 ca and IB^-1 cb.
        double iax = inv[ia] * cax + inv[ia + 1] * cay + inv[ia + 2] * caz;
        double iay = inv[ia + 3] * cax + inv[ia + 4] * cay + inv[ia + 5] * caz;
        double iaz = inv[ia + 6] * cax + inv[ia + 7] * cay + inv[ia + 8] * caz;
        double ibx = 0, iby = 0, ibz = 0;
        if (b >= 0) {
            int ib = 9 * b;
            ibx = inv[ib] * cbx + inv[ib + 1] * cby + inv[ib + 2] * cbz;
            iby = inv[ib + 3] * cbx + inv[ib + 4] * cby + inv[ib + 5] * cbz;
            ibz = inv[ib + 6] * cbx + inv[ib + 7] * cby + inv[ib + 8] * cbz;
        }
        double k = mAB * (ux * ux + uy * uy + uz * uz) + cax * iax + cay * iay + caz * iaz
                + cbx * ibx + cby * iby + cbz * ibz;
        // The block's response to the row: rigid in the relax pass; in the biased pass the block is a
        // soft spring, lambda = -massScale K^-1 (...) - impulseScale lambda_acc, whose equations stay
        // satisfied under a row impulse l when the block takes -l massScale K^-1 c.
        double respond = mode == RELAX ? 1 : soft.massScale;
        double keff = k - respond * block.couple(ux, uy, uz, iax, iay, iaz, ibx, iby, ibz);
        // A row the block already holds (a motor on a locked axis) has keff ~ 0 up to rounding.
        if (!(k > 0) || !(keff > 1e-9 * k)) {
            return 0;
        }
        double acc = d[o + impulse];
        double updated = impulse(kind, 1 / keff, cdot, c, acc, speed, maxImpulse, softAt);
        d[o + impulse] = updated;
        double l = updated - acc;
        if (l != 0 && respond != 0) {
            for (int i = 0; i < block.n; i++) {
                double li = -l * respond * block.x[i];
                d[o + block.impulse[i]] += li;
                block.apply(s, a, b, i, li);
            }
        }
        return l;
    }

    /** The row's new accumulated impulse for effective mass {@code m}. */
    double impulse(int kind, double m, double cdot, double c, double acc, double speed,
                           double maxImpulse, int softAt) {
        switch (kind) {
            case EQUALITY: {
                if (mode != SOLVE) {
                    return acc - m * cdot;
                }
                double bias = clamp(soft.biasRate * c, MAX_CORRECTION_SPEED);
                return acc - m * soft.massScale * (cdot + bias) - soft.impulseScale * acc;
            }
            case LIMIT: {
                double bias = 0, mScale = 1, iScale = 0;
                if (c > 0) {
                    // Apart: the gap may close within this substep, no further.
                    bias = c * invH;
                } else if (mode == SOLVE) {
                    boolean own = softAt >= 0 && d[o + softAt + 1] > 0;
                    bias = Math.max((own ? d[o + softAt] : soft.biasRate) * c, -MAX_CORRECTION_SPEED);
                    mScale = own ? d[o + softAt + 1] : soft.massScale;
                    iScale = own ? d[o + softAt + 2] : soft.impulseScale;
                }
                return Math.max(acc - m * mScale * (cdot + bias) - iScale * acc, 0);
            }
            case VELOCITY_MOTOR:
                return clamp(acc - m * (cdot - speed), maxImpulse);
            case SPRING: {
                double bias = d[o + softAt] * c;
                return clamp(acc - m * d[o + softAt + 1] * (cdot + bias) - d[o + softAt + 2] * acc,
                        maxImpulse);
            }
            default:
                throw new IllegalStateException("row kind " + kind);
        }
    }

    static double clamp(double v, double limit) {
        return v > limit ? limit : v < -limit ? -limit : v;
    }

    /** {@code d = 0}: three rows along the world axes with levers rA, rB, into the block. */
    void pointRows() {
        block.addLinear(1, 0, 0, rAx, rAy, rAz, rBx, rBy, rBz, dx, I_POINT);
        block.addLinear(0, 1, 0, rAx, rAy, rAz, rBx, rBy, rBz, dy, I_POINT + 1);
        block.addLinear(0, 0, 1, rAx, rAy, rAz, rBx, rBy, rBz, dz, I_POINT + 2);
    }

    /**
     * The relative rotation locked, {@code 2 vec(F_B F_A^-1) = 0}: three angular rows about the world
     * axes, into the block ({@code d/dt 2 vec(q_err) = wB - wA} near the identity).
     */
    void angularLockRows() {
        block.addAngular(1, 0, 0, 2 * errX, I_ANG);
        block.addAngular(0, 1, 0, 2 * errY, I_ANG + 1);
        block.addAngular(0, 0, 1, 2 * errZ, I_ANG + 2);
    }

    /**
     * B's x axis kept on A's, as the swing {@code theta n} that takes {@code x_A} to {@code x_B}
     * ({@code n = x_A x x_B / |x_A x x_B|}, {@code theta = atan2(|x_A x x_B|, x_A . x_B)}): two angular
     * rows about A's y and z, {@code C = theta n . y_A}, {@code theta n . z_A}, into the block. Turning B
     * about n changes theta at exactly {@code (wB - wA) . n}; the rows stay orthonormal at any angle,
     * where {@code x_A . y_B} and {@code x_A . z_B} (Jolt's form) have parallel Jacobians once the axes
     * are 90 degrees apart, and a jammed loop of joints got there and blew up in one step.
     */
    void hingeAxesRows() {
        double nx = xAy * xBz - xAz * xBy, ny = xAz * xBx - xAx * xBz, nz = xAx * xBy - xAy * xBx;
        double sin = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double cos = xAx * xBx + xAy * xBy + xAz * xBz;
        double cy = 0, cz = 0;
        if (sin > 1e-12) {
            double scale = StrictMath.atan2(sin, cos) / sin;
            cy = scale * (nx * yAx + ny * yAy + nz * yAz);
            cz = scale * (nx * zAx + ny * zAy + nz * zAz);
        } else if (cos < 0) {
            // Turned right over: any axis perpendicular to x_A takes x_A to x_B.
            cy = Math.PI;
        }
        block.addAngular(yAx, yAy, yAz, cy, I_ANG);
        block.addAngular(zAx, zAy, zAz, cz, I_ANG + 1);
    }

    /**
     * The block's rows as one: {@code lambda += -massScale K^-1 (J v + biasRate C) - impulseScale lambda}
     * in the biased pass (the joint spring), {@code lambda += -K^-1 J v} in the relax pass, so after
     * it {@code J v = 0} exactly (see {@link EqualityBlock}).
     */
    void solveBlock(BodyStore s) {
        int n = block.n;
        if (n == 0) {
            return;
        }
        if (mode == REACTION) {
            for (int i = 0; i < n; i++) {
                double acc = d[o + block.impulse[i]];
                int k = 3 * i;
                fx += acc * block.u[k];
                fy += acc * block.u[k + 1];
                fz += acc * block.u[k + 2];
                if (block.angular[i]) {
                    tx += acc * block.jb[k];
                    ty += acc * block.jb[k + 1];
                    tz += acc * block.jb[k + 2];
                }
            }
            return;
        }
        block.prepare(s, a, b, mode != WARM);
        if (tree.holds(joint)) {
            // Warm-started and solved with its tree at the end of the pass; the factored block still
            // couples the joint's other rows and its grounded contacts.
            tree.capture(joint, o, block);
            return;
        }
        if (mode == WARM) {
            for (int i = 0; i < n; i++) {
                block.apply(s, a, b, i, d[o + block.impulse[i]]);
            }
            return;
        }
        double bias = blockBias(soft);
        double mScale = mode == SOLVE ? soft.massScale : 1, iScale = mode == SOLVE ? soft.impulseScale : 0;
        double[] x = block.x;
        for (int i = 0; i < n; i++) {
            x[i] = block.cdot(s, a, b, i) + bias * block.c[i];
        }
        block.solve(x);
        for (int i = 0; i < n; i++) {
            int at = o + block.impulse[i];
            double acc = d[at];
            double updated = acc - mScale * x[i] - iScale * acc;
            d[at] = updated;
            block.apply(s, a, b, i, updated - acc);
        }
    }

    /**
     * The block's bias rate in this pass (0 when relaxing): the correction speeds biasRate C, scaled
     * as one so that none passes MAX_CORRECTION_SPEED (the error's direction is kept).
     */
    private double blockBias(Softness spring) {
        if (mode != SOLVE) {
            return 0;
        }
        double bias = spring.biasRate, worst = 0;
        for (int i = 0; i < block.n; i++) {
            worst = Math.max(worst, Math.abs(bias * block.c[i]));
        }
        return worst > MAX_CORRECTION_SPEED ? bias * MAX_CORRECTION_SPEED / worst : bias;
    }

    /**
     * The joint's equality block solved again, with the normals of the contacts {@link GroundContacts}
     * gave it ({@link GroundedBlock}), after its limits, motors and springs: those rows see only the
     * block's Schur complement, not the contacts, so the contacts come last, as in the contact
     * solver. Needs {@link #solveBlock} first in the pass (the block's rows and inertias). The block's
     * spring is the contact solver's between dynamic bodies ({@link #contactSoft}, 30 Hz and damping
     * ratio 10 by default): the joint's own (a quarter of the substep rate, damping ratio 1) kept the
     * RagdollTest's arms (a tenth of the torso's mass) jittering on the floor, awake after 25 s, and so
     * did the contacts' spring against static bodies (twice as stiff).
     */
    void solveGrounded(BodyStore s) {
        int points = contacts == null || (mode != SOLVE && mode != RELAX) ? 0 : ground.count(joint);
        if (points == 0 || block.n == 0) {
            return;
        }
        boolean biased = mode == SOLVE;
        Softness g = contactSoft;
        grounded.solve(this, s, contacts, ground.points, ground.side, ground.first(joint), points,
                blockBias(g), biased ? g.biasRate : 0, biased ? g.massScale : 1, biased ? g.impulseScale : 0);
    }

    /** (sx, sy, sz) = K^-1 r for symmetric K; false when K is singular (both ends immovable). */
    boolean solve3(double k00, double k01, double k02, double k11, double k12, double k22,
                           double r0, double r1, double r2) {
        double c00 = k11 * k22 - k12 * k12, c01 = k02 * k12 - k01 * k22, c02 = k01 * k12 - k02 * k11;
        double det = k00 * c00 + k01 * c01 + k02 * c02;
        double scale = Math.abs(k00) + Math.abs(k11) + Math.abs(k22);
        if (!(Math.abs(det) > 1e-30 * scale * scale * scale)) {
            return false;
        }
        double c11 = k00 * k22 - k02 * k02, c12 = k01 * k02 - k00 * k12, c22 = k00 * k11 - k01 * k01;
        double inv = 1 / det;
        sx = (c00 * r0 + c01 * r1 + c02 * r2) * inv;
        sy = (c01 * r0 + c11 * r1 + c12 * r2) * inv;
        sz = (c02 * r0 + c12 * r1 + c22 * r2) * inv;
        return true;
    }

    /** Impulse P on B at lever {@code lB} and -P on A at lever {@code lA} (or summed, in REACTION mode). */
    void applyLinear(BodyStore s, double px, double py, double pz, double lax, double lay, double laz,
                             double lbx, double lby, double lbz) {
        if (mode == REACTION) {
            fx += px;
            fy += py;
            fz += pz;
            return;
        }
        double[] inv = s.invInertiaWorld;
        double ma = s.invMass[a];
        if (ma > 0) {
            s.vx[a] -= ma * px;
            s.vy[a] -= ma * py;
            s.vz[a] -= ma * pz;
            double cx = lay * pz - laz * py, cy = laz * px - lax * pz, cz = lax * py - lay * px;
            int ia = 9 * a;
            s.wx[a] -= inv[ia] * cx + inv[ia + 1] * cy + inv[ia + 2] * cz;
            s.wy[a] -= inv[ia + 3] * cx + inv[ia + 4] * cy + inv[ia + 5] * cz;
            s.wz[a] -= inv[ia + 6] * cx + inv[ia + 7] * cy + inv[ia + 8] * cz;
        }
        if (b >= 0 && s.invMass[b] > 0) {
            double mb = s.invMass[b];
            s.vx[b] += mb * px;
            s.vy[b] += mb * py;
            s.vz[b] += mb * pz;
            double cx = lby * pz - lbz * py, cy = lbz * px - lbx * pz, cz = lbx * py - lby * px;
            int ib = 9 * b;
            s.wx[b] += inv[ib] * cx + inv[ib + 1] * cy + inv[ib + 2] * cz;
            s.wy[b] += inv[ib + 3] * cx + inv[ib + 4] * cy + inv[ib + 5] * cz;
            s.wz[b] += inv[ib + 6] * cx + inv[ib + 7] * cy + inv[ib + 8] * cz;
        }
    }

    /** Angular impulse L on B and -L on A (or summed, in REACTION mode). */
    void applyAngular(BodyStore s, double lx, double ly, double lz) {
        if (mode == REACTION) {
            tx += lx;
            ty += ly;
            tz += lz;
            return;
        }
        double[] inv = s.invInertiaWorld;
        int ia = 9 * a;
        s.wx[a] -= inv[ia] * lx + inv[ia + 1] * ly + inv[ia + 2] * lz;
        s.wy[a] -= inv[ia + 3] * lx + inv[ia + 4] * ly + inv[ia + 5] * lz;
        s.wz[a] -= inv[ia + 6] * lx + inv[ia + 7] * ly + inv[ia + 8] * lz;
        if (b >= 0) {
            int ib = 9 * b;
            s.wx[b] += inv[ib] * lx + inv[ib + 1] * ly + inv[ib + 2] * lz;
            s.wy[b] += inv[ib + 3] * lx + inv[ib + 4] * ly + inv[ib + 5] * lz;
            s.wz[b] += inv[ib + 6] * lx + inv[ib + 7] * ly + inv[ib + 8] * lz;
        }
    }
}
