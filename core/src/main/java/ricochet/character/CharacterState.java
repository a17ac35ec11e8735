package ricochet.character;

import ricochet.body.BodyId;
import ricochet.geometry.shape.CapsuleShape;

/**
 * One character's state between steps. The table holds one per slot, made when the character is
 * added; a step only writes its fields.
 */
final class CharacterState {

    CharacterDef def;
    int generation;
    boolean live;
    CapsuleShape standing, crouched;
    boolean crouching;
    /** cos(maxSlope): a ground normal with ny at least this is walkable. */
    double cosMaxSlope;

    /** The capsule's centre, world, m. */
    double px, py, pz;
    /** Its velocity over the last step, world, m/s. */
    double vx, vy, vz;
    /** Its own vertical speed (gravity, jumps), m/s, apart from what its ground carries. */
    double ownVy;

    // The user's input: wanted horizontal velocity (m/s, world), a pending jump speed (m/s, 0 for
    // none) and whether it wants to crouch.
    double wishX, wishZ, jump;
    boolean wantCrouch;

    GroundState ground = GroundState.AIRBORNE;
    double groundNx, groundNy = 1, groundNz;
    int groundCollider = -1;
    BodyId groundBody;
    double groundPointX, groundPointY, groundPointZ;
    double groundVx, groundVy, groundVz;
    /** The centre in the ground body's frame at the end of the last step, to carry it along. */
    double carryX, carryY, carryZ;

    /** Makes this state equal to {@code o}'s (the def and shapes shared, not copied). */
    void copyFrom(CharacterState o) {
        def = o.def;
        generation = o.generation;
        live = o.live;
        standing = o.standing;
        crouched = o.crouched;
        crouching = o.crouching;
        cosMaxSlope = o.cosMaxSlope;
        px = o.px;
        py = o.py;
        pz = o.pz;
        vx = o.vx;
        vy = o.vy;
        vz = o.vz;
        ownVy = o.ownVy;
        wishX = o.wishX;
        wishZ = o.wishZ;
        jump = o.jump;
        wantCrouch = o.wantCrouch;
        ground = o.ground;
        groundNx = o.groundNx;
        groundNy = o.groundNy;
        groundNz = o.groundNz;
        groundCollider = o.groundCollider;
        groundBody = o.groundBody;
        groundPointX = o.groundPointX;
        groundPointY = o.groundPointY;
        groundPointZ = o.groundPointZ;
        groundVx = o.groundVx;
        groundVy = o.groundVy;
        groundVz = o.groundVz;
        carryX = o.carryX;
        carryY = o.carryY;
        carryZ = o.carryZ;
    }

    CapsuleShape shape() {
        return crouching ? crouched : standing;
    }

    /** Half the segment plus the radius: from the centre to the bottom of the capsule, m. */
    double halfHeight() {
        CapsuleShape s = shape();
        return s.halfHeight() + s.radius();
    }
}
