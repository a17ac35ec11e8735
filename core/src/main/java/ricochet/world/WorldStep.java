package ricochet.world;

import ricochet.character.Characters;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactSolver;
import ricochet.dynamics.ContactStore;
import ricochet.fracture.Fractures;
import ricochet.vehicle.Vehicles;
import ricochet.soft.SoftBodies;

/**
 * {@link World#step}: the stages in order, each timed into the {@link Profile}, inside a checkpoint
 * that a failed step rolls back to. {@code docs/architecture.md} walks the same list, with the data
 * each stage reads and writes.
 */
final class WorldStep {

    private final BodyStore store;
    private final ContactStore contacts;
    private final ContactSolver solver;
    private final StepClock clock;
    private final WorldSettings settings;
    private final EventBuffer events;
    private final Profile profile;
    private final StepCheckpoint checkpoint;
    private final StateCheck stateCheck;
    private final PoseUpdate poseUpdate;
    private final ContactCollector collector;
    private final Islands islands;
    private final JointLinks jointLinks;
    private final Continuous continuous;
    private final Sleeping sleeping;
    private final PairEvents pairEvents;
    private final Characters characters;
    private final Fractures fractures;
    private final Vehicles vehicles;
    private final SoftBodies softBodies;

    WorldStep(BodyStore store, ContactStore contacts, ContactSolver solver, StepClock clock,
              WorldSettings settings, EventBuffer events, Profile profile, StepCheckpoint checkpoint,
              StateCheck stateCheck, PoseUpdate poseUpdate, ContactCollector collector, Islands islands,
              JointLinks jointLinks, Continuous continuous, Sleeping sleeping, PairEvents pairEvents,
              Characters characters, Fractures fractures, Vehicles vehicles, SoftBodies softBodies) {
        this.store = store;
        this.contacts = contacts;
        this.solver = solver;
        this.clock = clock;
        this.settings = settings;
        this.events = events;
        this.profile = profile;
        this.checkpoint = checkpoint;
        this.stateCheck = stateCheck;
        this.poseUpdate = poseUpdate;
        this.collector = collector;
        this.islands = islands;
        this.jointLinks = jointLinks;
        this.continuous = continuous;
        this.sleeping = sleeping;
        this.pairEvents = pairEvents;
        this.characters = characters;
        this.fractures = fractures;
        this.vehicles = vehicles;
        this.softBodies = softBodies;
    }

    /** One step of {@code dt} seconds (checked by the caller); see {@link World#step}. */
    void step(double dt) {
        long t = System.nanoTime();
        checkpoint.take();
        t = lap(Profile.Stage.CHECKPOINT, t);
        try {
            clock.stepDt = dt;
            stateCheck.checkState(clock.stepCount + 1, false);
            stateCheck.checkLoads(clock.stepCount + 1, dt);
            // The last step's events make way; those recorded since (user wakes) stay.
            events.dropFirst(clock.eventsOfLastStep);
            clock.eventStep = clock.stepCount + 1;
            clock.eventTime = clock.time + dt;
            poseUpdate.updatePoses();
            t = lap(Profile.Stage.UPDATE_POSES, t);
            // Vehicles cast their wheels against the poses at the start of the step and leave forces
            // for the solve; a chassis they wake joins this step's islands.
            if (vehicles.count() > 0) {
                vehicles.update(dt, settings.gx, settings.gy, settings.gz);
            }
            t = lap(Profile.Stage.VEHICLES, t);
            // The islands are built inside find contacts (the contact runs are laid out by island):
            // their time is taken out of that stage's and shown as their own.
            long islandNanos = collector.findContacts();
            long now = System.nanoTime();
            profile.record(Profile.Stage.FIND_CONTACTS, now - t - islandNanos);
            profile.record(Profile.Stage.ISLANDS, islandNanos);
            t = now;
            solver.step(store, contacts, settings.gx, settings.gy, settings.gz, dt, settings.substeps,
                    islands.islandOf);
            stateCheck.checkState(clock.eventStep, true);
            jointLinks.breakJoints(dt / settings.substeps);
            jointLinks.reportStrain();
            t = lap(Profile.Stage.SOLVE, t);
            continuous.continuous(dt);
            t = lap(Profile.Stage.CONTINUOUS, t);
            // Characters move against the bodies where the solve left them (the colliders follow
            // first), and their pushes count for the sleep test that follows.
            if (characters.count() > 0) {
                poseUpdate.updatePoses();
                characters.update(dt, settings.gx, settings.gy, settings.gz);
            }
            t = lap(Profile.Stage.CHARACTERS, t);
            // Cloth and soft bodies meet the bodies where the solve left them; their impulses count for
            // the sleep test that follows.
            if (softBodies.count() > 0) {
                if (characters.count() == 0) {
                    poseUpdate.updatePoses();
                }
                softBodies.step(dt, settings.gx, settings.gy, settings.gz, clock.stepCount + 1);
            }
            t = lap(Profile.Stage.SOFT_BODIES, t);
            sleeping.sleep(dt);
            t = lap(Profile.Stage.SLEEP, t);
            pairEvents.reportPairs();
            // Bonds broke: the step is redone from its start with the clusters split, so that what
            // broke them meets the pieces (Fractures says why, and when a split waits instead: also
            // in worlds with characters, vehicles or soft bodies, whose own state the checkpoint does
            // not redo).
            if (fractures.count() > 0 && fractures.measure(dt, settings.gx, settings.gy, settings.gz,
                    characters.count() == 0 && vehicles.count() == 0 && softBodies.count() == 0)) {
                checkpoint.rollback();
                fractures.split();
                step(dt);
                return;
            }
        } catch (RuntimeException e) {
            checkpoint.rollback();
            softBodies.rollback();
            // The splits of the failed step's earlier passes stay (the world is back at the state they
            // were made in); the next step starts a fresh count of redos.
            if (fractures.count() > 0) {
                fractures.finishStep();
            }
            throw e;
        }
        checkpoint.commit();
        if (fractures.count() > 0) {
            fractures.finishStep();
        }
        softBodies.commit();
        store.clearForces();
        clock.stepCount = clock.eventStep;
        clock.time = clock.eventTime;
        clock.eventsOfLastStep = events.size();
        lap(Profile.Stage.EVENTS, t);
        profile.endStep();
    }

    /** Records the time since {@code start} for the stage; returns now. */
    private long lap(Profile.Stage stage, long start) {
        long now = System.nanoTime();
        profile.record(stage, now - start);
        return now;
    }
}
