package ricochet.collision;

/**
 * What a stage that moves things against the world's colliders (characters, wheels, particles)
 * needs to know of the bodies behind them: the collision world and each collider's kind of motion.
 * The world implements it; the stages do not depend on the world's package.
 */
public interface ColliderHost {

    /** A collider the stage passes through (a sensor); {@code STATIC}..{@code DYNAMIC} otherwise. */
    int IGNORED = -1;
    int STATIC = 0;
    int KINEMATIC = 1;
    int DYNAMIC = 2;

    CollisionWorld collision();

    /** {@link #STATIC}, {@link #KINEMATIC}, {@link #DYNAMIC}, or {@link #IGNORED} (sensors). */
    int motionType(int collider);
}
