package ricochet.lab;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.geometry.Sdf;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.QuatOps;
import ricochet.math.StateInput;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.EventBuffer;
import ricochet.world.Simulation;
import ricochet.world.SimulationException;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/**
 * The GAMES103 lab world: mesh bodies, each stepped by its lab method against static signed-distance
 * colliders (planes, boxes, spheres). Lab bodies do not meet one another; that is the engine's job.
 *
 * <p>A step of dt is {@code substeps} sub-steps of dt / substeps (the lab scene uses one); the
 * per-step decay factors are spread over the sub-steps as {@code decay^(1 / substeps)}.
 */
public final class LabWorld implements Simulation {

    /** A vertex closer than this to a collider (beyond the body's epsilon) counts as touching, m. */
    public static final double TOUCH_DISTANCE = 1e-3;

    final double gx, gy, gz;
    private double dt;
    private int substeps;

    private final List<String> names = new ArrayList<>();
    /** Per listed body: index into colliders (>= 0) or -1 - index into bodies. */
    private final List<Integer> slots = new ArrayList<>();
    private final List<Sdf> colliders = new ArrayList<>();
    private final List<double[]> colliderPoses = new ArrayList<>();
    private final List<LabBody> bodies = new ArrayList<>();
    private final List<boolean[]> touching = new ArrayList<>();

    private final ImpulseMethod impulse = new ImpulseMethod();
    private final PenaltyMethod quadratic = new PenaltyMethod(false);
    private final PenaltyMethod logBarrier = new PenaltyMethod(true);
    private final ShapeMatchingMethod shapeMatching = new ShapeMatchingMethod();

    private double[] minDistance = new double[0];
    private double[] stepMinDistance = new double[0];
    private final EventBuffer events = new EventBuffer();
    private final LabCheckpoint checkpoint = new LabCheckpoint();
    /** Per collider, its index in the listed bodies (names). */
    private final List<Integer> colliderListIndex = new ArrayList<>();
    /** Per lab body, its index in the listed bodies (names). */
    private final List<Integer> listIndex = new ArrayList<>();
    private long step;
    private int contacts;

    /**
     * @param dt seconds per step (> 0)
     * @param substeps sub-steps per step (>= 1)
     * @param gravity m/s^2
     */
    public LabWorld(double dt, int substeps, Vec3 gravity) {
        checkTiming(dt, substeps);
        if (!gravity.isFinite()) {
            throw new IllegalArgumentException("gravity must be finite, got " + gravity);
        }
        this.dt = dt;
        this.substeps = substeps;
        this.gx = gravity.x();
        this.gy = gravity.y();
        this.gz = gravity.z();
    }

    private static void checkTiming(double dt, int substeps) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("dt must be > 0 and finite, got " + dt);
        }
        if (substeps < 1) {
            throw new IllegalArgumentException("substeps must be >= 1, got " + substeps);
        }
    }

    /**
     * Adds a static collider; {@code position} and {@code orientation} are only reported (the SDF
     * is already in world space). Returns its body index.
     */
    public int addCollider(String name, Sdf sdf, Vec3 position, Quat orientation) {
        checkName(name);
        if (sdf == null || !position.isFinite() || !orientation.isFinite() || !(orientation.norm() > 0)) {
            throw new IllegalArgumentException("collider '" + name + "': needs an SDF, a finite position and a"
                    + " non-zero finite orientation, got " + position + ", " + orientation);
        }
        Quat q = orientation.normalized();
        // Existing bodies' touching flags are sized by the collider count.
        for (int i = 0; i < touching.size(); i++) {
            touching.set(i, Arrays.copyOf(touching.get(i), colliders.size() + 1));
        }
        names.add(name);
        slots.add(colliders.size());
        colliderListIndex.add(names.size() - 1);
        colliders.add(sdf);
        colliderPoses.add(new double[] {position.x(), position.y(), position.z(), q.x(), q.y(), q.z(), q.w()});
        minDistance = new double[colliders.size()];
        stepMinDistance = new double[colliders.size()];
        return names.size() - 1;
    }

    /** Adds a lab body; throws naming the problem (and adds nothing) for bad input. Returns its index. */
    public int addBody(LabBodyDef def) {
        checkName(def.name());
        LabBody b = new LabBody(def);
        if (def.method() == LabMethod.PENALTY_LOG_BARRIER) {
            checkBarrierStart(b);
        }
        names.add(def.name());
        slots.add(-1 - bodies.size());
        listIndex.add(names.size() - 1);
        bodies.add(b);
        touching.add(new boolean[colliders.size()]);
        return names.size() - 1;
    }

    private void checkName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("body name must be non-empty");
        }
        if (names.contains(name)) {
            throw new IllegalArgumentException("body name '" + name + "' is already used");
        }
    }

    private void checkBarrierStart(LabBody b) {
        if (!(b.params.epsilon() > 0)) {
            throw new IllegalArgumentException("body '" + b.name + "': the log barrier needs epsilon > 0, got "
                    + b.params.epsilon());
        }
        double[] r = new double[9];
        double[] deepest = new double[3];
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        for (int c = 0; c < colliders.size(); c++) {
            double d = b.deepestVertex(colliders.get(c), r, b.x, b.y, b.z, deepest);
            if (!(d > 0)) {
                throw new IllegalArgumentException("body '" + b.name + "': a vertex at (" + deepest[0] + ", "
                        + deepest[1] + ", " + deepest[2] + ") starts at or behind '"
                        + names.get(colliderIndexToBody(c)) + "' (distance " + d
                        + " m); the log barrier needs every vertex in front of every surface");
            }
        }
    }

    private int colliderIndexToBody(int collider) {
        return colliderListIndex.get(collider);
    }

    int colliderCount() {
        return colliders.size();
    }

    Sdf collider(int c) {
        return colliders.get(c);
    }

    double substepDt() {
        return dt / substeps;
    }

    /** A per-step factor spread over the sub-steps. */
    double decayPerSubstep(double perStep) {
        return substeps == 1 ? perStep : StrictMath.pow(perStep, 1.0 / substeps);
    }

    @Override
    public double dt() {
        return dt;
    }

    public int substeps() {
        return substeps;
    }

    /** Changes dt and sub-steps between steps (the viewer's panel). */
    public void setTiming(double newDt, int newSubsteps) {
        checkTiming(newDt, newSubsteps);
        dt = newDt;
        substeps = newSubsteps;
    }

    @Override
    public long stepCount() {
        return step;
    }

    @Override
    public double time() {
        return step * dt;
    }

    @Override
    public int bodyCount() {
        return names.size();
    }

    @Override
    public String bodyName(int body) {
        return names.get(body);
    }

    /** Whether the listed body is a lab body (else a static collider). */
    public boolean isLabBody(int body) {
        return slots.get(body) < 0;
    }

    private LabBody lab(int body) {
        int slot = slots.get(body);
        if (slot >= 0) {
            throw new IllegalArgumentException("body '" + names.get(body) + "' is static, not a lab body");
        }
        return bodies.get(-1 - slot);
    }

    @Override
    public void readState(int body, double[] out) {
        int slot = slots.get(body);
        if (slot >= 0) {
            double[] pose = colliderPoses.get(slot);
            System.arraycopy(pose, 0, out, 0, 7);
            Arrays.fill(out, 7, 13, 0.0);
            return;
        }
        LabBody b = bodies.get(-1 - slot);
        b.originInto(out);
        out[3] = b.qx;
        out[4] = b.qy;
        out[5] = b.qz;
        out[6] = b.qw;
        out[7] = b.vx;
        out[8] = b.vy;
        out[9] = b.vz;
        out[10] = b.wx;
        out[11] = b.wy;
        out[12] = b.wz;
    }

    /** World position of a lab body's centre of mass (the vertex mean). */
    public Vec3 centerOfMass(int body) {
        LabBody b = lab(body);
        return new Vec3(b.x, b.y, b.z);
    }

    /** Total mass of a lab body, kg. */
    public double mass(int body) {
        return lab(body).mass;
    }

    /** Body-frame inertia about the centre of mass, kg m^2 (row-major copy). */
    public double[] inertiaRef(int body) {
        return lab(body).inertiaRef.clone();
    }

    /** World positions of a lab body's vertices, packed x y z (for shape matching: its particles). */
    public double[] vertexPositions(int body) {
        LabBody b = lab(body);
        double[] out = new double[3 * b.vertexCount];
        if (b.method == LabMethod.SHAPE_MATCHING) {
            for (int i = 0; i < b.vertexCount; i++) {
                out[3 * i] = b.px[i];
                out[3 * i + 1] = b.py[i];
                out[3 * i + 2] = b.pz[i];
            }
            return out;
        }
        double[] r = new double[9];
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        for (int i = 0; i < b.vertexCount; i++) {
            out[3 * i] = b.x + r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i];
            out[3 * i + 1] = b.y + r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i];
            out[3 * i + 2] = b.z + r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i];
        }
        return out;
    }

    /** Smallest signed distance of any vertex of {@code body} to {@code collider} now, metres. */
    public double clearance(int body, int collider) {
        int slot = slots.get(collider);
        if (slot < 0) {
            throw new IllegalArgumentException("body '" + names.get(collider) + "' is not a static collider");
        }
        Sdf sdf = colliders.get(slot);
        double[] p = vertexPositions(body);
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p.length; i += 3) {
            min = Math.min(min, sdf.distance(p[i], p[i + 1], p[i + 2]));
        }
        return min;
    }

    /** How a lab body's forces become motion. */
    public IntegrationRule integrator(int body) {
        return lab(body).params.integrator();
    }

    /**
     * A lab body's total energy, joules: kinetic {@code 1/2 M v^2 + 1/2 w . I w}, gravitational
     * {@code -M g . x} (zero at the origin) and, for the penalty methods, the contact potential
     * stored in the vertices within epsilon ({@code 1/2 k (eps - phi)^2} each, or the barrier's
     * {@code rho (ln(eps/phi) + phi/eps - 1)}). Conserved by the exact motion without decay, damping
     * or friction, so its drift measures an integration rule.
     */
    public double energy(int body) {
        LabBody b = lab(body);
        double e = b.kineticEnergy() - b.mass * (gx * b.x + gy * b.y + gz * b.z);
        if (b.method == LabMethod.PENALTY_QUADRATIC || b.method == LabMethod.PENALTY_LOG_BARRIER) {
            e += PenaltyForces.potential(b, this, b.method == LabMethod.PENALTY_LOG_BARRIER);
        }
        return e;
    }

    public LabMethod method(int body) {
        return lab(body).method;
    }

    /** Switches a lab body's method between steps (the viewer's panel); wakes it. */
    public void setMethod(int body, LabMethod method) {
        LabBody b = lab(body);
        if (method == LabMethod.PENALTY_LOG_BARRIER && !(b.params.epsilon() > 0)) {
            throw new IllegalArgumentException("body '" + b.name + "': the log barrier needs epsilon > 0");
        }
        b.setMethod(method);
        wake(b);
    }

    /** Changes restitution (in [0, 1]) and friction (>= 0) of a lab body between steps; wakes it. */
    public void setMaterial(int body, double restitution, double friction) {
        LabBody.checkMaterial(restitution, friction);
        LabBody b = lab(body);
        b.restitution = restitution;
        b.friction = friction;
        wake(b);
    }

    public double restitution(int body) {
        return lab(body).restitution;
    }

    public double friction(int body) {
        return lab(body).friction;
    }

    /** Sets a lab body's velocities (the viewer's launch); wakes it. */
    public void setVelocity(int body, Vec3 velocity, Vec3 angularVelocity) {
        if (!velocity.isFinite() || !angularVelocity.isFinite()) {
            throw new IllegalArgumentException("velocities must be finite, got " + velocity + ", "
                    + angularVelocity);
        }
        LabBody b = lab(body);
        b.vx = velocity.x();
        b.vy = velocity.y();
        b.vz = velocity.z();
        b.wx = angularVelocity.x();
        b.wy = angularVelocity.y();
        b.wz = angularVelocity.z();
        b.syncParticlesFromRigid();
        wake(b);
    }

    /** Every body back to its initial state, time and step back to 0, events cleared. */
    public void reset() {
        for (LabBody b : bodies) {
            b.reset();
        }
        for (boolean[] t : touching) {
            Arrays.fill(t, false);
        }
        step = 0;
        contacts = 0;
        events.clear();
    }

    private void wake(LabBody b) {
        if (b.sleeping) {
            b.sleeping = false;
            events.add(step, time(), Event.Type.WAKE, listIndex.get(bodies.indexOf(b)), -1);
        }
        b.restTime = 0;
    }

    @Override
    public boolean isSleeping(int body) {
        int slot = slots.get(body);
        return slot < 0 && bodies.get(-1 - slot).sleeping;
    }

    /**
     * One step of every awake body. A body whose state becomes unusable (non-finite, a coordinate
     * beyond {@link World#MAX_POSITION}, a speed beyond {@link World#MAX_SPEED}, a quaternion off
     * unit length) fails the step: every body, flag, count and event is put back as it was before
     * the step, and a {@link SimulationException} names the body and the step.
     */
    @Override
    public void step() {
        checkpoint.save(bodies, touching, contacts, events.size());
        try {
            advance();
        } catch (RuntimeException e) {
            checkpoint.restore(bodies, touching);
            contacts = checkpoint.contacts();
            events.truncate(checkpoint.events());
            throw e;
        }
    }

    private void advance() {
        long next = step + 1;
        double h = dt / substeps;
        contacts = 0;
        for (int bi = 0; bi < bodies.size(); bi++) {
            LabBody b = bodies.get(bi);
            boolean[] touch = touching.get(bi);
            if (b.sleeping) {
                contacts += count(touch);
                continue;
            }
            Arrays.fill(stepMinDistance, Double.POSITIVE_INFINITY);
            LabStepper stepper = stepper(b.method);
            for (int s = 0; s < substeps; s++) {
                stepper.step(b, this, h, minDistance);
                for (int c = 0; c < minDistance.length; c++) {
                    stepMinDistance[c] = Math.min(stepMinDistance[c], minDistance[c]);
                }
            }
            if (!b.isUsable()) {
                throw new SimulationException(b.name, next, "state became non-finite or unusable; the world is as"
                        + " it was before step " + next + " (position "
                        + b.x + ", " + b.y + ", " + b.z + ", velocity " + b.vx + ", " + b.vy + ", " + b.vz
                        + ", angular velocity " + b.wx + ", " + b.wy + ", " + b.wz + ", orientation " + b.qx
                        + ", " + b.qy + ", " + b.qz + ", " + b.qw + ")");
            }
            boolean anyTouch = false;
            // epsilon is each method's contact margin (the impulse's collision epsilon, the penalties'
            // range): a body held within it is supported, so it counts as touching.
            double touchDistance = TOUCH_DISTANCE + b.params.epsilon();
            for (int c = 0; c < touch.length; c++) {
                // Hysteresis: a contact begins inside touchDistance and ends only a further
                // TOUCH_DISTANCE out, so a body resting at the edge does not flicker.
                boolean now = touch[c] ? stepMinDistance[c] < touchDistance + TOUCH_DISTANCE
                        : stepMinDistance[c] < touchDistance;
                if (now != touch[c]) {
                    touch[c] = now;
                    events.add(next, next * dt, now ? Event.Type.CONTACT_BEGIN : Event.Type.CONTACT_END,
                            listIndex.get(bi), colliderIndexToBody(c));
                }
                anyTouch |= now;
            }
            contacts += count(touch);
            updateSleep(b, bi, anyTouch, next);
        }
        step = next;
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }

    /** The sleep rule: touching and slower than both thresholds for sleepTime seconds. */
    private void updateSleep(LabBody b, int bi, boolean touchingSomething, long next) {
        LabParams p = b.params;
        if (!(p.sleepSpeed() > 0)) {
            return;
        }
        double speed = Math.sqrt(b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
        double spin = Math.sqrt(b.wx * b.wx + b.wy * b.wy + b.wz * b.wz);
        if (touchingSomething && speed < p.sleepSpeed() && spin < p.sleepAngularSpeed()) {
            b.restTime += dt;
            if (b.restTime >= p.sleepTime()) {
                b.sleeping = true;
                b.vx = b.vy = b.vz = 0;
                b.wx = b.wy = b.wz = 0;
                Arrays.fill(b.pvx, 0);
                Arrays.fill(b.pvy, 0);
                Arrays.fill(b.pvz, 0);
                events.add(next, next * dt, Event.Type.SLEEP, listIndex.get(bi), -1);
            }
        } else {
            b.restTime = 0;
        }
    }

    private LabStepper stepper(LabMethod m) {
        return switch (m) {
            case IMPULSE -> impulse;
            case PENALTY_QUADRATIC -> quadratic;
            case PENALTY_LOG_BARRIER -> logBarrier;
            case SHAPE_MATCHING -> shapeMatching;
        };
    }

    @Override
    public int contactCount() {
        return contacts;
    }

    @Override
    public double kineticEnergy() {
        double e = 0;
        for (LabBody b : bodies) {
            e += b.kineticEnergy();
        }
        return e;
    }

    @Override
    public double potentialEnergy() {
        double e = 0;
        for (LabBody b : bodies) {
            e -= b.mass * (gx * b.x + gy * b.y + gz * b.z);
        }
        return e;
    }

    /** A hash of every lab body's centre of mass, orientation and velocities, bit for bit. */
    @Override
    public long stateHash() {
        long h = 0x9E3779B97F4A7C15L ^ bodies.size();
        for (LabBody b : bodies) {
            for (double v : new double[] {b.x, b.y, b.z, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy,
                    b.wz}) {
                long z = h * 31 + Double.doubleToLongBits(v);
                z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                h = z ^ (z >>> 31);
            }
        }
        return h;
    }

    /**
     * Every lab body's rigid state, particles (shape matching), method, material, sleep state and
     * touching flags, the timing, step count and undrained events, bit for bit. The colliders and
     * meshes are not in it: a restore checks the bodies' names and vertex counts instead.
     */
    @Override
    public WorldSnapshot snapshot() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(names.size());
            for (int i = 0; i < names.size(); i++) {
                StateInput.writeString(out, names.get(i));
                out.writeInt(slots.get(i));
            }
            out.writeDouble(dt);
            out.writeInt(substeps);
            out.writeLong(step);
            out.writeInt(contacts);
            events.writeState(out);
            for (int bi = 0; bi < bodies.size(); bi++) {
                LabBody b = bodies.get(bi);
                out.writeInt(b.vertexCount);
                out.writeByte(b.method.ordinal());
                out.writeDouble(b.restitution);
                out.writeDouble(b.friction);
                for (double v : new double[] {b.x, b.y, b.z, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx,
                    b.wy, b.wz, b.restTime, b.punishFactor}) {
                    out.writeDouble(v);
                }
                out.writeBoolean(b.sleeping);
                for (double[] a : new double[][] {b.px, b.py, b.pz, b.yx, b.yy, b.yz, b.pvx, b.pvy, b.pvz}) {
                    for (double v : a) {
                        out.writeDouble(v);
                    }
                }
                for (boolean t : touching.get(bi)) {
                    out.writeBoolean(t);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return new WorldSnapshot(WorldSnapshot.Kind.LAB, step, time(), bytes.toByteArray());
    }

    /**
     * Back to a snapshot of this lab world (or one built from the same scene): the next steps equal
     * those that followed it. On any error nothing changes.
     *
     * @throws IllegalArgumentException for a snapshot of the engine's world, or one whose bodies differ
     */
    @Override
    public void restore(WorldSnapshot snapshot) {
        if (snapshot == null || snapshot.kind() != WorldSnapshot.Kind.LAB) {
            throw new IllegalArgumentException("lab world: can restore only a lab world's snapshot, got "
                    + (snapshot == null ? null : snapshot.kind()));
        }
        try {
            StateInput in = snapshot.input();
            int n = in.readInt();
            if (n != names.size()) {
                throw new IllegalArgumentException("snapshot does not fit this lab world: it has " + n
                        + " bodies, the world " + names.size());
            }
            for (int i = 0; i < n; i++) {
                String name = in.string("body " + i + "'s name");
                int slot = in.readInt();
                if (!name.equals(names.get(i)) || slot != slots.get(i)) {
                    throw new IllegalArgumentException("snapshot does not fit this lab world: body " + i
                            + " is '"
                            + name + "' there, '" + names.get(i) + "' here");
                }
            }
            double newDt = in.readDouble();
            int newSubsteps = in.readInt();
            checkTiming(newDt, newSubsteps);
            long newStep = in.readLong();
            int newContacts = in.readInt();
            EventBuffer newEvents = new EventBuffer();
            newEvents.readState(in, names.size(), 0);
            // Read everything aside first, so that a snapshot that does not fit changes nothing.
            double[][] state = new double[bodies.size()][];
            double[][][] particles = new double[bodies.size()][][];
            boolean[] asleep = new boolean[bodies.size()];
            LabMethod[] methods = new LabMethod[bodies.size()];
            boolean[][] touch = new boolean[bodies.size()][];
            for (int bi = 0; bi < bodies.size(); bi++) {
                LabBody b = bodies.get(bi);
                int vertices = in.readInt();
                if (vertices != b.vertexCount) {
                    throw new IllegalArgumentException("snapshot does not fit this lab world: body '" + b.name
                            + "' has " + vertices + " vertices there, " + b.vertexCount + " here");
                }
                int m = in.readUnsignedByte();
                if (m >= LabMethod.values().length) {
                    throw new IllegalArgumentException("snapshot: body '" + b.name + "' has unknown method "
                            + m);
                }
                methods[bi] = LabMethod.values()[m];
                state[bi] = new double[17];
                for (int k = 0; k < 17; k++) {
                    state[bi][k] = in.finite("body '" + b.name + "'s state");
                }
                asleep[bi] = in.readBoolean();
                particles[bi] = new double[9][vertices];
                for (double[] a : particles[bi]) {
                    for (int k = 0; k < vertices; k++) {
                        a[k] = in.finite("body '" + b.name + "'s particles");
                    }
                }
                touch[bi] = new boolean[colliders.size()];
                for (int c = 0; c < touch[bi].length; c++) {
                    touch[bi][c] = in.readBoolean();
                }
            }
            if (in.remaining() != 0) {
                throw new IllegalArgumentException("snapshot does not fit this lab world: it holds more"
                        + " than its"
                        + " bodies (" + colliders.size() + " colliders here)");
            }
            dt = newDt;
            substeps = newSubsteps;
            step = newStep;
            contacts = newContacts;
            events.copyFrom(newEvents);
            for (int bi = 0; bi < bodies.size(); bi++) {
                LabBody b = bodies.get(bi);
                double[] v = state[bi];
                b.method = methods[bi];
                b.restitution = v[0];
                b.friction = v[1];
                b.x = v[2];
                b.y = v[3];
                b.z = v[4];
                b.qx = v[5];
                b.qy = v[6];
                b.qz = v[7];
                b.qw = v[8];
                b.vx = v[9];
                b.vy = v[10];
                b.vz = v[11];
                b.wx = v[12];
                b.wy = v[13];
                b.wz = v[14];
                b.restTime = v[15];
                b.punishFactor = v[16];
                b.sleeping = asleep[bi];
                double[][] a = {b.px, b.py, b.pz, b.yx, b.yy, b.yz, b.pvx, b.pvy, b.pvz};
                for (int k = 0; k < 9; k++) {
                    System.arraycopy(particles[bi][k], 0, a[k], 0, b.vertexCount);
                }
                System.arraycopy(touch[bi], 0, touching.get(bi), 0, touch[bi].length);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("snapshot does not fit this lab world: " + e.getMessage(), e);
        }
    }

    @Override
    public void drainEvents(List<Event> out) {
        events.drainInto(out, names);
    }

    @Override
    public void discardEvents() {
        events.clear();
    }

    @Override
    public long droppedEvents() {
        return events.dropped();
    }
}
