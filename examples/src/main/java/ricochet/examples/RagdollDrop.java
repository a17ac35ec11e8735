package ricochet.examples;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;
import ricochet.world.World;

/**
 * An eleven-capsule ragdoll dropped from 1 m, lying face down, onto the ground: it lands, its joints
 * hold it together and it settles.
 */
public final class RagdollDrop {

    /**
     * What the drop did: the energy (kinetic + potential, J) at the start and the most it reached, the
     * kinetic energy at the end, the lowest centre of any part (m) and the widest joint gap at the end (m).
     */
    public record Result(int parts, double startEnergy, double maxEnergy, double endKineticEnergy,
                         double lowestCentre, double endJointGap) {
    }

    public static Result run(double seconds) {
        try (World world = new World(new Vec3(0, -9.81, 0))) {
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                    new BoxShape(10, 0.5, 10), 0.6, 0);
            // Face down (rotated a quarter turn about x), its pelvis 1 m up; 1000 kg/m^3, friction 0.6.
            Quat faceDown = Quat.fromAxisAngle(Vec3.UNIT_X, Math.PI / 2);
            Ragdoll doll = Ragdoll.add(world, "doll", new Vec3(0, 1, 0), faceDown, Vec3.ZERO, 1000, 0.6);

            double startEnergy = world.kineticEnergy() + world.potentialEnergy();
            double maxEnergy = startEnergy;
            double lowest = Double.POSITIVE_INFINITY;
            double dt = 1.0 / 60;
            int steps = (int) Math.round(seconds / dt);
            for (int i = 0; i < steps; i++) {
                world.step(dt);
                maxEnergy = Math.max(maxEnergy, world.kineticEnergy() + world.potentialEnergy());
                for (BodyId part : doll.bodies()) {
                    lowest = Math.min(lowest, world.centerOfMass(part).y());
                }
            }
            double gap = 0;
            for (JointId joint : doll.joints()) {
                gap = Math.max(gap, world.jointGap(joint));
            }
            return new Result(doll.bodies().size(), startEnergy, maxEnergy, world.kineticEnergy(), lowest,
                    gap);
        }
    }

    public static void main(String[] args) {
        Result r = run(4);
        System.out.printf("%d parts; energy %.1f J at the start, at most %.1f J; kinetic %.4f J after 4 s;%n"
                + "lowest part centre %.3f m; widest joint gap %.2f mm%n", r.parts(), r.startEnergy(),
                r.maxEnergy(), r.endKineticEnergy(), r.lowestCentre(), 1000 * r.endJointGap());
    }

    private RagdollDrop() {
    }
}
