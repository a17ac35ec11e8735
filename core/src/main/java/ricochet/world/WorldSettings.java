package ricochet.world;

import java.io.DataOutput;
import java.io.IOException;
import ricochet.collision.CollisionWorld;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.dynamics.ContactSolver;
import ricochet.dynamics.RigidBodies;
import ricochet.joints.JointSolver;
import ricochet.math.StateInput;
import ricochet.math.Vec3;
import ricochet.parallel.WorkerPool;

/**
 * The world's settings: gravity, substeps, the contact margin, the sleep rule and the threads (the
 * {@link WorkerPool} every parallel stage runs on, handed to the solver and collision world too) are
 * held here (each setter validates as {@link World}'s documents); the solver's own (iterations,
 * contact spring, restitution threshold, push-out speed, patch friction) and the joints' (spring,
 * damping, iterations) stay in {@link ContactSolver} and {@link JointSolver}, which read them in
 * their loops, and are reached through this class for the snapshot. The stages read the fields
 * directly.
 */
final class WorldSettings {

    private final RigidBodies bodies;
    private final CollisionWorld collision;
    private final ContactSolver solver;
    private final JointSolver jointSolver;
    private final ShapeSupport shapeSupport;

    double gx, gy, gz;
    /** |g|, m/s^2: bounds what gravity adds to a speed over a step. */
    double gravityMagnitude;
    int substeps = 4;
    double contactMargin = 0.1;
    boolean sleepingEnabled = true;
    double sleepSpeed = 0.05;
    double timeToSleep = 0.5;
    /** The threads a step runs on: the caller alone, or with workers (see {@link World#setThreads}). */
    WorkerPool pool = new WorkerPool(1);

    WorldSettings(RigidBodies bodies, CollisionWorld collision, ContactSolver solver, JointSolver jointSolver,
                  ShapeSupport shapeSupport) {
        this.bodies = bodies;
        this.collision = collision;
        this.solver = solver;
        this.jointSolver = jointSolver;
        this.shapeSupport = shapeSupport;
    }

    /** {@link World#setThreads}: a new pool of {@code n} threads, the old one's workers stopped. */
    void setThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("world: threads must be >= 1, got " + n);
        }
        atMost("threads", n, SettingsLimits.MAX_THREADS);
        if (n == pool.threads()) {
            return;
        }
        WorkerPool next = new WorkerPool(n);
        pool.close();
        usePool(next);
    }

    /** {@link World#close}: the workers stop; the caller alone runs the step from now on. */
    void close() {
        if (pool.threads() > 1) {
            pool.close();
            usePool(new WorkerPool(1));
        }
    }

    /** Every stage that runs blocks in parallel runs them on {@code p} from now on. */
    void usePool(WorkerPool p) {
        pool = p;
        shapeSupport.workers(p.threads());
        solver.setPool(p);
        collision.setPool(p);
    }

    void setGravity(Vec3 g) {
        bodies.setGravity(g);
        gx = g.x();
        gy = g.y();
        gz = g.z();
        gravityMagnitude = g.length();
    }

    void setSleepSpeed(double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException("world: sleep speed must be >= 0 and finite, got " + v);
        }
        sleepSpeed = v;
    }

    void setTimeToSleep(double t) {
        if (!(t >= 0) || !Double.isFinite(t)) {
            throw new IllegalArgumentException("world: time to sleep must be >= 0 and finite, got " + t);
        }
        timeToSleep = t;
    }

    void setSubsteps(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("world: substeps must be >= 1, got " + n);
        }
        atMost("substeps", n, SettingsLimits.MAX_SUBSTEPS);
        substeps = n;
    }

    /** {@link World#setIterations}: the solver's own check, and {@link SettingsLimits}'s bound. */
    void setIterations(int n) {
        atMost("iterations", n, SettingsLimits.MAX_ITERATIONS);
        solver.setIterations(n);
    }

    void setRelaxIterations(int n) {
        atMost("relax iterations", n, SettingsLimits.MAX_RELAX_ITERATIONS);
        solver.setRelaxIterations(n);
    }

    void setJointIterations(int n) {
        atMost("joint iterations", n, SettingsLimits.MAX_JOINT_ITERATIONS);
        jointSolver.setIterations(n);
    }

    private static void atMost(String setting, int n, int max) {
        if (n > max) {
            throw new IllegalArgumentException("world: " + setting + " must be at most " + max + ", got " + n);
        }
    }

    void setContactMargin(double m) {
        if (!(m >= 0) || !(m <= DynamicAabbTree.DEFAULT_MARGIN)) {
            throw new IllegalArgumentException("world: contact margin must be in [0, "
                    + DynamicAabbTree.DEFAULT_MARGIN + "] m, got " + m);
        }
        contactMargin = m;
    }

    /** The settings' part of the snapshot ({@link SnapshotFormat}), in this order. */
    void writeState(DataOutput out) throws IOException {
        out.writeDouble(gx);
        out.writeDouble(gy);
        out.writeDouble(gz);
        out.writeInt(substeps);
        out.writeDouble(contactMargin);
        out.writeBoolean(sleepingEnabled);
        out.writeDouble(sleepSpeed);
        out.writeDouble(timeToSleep);
        out.writeInt(solver.iterations());
        out.writeInt(solver.relaxIterations());
        out.writeBoolean(solver.patchFriction());
        out.writeDouble(solver.contactHertz());
        out.writeDouble(solver.dampingRatio());
        out.writeDouble(solver.maxPushOutSpeed());
        out.writeDouble(solver.restitutionThreshold());
        out.writeDouble(jointSolver.jointHertz());
        out.writeDouble(jointSolver.jointDampingRatio());
        out.writeInt(jointSolver.iterations());
    }

    /**
     * Reads {@link #writeState}'s output through the validating setters. Turning sleeping off here
     * wakes nothing: the bodies' sleep states come with the rest of the snapshot.
     */
    void readState(StateInput in) throws IOException {
        setGravity(new Vec3(in.readDouble(), in.readDouble(), in.readDouble()));
        setSubsteps(in.readInt());
        setContactMargin(in.readDouble());
        sleepingEnabled = in.readBoolean();
        setSleepSpeed(in.readDouble());
        setTimeToSleep(in.readDouble());
        setIterations(in.readInt());
        setRelaxIterations(in.readInt());
        solver.setPatchFriction(in.readBoolean());
        double hertz = in.readDouble();
        if (Double.isNaN(hertz)) {
            solver.useDefaultContactHertz();
        } else {
            solver.setContactHertz(hertz);
        }
        solver.setDampingRatio(in.readDouble());
        solver.setMaxPushOutSpeed(in.readDouble());
        solver.setRestitutionThreshold(in.readDouble());
        double jointHertz = in.readDouble();
        if (Double.isNaN(jointHertz)) {
            jointSolver.useDefaultJointHertz();
        } else {
            jointSolver.setJointHertz(jointHertz);
        }
        jointSolver.setJointDampingRatio(in.readDouble());
        setJointIterations(in.readInt());
    }
}
