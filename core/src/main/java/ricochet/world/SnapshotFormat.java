package ricochet.world;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import ricochet.body.BodyDef;
import ricochet.character.Characters;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.RigidBodies;
import ricochet.fracture.Fractures;
import ricochet.geometry.shape.Shape;
import ricochet.joints.JointStore;
import ricochet.math.StateInput;
import ricochet.soft.SoftBodies;
import ricochet.vehicle.Vehicles;

/**
 * The engine world's state as bytes (the payload of a {@link WorldSnapshot}): first what must match
 * the world it goes back into (bodies, handles, shapes by type and bounds, the collision world's
 * structure), which {@link #checkFits} reads and names the first difference of; then settings,
 * counters, per-body materials, flags and sleep groups, and each part's own state in a fixed order.
 * A restore that fails part way puts the world back from a snapshot taken just before it.
 */
final class SnapshotFormat {

    /**
     * The layout of {@link #writeState}'s output; bumped when it changes (2: contact records of 86
     * fields, with the friction patch's, and the patch friction switch; 3: names as an int byte count
     * and UTF-8 bytes, of any length, and the event buffers' capacity and dropped count; 4: the characters, and events that name them;
     * 5: the vehicles after the characters, and events that name wheels; a simulation's snapshot
     * also holds its vehicles' input tracks; and the cloths' and soft bodies' particles after the
     * vehicles; 6: the fractured bodies' breaks and splits first, which a restore does before it
     * checks the bodies; 7: joint records of 88 doubles, with the error each tree row's projection
     * carries to the next substep). Other versions are refused, naming both.
     */
    static final int STATE_VERSION = 7;

    private final RigidBodies bodies;
    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final ContactStore contacts;
    private final WorldSettings settings;
    private final StepClock clock;
    private final Sleeping sleeping;
    private final Continuous continuous;
    private final JointLinks jointLinks;
    private final PairEvents pairs;
    private final Characters characters;
    private final Vehicles vehicles;
    private final SoftBodies softBodies;
    private final Fractures fractures;

    SnapshotFormat(RigidBodies bodies, BodyTable table, CollisionWorld collision, ContactStore contacts,
                   WorldSettings settings, StepClock clock, Sleeping sleeping, Continuous continuous,
                   JointLinks jointLinks, PairEvents pairs, Characters characters, Vehicles vehicles,
                   SoftBodies softBodies, Fractures fractures) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.table = table;
        this.collision = collision;
        this.contacts = contacts;
        this.settings = settings;
        this.clock = clock;
        this.sleeping = sleeping;
        this.continuous = continuous;
        this.jointLinks = jointLinks;
        this.pairs = pairs;
        this.characters = characters;
        this.vehicles = vehicles;
        this.softBodies = softBodies;
        this.fractures = fractures;
    }

    /** {@link World#snapshot}. */
    WorldSnapshot snapshot() {
        return new WorldSnapshot(WorldSnapshot.Kind.WORLD, clock.stepCount, clock.time,
                payload(this::writeState));
    }

    /** {@link World#restore}: a world's or a simulation's snapshot (its held events skipped). */
    void restore(WorldSnapshot snapshot) {
        if (snapshot == null) {
            throw new IllegalArgumentException("world: snapshot must not be null");
        }
        if (snapshot.kind() == WorldSnapshot.Kind.LAB) {
            throw new IllegalArgumentException("world: a lab world's snapshot cannot be restored into the"
                    + " engine's world");
        }
        StateInput in = snapshot.input();
        if (snapshot.kind() == WorldSnapshot.Kind.SIMULATION) {
            // A simulation's snapshot holds its undrained events and its input tracks' cursors, then
            // its world's state.
            try {
                // Skipped: any body number passes (a simulation names fractured bodies' pieces above
                // every slot).
                new EventBuffer().readState(in, Integer.MAX_VALUE, Integer.MAX_VALUE, (s, w) -> true);
                int tracks = in.count("input track cursors", 4, Integer.MAX_VALUE);
                in.skipBytes(4 * tracks);
                int vehicleTracks = in.count("vehicle input tracks", 4, Integer.MAX_VALUE);
                in.skipBytes(4 * vehicleTracks);
            } catch (IOException | RuntimeException e) {
                throw refused(e);
            }
        }
        readSnapshot(in);
    }

    /**
     * Reads {@link #writeState}'s output, checking every count, index and value it reads (each part
     * names what does not fit), or leaves the world as it was and throws.
     */
    void readSnapshot(StateInput in) {
        try {
            checkFits(in);
        } catch (IOException | RuntimeException e) {
            throw refused(e);
        }
        WorldSnapshot before = snapshot();
        try {
            readState(in);
            if (in.remaining() != 0) {
                throw StateInput.refuse(in.remaining() + " bytes after the end of the world's state");
            }
        } catch (IOException | RuntimeException e) {
            try {
                StateInput back = before.input();
                checkFits(back);
                readState(back);
            } catch (IOException impossible) {
                throw new IllegalStateException("world: cannot go back after a failed restore", impossible);
            }
            throw refused(e);
        }
    }

    /** The exception a refused restore throws: a snapshot problem as it was named, anything else wrapped. */
    static IllegalArgumentException refused(Exception e) {
        String m = e.getMessage();
        if (e instanceof IllegalArgumentException iae && m != null && m.startsWith("snapshot")) {
            return iae;
        }
        if (m != null && m.startsWith("snapshot")) {
            return new IllegalArgumentException(m, e);
        }
        return new IllegalArgumentException("snapshot: cannot be read: " + (m == null ? e.toString() : m), e);
    }

    /** Whether {@code slot} holds a body of this world now. */
    private boolean liveSlot(int slot) {
        return slot >= 0 && slot < table.handleOfSlot.length && table.handleOfSlot[slot] != null;
    }

    /** Writes the state: first what must match ({@link #checkFits} reads it back), then the rest. */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(STATE_VERSION);
        // The fractured bodies' breaks and splits, which decide what bodies the world has.
        fractures.writeState(out);
        // What must match.
        int n = store.count();
        out.writeInt(n);
        bodies.ids().writeState(out);
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            StateInput.writeString(out, String.valueOf(bodies.name(table.handleOfSlot[slot])));
            out.writeByte(store.type[i]);
            out.writeInt(table.colliderOfSlot[slot]);
            Shape shape = collision.shape(table.colliderOfSlot[slot]);
            StateInput.writeString(out, shape.type().name());
            double[] b = new double[6];
            shape.localBounds(b);
            for (double v : b) {
                out.writeDouble(v);
            }
        }
        out.writeLong(collision.structureHash());
        settings.writeState(out);
        // Counters.
        out.writeLong(clock.stepCount);
        out.writeDouble(clock.time);
        out.writeDouble(clock.stepDt);
        out.writeLong(clock.eventStep);
        out.writeDouble(clock.eventTime);
        out.writeInt(sleeping.nextSleepGroup);
        out.writeInt(clock.eventsOfLastStep);
        out.writeLong(continuous.continuousHits);
        // Per body: material, flags, sleep group (by dense index; the slots are checked to match).
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            out.writeDouble(table.frictionOfSlot[slot]);
            out.writeDouble(table.restitutionOfSlot[slot]);
            out.writeBoolean(table.sensorOfSlot[slot]);
            out.writeBoolean(table.bulletOfSlot[slot]);
            out.writeInt(table.sleepGroupOfSlot[slot]);
        }
        store.writeState(out);
        collision.writeState(out);
        contacts.writeState(out);
        JointStore joints = jointLinks.joints;
        String[] jointNames = jointLinks.jointNames;
        joints.writeState(out);
        for (int j = 0; j < joints.slots(); j++) {
            out.writeBoolean(jointNames[j] != null);
            if (jointNames[j] != null) {
                StateInput.writeString(out, jointNames[j]);
            }
        }
        characters.writeState(out);
        vehicles.writeState(out);
        softBodies.writeState(out);
        pairs.touching.writeState(out);
        pairs.sensing.writeState(out);
        pairs.events.writeState(out);
    }

    /**
     * Reads the part of {@link #writeState} that must match this world and says what differs.
     *
     * @throws IllegalArgumentException naming the first difference
     */
    private void checkFits(StateInput in) throws IOException {
        int version = in.readInt();
        if (version != STATE_VERSION) {
            throw new IllegalArgumentException("snapshot: world state version " + version
                    + " is not supported (this build reads " + STATE_VERSION + ")");
        }
        // Splits the fractured bodies as far as the snapshot's (their bodies are then its bodies).
        fractures.readState(in);
        int n = in.readInt();
        if (n != store.count()) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + n
                    + " bodies, the world " + store.count());
        }
        if (!bodies.ids().sameState(in)) {
            throw new IllegalArgumentException("snapshot does not fit this world: its bodies' handles"
                    + " (slots and generations) differ; was a body added or removed since, or the world"
                    + " built otherwise?");
        }
        double[] b = new double[6];
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            String name = in.string("body " + i + "'s name");
            int type = in.readByte();
            int collider = in.readInt();
            String shapeType = in.string("body " + i + "'s shape type");
            for (int k = 0; k < 6; k++) {
                b[k] = in.readDouble();
            }
            String own = String.valueOf(bodies.name(table.handleOfSlot[slot]));
            Shape shape = collision.shape(table.colliderOfSlot[slot]);
            double[] ownBounds = new double[6];
            shape.localBounds(ownBounds);
            String what = "snapshot does not fit this world: body " + i + " ('" + own + "')";
            if (!name.equals(own)) {
                throw new IllegalArgumentException(what + " is named '" + name + "' in the snapshot");
            }
            if (type != store.type[i]) {
                throw new IllegalArgumentException(what + " is " + BodyDef.Type.values()[store.type[i]]
                        + ", in the snapshot " + (type >= 0 && type < 3 ? BodyDef.Type.values()[type]
                                : type));
            }
            if (collider != table.colliderOfSlot[slot] || !shapeType.equals(shape.type().name())
                    || !Arrays.equals(b, ownBounds)) {
                throw new IllegalArgumentException(what + " has a " + shape.type() + " shape with bounds "
                        + Arrays.toString(ownBounds) + ", in the snapshot a " + shapeType + " with "
                        + Arrays.toString(b));
            }
        }
        if (in.readLong() != collision.structureHash()) {
            throw new IllegalArgumentException("snapshot does not fit this world: the collision world's"
                    + " bodies "
                    + "(numbers, planes, shapes) differ");
        }
    }

    /** Reads the rest of {@link #writeState}, after {@link #checkFits}. */
    private void readState(StateInput in) throws IOException {
        settings.readState(in);
        clock.stepCount = in.readLong();
        clock.time = in.finite("time");
        clock.stepDt = in.finite("last step's dt");
        clock.eventStep = in.readLong();
        clock.eventTime = in.finite("event time");
        sleeping.nextSleepGroup = in.readInt();
        clock.eventsOfLastStep = in.readInt();
        continuous.continuousHits = in.readLong();
        if (clock.stepDt < 0) {
            throw StateInput.refuse("last step's dt " + clock.stepDt + " is negative");
        }
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            table.frictionOfSlot[slot] = in.finite("body " + i + "'s friction");
            table.restitutionOfSlot[slot] = in.finite("body " + i + "'s restitution");
            table.sensorOfSlot[slot] = in.readBoolean();
            table.bulletOfSlot[slot] = in.readBoolean();
            table.sleepGroupOfSlot[slot] = in.readInt();
            if (table.frictionOfSlot[slot] < 0 || table.restitutionOfSlot[slot] < 0) {
                throw StateInput.refuse("body " + i + "'s friction " + table.frictionOfSlot[slot] + " or restitution "
                        + table.restitutionOfSlot[slot] + " is negative");
            }
        }
        store.readState(in);
        for (int i = 0; i < n; i++) {
            if (!StateCheck.usable(store, i)) {
                throw StateInput.refuse("body " + i + "'s state is not usable: a coordinate beyond "
                        + World.MAX_POSITION + " m, a speed beyond " + World.MAX_SPEED
                        + ", or an orientation that is not a unit quaternion");
            }
        }
        collision.readState(in);
        contacts.readState(in, n, collision.bodyNumberBound());
        JointStore joints = jointLinks.joints;
        joints.readState(in, this::liveSlot, n);
        if (jointLinks.jointNames.length < joints.slots()) {
            jointLinks.jointNames = new String[Math.max(16, joints.slots())];
        }
        String[] jointNames = jointLinks.jointNames;
        Arrays.fill(jointNames, null);
        for (int j = 0; j < joints.slots(); j++) {
            jointNames[j] = in.readBoolean() ? in.string("joint " + j + "'s name") : null;
        }
        jointLinks.rebuildJointPairs();
        characters.readState(in);
        vehicles.readState(in);
        softBodies.readState(in);
        pairs.touching.readState(in, "touching", this::liveSlot);
        pairs.sensing.readState(in, "sensing", this::liveSlot);
        pairs.events.readState(in, table.handleOfSlot.length, characters.slots(), vehicles::hasWheel);
        if (clock.eventsOfLastStep < 0 || clock.eventsOfLastStep > pairs.events.size()) {
            throw StateInput.refuse("last step's event count " + clock.eventsOfLastStep + " is out of range 0.."
                    + pairs.events.size());
        }
    }

    /** The bytes {@code writer} writes. */
    static byte[] payload(StateWriter writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /** Writes some state (a snapshot's payload). */
    @FunctionalInterface
    interface StateWriter {
        void write(DataOutput out) throws IOException;
    }
}
