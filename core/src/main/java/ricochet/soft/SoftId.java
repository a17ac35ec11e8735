package ricochet.soft;

/**
 * A handle to a cloth or soft body of a world: its slot and the slot's generation, so a handle kept
 * past its body's removal is refused rather than taken for the slot's next body.
 */
public record SoftId(int index, int generation) {
}
