/**
 * The engine's world: {@link ricochet.world.World}, what users embed and what the command line and
 * viewer drive (through the {@link ricochet.world.Simulation} view, {@link ricochet.world.WorldSimulation}),
 * with its handles, definitions, events, snapshots and errors. {@code World} is the documented API; a
 * step is {@link ricochet.world.WorldStep}'s list of stages, one file each: {@code PoseUpdate},
 * {@code ContactCollector} (with {@code Islands} and {@code JointLinks}), the contact solver,
 * {@code StateCheck}, {@code Continuous}, the characters ({@code CharacterLink} to
 * {@link ricochet.character.Characters}), {@code Sleeping}, {@code PairEvents}, inside a
 * {@code StepCheckpoint}; the state they share lives in {@code BodyTable}, {@code StepClock} and
 * {@code WorldSettings}, and {@code SnapshotFormat} writes and reads all of it.
 *
 * <p>Depends on {@code ricochet.math}, {@code ricochet.geometry.shape}, {@code ricochet.collision}
 * (and its {@code broad} and {@code narrow} packages), {@code ricochet.body}, {@code ricochet.dynamics},
 * {@code ricochet.joints}, {@code ricochet.character} and {@code ricochet.parallel}; nothing in those
 * depends on it.
 */
package ricochet.world;
