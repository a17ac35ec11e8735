package ricochet.character;

/**
 * Everything needed to add a character, with defaults: start from {@link #defaults(String)} and
 * change fields with the {@code with...} methods. A character is a capsule standing along the world's
 * y axis; its position is the capsule's centre.
 *
 * @param name what events, errors and outputs call it
 * @param radius the capsule's radius, m
 * @param height the whole capsule, caps included, m (at least {@code 2 radius})
 * @param mass kg: the weight it presses what it stands on with ({@code m g})
 * @param maxSlope degrees from horizontal, 0 to 90: ground up to this steep is walkable; steeper
 *     ground is a wall to walk against and a slope to slide down
 * @param stepHeight m: the highest ledge it steps up, and the deepest drop it follows down (snap)
 * @param skin m: the gap it keeps from everything it touches; contacts within it count as touching
 * @param maxPushForce N: the most it pushes a dynamic body with (an impulse of at most this times dt)
 * @param crouchHeight the whole capsule while crouching, m; NaN for {@code height / 2 + radius}
 */
public record CharacterDef(String name, double radius, double height, double mass, double maxSlope,
                           double stepHeight, double skin, double maxPushForce, double crouchHeight) {

    /** A 0.3 m by 1.8 m, 70 kg character that walks up to 45 degrees and steps 0.35 m. */
    public static CharacterDef defaults(String name) {
        return new CharacterDef(name, 0.3, 1.8, 70, 45, 0.35, 0.02, 100, Double.NaN);
    }

    public CharacterDef withName(String n) {
        return new CharacterDef(n, radius, height, mass, maxSlope, stepHeight, skin, maxPushForce, crouchHeight);
    }

    public CharacterDef withRadius(double r) {
        return new CharacterDef(name, r, height, mass, maxSlope, stepHeight, skin, maxPushForce, crouchHeight);
    }

    public CharacterDef withHeight(double h) {
        return new CharacterDef(name, radius, h, mass, maxSlope, stepHeight, skin, maxPushForce, crouchHeight);
    }

    public CharacterDef withMass(double m) {
        return new CharacterDef(name, radius, height, m, maxSlope, stepHeight, skin, maxPushForce, crouchHeight);
    }

    public CharacterDef withMaxSlope(double degrees) {
        return new CharacterDef(name, radius, height, mass, degrees, stepHeight, skin, maxPushForce,
                crouchHeight);
    }

    public CharacterDef withStepHeight(double h) {
        return new CharacterDef(name, radius, height, mass, maxSlope, h, skin, maxPushForce, crouchHeight);
    }

    public CharacterDef withSkin(double s) {
        return new CharacterDef(name, radius, height, mass, maxSlope, stepHeight, s, maxPushForce, crouchHeight);
    }

    public CharacterDef withMaxPushForce(double f) {
        return new CharacterDef(name, radius, height, mass, maxSlope, stepHeight, skin, f, crouchHeight);
    }

    public CharacterDef withCrouchHeight(double h) {
        return new CharacterDef(name, radius, height, mass, maxSlope, stepHeight, skin, maxPushForce, h);
    }

    /** The crouching capsule's whole height, m: {@link #crouchHeight} or its default. */
    public double effectiveCrouchHeight() {
        return Double.isNaN(crouchHeight) ? height / 2 + radius : crouchHeight;
    }

    /**
     * Checks every field.
     *
     * @throws IllegalArgumentException naming the character, the field and its value
     */
    public CharacterDef validate() {
        String who = "character '" + name + "': ";
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("character: name must not be empty");
        }
        positive(who, "radius", radius);
        positive(who, "height", height);
        if (!(height >= 2 * radius)) {
            throw new IllegalArgumentException(who + "height must be >= 2 x radius (" + 2 * radius + "), got "
                    + height);
        }
        positive(who, "mass", mass);
        if (!(maxSlope >= 0 && maxSlope <= 90)) {
            throw new IllegalArgumentException(who + "maxSlope must be in 0..90 degrees, got " + maxSlope);
        }
        nonNegative(who, "stepHeight", stepHeight);
        positive(who, "skin", skin);
        if (!(skin < radius)) {
            throw new IllegalArgumentException(who + "skin must be < radius (" + radius + "), got " + skin);
        }
        nonNegative(who, "maxPushForce", maxPushForce);
        double c = effectiveCrouchHeight();
        if (!(c >= 2 * radius && c <= height)) {
            throw new IllegalArgumentException(who + "crouchHeight must be in 2 x radius .. height (" + 2 * radius
                    + " .. " + height + "), got " + c);
        }
        return this;
    }

    private static void positive(String who, String field, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(who + field + " must be > 0, got " + v);
        }
    }

    private static void nonNegative(String who, String field, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(who + field + " must be >= 0, got " + v);
        }
    }
}
