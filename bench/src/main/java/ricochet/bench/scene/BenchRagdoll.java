package ricochet.bench.scene;

import java.util.List;

/**
 * One ragdoll of the {@code ragdolls} scene: 11 capsules (pelvis, torso, head, upper arms, forearms,
 * thighs, shins) and 10 joints, ball joints at the spine, neck, shoulders and hips and hinges at the
 * elbows and knees limited to {@link #BEND} either way. Parts are given standing in a T-pose, the
 * pelvis centre at the origin, y up; {@link #add} turns and places a copy. Every part has density
 * {@link BenchScenes#DENSITY}: the ragdoll weighs about 150 kg (a heavy one; the mass only scales the
 * forces, every engine sees the same).
 */
final class BenchRagdoll {

    /** The elbows' and knees' limit either way, rad. */
    static final double BEND = 1.2;

    /** A capsule part: radius, half height, centre, and whether its axis lies along x (else y). */
    private record Part(double radius, double halfHeight, double x, double y, double z, boolean alongX) {
    }

    /** Anchor of a joint between parts {@code a} and {@code b}; {@code axis} null for a ball joint. */
    private record Link(int a, int b, double x, double y, double z, double[] axis) {
    }

    // Each joint's anchor sits in the gap between the two capsules' ends (1-3 cm; the shoulders 5 cm).
    private static final List<Part> PARTS = List.of(
            new Part(0.12, 0.06, 0, 0, 0, false),          // 0 pelvis, y -0.18 .. 0.18
            new Part(0.14, 0.14, 0, 0.48, 0, false),       // 1 torso, 0.20 .. 0.76
            new Part(0.10, 0.03, 0, 0.91, 0, false),       // 2 head, 0.78 .. 1.04
            new Part(0.06, 0.12, 0.38, 0.64, 0, true),     // 3 right upper arm, x 0.20 .. 0.56
            new Part(0.06, 0.12, -0.38, 0.64, 0, true),    // 4 left upper arm
            new Part(0.05, 0.13, 0.77, 0.64, 0, true),     // 5 right forearm, x 0.59 .. 0.95
            new Part(0.05, 0.13, -0.77, 0.64, 0, true),    // 6 left forearm
            new Part(0.08, 0.14, 0.1, -0.42, 0, false),    // 7 right thigh, y -0.64 .. -0.20
            new Part(0.08, 0.14, -0.1, -0.42, 0, false),   // 8 left thigh
            new Part(0.06, 0.16, 0.1, -0.88, 0, false),    // 9 right shin, -1.10 .. -0.66
            new Part(0.06, 0.16, -0.1, -0.88, 0, false));  // 10 left shin

    private static final double[] Z = {0, 0, 1};
    private static final double[] X = {1, 0, 0};

    private static final List<Link> LINKS = List.of(
            new Link(0, 1, 0, 0.19, 0, null),               // spine
            new Link(1, 2, 0, 0.77, 0, null),               // neck
            new Link(1, 3, 0.19, 0.64, 0, null),            // shoulders
            new Link(1, 4, -0.19, 0.64, 0, null),
            new Link(3, 5, 0.575, 0.64, 0, Z),              // elbows bend in the arms' vertical plane
            new Link(4, 6, -0.575, 0.64, 0, Z),
            new Link(0, 7, 0.1, -0.19, 0, null),            // hips
            new Link(0, 8, -0.1, -0.19, 0, null),
            new Link(7, 9, 0.1, -0.65, 0, X),               // knees bend forwards and back
            new Link(8, 10, -0.1, -0.65, 0, X));

    static final int PARTS_PER_RAGDOLL = PARTS.size();
    static final int JOINTS_PER_RAGDOLL = LINKS.size();
    /** Standing extent from the pelvis centre, m: feet at -1.10, head top at 1.04, hands at +-0.95. */
    static final double LOW = -1.10, HIGH = 1.04, HALF_SPAN = 0.95;

    private BenchRagdoll() {
    }

    /**
     * Appends one ragdoll's parts to {@code bodies} and its joints to {@code joints}: the standing
     * ragdoll turned by the unit quaternion {@code turn = (qx, qy, qz, qw)}, its pelvis centre at
     * {@code (px, py, pz)}.
     */
    static void add(List<BenchBody> bodies, List<BenchJoint> joints, double px, double py, double pz,
                    double[] turn) {
        int first = bodies.size();
        // A quarter turn about z lays a capsule's y axis along x.
        double s = Math.sqrt(0.5);
        double[] alongX = {0, 0, s, s};
        double[] none = {0, 0, 0, 1};
        for (Part p : PARTS) {
            double[] c = Quats.rotate(turn, p.x, p.y, p.z);
            double[] q = Quats.multiply(turn, p.alongX ? alongX : none);
            bodies.add(new BenchBody(new BenchShape.Capsule(p.radius, p.halfHeight), true,
                    px + c[0], py + c[1], pz + c[2], q[0], q[1], q[2], q[3], BenchScenes.DENSITY));
        }
        for (Link l : LINKS) {
            double[] c = Quats.rotate(turn, l.x, l.y, l.z);
            if (l.axis == null) {
                joints.add(BenchJoint.ball(first + l.a, first + l.b, px + c[0], py + c[1], pz + c[2]));
            } else {
                double[] axis = Quats.rotate(turn, l.axis[0], l.axis[1], l.axis[2]);
                joints.add(BenchJoint.hinge(first + l.a, first + l.b, px + c[0], py + c[1], pz + c[2],
                        axis[0], axis[1], axis[2], BEND));
            }
        }
    }
}
