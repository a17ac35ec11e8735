package ricochet.scenes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpecs;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * Every body a simulation lists, as a scene file would describe it, for the outputs that draw them
 * (glTF, the viewer): the scene's own bodies under their names, and each body the world made beyond
 * them (a ragdoll's parts, a vehicle's chassis, a fractured body's pieces) from its shape in the
 * world, placed where it is now.
 */
public final class SimulationBodies {

    private SimulationBodies() {
    }

    /**
     * One spec per body of {@code sim}, in its order.
     *
     * @throws IllegalArgumentException for a body that is neither the scene's nor one a world made
     */
    public static List<BodySpec> specs(Scene scene, Simulation sim) {
        Map<String, BodySpec> byName = new HashMap<>();
        for (BodySpec b : scene.bodies()) {
            byName.put(b.name(), b);
        }
        double[] state = new double[13];
        List<BodySpec> out = new ArrayList<>(sim.bodyCount());
        for (int b = 0; b < sim.bodyCount(); b++) {
            String name = sim.bodyName(b);
            BodySpec spec = byName.get(name);
            if (spec == null) {
                if (!(sim instanceof WorldSimulation ws)) {
                    throw new IllegalArgumentException("body '" + name + "' is not one of the scene's");
                }
                sim.readState(b, state);
                BodyType type = BodyType.values()[ws.type(b).ordinal()];
                spec = new BodySpec(name, type, ShapeSpecs.of(ws.shape(b)), new Vec3(state[0], state[1], state[2]),
                        new Quat(state[3], state[4], state[5], state[6]), Vec3.ZERO, Vec3.ZERO, ws.world().mass(ws.id(b)),
                        Double.NaN, ws.world().friction(ws.id(b)), ws.world().restitution(ws.id(b)), false, false, 0, 0,
                        1, BodySpec.SOLVER, null);
            }
            out.add(spec);
        }
        return List.copyOf(out);
    }
}
