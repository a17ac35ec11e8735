package ricochet.vehicle;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.StateInput;
import ricochet.math.Vec3;

/**
 * A world's vehicles: cars whose chassis is a dynamic body of the world. They are updated
 * once per step, before the rigid bodies are solved, in the order they were added, on the calling
 * thread (so the result does not depend on the threads); {@code docs/vehicles.md} gives the model.
 *
 * <p>One update, per awake vehicle:
 * <ol>
 *   <li>each wheel sweeps its cylinder down the chassis' -y axis to full extension
 *       ({@link WheelCast}), skipping the vehicle's own chassis and sensors;</li>
 *   <li>suspension: a spring and damper per wheel, {@code F = k x + c dx/dt} (never pulling), with
 *       {@code k = m_i omega^2}, {@code c = 2 zeta m_i omega}, {@code omega = 2 pi frequency} and
 *       {@code m_i} the chassis mass the wheel carries at rest (the least-squares split that puts
 *       the weights' centre on the centre of mass), plus the anti-roll bar's {@code k_ar (x_i - x_j)}
 *       between the two wheels of an axle; explicit, as forces on the chassis and, opposite, on a
 *       dynamic ground;</li>
 *   <li>the drivetrain: engine torque from its curve at the driven wheels' speed, the automatic
 *       gearbox (reverse while the throttle is negative), the torque split equally (open
 *       differential) onto the driven wheels' spin;</li>
 *   <li>a small sequential-impulse solve on a copy of the chassis' velocity at the end of the step
 *       (gravity and the suspension included), per wheel in order: the bump stop (a unilateral row
 *       along the contact normal limiting how far the chassis closes on the ground in the step), the
 *       brake (the wheel's spin to zero, bounded by the brake torque times dt), the limited-slip
 *       clutch, and the tyre's two rows
 *       (along and across the wheel), each an implicit solve of the brush model
 *       {@link TyreModel}: the impulse J that satisfies {@code J = dt F(u_free - K J)}. The tyre
 *       row's effective mass includes the wheel's spin inertia, so the stiff slip dynamics of a light
 *       wheel are stable at any step;</li>
 *   <li>the tyre rows' impulses over dt become forces on the chassis (and opposite on a dynamic
 *       ground), which the contact solver integrates with gravity in its substeps; the bump stop's
 *       impulse changes the chassis' velocity at once, so that it acts from the step's start.</li>
 * </ol>
 *
 * <p>A sleeping chassis is left asleep until its input changes or its throttle is on. Nothing is
 * allocated per update: each vehicle's arrays are made when it is added, the scratch is this
 * object's.
 */
public final class Vehicles {

    /** Gauss-Seidel passes over the wheels' rows per step. */
    static final int ITERATIONS = 12;
    /**
     * Where in the step the spring's compression is taken, as a fraction of dt ahead: 0.4 cancels
     * the lag of a force held over the step to within 0.005 of the damping ratio at 30-120 Hz.
     */
    static final double SPRING_LEAD = 0.4;

    private final VehicleHost host;
    private VehicleState[] all = new VehicleState[4];
    private int slots;
    private int live;
    private final double[] st = new double[VehicleHost.CHASSIS_STATE];
    private final double[] tmp = new double[3];
    private final WheelCast wheelCast = new WheelCast();
    private boolean[] skip = new boolean[64];
    /** Each slot's step state as {@link #checkpoint} found it, for {@link #rollback}. */
    private VehicleState[] saved = new VehicleState[0];
    /** The rows' solve: the chassis' predicted velocity and the bump stop and tyre rows. */
    private final TyreRows rows = new TyreRows();

    public Vehicles(VehicleHost host) {
        this.host = host;
    }

    // ---------------------------------------------------------------- table

    /**
     * Adds a vehicle: its chassis body (named as the vehicle) with its origin at {@code position}
     * (world, m) turned by {@code orientation}, at rest, wheels at full extension and not spinning,
     * first gear.
     *
     * @throws IllegalArgumentException from {@link VehicleDef#validate}, or for a position or
     *     orientation that is not finite
     */
    public VehicleId add(VehicleDef def, Vec3 position, Quat orientation) {
        if (def == null || position == null || orientation == null) {
            throw new IllegalArgumentException("vehicle: def, position and orientation must not be null");
        }
        def.validate();
        if (!Double.isFinite(position.x()) || !Double.isFinite(position.y()) || !Double.isFinite(position.z())
                || !orientation.isFinite() || !(orientation.norm() > 0)) {
            throw new IllegalArgumentException("vehicle '" + def.name() + "': position and orientation must be finite");
        }
        VehicleDef.Chassis ch = def.chassis();
        Vec3 h = ch.halfExtents();
        double m = ch.mass();
        // The solid box's inertia about its centre, taken about the centre of mass.
        double ix = m / 3 * (h.y() * h.y() + h.z() * h.z());
        double iy = m / 3 * (h.x() * h.x() + h.z() * h.z());
        double iz = m / 3 * (h.x() * h.x() + h.y() * h.y());
        MassProperties mp = new MassProperties(m, ch.centerOfMass(), new double[] {ix, 0, 0, 0, iy, 0, 0, 0, iz});
        BodyDef bd = BodyDef.dynamic().withPosition(position).withOrientation(orientation.normalized())
                .withMassProperties(mp).withName(def.name());
        VehicleState v = new VehicleState();
        int n = def.wheels().size();
        v.allocate(n);
        v.def = def;
        VehicleSetup.setUp(v, def);
        v.chassis = host.addBody(bd, new BoxShape(h.x(), h.y(), h.z()), 0.5, 0);
        v.collider = host.colliderOf(v.chassis);
        int slot = 0;
        while (slot < slots && all[slot].live) {
            slot++;
        }
        if (slot == all.length) {
            all = Arrays.copyOf(all, 2 * all.length);
        }
        v.generation = all[slot] == null ? 0 : all[slot].generation + 1;
        v.slot = slot;
        v.live = true;
        all[slot] = v;
        slots = Math.max(slots, slot + 1);
        live++;
        placeWheelsAtRest(v);
        return new VehicleId(slot, v.generation);
    }

    /** Removes the vehicle and its chassis body; its handle becomes stale. */
    public void remove(VehicleId id) {
        VehicleState v = state(id);
        host.removeBody(v.chassis);
        v.live = false;
        live--;
    }

    public boolean contains(VehicleId id) {
        return id != null && id.index() >= 0 && id.index() < slots && all[id.index()].live
                && all[id.index()].generation == id.generation();
    }

    public int count() {
        return live;
    }

    /** The live vehicles' handles, in update order. */
    public List<VehicleId> ids() {
        List<VehicleId> out = new ArrayList<>(live);
        for (int i = 0; i < slots; i++) {
            if (all[i].live) {
                out.add(new VehicleId(i, all[i].generation));
            }
        }
        return out;
    }

    /** Slots in use so far (live or removed): vehicle handles' indices are below it. */
    public int slots() {
        return slots;
    }

    /**
     * The name events give wheel {@code wheel} of the vehicle in {@code slot} (live or removed since):
     * {@code NAME.wheelI}, as its trajectory row.
     */
    public String wheelName(int slot, int wheel) {
        if (!hasWheel(slot, wheel)) {
            throw new IllegalArgumentException("vehicle: no wheel " + wheel + " in slot " + slot);
        }
        return all[slot].def.name() + ".wheel" + wheel;
    }

    /** Whether the vehicle in {@code slot} (live or removed since) has a wheel {@code wheel}. */
    public boolean hasWheel(int slot, int wheel) {
        return slot >= 0 && slot < slots && wheel >= 0 && wheel < all[slot].wheels;
    }

    private VehicleState state(VehicleId id) {
        if (!contains(id)) {
            throw new IllegalArgumentException("vehicle: stale or unknown handle " + id);
        }
        return all[id.index()];
    }

    // ---------------------------------------------------------------- input and readout

    /**
     * The driver's input, held until changed: throttle in [-1, 1] (negative engages the reverse gear
     * and drives backwards; positive engages first gear from reverse), brake and handbrake in [0, 1],
     * steer in [-1, 1] (a fraction of maxSteer; positive turns left).
     *
     * @throws IllegalArgumentException for a value out of its range or not finite
     */
    public void setInput(VehicleId id, double throttle, double brake, double handbrake, double steer) {
        VehicleState v = state(id);
        unit("throttle", throttle, -1);
        unit("brake", brake, 0);
        unit("handbrake", handbrake, 0);
        unit("steer", steer, -1);
        v.throttle = throttle;
        v.brake = brake;
        v.handbrake = handbrake;
        v.steer = steer;
    }

    private static void unit(String what, double x, double lo) {
        if (!(x >= lo && x <= 1)) {
            throw new IllegalArgumentException("vehicle input: " + what + " must be in [" + (int) lo + ", 1], got " + x);
        }
    }

    public VehicleDef def(VehicleId id) {
        return state(id).def;
    }

    public String name(VehicleId id) {
        return state(id).def.name();
    }

    /** The chassis body. */
    public BodyId chassis(VehicleId id) {
        return state(id).chassis;
    }

    public int wheelCount(VehicleId id) {
        return state(id).wheels;
    }

    /**
     * The wheel's centre (world, m) into out[0..2]: below its mount on the chassis as it is now, where
     * its sweep now finds the ground (within the travel; at full extension when airborne, at the
     * bump stop when the ground is above it). The forces of a step use the cast at its start; this
     * one places the wheel for the pose after it. Allocates nothing.
     */
    public void wheelCenter(VehicleId id, int wheel, double[] out) {
        VehicleState v = state(id);
        host.readChassis(v.chassis, st);
        double qx = st[3], qy = st[4], qz = st[5], qw = st[6];
        double lx = 1 - 2 * (qy * qy + qz * qz), ly = 2 * (qx * qy + qz * qw), lz = 2 * (qx * qz - qy * qw);
        double ux = 2 * (qx * qy - qz * qw), uy = 1 - 2 * (qx * qx + qz * qz), uz = 2 * (qy * qz + qx * qw);
        double fx = 2 * (qx * qz + qy * qw), fy = 2 * (qy * qz - qx * qw), fz = 1 - 2 * (qx * qx + qy * qy);
        double rest = v.def.suspension().restLength();
        double px = st[23] + lx * v.mx[wheel] + ux * v.my[wheel] + fx * v.mz[wheel];
        double py = st[24] + ly * v.mx[wheel] + uy * v.my[wheel] + fy * v.mz[wheel];
        double pz = st[25] + lz * v.mx[wheel] + uz * v.my[wheel] + fz * v.mz[wheel];
        int bound = host.collision().bodyNumberBound();
        if (skip.length < bound) {
            skip = Arrays.copyOf(skip, Math.max(bound, 2 * skip.length));
        }
        double c = StrictMath.cos(v.steerAngle[wheel]), sn = StrictMath.sin(v.steerAngle[wheel]);
        skip[v.collider] = true;
        wheelCast.cast(host, skip, v, wheel, px, py, pz, ux, uy, uz, c * lx - sn * fx, c * ly - sn * fy,
                c * lz - sn * fz, qx, qy, qz, qw);
        double len = wheelCast.length;
        skip[v.collider] = false;
        double at = Math.max(0, Math.min(len, rest));
        double my = v.my[wheel] - at;
        out[0] = st[23] + lx * v.mx[wheel] + ux * my + fx * v.mz[wheel];
        out[1] = st[24] + ly * v.mx[wheel] + uy * my + fy * v.mz[wheel];
        out[2] = st[25] + lz * v.mx[wheel] + uz * my + fz * v.mz[wheel];
    }

    /**
     * The wheel's orientation (x, y, z, w into out[0..3]): the chassis', turned by the steering angle
     * about the chassis' up axis, then by the spin angle about the axle (the chassis' x axis).
     */
    public void wheelOrientation(VehicleId id, int wheel, Quat chassis, double[] out) {
        VehicleState v = state(id);
        double hs = 0.5 * v.steerAngle[wheel], ha = 0.5 * v.angle[wheel];
        // q_steer (about y) * q_spin (about x)
        double sy = StrictMath.sin(hs), cy = StrictMath.cos(hs);
        double sx = StrictMath.sin(ha), cx = StrictMath.cos(ha);
        double lx = cy * sx, ly = sy * cx, lz = -sy * sx, lw = cy * cx;
        double ax = chassis.x(), ay = chassis.y(), az = chassis.z(), aw = chassis.w();
        out[0] = aw * lx + ax * lw + ay * lz - az * ly;
        out[1] = aw * ly - ax * lz + ay * lw + az * lx;
        out[2] = aw * lz + ax * ly - ay * lx + az * lw;
        out[3] = aw * lw - ax * lx - ay * ly - az * lz;
    }

    /** The wheel's spin about its axle, rad/s (positive rolls forward). */
    public double wheelSpin(VehicleId id, int wheel) {
        return state(id).omega[wheel];
    }

    /** The wheel's spin angle about its axle, rad. */
    public double wheelAngle(VehicleId id, int wheel) {
        return state(id).angle[wheel];
    }

    /** The wheel's steering angle, rad (positive turns left). */
    public double steerAngle(VehicleId id, int wheel) {
        return state(id).steerAngle[wheel];
    }

    /** Whether the wheel's sweep found ground within its travel in the last update. */
    public boolean inContact(VehicleId id, int wheel) {
        return state(id).contact[wheel];
    }

    /** The body the wheel stands on, or null when airborne. */
    public BodyId groundBody(VehicleId id, int wheel) {
        VehicleState v = state(id);
        return v.contact[wheel] ? host.bodyOf(v.ground[wheel]) : null;
    }

    /** Suspension length, mount to wheel centre, m (negative: into the bump stop). */
    public double suspensionLength(VehicleId id, int wheel) {
        return state(id).length[wheel];
    }

    /** The wheel's load (the suspension's force), N. */
    public double wheelLoad(VehicleId id, int wheel) {
        return state(id).load[wheel];
    }

    /** The practical longitudinal slip ratio {@code (omega R - v_x) / max(|v_x|, V_MIN)} of the last update. */
    public double slipRatio(VehicleId id, int wheel) {
        return state(id).slipRatio[wheel];
    }

    /** The slip angle {@code atan(v_y / max(|v_x|, V_MIN))}, rad, of the last update. */
    public double slipAngle(VehicleId id, int wheel) {
        return state(id).slipAngle[wheel];
    }

    /** The gear engaged, 0 for first, -1 for reverse. */
    public int gear(VehicleId id) {
        return state(id).gear;
    }

    /** Engine speed, rpm (at least idle). */
    public double rpm(VehicleId id) {
        return state(id).rpm;
    }

    /** Engine torque of the last update, N m. */
    public double engineTorque(VehicleId id) {
        return state(id).engineTorque;
    }

    /**
     * The engine's torque curve (N m at {@code rpm}): {@link Drivetrain#engineCurve}.
     */
    public static double engineCurve(VehicleDef.Engine e, double rpm) {
        return Drivetrain.engineCurve(e, rpm);
    }

    // ---------------------------------------------------------------- checkpoint and snapshot

    /**
     * Equal for bit-identical live vehicles: slot, gear, input, engine speed, shift timer, and each
     * wheel's contact, spin, spin angle, suspension length and load (the chassis is a body of the world,
     * hashed with the bodies).
     */
    public long stateHash() {
        long h = 0x9E3779B97F4A7C15L ^ live;
        for (int s = 0; s < slots; s++) {
            VehicleState v = all[s];
            if (!v.live) {
                continue;
            }
            h = mix(h, s);
            h = mix(h, v.gear);
            h = mix(h, Double.doubleToLongBits(v.throttle));
            h = mix(h, Double.doubleToLongBits(v.brake));
            h = mix(h, Double.doubleToLongBits(v.handbrake));
            h = mix(h, Double.doubleToLongBits(v.steer));
            h = mix(h, Double.doubleToLongBits(v.rpm));
            h = mix(h, Double.doubleToLongBits(v.shiftTimer));
            for (int i = 0; i < v.wheels; i++) {
                h = mix(h, v.contact[i] ? 1 : 0);
                h = mix(h, Double.doubleToLongBits(v.omega[i]));
                h = mix(h, Double.doubleToLongBits(v.angle[i]));
                h = mix(h, Double.doubleToLongBits(v.length[i]));
                h = mix(h, Double.doubleToLongBits(v.load[i]));
            }
        }
        return h;
    }

    /** One round of the SplitMix64 finaliser over {@code h * 31 + v}. */
    private static long mix(long h, long v) {
        long z = h * 31 + v;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Keeps what a step changes in every live vehicle, for {@link #rollback}; allocates nothing once
     * each slot's copy is made (vehicles are added and removed between steps, not in them).
     */
    public void checkpoint() {
        if (saved.length < slots) {
            saved = Arrays.copyOf(saved, all.length);
        }
        for (int s = 0; s < slots; s++) {
            VehicleState v = all[s];
            if (!v.live) {
                continue;
            }
            VehicleState k = saved[s];
            if (k == null || k.wheels != v.wheels) {
                k = new VehicleState();
                k.allocate(v.wheels);
                saved[s] = k;
            }
            k.copyStepStateFrom(v);
        }
    }

    /** Back to the last {@link #checkpoint} (a failed step is undone). */
    public void rollback() {
        for (int s = 0; s < slots; s++) {
            if (all[s].live) {
                all[s].copyStepStateFrom(saved[s]);
            }
        }
    }

    /**
     * The table (checked on reading: a snapshot goes back into a world with the same vehicles) and
     * every slot's step state; {@link VehicleSnapshots} gives the layout.
     */
    public void writeState(DataOutput out) throws IOException {
        VehicleSnapshots.writeTable(out, all, slots);
        for (int s = 0; s < slots; s++) {
            VehicleSnapshots.writeState(out, all[s]);
        }
    }

    /**
     * Reads what {@link #writeState} wrote; on a refusal (naming the first difference or bad value)
     * every vehicle is as it was.
     */
    public void readState(StateInput in) throws IOException {
        VehicleSnapshots.checkTable(in, all, slots);
        VehicleState[] read = new VehicleState[slots];
        int colliders = host.collision().bodyNumberBound();
        for (int s = 0; s < slots; s++) {
            read[s] = new VehicleState();
            read[s].allocate(all[s].wheels);
            VehicleSnapshots.readState(in, all[s], read[s], s, colliders);
        }
        for (int s = 0; s < slots; s++) {
            all[s].copyStepStateFrom(read[s]);
        }
    }

    // ---------------------------------------------------------------- the update

    /**
     * Updates every awake vehicle for a step of {@code dt} seconds under gravity (m/s^2): wheel casts,
     * suspension, drivetrain and tyres; their forces go to the chassis and the ground for the solve
     * that follows. The colliders must hold the bodies' poses at the start of the step.
     */
    public void update(double dt, double gx, double gy, double gz) {
        int bound = host.collision().bodyNumberBound();
        if (skip.length < bound) {
            skip = Arrays.copyOf(skip, Math.max(bound, 2 * skip.length));
        }
        for (int s = 0; s < slots; s++) {
            VehicleState v = all[s];
            if (!v.live) {
                continue;
            }
            boolean changed = v.throttle != v.lastThrottle || v.brake != v.lastBrake
                    || v.handbrake != v.lastHandbrake || v.steer != v.lastSteer;
            if (host.isAsleep(v.chassis)) {
                if (!changed && v.throttle == 0) {
                    continue;
                }
                host.wake(v.chassis);
            }
            v.lastThrottle = v.throttle;
            v.lastBrake = v.brake;
            v.lastHandbrake = v.handbrake;
            v.lastSteer = v.steer;
            updateVehicle(v, dt, gx, gy, gz);
        }
    }

    private void updateVehicle(VehicleState v, double dt, double gx, double gy, double gz) {
        VehicleDef def = v.def;
        host.readChassis(v.chassis, st);
        double cmx = st[0], cmy = st[1], cmz = st[2];
        double qx = st[3], qy = st[4], qz = st[5], qw = st[6];
        rows.invMass = st[13];
        System.arraycopy(st, 14, rows.invI, 0, 9);
        double ox = st[23], oy = st[24], oz = st[25];
        // Chassis axes: columns of R(q): left (x), up (y), forward (z).
        double lx = 1 - 2 * (qy * qy + qz * qz), ly = 2 * (qx * qy + qz * qw), lz = 2 * (qx * qz - qy * qw);
        double ux = 2 * (qx * qy - qz * qw), uy = 1 - 2 * (qx * qx + qz * qz), uz = 2 * (qy * qz + qx * qw);
        double fx0 = 2 * (qx * qz + qy * qw), fy0 = 2 * (qy * qz - qx * qw), fz0 = 1 - 2 * (qx * qx + qy * qy);
        double rest = def.suspension().restLength();
        double mu = def.tyre().friction();
        double theta = mu > 0 ? def.tyre().slipStiffness() / (3 * mu) : 0;
        double maxSteer = Math.toRadians(def.maxSteer());
        int n = v.wheels;

        // 1. Casts.
        skip[v.collider] = true;
        for (int i = 0; i < n; i++) {
            double delta = v.steers[i] ? v.steer * maxSteer : 0;
            v.steerAngle[i] = delta;
            // StrictMath: the same bits on every JVM.
            double c = StrictMath.cos(delta), sn = StrictMath.sin(delta);
            // f = cos(delta) f0 + sin(delta) left; s = up x f = cos(delta) left - sin(delta) f0
            v.fx[i] = c * fx0 + sn * lx;
            v.fy[i] = c * fy0 + sn * ly;
            v.fz[i] = c * fz0 + sn * lz;
            v.sx[i] = c * lx - sn * fx0;
            v.sy[i] = c * ly - sn * fy0;
            v.sz[i] = c * lz - sn * fz0;
            double px = ox + lx * v.mx[i] + ux * v.my[i] + fx0 * v.mz[i];
            double py = oy + ly * v.mx[i] + uy * v.my[i] + fy0 * v.mz[i];
            double pz = oz + lz * v.mx[i] + uz * v.my[i] + fz0 * v.mz[i];
            boolean hit = wheelCast.cast(host, skip, v, i, px, py, pz, ux, uy, uz, v.sx[i], v.sy[i], v.sz[i],
                    qx, qy, qz, qw);
            v.contactBefore[i] = v.contact[i];
            double len = wheelCast.length;
            if (hit) {
                v.ground[i] = wheelCast.body;
                v.hx[i] = wheelCast.pointX;
                v.hy[i] = wheelCast.pointY;
                v.hz[i] = wheelCast.pointZ;
                v.nx[i] = wheelCast.normalX;
                v.ny[i] = wheelCast.normalY;
                v.nz[i] = wheelCast.normalZ;
            } else {
                v.ground[i] = -1;
            }
            v.contact[i] = hit;
            if (hit != v.contactBefore[i]) {
                host.wheelContactChanged(v.slot, i, hit, hit ? wheelCast.body : -1);
            }
            v.length[i] = len;
            v.compression[i] = rest - len;
            if (hit) {
                TyreRows.groundAxes(v, i);
            }
        }
        skip[v.collider] = false;

        // 2. Suspension, explicit: F = k x + c dx/dt (+ anti-roll), along the ground normal at the contact.
        double sfx = 0, sfy = 0, sfz = 0, stx = 0, sty = 0, stz = 0;
        double vx = st[7], vy = st[8], vz = st[9], wx = st[10], wy = st[11], wz = st[12];
        for (int i = 0; i < n; i++) {
            v.jx[i] = v.jy[i] = v.jn[i] = v.jb[i] = v.jd[i] = 0;
            if (!v.contact[i]) {
                v.load[i] = 0;
                continue;
            }
            double rx = v.hx[i] - cmx, ry = v.hy[i] - cmy, rz = v.hz[i] - cmz;
            v.rx[i] = rx;
            v.ry[i] = ry;
            v.rz[i] = rz;
            host.pointVelocity(v.ground[i], v.hx[i], v.hy[i], v.hz[i], tmp);
            v.gvx[i] = tmp[0];
            v.gvy[i] = tmp[1];
            v.gvz[i] = tmp[2];
            // dx/dt = (v_chassis(P) - v_ground(P)) . d, d = -up
            double cvx = vx + wy * rz - wz * ry - tmp[0];
            double cvy = vy + wz * rx - wx * rz - tmp[1];
            double cvz = vz + wx * ry - wy * rx - tmp[2];
            double rate = -(cvx * ux + cvy * uy + cvz * uz);
            double x = Math.min(v.compression[i], rest);
            // The spring a little into the step, x + SPRING_LEAD rate dt: the force is held over the
            // step, and taken at its start it lags the motion and feeds the bounce (the damping ratio
            // falls by about omega dt / 5, 0.06 at 30 Hz, measured).
            double f = v.spring[i] * (x + SPRING_LEAD * dt * rate) + v.damper[i] * rate;
            int j = v.rollPartner[i];
            if (j >= 0) {
                double xj = v.contact[j] ? Math.min(v.compression[j], rest) : 0;
                f += def.antiRoll() * (x - xj);
            }
            f = Math.max(0, f);
            v.load[i] = f;
            double px = f * v.nx[i], py = f * v.ny[i], pz = f * v.nz[i];
            sfx += px;
            sfy += py;
            sfz += pz;
            stx += ry * pz - rz * py;
            sty += rz * px - rx * pz;
            stz += rx * py - ry * px;
            if (host.motionType(v.ground[i]) == VehicleHost.DYNAMIC) {
                host.addForceAt(v.ground[i], -px, -py, -pz, v.hx[i], v.hy[i], v.hz[i]);
            }
        }
        // The chassis' velocity at the end of the step under gravity and the suspension.
        rows.pvx = vx + dt * (gx + rows.invMass * sfx);
        rows.pvy = vy + dt * (gy + rows.invMass * sfy);
        rows.pvz = vz + dt * (gz + rows.invMass * sfz);
        double[] a = rows.invI;
        rows.pwx = wx + dt * (a[0] * stx + a[1] * sty + a[2] * stz);
        rows.pwy = wy + dt * (a[3] * stx + a[4] * sty + a[5] * stz);
        rows.pwz = wz + dt * (a[6] * stx + a[7] * sty + a[8] * stz);

        // 3. Drivetrain: gearbox, engine torque, equal split onto the driven wheels' spin.
        Drivetrain.drive(v, dt, Math.abs(vx * fx0 + vy * fy0 + vz * fz0));

        // 4. Row constants.
        for (int i = 0; i < n; i++) {
            double hand = v.handbrakes[i] ? v.handbrake * def.handbrakeTorque() : 0;
            v.brakeBound[i] = dt * (v.brake * def.brakeTorque() + hand);
            if (!v.contact[i]) {
                continue;
            }
            double rx = v.rx[i], ry = v.ry[i], rz = v.rz[i];
            v.kx[i] = rows.rowMass(i, rx, ry, rz, v.fx[i], v.fy[i], v.fz[i], v.ifx, v.ify, v.ifz)
                    + v.radius[i] * v.radius[i] / v.inertia[i];
            v.ky[i] = rows.rowMass(i, rx, ry, rz, v.sx[i], v.sy[i], v.sz[i], v.isx, v.isy, v.isz);
            v.kn[i] = rows.rowMass(i, rx, ry, rz, v.nx[i], v.ny[i], v.nz[i], v.inx, v.iny, v.inz);
            // Ground speed along the wheel, at the start of the step.
            double cvx = vx + wy * rz - wz * ry - v.gvx[i];
            double cvy = vy + wz * rx - wx * rz - v.gvy[i];
            double cvz = vz + wx * ry - wy * rx - v.gvz[i];
            double along = Math.abs(cvx * v.fx[i] + cvy * v.fy[i] + cvz * v.fz[i]);
            // closing speed c = -(v(P) - v_ground) . n, at the end of the step less at its start
            v.closingGain[i] = -rows.patchAlong(v, i, v.nx[i], v.ny[i], v.nz[i])
                    + (cvx * v.nx[i] + cvy * v.ny[i] + cvz * v.nz[i]);
            v.speed[i] = Math.max(along, TyreModel.V_MIN);
            v.stick[i] = Math.max(0, 1 - along / TyreModel.V_STATIC);
        }

        // 5. Sequential impulses over the rows.
        for (int it = 0; it < ITERATIONS; it++) {
            for (int i = 0; i < n; i++) {
                if (v.contact[i]) {
                    rows.bumpStop(v, i, dt, ux, uy, uz);
                }
                if (v.brakeBound[i] > 0 && !(v.contact[i] && v.load[i] > 0 && mu > 0)) {
                    double lo = v.jb[i];
                    double jb = TyreRows.clamp(lo + v.omega[i] * v.inertia[i], v.brakeBound[i]);
                    v.jb[i] = jb;
                    v.omega[i] -= (jb - lo) / v.inertia[i];
                }
                int p = v.slipPartner[i];
                if (p >= 0 && def.differential() == VehicleDef.Differential.LIMITED_SLIP) {
                    double bound = dt * (VehicleDef.LIMITED_SLIP_PRELOAD
                            + VehicleDef.LIMITED_SLIP_BIAS * Math.abs(v.wheelTorque[i] + v.wheelTorque[p]));
                    double k = 1 / v.inertia[i] + 1 / v.inertia[p];
                    double lo = v.jd[i];
                    double jd = TyreRows.clamp(lo + (v.omega[i] - v.omega[p]) / k, bound);
                    v.jd[i] = jd;
                    v.omega[i] -= (jd - lo) / v.inertia[i];
                    v.omega[p] += (jd - lo) / v.inertia[p];
                }
                if (v.contact[i] && v.load[i] > 0 && mu > 0) {
                    rows.tyre(v, i, dt, mu * v.load[i], theta);
                }
            }
        }

        // 6. The rows' impulses as forces for the step; slips for the readout; spin angles.
        double tfx = 0, tfy = 0, tfz = 0, ttx = 0, tty = 0, ttz = 0;
        double dvx = 0, dvy = 0, dvz = 0, dwx = 0, dwy = 0, dwz = 0;
        double invDt = 1 / dt;
        for (int i = 0; i < n; i++) {
            v.angle[i] = Math.IEEEremainder(v.angle[i] + dt * v.omega[i], 2 * Math.PI);
            if (!v.contact[i]) {
                v.slipRatio[i] = 0;
                v.slipAngle[i] = 0;
                continue;
            }
            // The tyre's impulse on the chassis, -jx f - jy s, as a force over the step.
            double px = (-v.jx[i] * v.fx[i] - v.jy[i] * v.sx[i]) * invDt;
            double py = (-v.jx[i] * v.fy[i] - v.jy[i] * v.sy[i]) * invDt;
            double pz = (-v.jx[i] * v.fz[i] - v.jy[i] * v.sz[i]) * invDt;
            double rx = v.rx[i], ry = v.ry[i], rz = v.rz[i];
            double jn = v.jn[i];
            if (jn > 0) {
                // The bump stop's impulse jn n at once: its row limits the closing over the step, and
                // spread over the step as a force it would act too late (the chassis would close by
                // dt times the mean of the speeds at the step's start and end, not the end's alone).
                dvx += jn * rows.invMass * v.nx[i];
                dvy += jn * rows.invMass * v.ny[i];
                dvz += jn * rows.invMass * v.nz[i];
                dwx += jn * v.inx[i];
                dwy += jn * v.iny[i];
                dwz += jn * v.inz[i];
                if (host.motionType(v.ground[i]) == VehicleHost.DYNAMIC) {
                    host.addForceAt(v.ground[i], -jn * v.nx[i] * invDt, -jn * v.ny[i] * invDt,
                            -jn * v.nz[i] * invDt, v.hx[i], v.hy[i], v.hz[i]);
                }
            }
            tfx += px;
            tfy += py;
            tfz += pz;
            ttx += ry * pz - rz * py;
            tty += rz * px - rx * pz;
            ttz += rx * py - ry * px;
            if (host.motionType(v.ground[i]) == VehicleHost.DYNAMIC) {
                host.addForceAt(v.ground[i], -px, -py, -pz, v.hx[i], v.hy[i], v.hz[i]);
            }
            v.load[i] += v.jn[i] * invDt;
            double ufx = rows.slipX(v, i), ufy = rows.slipY(v, i);
            v.slipRatio[i] = -ufx / v.speed[i];
            v.slipAngle[i] = StrictMath.atan(ufy / v.speed[i]);
        }
        host.addForce(v.chassis, sfx + tfx, sfy + tfy, sfz + tfz, stx + ttx, sty + tty, stz + ttz);
        if (dvx != 0 || dvy != 0 || dvz != 0 || dwx != 0 || dwy != 0 || dwz != 0) {
            host.addVelocity(v.chassis, dvx, dvy, dvz, dwx, dwy, dwz);
        }
    }

    /** Wheels at full extension until the first update. */
    private static void placeWheelsAtRest(VehicleState v) {
        Arrays.fill(v.length, v.def.suspension().restLength());
    }
}
