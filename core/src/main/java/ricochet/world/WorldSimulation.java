package ricochet.world;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.character.CharacterDef;
import ricochet.character.CharacterId;
import ricochet.character.Characters;
import ricochet.character.InputTrack;
import ricochet.fracture.FracturePattern;
import ricochet.fracture.Fractures;
import ricochet.geometry.shape.Shape;
import ricochet.math.StateInput;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleId;
import ricochet.vehicle.VehicleInputTrack;
import ricochet.vehicle.Vehicles;

/**
 * A {@link World} stepped at a fixed dt with its bodies named and numbered in the order they were
 * added (scene order): what the command line, the trajectory writers and the viewer drive.
 */
public final class WorldSimulation implements Simulation {

    private final World world;
    private final double dt;
    private final List<BodyId> ids = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final Map<String, BodyId> byName = new HashMap<>();
    private String[] nameOfSlot = new String[16];
    private final List<CharacterId> characterIds = new ArrayList<>();
    private final List<String> characterNames = new ArrayList<>();
    /** Each character's input track, or null for one driven through {@link World#characters()}. */
    private final List<InputTrack> tracks = new ArrayList<>();
    /** Kinematic bodies driven by a motion track, and their tracks. */
    private final List<BodyId> movedBodies = new ArrayList<>();
    private final List<MotionTrack> motions = new ArrayList<>();
    /** Per listed body: null, or the fractured body and piece (f, p) the row shows. */
    private final List<int[]> pieceOfRow = new ArrayList<>();
    /** Rows of each fractured body's piece 0, by fractured body number. */
    private final List<Integer> firstPieceRow = new ArrayList<>();
    private final java.util.Set<String> pieceNames = new java.util.HashSet<>();
    /**
     * Break events name pieces, which are not bodies of the world: they are recorded here as
     * {@code PIECE + row}, above any body slot.
     */
    private static final int PIECE = 1 << 30;
    private final List<VehicleId> vehicleIds = new ArrayList<>();
    /** Each vehicle's input track, or null for one driven through {@link World#vehicles()}. */
    private final List<VehicleInputTrack> vehicleTracks = new ArrayList<>();
    /** Per wheel row: its vehicle's number and its index in the vehicle. */
    private final List<int[]> wheelRows = new ArrayList<>();
    private final List<String> wheelNames = new ArrayList<>();
    private final double[] wheelScratch = new double[4];
    /** Events of the steps since the last drain (the world keeps only its last step's). */
    private final EventBuffer events = new EventBuffer();

    /** @param dt seconds per step, > 0 and finite */
    public WorldSimulation(World world, double dt) {
        if (world == null) {
            throw new IllegalArgumentException("simulation: world must not be null");
        }
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("simulation: dt must be > 0 and finite, got " + dt);
        }
        this.world = world;
        this.dt = dt;
    }

    public World world() {
        return world;
    }

    /**
     * Adds a named body (see {@link World#add}); names are unique.
     *
     * @throws IllegalArgumentException for a null, empty or repeated name, or anything the world rejects
     */
    public BodyId add(String name, BodyDef def, Shape shape, double friction, double restitution) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("simulation: a body needs a name");
        }
        if (byName.containsKey(name) || pieceNames.contains(name)) {
            throw new IllegalArgumentException("simulation: two bodies are named '" + name + "'");
        }
        BodyId id = world.add(def == null ? null : def.withName(name), shape, friction, restitution);
        list(name, id);
        return id;
    }

    /**
     * Lists a body that was added to the world directly (a ragdoll's parts) under {@code name}, after
     * the bodies listed so far, so trajectories, the summary and events name it.
     *
     * @throws IllegalArgumentException for a null, empty or repeated name, a stale handle or a body
     *     already listed
     */
    public void adopt(String name, BodyId id) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("simulation: a body needs a name");
        }
        if (byName.containsKey(name) || pieceNames.contains(name)) {
            throw new IllegalArgumentException("simulation: two bodies are named '" + name + "'");
        }
        if (!world.contains(id)) {
            throw new IllegalArgumentException("simulation: '" + name + "' is not a body of this world: " + id);
        }
        if (id.index() < nameOfSlot.length && nameOfSlot[id.index()] != null) {
            throw new IllegalArgumentException("simulation: the body is already listed as '" + nameOfSlot[id.index()] + "'");
        }
        list(name, id);
    }

    /**
     * Adds a fractured body ({@link Fractures#add}) whose pieces are listed, after the bodies so far,
     * as {@code name.0} ... {@code name.(n-1)}: each row the piece's own frame (its centroid, the
     * body's axes) and motion, from the body that carries it.
     *
     * @return the fractured body's number in {@link World#fractures()}
     * @throws IllegalArgumentException for a piece name that is taken, or anything the world rejects
     */
    public int addFractured(String name, BodyDef def, FracturePattern pattern, double density, double strength,
                            boolean anchored, double friction, double restitution) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("simulation: a body needs a name");
        }
        int n = pattern.pieces().size();
        for (int p = 0; p < n; p++) {
            String piece = name + "." + p;
            if (byName.containsKey(piece) || pieceNames.contains(piece) || characterNames.contains(piece)) {
                throw new IllegalArgumentException("simulation: piece '" + piece + "' has the name of another body");
            }
        }
        int f = world.fractures().add(def.withName(name), pattern, density, strength, anchored, friction,
                restitution);
        firstPieceRow.add(ids.size());
        for (int p = 0; p < n; p++) {
            ids.add(null);
            names.add(name + "." + p);
            pieceNames.add(name + "." + p);
            pieceOfRow.add(new int[] {f, p});
        }
        return f;
    }

    private void list(String name, BodyId id) {
        ids.add(id);
        pieceOfRow.add(null);
        names.add(name);
        byName.put(name, id);
        if (id.index() >= nameOfSlot.length) {
            nameOfSlot = java.util.Arrays.copyOf(nameOfSlot, Math.max(id.index() + 1, 2 * nameOfSlot.length));
        }
        nameOfSlot[id.index()] = name;
    }

    /**
     * Adds a character (see {@link Characters#add}) listed after the characters so far under
     * {@code def.name()}, which no body or other character may have. Before each step it is given the
     * input of {@code track} in force at the step's start, unless the track is null.
     *
     * @throws IllegalArgumentException for a repeated name or anything the world rejects
     */
    public CharacterId addCharacter(CharacterDef def, Vec3 centre, InputTrack track) {
        if (def == null) {
            throw new IllegalArgumentException("simulation: a character needs a definition");
        }
        String name = def.name();
        if (byName.containsKey(name) || pieceNames.contains(name) || characterNames.contains(name)) {
            throw new IllegalArgumentException("simulation: two bodies or characters are named '" + name + "'");
        }
        CharacterId id = world.characters().add(def, centre);
        characterIds.add(id);
        characterNames.add(name);
        tracks.add(track);
        return id;
    }

    /**
     * Drives the kinematic body {@code id} by {@code track}: before each step it is given the
     * velocities of the entry in force at the step's start.
     *
     * @throws IllegalArgumentException for a body that is not a kinematic body of this world
     */
    public void addMotion(BodyId id, MotionTrack track) {
        if (!world.contains(id) || world.type(id) != BodyDef.Type.KINEMATIC || track == null) {
            throw new IllegalArgumentException("simulation: a motion track drives a kinematic body of this world,"
                    + " got " + id);
        }
        movedBodies.add(id);
        motions.add(track);
    }

    /**
     * Replaces the input track of character number {@code character} from the next step on; null
     * stops it, leaving the character's input to {@link World#characters()} (a viewer's keyboard
     * takes a character over this way).
     */
    public void setTrack(int character, InputTrack track) {
        tracks.set(character, track);
    }

    /**
     * Adds a vehicle (see {@link Vehicles#add}); its chassis is listed as a body under
     * {@code def.name()} and its wheels as rows {@code NAME.wheelI}. Before each step it is given the
     * input of {@code track} in force at the step's start, unless the track is null.
     *
     * @throws IllegalArgumentException for a name a body or character has, or anything the world rejects
     */
    public VehicleId addVehicle(VehicleDef def, Vec3 position, Quat orientation, VehicleInputTrack track) {
        if (def == null) {
            throw new IllegalArgumentException("simulation: a vehicle needs a definition");
        }
        String name = def.name();
        if (name == null || name.isEmpty() || byName.containsKey(name) || characterNames.contains(name)) {
            throw new IllegalArgumentException("simulation: two bodies, characters or vehicles are named '" + name
                    + "'");
        }
        VehicleId id = world.vehicles().add(def, position, orientation);
        adopt(name, world.vehicles().chassis(id));
        for (int k = 0; k < def.wheels().size(); k++) {
            wheelRows.add(new int[] {vehicleIds.size(), k});
            wheelNames.add(name + ".wheel" + k);
        }
        vehicleIds.add(id);
        vehicleTracks.add(track);
        return id;
    }

    public int vehicleCount() {
        return vehicleIds.size();
    }

    /**
     * Replaces the input track of vehicle number {@code vehicle} from the next step on; null stops
     * it, leaving the vehicle's input to {@link World#vehicles()} (a viewer's keyboard takes a
     * vehicle over this way).
     */
    public void setVehicleTrack(int vehicle, VehicleInputTrack track) {
        vehicleTracks.set(vehicle, track);
    }

    /** The handle of vehicle number {@code vehicle} (the order they were added in). */
    public VehicleId vehicleId(int vehicle) {
        return vehicleIds.get(vehicle);
    }

    @Override
    public int wheelCount() {
        return wheelRows.size();
    }

    @Override
    public String wheelName(int wheel) {
        return wheelNames.get(wheel);
    }

    @Override
    public void readWheelState(int wheel, double[] out) {
        int[] row = wheelRows.get(wheel);
        VehicleId id = vehicleIds.get(row[0]);
        Vehicles v = world.vehicles();
        BodyId chassis = v.chassis(id);
        double[] c = wheelScratch;
        v.wheelCenter(id, row[1], c);
        out[0] = c[0];
        out[1] = c[1];
        out[2] = c[2];
        Quat q = world.orientation(chassis);
        v.wheelOrientation(id, row[1], q, c);
        out[3] = c[0];
        out[4] = c[1];
        out[5] = c[2];
        out[6] = c[3];
        // The chassis' velocity at the centre, v + w x r, and its spin plus the wheel's about the axle.
        Vec3 com = world.centerOfMass(chassis);
        Vec3 vel = world.velocity(chassis);
        Vec3 w = world.angularVelocity(chassis);
        double rx = out[0] - com.x(), ry = out[1] - com.y(), rz = out[2] - com.z();
        out[7] = vel.x() + w.y() * rz - w.z() * ry;
        out[8] = vel.y() + w.z() * rx - w.x() * rz;
        out[9] = vel.z() + w.x() * ry - w.y() * rx;
        Vec3 axle = q.rotate(new Vec3(1, 0, 0));
        double spin = v.wheelSpin(id, row[1]);
        out[10] = w.x() + spin * axle.x();
        out[11] = w.y() + spin * axle.y();
        out[12] = w.z() + spin * axle.z();
    }

    /** The handle of character number {@code character} (the order they were added in). */
    public CharacterId characterId(int character) {
        return characterIds.get(character);
    }

    /** The body named {@code name}; IllegalArgumentException naming it when there is none. */
    public BodyId body(String name) {
        BodyId id = byName.get(name);
        if (id == null) {
            throw new IllegalArgumentException("simulation: no body named '" + name + "'");
        }
        return id;
    }

    /** The handle of body number {@code body} (scene order); for a piece, the body carrying it now. */
    public BodyId id(int body) {
        int[] piece = pieceOfRow.get(body);
        return piece == null ? ids.get(body) : world.fractures().pieceBody(piece[0], piece[1]);
    }

    @Override
    public double dt() {
        return dt;
    }

    @Override
    public long stepCount() {
        return world.stepCount();
    }

    @Override
    public double time() {
        return world.time();
    }

    @Override
    public int bodyCount() {
        return ids.size();
    }

    @Override
    public String bodyName(int body) {
        return names.get(body);
    }

    @Override
    public void readState(int body, double[] out) {
        int[] piece = pieceOfRow.get(body);
        if (piece == null) {
            world.readState(ids.get(body), out);
        } else if (!world.fractures().pieceState(piece[0], piece[1], out)) {
            throw new IllegalStateException("simulation: the body carrying '" + names.get(body) + "' was removed");
        }
    }

    /**
     * The shape of body number {@code body} as its row shows it (body frame): a piece's own hull for
     * a piece of a fractured body, else its body's shape.
     */
    public Shape shape(int body) {
        int[] piece = pieceOfRow.get(body);
        return piece == null ? world.shape(ids.get(body)) : world.fractures().pieceShape(piece[0], piece[1]);
    }

    /** The type of body number {@code body}; a piece of a fractured body is dynamic. */
    public BodyDef.Type type(int body) {
        return pieceOfRow.get(body) == null ? world.type(ids.get(body)) : BodyDef.Type.DYNAMIC;
    }

    @Override
    public boolean isSleeping(int body) {
        return world.isSleeping(id(body));
    }

    @Override
    public int characterCount() {
        return characterIds.size();
    }

    @Override
    public String characterName(int character) {
        return characterNames.get(character);
    }

    @Override
    public void readCharacterState(int character, double[] out) {
        CharacterId id = characterIds.get(character);
        Characters c = world.characters();
        Simulation.unturnedState(c.position(id), c.velocity(id), out);
    }

    /**
     * Gives each moving kinematic body its velocities and each character with a track its input at
     * the step's start, steps the world and moves its
     * events here (at most the world's {@link World#eventCapacity}).
     */
    @Override
    public void step() {
        for (int k = 0; k < motions.size(); k++) {
            motions.get(k).apply(world, movedBodies.get(k), world.time());
        }
        for (int k = 0; k < vehicleTracks.size(); k++) {
            VehicleInputTrack track = vehicleTracks.get(k);
            if (track != null) {
                track.apply(world.vehicles(), vehicleIds.get(k), world.time());
            }
        }
        if (!tracks.isEmpty()) {
            double start = world.time();
            for (int k = 0; k < tracks.size(); k++) {
                InputTrack track = tracks.get(k);
                if (track != null) {
                    track.apply(world.characters(), characterIds.get(k), start);
                }
            }
        }
        world.step(dt);
        if (events.capacity() != world.eventCapacity()) {
            events.setCapacity(world.eventCapacity());
        }
        world.drainEvents(events);
        if (!firstPieceRow.isEmpty()) {
            for (Fractures.Break b : world.fractures().breaks()) {
                int first = firstPieceRow.get(b.fracture());
                events.add(world.stepCount(), world.time(), Event.Type.BREAK, PIECE + first + b.a(),
                        b.b() < 0 ? -1 : PIECE + first + b.b());
            }
        }
    }

    /** The name of a body slot in events: a listed body's, a piece row's, or the fractured cluster's. */
    private String eventName(int slot) {
        if (slot < -1) {
            return world.eventSubjectName(slot);
        }
        if (slot >= PIECE) {
            return names.get(slot - PIECE);
        }
        String name = slot < nameOfSlot.length ? nameOfSlot[slot] : null;
        return name != null ? name : world.fractures().nameOfSlot(slot);
    }

    /** Touching pairs (see {@link World#touchingPairCount}). */
    @Override
    public int contactCount() {
        return world.touchingPairCount();
    }

    @Override
    public double kineticEnergy() {
        return world.kineticEnergy();
    }

    @Override
    public double potentialEnergy() {
        return world.potentialEnergy();
    }

    @Override
    public void drainEvents(List<Event> out) {
        world.drainEvents(events);
        events.drainInto(out, this::eventName);
    }

    @Override
    public void discardEvents() {
        world.drainEvents(events);
        events.clear();
    }

    /** Events dropped here and by the world (see {@link World#droppedEvents}). */
    @Override
    public long droppedEvents() {
        return events.dropped() + world.droppedEvents();
    }

    /** {@link World#stateHash}. */
    @Override
    public long stateHash() {
        return world.stateHash();
    }

    /** The world's state after the events this simulation holds for draining (kind SIMULATION). */
    @Override
    public WorldSnapshot snapshot() {
        return new WorldSnapshot(WorldSnapshot.Kind.SIMULATION, world.stepCount(), world.time(),
                SnapshotFormat.payload(out -> {
                    events.writeState(out);
                    out.writeInt(tracks.size());
                    for (InputTrack track : tracks) {
                        out.writeInt(track == null ? -1 : track.started());
                    }
                    // A vehicle's track is read by time alone (no cursor): its entry count, which a
                    // restore checks, or -1 for none.
                    out.writeInt(vehicleTracks.size());
                    for (VehicleInputTrack track : vehicleTracks) {
                        out.writeInt(track == null ? -1 : track.size());
                    }
                    world.snapshots.writeState(out);
                }));
    }

    /**
     * Back to a snapshot of this simulation (or of its world: no events are then held). On any error
     * nothing changes.
     */
    @Override
    public void restore(WorldSnapshot snapshot) {
        if (snapshot == null || snapshot.kind() == WorldSnapshot.Kind.LAB) {
            throw new IllegalArgumentException("simulation: can restore a world's snapshot, got "
                    + (snapshot == null ? null : "a lab world's"));
        }
        EventBuffer held = new EventBuffer();
        StateInput in = snapshot.input();
        int[] started = new int[tracks.size()];
        // Events may name fractured bodies' clusters, whose slots exist once the world is restored.
        boolean clusters = world.fractures().count() > 0;
        if (snapshot.kind() == WorldSnapshot.Kind.SIMULATION) {
            try {
                held.readState(in, clusters ? Integer.MAX_VALUE : nameOfSlot.length,
                        world.characters().slots(), world.vehicles()::hasWheel);
                if (!clusters) {
                    held.checkNamed(slot -> nameOfSlot[slot] != null);
                }
                readTrackCursors(in, started);
                checkVehicleTracks(in);
            } catch (IOException | RuntimeException e) {
                throw SnapshotFormat.refused(e);
            }
        }
        WorldSnapshot before = clusters ? world.snapshots.snapshot() : null;
        world.snapshots.readSnapshot(in);
        if (clusters) {
            try {
                held.checkNamed(slot -> eventName(slot) != null);
            } catch (RuntimeException e) {
                world.snapshots.readSnapshot(before.input());
                throw SnapshotFormat.refused(e);
            }
        }
        events.copyFrom(held);
        for (int k = 0; k < tracks.size(); k++) {
            if (tracks.get(k) != null) {
                tracks.get(k).setStarted(started[k]);
            }
        }
    }

    /**
     * The input tracks' cursors into {@code started}: one per character, -1 for one without a track,
     * each within its track.
     */
    private void readTrackCursors(StateInput in, int[] started) throws IOException {
        int n = in.readInt();
        if (n != tracks.size()) {
            throw StateInput.refuse("snapshot does not fit this simulation: it has " + n
                    + " characters' input tracks, the simulation " + tracks.size());
        }
        for (int k = 0; k < n; k++) {
            InputTrack track = tracks.get(k);
            started[k] = in.readInt();
            if (track == null ? started[k] != -1 : started[k] < 0 || started[k] > track.size()) {
                throw StateInput.refuse("character " + k + "'s input track cursor " + started[k]
                        + " is out of range " + (track == null ? "-1..-1" : "0.." + track.size()));
            }
        }
    }

    /** The vehicles' tracks as {@link #snapshot} wrote them: the same count, each with this one's entries. */
    private void checkVehicleTracks(StateInput in) throws IOException {
        int n = in.readInt();
        if (n != vehicleTracks.size()) {
            throw StateInput.refuse("snapshot does not fit this simulation: it has " + n
                    + " vehicles' input tracks, the simulation " + vehicleTracks.size());
        }
        for (int k = 0; k < n; k++) {
            VehicleInputTrack track = vehicleTracks.get(k);
            int entries = in.readInt();
            if (entries != (track == null ? -1 : track.size())) {
                throw StateInput.refuse("snapshot does not fit this simulation: vehicle " + k + " has "
                        + entries(entries) + " in the snapshot, " + entries(track == null ? -1 : track.size())
                        + " here");
            }
        }
    }

    private static String entries(int n) {
        return n < 0 ? "no input track" : "an input track of " + n + " entries";
    }
}
