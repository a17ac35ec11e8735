package ricochet.body;

/**
 * A handle to a body: the slot it occupies and the generation of that slot when the body was
 * added. Removing the body bumps the slot's generation, so an old handle is reported as stale
 * instead of silently naming whichever body reuses the slot (Box2D {@code id.h}, Jolt
 * {@code BodyID.h}).
 *
 * @param index the slot, >= 0; not the body's position in any array
 * @param generation the slot's generation when the body was added
 */
public record BodyId(int index, int generation) {
}
