package ricochet.world;

import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import ricochet.body.BodyDef;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.shape.Shape;
import ricochet.joints.JointStore;

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
     * fields, with the friction patch's, and the patch friction switch).
     */
    static final int STATE_VERSION = 2;

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

    SnapshotFormat(RigidBodies bodies, BodyTable table, CollisionWorld collision, ContactStore contacts,
                   WorldSettings settings, StepClock clock, Sleeping sleeping, Continuous continuous,
                   JointLinks jointLinks, PairEvents pairs) {
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
        DataInputStream in = snapshot.open();
        if (snapshot.kind() == WorldSnapshot.Kind.SIMULATION) {
            // A simulation's snapshot holds its undrained events, then its world's state.
            try {
                new EventBuffer().readState(in);
            } catch (IOException e) {
                throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
            }
        }
        readSnapshot(in);
    }

    /** Reads {@link #writeState}'s output, or leaves the world as it was and throws. */
    void readSnapshot(DataInput in) {
        try {
            checkFits(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
        }
        WorldSnapshot before = snapshot();
        try {
            readState(in);
        } catch (IOException | RuntimeException e) {
            try {
                DataInput back = before.open();
                checkFits(back);
                readState(back);
            } catch (IOException impossible) {
                throw new IllegalStateException("world: cannot go back after a failed restore", impossible);
            }
            throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
        }
    }

    /** Writes the state: first what must match ({@link #checkFits} reads it back), then the rest. */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(STATE_VERSION);
        // What must match.
        int n = store.count();
        out.writeInt(n);
        bodies.ids().writeState(out);
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            out.writeUTF(String.valueOf(bodies.name(table.handleOfSlot[slot])));
            out.writeByte(store.type[i]);
            out.writeInt(table.colliderOfSlot[slot]);
            Shape shape = collision.shape(table.colliderOfSlot[slot]);
            out.writeUTF(shape.type().name());
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
                out.writeUTF(jointNames[j]);
            }
        }
        pairs.touching.writeState(out);
        pairs.sensing.writeState(out);
        pairs.events.writeState(out);
    }

    /**
     * Reads the part of {@link #writeState} that must match this world and says what differs.
     *
     * @throws IllegalArgumentException naming the first difference
     */
    private void checkFits(DataInput in) throws IOException {
        int version = in.readInt();
        if (version != STATE_VERSION) {
            throw new IllegalArgumentException("snapshot: world state version " + version
                    + " is not supported (this build reads " + STATE_VERSION + ")");
        }
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
            String name = in.readUTF();
            int type = in.readByte();
            int collider = in.readInt();
            String shapeType = in.readUTF();
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
    private void readState(DataInput in) throws IOException {
        settings.readState(in);
        clock.stepCount = in.readLong();
        clock.time = in.readDouble();
        clock.stepDt = in.readDouble();
        clock.eventStep = in.readLong();
        clock.eventTime = in.readDouble();
        sleeping.nextSleepGroup = in.readInt();
        clock.eventsOfLastStep = in.readInt();
        continuous.continuousHits = in.readLong();
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            table.frictionOfSlot[slot] = in.readDouble();
            table.restitutionOfSlot[slot] = in.readDouble();
            table.sensorOfSlot[slot] = in.readBoolean();
            table.bulletOfSlot[slot] = in.readBoolean();
            table.sleepGroupOfSlot[slot] = in.readInt();
        }
        store.readState(in);
        collision.readState(in);
        contacts.readState(in);
        JointStore joints = jointLinks.joints;
        joints.readState(in);
        if (jointLinks.jointNames.length < joints.slots()) {
            jointLinks.jointNames = new String[Math.max(16, joints.slots())];
        }
        String[] jointNames = jointLinks.jointNames;
        Arrays.fill(jointNames, null);
        for (int j = 0; j < joints.slots(); j++) {
            jointNames[j] = in.readBoolean() ? in.readUTF() : null;
        }
        jointLinks.rebuildJointPairs();
        pairs.touching.readState(in);
        pairs.sensing.readState(in);
        pairs.events.readState(in);
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
