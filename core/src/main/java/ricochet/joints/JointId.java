package ricochet.joints;

/**
 * A handle to a joint: its slot and the slot's generation when the joint was added, so a handle to
 * a removed (or broken) joint is reported as stale rather than naming a later joint in its slot.
 *
 * @param index the slot, >= 0
 * @param generation the slot's generation when the joint was added
 */
public record JointId(int index, int generation) {
}
