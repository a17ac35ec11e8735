package ricochet.io.scene;

import ricochet.math.Vec3;

/**
 * A scene file's joint, validated (the joint solver comes with the joints issue).
 *
 * @param type fixed, ball, hinge, slider, distance, coneTwist or sixDof
 * @param bodyB the second body's name, or null for a joint to the world
 * @param anchor world anchor at creation, metres
 * @param axis unit world axis, or null where the type takes none
 * @param lowerLimit lower limit (radians or metres), or NaN when unlimited
 * @param upperLimit upper limit, or NaN when unlimited
 * @param collide whether the two bodies still collide
 */
public record JointSpec(String type, String bodyA, String bodyB, Vec3 anchor, Vec3 axis,
                        double lowerLimit, double upperLimit, boolean collide) {
}
