package ricochet.character;

/** What a character stands on after its last update. */
public enum GroundState {
    /** On ground no steeper than its max slope: it walks, does not fall, and may jump. */
    GROUNDED,
    /** Only on ground steeper than its max slope: it slides down under gravity and cannot walk up. */
    SLIDING,
    /** Touching no ground: gravity acts. */
    AIRBORNE
}
