package ricochet.soft;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import ricochet.math.IntegrationRule;
import ricochet.math.StateInput;
import ricochet.math.Vec3;
import ricochet.soft.SoftTable.Body;
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
 *       ({@link SurfaceContacts}; a particle resting on a shape or a body held by it,
 *       {@link ShapeSupports}), self-collision, then contacts with rigid shapes (last, so nothing
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
 *
 * <p>This class is the facade the world and users call, and answers the queries; the table of bodies
 * is {@link SoftTable}, adding and removing bodies {@link SoftBuilder}, the step's stages
 * {@link ParticleStep}, snapshots and rollback {@link SoftState}.
 */
public final class SoftBodies {

    /** The most particles one cloth or soft body may have. */
    public static final int MAX_PARTICLES = 1 << 20;
    /** The most cells along a soft body's longest side. */
    public static final int MAX_RESOLUTION = 64;
    /** Substeps per world step unless {@link #setSubsteps} says otherwise. */
    public static final int DEFAULT_SUBSTEPS = 20;

    private final SoftTable t;
    private final SoftBuilder builder;
    private final SoftState snapshot;
    private final ParticleStep stepper;
    private final Particles p;
    private final DistanceConstraints distances;
    private final BendConstraints bends;
    private final VolumeConstraints volumes;
    private final VolumeConstraints measured;

    public SoftBodies(SoftHost host) {
        t = new SoftTable(host);
        builder = new SoftBuilder(t);
        snapshot = new SoftState(t);
        stepper = new ParticleStep(t, snapshot);
        p = t.p;
        distances = t.distances;
        bends = t.bends;
        volumes = t.volumes;
        measured = t.measured;
    }

    // ---------------------------------------------------------------- settings

    /** Substeps per world step (each solves every constraint once), 1 or more. */
    public int substeps() {
        return t.substeps;
    }

    public void setSubsteps(int n) {
        if (n < 1 || n > 1000) {
            throw new IllegalArgumentException("soft bodies: substeps must be 1..1000, got " + n);
        }
        t.substeps = n;
    }

    /** Whether cloths and soft bodies collide with each other ({@link SurfaceContacts}); on by default. */
    public boolean bodyCollision() {
        return t.bodyCollision;
    }

    public void setBodyCollision(boolean on) {
        t.bodyCollision = on;
    }

    /**
     * Whether the contacts between bodies hold particles resting on rigid shapes along the shapes'
     * normals ({@link ShapeSupports}); on by default.
     */
    void setShapeSupports(boolean on) {
        stepper.supports.enabled = on;
    }

    /** Whether moving bodies meet cloth triangles sided ({@link SidedContacts}); on by default. */
    void setSidedContacts(boolean on) {
        stepper.sided.enabled = on;
    }

    /** Whether a sphere's centre crossing a cloth triangle is undone by an impact zone ({@link ImpactZones}). */
    void setImpactZones(boolean on) {
        stepper.zones.enabled = on;
    }

    /** Lets a test watch every substep ({@link ParticleStep.Observer}); null to stop. */
    void setObserver(ParticleStep.Observer o) {
        stepper.observer = o;
    }

    // ---------------------------------------------------------------- table

    /**
     * Adds a cloth, at rest where its def places it.
     *
     * @throws IllegalArgumentException from {@link ClothDef#validate}, or for an attachment to a stale body
     */
    public SoftId addCloth(ClothDef def) {
        return builder.addCloth(def);
    }

    /**
     * Adds a soft body, at rest where its def places it.
     *
     * @throws IllegalArgumentException from {@link SoftBodyDef#validate}, or for a mesh with no cell
     *     inside it at the resolution
     */
    public SoftId addSoftBody(SoftBodyDef def) {
        return builder.addSoftBody(def);
    }

    /**
     * Particles (x, y, z triples, world, m; mass in kg, 0 for a pinned particle) joined by distance
     * constraints of one compliance (m/N) between the listed index pairs: the smallest system, for
     * checking the solver against closed forms.
     */
    SoftId addParticles(String name, double[] points, double[] masses, int[] pairs, double compliance,
                        double thickness) {
        return builder.addParticles(name, points, masses, pairs, compliance, thickness);
    }

    /** As {@link #addParticles(String, double[], double[], int[], double, double)}, under {@code rule}. */
    SoftId addParticles(String name, double[] points, double[] masses, int[] pairs, double compliance,
                        double thickness, IntegrationRule rule) {
        return builder.addParticles(name, points, masses, pairs, compliance, thickness, rule);
    }

    /** Removes a cloth or soft body; its handle becomes stale. */
    public void remove(SoftId id) {
        builder.remove(id);
        // The saved particles no longer line up with the table.
        snapshot.forget();
    }

    /** Drops the attachments to a collider whose body is being removed. */
    public void forgetCollider(int collider) {
        builder.forgetCollider(collider);
    }

    public boolean contains(SoftId id) {
        return t.contains(id);
    }

    public int count() {
        return t.live;
    }

    /** The live handles, in step order. */
    public List<SoftId> ids() {
        List<SoftId> out = new ArrayList<>(t.live);
        for (int s = 0; s < t.slots; s++) {
            if (t.all[s].live) {
                out.add(new SoftId(s, t.all[s].generation));
            }
        }
        return out;
    }

    private Body body(SoftId id) {
        return t.body(id);
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
        return t.surfaceVolume(b);
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

    // ---------------------------------------------------------------- state

    /**
     * Writes what changes as the soft bodies step, for a snapshot: the table's shape (slots, each
     * one's generation, liveness, name and particle count, so that {@link #readState} can tell a world
     * built otherwise), the substep count, every particle's position and velocity (world, m and m/s)
     * and each shell's last pressure.
     */
    public void writeState(DataOutput out) throws IOException {
        snapshot.writeState(out);
    }

    /**
     * Reads what {@link #writeState} wrote into soft bodies built the same way (the same cloths and
     * soft bodies added in the same order). Nothing changes unless all of it fits.
     *
     * @throws IllegalArgumentException naming the first difference or bad value
     */
    public void readState(StateInput in) throws IOException {
        snapshot.readState(in);
    }

    /** Equal for bit-identical particle positions and velocities. */
    public long stateHash() {
        return snapshot.stateHash();
    }

    /** Puts the particles back as they were before the last step (a failed world step calls it). */
    public void rollback() {
        snapshot.rollback();
    }

    /** Forgets the saved state once a world step has succeeded. */
    public void commit() {
        snapshot.forget();
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
        stepper.step(dt, gx, gy, gz, step);
    }
}
