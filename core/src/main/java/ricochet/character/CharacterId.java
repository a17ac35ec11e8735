package ricochet.character;

/**
 * A handle to a character of a world: its slot and the slot's generation, so a handle kept past
 * its character's removal is refused rather than taken for the slot's next character.
 */
public record CharacterId(int index, int generation) {
}
