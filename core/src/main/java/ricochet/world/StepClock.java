package ricochet.world;

/**
 * The world's count of steps and time, and the stamp the step in progress puts on its events: read
 * by every stage that records an event, written by {@link WorldStep} and put back by
 * {@link StepCheckpoint} and the snapshot.
 */
final class StepClock {

    /** Steps taken. */
    long stepCount;
    /** Simulated seconds: the sum of the steps' dt. */
    double time;
    /** The dt of the step in progress, or of the last one between steps (0 before the first). */
    double stepDt;
    /** The step and time events are stamped with: the step being taken, or the last one between steps. */
    long eventStep;
    double eventTime;
    /** Events in the buffer when the last step ended: the next step drops them. */
    int eventsOfLastStep;
}
