package ricochet.character;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.body.BodyId;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.math.StateInput;
import ricochet.math.StateLimits;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * A world's characters: kinematic capsules moved by what their users ask for (a horizontal
 * velocity, a jump, a crouch), not by forces, and updated once per step after the rigid bodies
 * are solved, in the order they were added, on the calling thread (so the result does not depend on
 * the threads). {@code docs/character.md} describes the update.
 *
 * <p>One update, per character:
 * <ol>
 *   <li>carried: the centre moves with the body it stood on (its pose now applied to where the
 *       centre sat in that body's frame after the last step), as a slide, so a platform that
 *       turns or an elevator that moves carries it exactly and cannot push it through a wall;</li>
 *   <li>crouch or stand up (standing up only where the taller capsule is free);</li>
 *   <li>pushed out of anything it overlaps (bounded);</li>
 *   <li>its own motion, {@code (wish x, own vy, wish z) dt}, slid in {@link CharacterMover.Mode#WALK}:
 *       grounded it has no vertical speed of its own (a jump sets one), otherwise gravity adds to
 *       it;</li>
 *   <li>blocked by a wall while grounded: a step up is tried (up by the step height, forward,
 *       down), kept when it lands on walkable ground further forward;</li>
 *   <li>left walkable ground without jumping: snapped down by up to the step height, kept when it
 *       lands on walkable ground;</li>
 *   <li>its ground found, dynamic bodies it walked into pushed, and what it stands on pressed with
 *       its weight.</li>
 * </ol>
 *
 * <p>Up is the world's +y; gravity's y component acts on characters. Nothing is allocated per
 * update: each character's state is made when it is added, the scratch is this object's.
 */
public final class Characters {

    /** Beyond the skin, a contact this close (m) still counts as touching for the ground test. */
    static final double TOUCH = 1e-3;
    /** The most a character is pushed out of overlaps in one update, as a fraction of its radius. */
    static final double MAX_DEPENETRATION = 0.5;
    /** A ground normal with ny below this is no support at all (a wall or a ceiling). */
    static final double SUPPORT_MIN_NY = 0.01;

    private final CharacterHost host;
    private final CharacterMover mover;
    private CharacterState[] all = new CharacterState[4];
    private int slots;
    private int live;
    /** The table as {@link #checkpoint} found it, for {@link #rollback}. */
    private CharacterState[] saved = new CharacterState[0];
    private int savedSlots, savedLive;
    private final double[] tmp = new double[3];
    private final Transform pose = new Transform();

    // Dynamic bodies the last walk was stopped by: collider, normal (from the body) and point.
    private final int[] pushBody = new int[CharacterMover.MAX_HITS];
    private final double[] pushNx = new double[CharacterMover.MAX_HITS];
    private final double[] pushNy = new double[CharacterMover.MAX_HITS];
    private final double[] pushNz = new double[CharacterMover.MAX_HITS];
    private final double[] pushPx = new double[CharacterMover.MAX_HITS];
    private final double[] pushPy = new double[CharacterMover.MAX_HITS];
    private final double[] pushPz = new double[CharacterMover.MAX_HITS];
    private int pushes;

    // The ground found by the last classify.
    private GroundState foundState;
    private double foundNx, foundNy, foundNz, foundPx, foundPy, foundPz;
    private int foundCollider;
    // The same, kept while a snap is tried.
    private GroundState savedState;
    private double savedNx, savedNy, savedNz, savedPx, savedPy, savedPz;
    private int savedCollider;

    public Characters(CharacterHost host) {
        this.host = host;
        this.mover = new CharacterMover(host);
    }

    // ---------------------------------------------------------------- table

    /**
     * Adds a character with its capsule's centre at (x, y, z) (world, m), airborne and at rest.
     *
     * @throws IllegalArgumentException from {@link CharacterDef#validate}, or for a position that
     *     is not finite
     */
    public CharacterId add(CharacterDef def, Vec3 centre) {
        if (def == null || centre == null) {
            throw new IllegalArgumentException("character: def and position must not be null");
        }
        def.validate();
        if (!Double.isFinite(centre.x()) || !Double.isFinite(centre.y()) || !Double.isFinite(centre.z())) {
            throw new IllegalArgumentException("character '" + def.name() + "': position must be finite, got "
                    + centre);
        }
        int slot = 0;
        while (slot < slots && all[slot].live) {
            slot++;
        }
        if (slot == all.length) {
            all = Arrays.copyOf(all, 2 * all.length);
        }
        int generation = all[slot] == null ? 0 : all[slot].generation + 1;
        CharacterState c = newState(def);
        all[slot] = c;
        c.generation = generation;
        c.live = true;
        c.px = centre.x();
        c.py = centre.y();
        c.pz = centre.z();
        slots = Math.max(slots, slot + 1);
        live++;
        return new CharacterId(slot, generation);
    }

    private static CapsuleShape capsule(double radius, double height) {
        // A capsule of height 2 r is a sphere: the segment is kept a micrometre long.
        return new CapsuleShape(radius, Math.max(0.5 * height - radius, 1e-6));
    }

    /** Removes the character; its handle becomes stale. */
    public void remove(CharacterId id) {
        state(id).live = false;
        live--;
    }

    public boolean contains(CharacterId id) {
        return id != null && id.index() >= 0 && id.index() < slots && all[id.index()].live
                && all[id.index()].generation == id.generation();
    }

    public int count() {
        return live;
    }

    /** The live characters' handles, in update order. */
    public List<CharacterId> ids() {
        List<CharacterId> out = new ArrayList<>(live);
        for (int i = 0; i < slots; i++) {
            if (all[i].live) {
                out.add(new CharacterId(i, all[i].generation));
            }
        }
        return out;
    }

    private CharacterState state(CharacterId id) {
        if (!contains(id)) {
            throw new IllegalArgumentException("character: stale or unknown handle " + id);
        }
        return all[id.index()];
    }

    /** Slots in use so far (live or removed): character handles' indices are below it. */
    public int slots() {
        return slots;
    }

    /**
     * The name of the character in {@code slot}, live or removed since (events name characters by
     * slot; a removed character's name stays until its slot is reused).
     */
    public String nameAt(int slot) {
        if (slot < 0 || slot >= slots) {
            throw new IllegalArgumentException("character: no slot " + slot + " (slots 0.." + (slots - 1) + ")");
        }
        return all[slot].def.name();
    }

    public CharacterDef def(CharacterId id) {
        return state(id).def;
    }

    public String name(CharacterId id) {
        return state(id).def.name();
    }

    /**
     * What it does from the next step on: wanted horizontal velocity (m/s, world x and z), a jump
     * (an upward speed in m/s given once, the next time it is grounded; 0 for none) and whether it
     * wants to crouch.
     *
     * @throws IllegalArgumentException for a velocity or jump speed that is not finite, or a
     *     negative jump
     */
    public void setInput(CharacterId id, double vx, double vz, double jump, boolean crouch) {
        CharacterState c = state(id);
        if (!Double.isFinite(vx) || !Double.isFinite(vz)) {
            throw new IllegalArgumentException("character '" + c.def.name() + "': velocity must be finite, got ("
                    + vx + ", " + vz + ")");
        }
        if (!(jump >= 0) || !Double.isFinite(jump)) {
            throw new IllegalArgumentException("character '" + c.def.name() + "': jump must be >= 0, got " + jump);
        }
        c.wishX = vx;
        c.wishZ = vz;
        if (jump > 0) {
            c.jump = jump;
        }
        c.wantCrouch = crouch;
    }

    /** Moves the capsule's centre to a point (world, m) at once; it is airborne until its next update. */
    public void setPosition(CharacterId id, Vec3 centre) {
        CharacterState c = state(id);
        if (centre == null || !Double.isFinite(centre.x()) || !Double.isFinite(centre.y())
                || !Double.isFinite(centre.z())) {
            throw new IllegalArgumentException("character '" + c.def.name() + "': position must be finite, got "
                    + centre);
        }
        c.px = centre.x();
        c.py = centre.y();
        c.pz = centre.z();
        c.ground = GroundState.AIRBORNE;
        c.groundCollider = -1;
        c.groundBody = null;
        c.ownVy = 0;
    }

    /** The capsule's centre, world, m. */
    public Vec3 position(CharacterId id) {
        CharacterState c = state(id);
        return new Vec3(c.px, c.py, c.pz);
    }

    /** Its velocity over the last step (what it moved, carried included, over dt), world, m/s. */
    public Vec3 velocity(CharacterId id) {
        CharacterState c = state(id);
        return new Vec3(c.vx, c.vy, c.vz);
    }

    public GroundState groundState(CharacterId id) {
        return state(id).ground;
    }

    /** The normal of the ground (world, unit, away from the ground); +y when airborne. */
    public Vec3 groundNormal(CharacterId id) {
        CharacterState c = state(id);
        return new Vec3(c.groundNx, c.groundNy, c.groundNz);
    }

    /** The collider of the body it stands on, or -1 when airborne. */
    public int groundCollider(CharacterId id) {
        return state(id).groundCollider;
    }

    /** The body it stands on (as of its last update), or null when airborne. */
    public BodyId groundBody(CharacterId id) {
        return state(id).groundBody;
    }

    /** The velocity of the ground point it stands on, world, m/s (0 when airborne). */
    public Vec3 groundVelocity(CharacterId id) {
        CharacterState c = state(id);
        return new Vec3(c.groundVx, c.groundVy, c.groundVz);
    }

    /** Whether it is crouching now. */
    public boolean isCrouching(CharacterId id) {
        return state(id).crouching;
    }

    /** Its capsule now (standing or crouched), centred on its position. */
    public CapsuleShape shape(CharacterId id) {
        return state(id).shape();
    }

    /**
     * The smallest separation (m, negative when overlapping) between the character's capsule as it
     * stands now and anything within {@code margin} (m) of it, or {@code margin} when nothing is. A
     * character keeps its skin from what it touches, so this is about the skin when it stands.
     */
    public double clearance(CharacterId id, double margin) {
        CharacterState c = state(id);
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("character '" + c.def.name() + "': margin must be >= 0 and finite, got "
                    + margin);
        }
        mover.gather(c.shape(), c.px, c.py, c.pz, margin);
        double min = margin;
        for (int k = 0; k < mover.count; k++) {
            min = Math.min(min, mover.sep[k]);
        }
        return min;
    }

    /** A body is gone: characters standing on it lose their ground (they fall from the next step). */
    public void forgetCollider(int collider) {
        for (int i = 0; i < slots; i++) {
            CharacterState c = all[i];
            if (c.live && c.groundCollider == collider) {
                c.groundCollider = -1;
                c.groundBody = null;
                c.ground = GroundState.AIRBORNE;
            }
        }
    }

    // ---------------------------------------------------------------- checkpoint and snapshot

    /** Equal for bit-identical live characters: slot, centre, velocity, own vertical speed, ground. */
    public long stateHash() {
        long h = 0x9E3779B97F4A7C15L ^ live;
        for (int i = 0; i < slots; i++) {
            CharacterState c = all[i];
            if (!c.live) {
                continue;
            }
            h = mix(h, i);
            h = mix(h, c.ground.ordinal());
            h = mix(h, c.crouching ? 1 : 0);
            for (double v : new double[] {c.px, c.py, c.pz, c.vx, c.vy, c.vz, c.ownVy}) {
                h = mix(h, Double.doubleToLongBits(v));
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

    /** Keeps every character's state, for {@link #rollback}; allocates nothing once grown. */
    public void checkpoint() {
        if (saved.length < slots) {
            int old = saved.length;
            saved = Arrays.copyOf(saved, all.length);
            for (int i = old; i < saved.length; i++) {
                saved[i] = new CharacterState();
            }
        }
        for (int i = 0; i < slots; i++) {
            saved[i].copyFrom(all[i]);
        }
        savedSlots = slots;
        savedLive = live;
    }

    /** Back to the last {@link #checkpoint} (a failed step is undone). */
    public void rollback() {
        for (int i = 0; i < savedSlots; i++) {
            all[i].copyFrom(saved[i]);
        }
        slots = savedSlots;
        live = savedLive;
    }

    /**
     * Every slot's character, live or removed: its definition, handle generation, input and motion
     * state, and the collider it stands on.
     */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(slots);
        for (int i = 0; i < slots; i++) {
            CharacterState c = all[i];
            CharacterDef d = c.def;
            StateInput.writeString(out, d.name());
            for (double v : new double[] {d.radius(), d.height(), d.mass(), d.maxSlope(), d.stepHeight(),
                    d.skin(), d.maxPushForce(), d.crouchHeight()}) {
                out.writeDouble(v);
            }
            out.writeInt(c.generation);
            out.writeBoolean(c.live);
            out.writeBoolean(c.crouching);
            out.writeBoolean(c.wantCrouch);
            out.writeByte(c.ground.ordinal());
            out.writeInt(c.groundCollider);
            for (double v : new double[] {c.px, c.py, c.pz, c.vx, c.vy, c.vz, c.ownVy, c.wishX, c.wishZ, c.jump,
                    c.groundNx, c.groundNy, c.groundNz, c.groundPointX, c.groundPointY, c.groundPointZ,
                    c.groundVx, c.groundVy, c.groundVz, c.carryX, c.carryY, c.carryZ}) {
                out.writeDouble(v);
            }
        }
    }

    /**
     * Replaces every character with what {@link #writeState} wrote; on a refusal (naming the first
     * bad value) the table is as it was. The colliders stood on must be the host's ({@link
     * CharacterHost#findBody}).
     */
    public void readState(StateInput in) throws IOException {
        int n = in.count("character slots", 4 + 8 * 8 + 4 + 3 + 1 + 4 + 22 * 8, Integer.MAX_VALUE);
        CharacterState[] read = new CharacterState[Math.max(4, n)];
        int readLive = 0;
        GroundState[] grounds = GroundState.values();
        for (int i = 0; i < n; i++) {
            String what = "character slot " + i;
            String name = in.string(what + "'s name");
            CharacterDef d = new CharacterDef(name, in.readDouble(), in.readDouble(), in.readDouble(),
                    in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            try {
                d.validate();
            } catch (IllegalArgumentException e) {
                throw StateInput.refuse(what + ": " + e.getMessage());
            }
            CharacterState c = newState(d);
            c.generation = in.readInt();
            c.live = in.readBoolean();
            c.crouching = in.readBoolean();
            c.wantCrouch = in.readBoolean();
            int g = in.readUnsignedByte();
            if (g >= grounds.length) {
                throw StateInput.refuse(what + "'s ground state " + g + " is out of range 0.." + (grounds.length - 1));
            }
            c.ground = grounds[g];
            c.groundCollider = in.readInt();
            c.px = in.finite(what + "'s x");
            c.py = in.finite(what + "'s y");
            c.pz = in.finite(what + "'s z");
            c.vx = in.finite(what + "'s vx");
            c.vy = in.finite(what + "'s vy");
            c.vz = in.finite(what + "'s vz");
            c.ownVy = in.finite(what + "'s own vertical speed");
            c.wishX = in.finite(what + "'s wanted vx");
            c.wishZ = in.finite(what + "'s wanted vz");
            c.jump = in.finite(what + "'s jump");
            c.groundNx = in.finite(what + "'s ground normal x");
            c.groundNy = in.finite(what + "'s ground normal y");
            c.groundNz = in.finite(what + "'s ground normal z");
            c.groundPointX = in.finite(what + "'s ground point x");
            c.groundPointY = in.finite(what + "'s ground point y");
            c.groundPointZ = in.finite(what + "'s ground point z");
            c.groundVx = in.finite(what + "'s ground vx");
            c.groundVy = in.finite(what + "'s ground vy");
            c.groundVz = in.finite(what + "'s ground vz");
            c.carryX = in.finite(what + "'s carried x");
            c.carryY = in.finite(what + "'s carried y");
            c.carryZ = in.finite(what + "'s carried z");
            if (c.generation < 0 || c.jump < 0) {
                throw StateInput.refuse(what + "'s generation " + c.generation + " or jump " + c.jump
                        + " is negative");
            }
            if (Math.abs(c.px) > StateLimits.MAX_POSITION || Math.abs(c.py) > StateLimits.MAX_POSITION || Math.abs(c.pz) > StateLimits.MAX_POSITION) {
                throw StateInput.refuse(what + "'s position is beyond " + StateLimits.MAX_POSITION + " m");
            }
            if ((c.ground == GroundState.AIRBORNE) != (c.groundCollider < 0)) {
                throw StateInput.refuse(what + " is " + c.ground + " on collider " + c.groundCollider);
            }
            if (c.groundCollider >= 0) {
                c.groundBody = host.findBody(c.groundCollider);
                if (c.groundBody == null) {
                    throw StateInput.refuse(what + " stands on collider " + c.groundCollider
                            + ", which no body of this world has");
                }
            } else if (c.groundCollider != -1) {
                throw StateInput.refuse(what + "'s ground collider " + c.groundCollider + " is out of range");
            }
            read[i] = c;
            if (c.live) {
                readLive++;
            }
        }
        all = read;
        slots = n;
        live = readLive;
    }

    /** A state for {@code def}, airborne and at rest at the origin, its capsules made. */
    private static CharacterState newState(CharacterDef def) {
        CharacterState c = new CharacterState();
        c.def = def;
        c.standing = capsule(def.radius(), def.height());
        c.crouched = capsule(def.radius(), def.effectiveCrouchHeight());
        // StrictMath: the same bits on every JVM.
        c.cosMaxSlope = StrictMath.cos(Math.toRadians(def.maxSlope()));
        return c;
    }

    // ---------------------------------------------------------------- update

    /**
     * Moves every character by one step of {@code dt} seconds under gravity (m/s^2, world), against
     * the collision world as it is now (the bodies at the end of their step).
     */
    public void update(double dt, double gx, double gy, double gz) {
        for (int i = 0; i < slots; i++) {
            if (all[i].live) {
                update(all[i], i, dt, gx, gy, gz);
            }
        }
    }

    private void update(CharacterState c, int slot, double dt, double gx, double gy, double gz) {
        CharacterDef def = c.def;
        double skin = def.skin();
        double cos = c.cosMaxSlope;
        double x0 = c.px, y0 = c.py, z0 = c.pz;
        double x = x0, y = y0, z = z0;
        boolean wasGrounded = c.ground == GroundState.GROUNDED;
        boolean wasSupported = c.ground != GroundState.AIRBORNE;
        double carriedVy = 0;

        // 1. Carried by what it stood on.
        if (c.ground != GroundState.AIRBORNE && c.groundCollider >= 0
                && host.motionType(c.groundCollider) != CharacterHost.STATIC) {
            mover.pose(c.groundCollider, pose);
            pose.toWorld(c.carryX, c.carryY, c.carryZ, tmp);
            carriedVy = (tmp[1] - y) / dt;
            mover.slide(c.shape(), x, y, z, tmp[0] - x, tmp[1] - y, tmp[2] - z, skin, cos,
                    CharacterMover.Mode.PLAIN);
            x = mover.x;
            y = mover.y;
            z = mover.z;
        }

        // 2. Crouch now; stand up only where the standing capsule is free.
        if (c.wantCrouch != c.crouching) {
            double lift = c.standing.halfHeight() - c.crouched.halfHeight();
            if (c.wantCrouch) {
                c.crouching = true;
                y -= lift;
            } else if (free(c.standing, x, y + lift, z, skin)) {
                c.crouching = false;
                y += lift;
            }
        }
        CapsuleShape shape = c.shape();

        // 3. Out of overlaps.
        mover.gather(shape, x, y, z, skin);
        double ox = 0, oy = 0, oz = 0;
        for (int sweep = 0; sweep < 4; sweep++) {
            for (int k = 0; k < mover.count; k++) {
                double s = mover.sep[k] + ox * mover.nx[k] + oy * mover.ny[k] + oz * mover.nz[k];
                if (s < 0.5 * skin) {
                    double push = skin - s;
                    ox += push * mover.nx[k];
                    oy += push * mover.ny[k];
                    oz += push * mover.nz[k];
                }
            }
        }
        double outLength = Math.sqrt(ox * ox + oy * oy + oz * oz);
        double maxOut = MAX_DEPENETRATION * def.radius();
        if (outLength > maxOut) {
            double f = maxOut / outLength;
            ox *= f;
            oy *= f;
            oz *= f;
        }
        x += ox;
        y += oy;
        z += oz;

        // 4. Its own motion.
        boolean jumping = false;
        if (wasGrounded) {
            c.ownVy = 0;
            if (c.jump > 0) {
                c.ownVy = c.jump + Math.max(carriedVy, 0);
                c.jump = 0;
                jumping = true;
            }
        } else {
            c.ownVy += gy * dt;
        }
        double hx = c.wishX * dt, hz = c.wishZ * dt;
        double sx = x, sy = y, sz = z;
        mover.slide(shape, x, y, z, hx, c.ownVy * dt, hz, skin, cos, CharacterMover.Mode.WALK);
        x = mover.x;
        y = mover.y;
        z = mover.z;
        boolean blocked = mover.hitWall;
        keepPushes(c);

        // 5. A step up. Both tries rise from the same place: the rise is slid once.
        double hl = Math.sqrt(hx * hx + hz * hz);
        boolean stepped = false;
        if (wasGrounded && !jumping && blocked && def.stepHeight() > 0 && hl > 0) {
            double ux = hx / hl, uz = hz / hl;
            double done = (x - sx) * ux + (z - sz) * uz;
            mover.slide(shape, sx, sy, sz, 0, def.stepHeight(), 0, skin, cos, CharacterMover.Mode.PLAIN);
            double ax = mover.x, ay = mover.y, az = mover.z;
            if (ay - sy > 0 && (stepUp(c, shape, sx, sy, sz, ax, ay, az, ux, uz, hl, done)
                    || stepUp(c, shape, sx, sy, sz, ax, ay, az, ux, uz,
                            Math.max(hl, done + def.radius() + 2 * skin), done))) {
                x = mover.x;
                y = mover.y;
                z = mover.z;
                stepped = true;
            }
        }

        // 6. Ground, or snapped down to it. A step up that was kept has just classified its end.
        if (!stepped) {
            classify(shape, x, y, z, skin, cos);
        }
        if (foundState != GroundState.GROUNDED && wasSupported && !jumping && def.stepHeight() > 0) {
            saveFound();
            mover.slide(shape, x, y, z, 0, -def.stepHeight(), 0, skin, cos, CharacterMover.Mode.CAST);
            double qx = mover.x, qy = mover.y, qz = mover.z;
            // A cast that did not move (already touching) ends where the ground was just found.
            if (qx != x || qy != y || qz != z) {
                classify(shape, qx, qy, qz, skin, cos);
            }
            // Onto steep ground too: over the far side of a bump it then slides down the surface
            // instead of falling off it.
            if (foundState != GroundState.AIRBORNE) {
                x = qx;
                y = qy;
                z = qz;
            } else {
                restoreFound();
            }
        }

        // 7. The new state.
        c.vx = (x - x0) / dt;
        c.vy = (y - y0) / dt;
        c.vz = (z - z0) / dt;
        c.px = x;
        c.py = y;
        c.pz = z;
        boolean supported = foundState != GroundState.AIRBORNE;
        if (supported != wasSupported) {
            host.supportChanged(slot, supported, supported ? foundCollider : -1);
        }
        c.ground = foundState;
        if (foundState == GroundState.GROUNDED) {
            c.ownVy = 0;
        } else {
            // What it could move of its own: a ceiling or a slope takes the rest.
            c.ownVy = Math.min(c.ownVy, (y - sy) / dt);
        }
        if (foundState == GroundState.AIRBORNE) {
            c.groundCollider = -1;
            c.groundBody = null;
            c.groundNx = 0;
            c.groundNy = 1;
            c.groundNz = 0;
            c.groundVx = c.groundVy = c.groundVz = 0;
        } else {
            c.groundCollider = foundCollider;
            c.groundBody = host.bodyOf(foundCollider);
            c.groundNx = foundNx;
            c.groundNy = foundNy;
            c.groundNz = foundNz;
            c.groundPointX = foundPx;
            c.groundPointY = foundPy;
            c.groundPointZ = foundPz;
            host.pointVelocity(foundCollider, foundPx, foundPy, foundPz, tmp);
            c.groundVx = tmp[0];
            c.groundVy = tmp[1];
            c.groundVz = tmp[2];
            mover.pose(foundCollider, pose);
            pose.toLocal(x, y, z, tmp);
            c.carryX = tmp[0];
            c.carryY = tmp[1];
            c.carryZ = tmp[2];
        }

        // 8. Pushes and weight.
        push(c, dt);
        if (foundState != GroundState.AIRBORNE && host.motionType(foundCollider) == CharacterHost.DYNAMIC) {
            double m = def.mass() * dt;
            host.applyImpulse(foundCollider, m * gx, m * gy, m * gz, foundPx, foundPy, foundPz, false);
        }
    }

    /**
     * From (ax, ay, az), where rising by up to the step height from (sx, sy, sz) got it, forward by
     * {@code forward} along (ux, 0, uz) with no climbing, and down again by the rise; true (the end in
     * the mover, its ground in the found fields) when that lands on walkable ground further forward
     * than {@code done}, and no higher above its foot than the step height.
     */
    private boolean stepUp(CharacterState c, CapsuleShape shape, double sx, double sy, double sz, double ax,
                           double ay, double az, double ux, double uz, double forward, double done) {
        double skin = c.def.skin(), cos = c.cosMaxSlope;
        double rise = ay - sy;
        mover.slide(shape, ax, ay, az, forward * ux, 0, forward * uz, skin, cos, CharacterMover.Mode.HORIZONTAL);
        double bx = mover.x, by = mover.y, bz = mover.z;
        if ((bx - sx) * ux + (bz - sz) * uz <= done + 1e-6) {
            return false;
        }
        mover.slide(shape, bx, by, bz, 0, -rise, 0, skin, cos, CharacterMover.Mode.CAST);
        double ex = mover.x, ey = mover.y, ez = mover.z;
        classify(shape, ex, ey, ez, skin, cos);
        // The ledge it lands on may be no higher than the step above the foot it started from.
        if (foundState != GroundState.GROUNDED || foundPy - (sy - c.halfHeight() - skin) > c.def.stepHeight()) {
            return false;
        }
        mover.x = ex;
        mover.y = ey;
        mover.z = ez;
        return true;
    }

    /**
     * The ground at centre (x, y, z) into the found fields: the touching contact (within skin +
     * {@link #TOUCH}) that faces up most; GROUNDED when it is walkable, SLIDING when it is only steep,
     * AIRBORNE when nothing below touches.
     */
    private void classify(CapsuleShape shape, double x, double y, double z, double skin, double cos) {
        // Gathered over a wider band than counts: whether a mesh reports a contact near its seams
        // depends on the margin it is asked for (ShapeContacts' ridge planes), and the ground test
        // must see what the slides saw.
        mover.gather(shape, x, y, z, skin + Math.max(skin, 0.01) + TOUCH);
        int best = -1;
        for (int k = 0; k < mover.count; k++) {
            if (mover.sep[k] <= skin + TOUCH && mover.ny[k] > SUPPORT_MIN_NY
                    && (best < 0 || mover.ny[k] > mover.ny[best])) {
                best = k;
            }
        }
        if (best < 0) {
            foundState = GroundState.AIRBORNE;
            foundCollider = -1;
            return;
        }
        foundCollider = mover.body[best];
        foundNx = mover.nx[best];
        foundNy = mover.ny[best];
        foundNz = mover.nz[best];
        foundPx = mover.pointX[best];
        foundPy = mover.pointY[best];
        foundPz = mover.pointZ[best];
        foundState = foundNy >= cos ? GroundState.GROUNDED : GroundState.SLIDING;
        if (foundState == GroundState.SLIDING) {
            // The contact normal of an edge is any direction between its faces: the face beyond the
            // contact, as a short ray down just past it finds, says whether the ground is walkable
            // (the tread behind a stair's nosing, not the nosing's round-off).
            double h = Math.sqrt(foundNx * foundNx + foundNz * foundNz);
            // The ray starts a tenth of the skin past the point and a skin above it, above any
            // surface up to 84 degrees steep there.
            double ux = -foundNx / h, uz = -foundNz / h, e = 0.1 * skin;
            if (mover.surfaceNormal(foundCollider, foundPx + e * ux, foundPy + skin, foundPz + e * uz, 0, -2 * skin, 0,
                    tmp)
                    && tmp[1] >= cos) {
                foundState = GroundState.GROUNDED;
                foundNx = tmp[0];
                foundNy = tmp[1];
                foundNz = tmp[2];
            }
        }
    }

    /** Keeps what the last classify found, so that a position is not classified twice. */
    private void saveFound() {
        savedState = foundState;
        savedCollider = foundCollider;
        savedNx = foundNx;
        savedNy = foundNy;
        savedNz = foundNz;
        savedPx = foundPx;
        savedPy = foundPy;
        savedPz = foundPz;
    }

    private void restoreFound() {
        foundState = savedState;
        foundCollider = savedCollider;
        foundNx = savedNx;
        foundNy = savedNy;
        foundNz = savedNz;
        foundPx = savedPx;
        foundPy = savedPy;
        foundPz = savedPz;
    }

    /** Whether the capsule at centre (x, y, z) keeps at least half its skin from everything. */
    private boolean free(CapsuleShape shape, double x, double y, double z, double skin) {
        mover.gather(shape, x, y, z, skin);
        for (int k = 0; k < mover.count; k++) {
            if (mover.sep[k] < 0.5 * skin) {
                return false;
            }
        }
        return true;
    }

    /** The dynamic bodies the last walk ran into, each once. */
    private void keepPushes(CharacterState c) {
        pushes = 0;
        for (int k = 0; k < mover.stops && pushes < pushBody.length; k++) {
            int b = mover.stopBody[k];
            if (host.motionType(b) != CharacterHost.DYNAMIC) {
                continue;
            }
            boolean seen = false;
            for (int j = 0; j < pushes; j++) {
                seen |= pushBody[j] == b;
            }
            if (seen) {
                continue;
            }
            pushBody[pushes] = b;
            pushNx[pushes] = mover.stopNx[k];
            pushNy[pushes] = mover.stopNy[k];
            pushNz[pushes] = mover.stopNz[k];
            pushPx[pushes] = mover.stopPx[k];
            pushPy[pushes] = mover.stopPy[k];
            pushPz[pushes] = mover.stopPz[k];
            pushes++;
        }
    }

    /**
     * Each dynamic body the walk ran into gets the impulse that brings its contact point's speed
     * along the push to the character's wanted speed, {@code J = (v_want - v_point) . u / (1/m_eff)}
     * with {@code u = -n}, at most {@code maxPushForce dt}; never the body it stands on (that one
     * carries its weight).
     */
    private void push(CharacterState c, double dt) {
        double cap = c.def.maxPushForce() * dt;
        for (int i = 0; i < pushes; i++) {
            int b = pushBody[i];
            if (b == c.groundCollider || cap <= 0) {
                continue;
            }
            double ux = -pushNx[i], uy = -pushNy[i], uz = -pushNz[i];
            double want = c.wishX * ux + c.wishZ * uz + (c.ground == GroundState.GROUNDED ? 0 : c.ownVy * uy);
            host.pointVelocity(b, pushPx[i], pushPy[i], pushPz[i], tmp);
            double have = tmp[0] * ux + tmp[1] * uy + tmp[2] * uz;
            double invMass = host.inverseMassAlong(b, pushPx[i], pushPy[i], pushPz[i], ux, uy, uz);
            if (!(want > have) || !(invMass > 0)) {
                continue;
            }
            double j = Math.min((want - have) / invMass, cap);
            host.applyImpulse(b, j * ux, j * uy, j * uz, pushPx[i], pushPy[i], pushPz[i], true);
        }
    }
}
