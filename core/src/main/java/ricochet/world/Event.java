package ricochet.world;

/**
 * Something that happened during a step, as {@code run --events} writes it ({@code docs/command-line.md}).
 *
 * @param step the step during which it happened (1 for the first step)
 * @param time simulated seconds at the end of that step
 * @param a the first body's name (a character's, for {@code grounded} and {@code airborne}; a wheel's,
 *     {@code VEHICLE.wheelI}, for {@code wheelContact} and {@code wheelAirborne})
 * @param b the second body's name, or null for single-body events (sleep, wake) and joints to the world
 */
public record Event(long step, double time, Type type, String a, String b) {

    /** The event types, with their names in the events file. */
    public enum Type {
        CONTACT_BEGIN("contactBegin"), CONTACT_END("contactEnd"), SENSOR_ENTER("sensorEnter"),
        SENSOR_EXIT("sensorExit"), SLEEP("sleep"), WAKE("wake"),
        /** A breakable joint broke and was removed ({@code b} null when it held A to the world). */
        JOINT_BREAK("jointBreak"),
        /** A character touched ground after being airborne ({@code b} the body stood on). */
        GROUNDED("grounded"),
        /** A character left the ground ({@code b} null). */
        AIRBORNE("airborne"),
        /** A fractured body's bond broke: {@code a} and {@code b} its two pieces ({@code b} null for a world bond). */
        BREAK("break"),
        /** A vehicle's wheel found ground within its travel after being airborne ({@code b} the body under it). */
        WHEEL_CONTACT("wheelContact"),
        /** A vehicle's wheel lost the ground ({@code b} null). */
        WHEEL_AIRBORNE("wheelAirborne"),
        /**
         * A joint's anchors ended a step more than 5 cm apart after being within it: the joint is no
         * longer held ({@code b} null when it holds A to the world). It stays and keeps pulling.
         */
        JOINT_STRAIN("jointStrain");

        private final String key;

        Type(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
