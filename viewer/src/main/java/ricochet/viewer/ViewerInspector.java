package ricochet.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import ricochet.body.BodyId;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.lab.LabWorld;
import ricochet.world.ContactPoints;
import ricochet.world.Profile;
import ricochet.world.Simulation;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * The panel's inspector of one body ({@code GET /api/inspect?body=NAME}) and its timing table
 * ({@code GET /api/profile}): what the simulation holds now, read under {@link SimulationHost}'s lock.
 */
final class ViewerInspector {

    private ViewerInspector() {
    }

    /**
     * Body {@code b} now: {@code name}, {@code type}, {@code mass} (kg, 0 for static), {@code position}
     * (m) and {@code orientation} (x, y, z, w), {@code velocity} (m/s) and {@code angularVelocity}
     * (rad/s), world frame; {@code sleeping}; and for the engine's world {@code contacts} (points
     * of the last step within touching distance, separation <= 0), {@code speculative} (those still
     * apart) and {@code normalImpulse} (N s, summed over its points in the last step). The lab world
     * has no contact list: those three are null there.
     */
    static ObjectNode body(Simulation sim, List<BodySpec> specs, int b, double mass) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        double[] s = new double[13];
        sim.readState(b, s);
        o.put("name", sim.bodyName(b));
        o.put("type", specs.get(b).type().key());
        o.put("mass", mass);
        put(o.putArray("position"), s, 0, 3);
        put(o.putArray("orientation"), s, 3, 4);
        put(o.putArray("velocity"), s, 7, 3);
        put(o.putArray("angularVelocity"), s, 10, 3);
        o.put("sleeping", specs.get(b).type() != BodyType.STATIC && sim.isSleeping(b));
        o.put("step", sim.stepCount());
        if (sim instanceof WorldSimulation w) {
            BodyId id = w.id(b);
            ContactPoints c = w.world().contactPoints();
            int touching = 0;
            int speculative = 0;
            double impulse = 0;
            for (int k = 0; k < c.count(); k++) {
                if (!id.equals(c.bodyA(k)) && !id.equals(c.bodyB(k))) {
                    continue;
                }
                if (c.separation(k) <= 0) {
                    touching++;
                } else {
                    speculative++;
                }
                impulse += c.normalImpulse(k);
            }
            o.put("contacts", touching);
            o.put("speculative", speculative);
            o.put("normalImpulse", impulse);
        } else {
            o.putNull("contacts");
            o.putNull("speculative");
            o.putNull("normalImpulse");
        }
        return o;
    }

    private static void put(ArrayNode a, double[] s, int from, int count) {
        for (int i = from; i < from + count; i++) {
            a.add(s[i]);
        }
    }

    /**
     * The engine's profile by stage: per stage its {@code name}, {@code lastMs} (the last step) and
     * {@code meanMs} (mean over the steps since the world was built), then both totals, the
     * {@code steps} profiled and the world's {@code threads}. Wall time, a debugging aid. The lab
     * world has no profile: {@code stages} is empty and {@code unavailable} says why.
     */
    static ObjectNode profile(Simulation sim) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode stages = o.putArray("stages");
        if (!(sim instanceof WorldSimulation w)) {
            o.put("unavailable", sim instanceof LabWorld ? "the lab methods' world is not profiled by stage"
                    : "this simulation is not profiled");
            return o;
        }
        World world = w.world();
        Profile p = world.profile();
        double last = 0;
        double mean = 0;
        for (Profile.Stage stage : Profile.Stage.values()) {
            ObjectNode s = stages.addObject();
            double ms = p.nanos(stage) / 1e6;
            s.put("name", stage.label());
            s.put("lastMs", ms);
            s.put("meanMs", p.meanMillis(stage));
            last += ms;
            mean += p.meanMillis(stage);
        }
        o.put("lastMs", last);
        o.put("meanMs", mean);
        o.put("steps", p.steps());
        o.put("threads", world.threads());
        return o;
    }
}
