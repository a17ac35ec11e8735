package ricochet.io.trajectory;

import java.util.List;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * The trajectory rows of a simulation's cloths and soft bodies, one per body per frame, laid out as
 * {@link Simulation#readState}: the centre of mass (world, m), orientation (0, 0, 0, 1), the mean
 * velocity (momentum over mass, m/s) and angular velocity 0. A lab world has none.
 */
public final class SoftRows {

    private SoftRows() {
    }

    /** The world's cloths and soft bodies, or null for a lab world. */
    public static SoftBodies of(Simulation sim) {
        return sim instanceof WorldSimulation w ? w.world().softBodies() : null;
    }

    /** The live cloths and soft bodies in step order (the order of their rows). */
    public static List<SoftId> ids(Simulation sim) {
        SoftBodies soft = of(sim);
        return soft == null || soft.count() == 0 ? List.of() : soft.ids();
    }

    /** Body {@code id}'s row into {@code out[0..12]}. */
    public static void read(SoftBodies soft, SoftId id, double[] out) {
        Simulation.unturnedState(soft.centreOfMass(id), soft.meanVelocity(id), out);
    }
}
