package ricochet.character;

import ricochet.body.BodyId;
import ricochet.collision.ColliderHost;

/**
 * What a {@link Characters} needs from the world it lives in: the collision world it moves through
 * and the bodies behind its colliders. The world implements it; this package does not depend on the
 * world's.
 */
public interface CharacterHost extends ColliderHost {

    /** The velocity (m/s, world) of the world point (x, y, z) carried by the collider's body, into out[0..2]. */
    void pointVelocity(int collider, double x, double y, double z, double[] out);

    /**
     * The inverse of the body's effective mass at world point (x, y, z) along unit direction n,
     * {@code 1/m + (r x n) . I^-1 (r x n)}, 1/kg; 0 for bodies that are not dynamic.
     */
    double inverseMassAlong(int collider, double x, double y, double z, double nx, double ny, double nz);

    /** Applies an impulse (N s, world) at world point (x, y, z) to a dynamic body, waking it if {@code wake}. */
    void applyImpulse(int collider, double jx, double jy, double jz, double x, double y, double z, boolean wake);

    /** The handle of the collider's body. */
    BodyId bodyOf(int collider);

    /**
     * The handle of the body with this collider, found among all bodies (slower than {@link #bodyOf},
     * and right between steps too), or null when no body has it.
     */
    BodyId findBody(int collider);

    /**
     * The character in {@code slot} touched ground ({@code supported}, standing on {@code collider})
     * or left it ({@code collider} -1) in this update.
     */
    void supportChanged(int slot, boolean supported, int collider);
}
