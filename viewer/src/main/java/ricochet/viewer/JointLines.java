package ricochet.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyId;
import ricochet.world.Simulation;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * {@code GET /api/joints}: each joint's two anchor points, read from the engine's world as it is now
 * (scene joints, ragdoll joints; broken ones are gone), for the page's joint drawing. The page
 * moves each anchor with its body between fetches, so each is also given in its body's frame
 * ({@code local = q* (anchor - p) q}, p the body origin); a joint to the world has a world point
 * for its B side. The mouse spring is listed apart, under {@code drag}.
 */
final class JointLines {

    private final double[] state = new double[13];
    private final double[] anchors = new double[6];

    /** {@code point} (world) in the frame of body {@code b}: q* (point - p) q. */
    private Vec3 toLocal(Simulation sim, int b, Vec3 point) {
        sim.readState(b, state);
        Quat q = new Quat(state[3], state[4], state[5], state[6]);
        return q.conjugate().rotate(point.minus(new Vec3(state[0], state[1], state[2])));
    }

    /**
     * The joints now: per joint {@code name}, {@code type}, {@code bodyA}/{@code bodyB} (indices in
     * the simulation's body list, {@code bodyB} null for the world), {@code localA}/{@code localB}
     * (the anchor in each body's frame; {@code localB} is the world point for a joint to the world)
     * and {@code anchorA}/{@code anchorB} (both anchors in world space now, m). {@code drag} is the
     * mouse spring or null. The lab methods' world has no joints.
     */
    ObjectNode json(Simulation sim, MouseSpring drag) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode out = root.putArray("joints");
        if (sim instanceof WorldSimulation ws) {
            World world = ws.world();
            Map<BodyId, Integer> index = new HashMap<>();
            for (int i = 0; i < ws.bodyCount(); i++) {
                index.put(ws.id(i), i);
            }
            for (JointId id : world.joints()) {
                if (drag != null && id.equals(drag.joint())) {
                    continue;
                }
                Integer a = index.get(world.jointBodyA(id));
                BodyId bodyB = world.jointBodyB(id);
                Integer b = bodyB == null ? null : index.get(bodyB);
                if (a == null || bodyB != null && b == null) {
                    continue;
                }
                world.jointAnchors(id, anchors);
                Vec3 anchorA = new Vec3(anchors[0], anchors[1], anchors[2]);
                Vec3 anchorB = new Vec3(anchors[3], anchors[4], anchors[5]);
                ObjectNode o = out.addObject();
                o.put("name", world.jointName(id));
                o.put("type", world.jointType(id).key());
                o.put("bodyA", a);
                if (b == null) {
                    o.putNull("bodyB");
                } else {
                    o.put("bodyB", b);
                }
                vec(o.putArray("localA"), toLocal(sim, a, anchorA));
                vec(o.putArray("localB"), b == null ? anchorB : toLocal(sim, b, anchorB));
                vec(o.putArray("anchorA"), anchorA);
                vec(o.putArray("anchorB"), anchorB);
            }
        }
        root.set("drag", dragJson(sim, drag));
        return root;
    }

    /**
     * The mouse spring or null: {@code body} (name), {@code bodyIndex}, {@code local} (the grabbed
     * point in the body's frame), {@code anchor} (that point now) and {@code target} (the cursor's
     * point), world space, m; {@code gap} between them, m; the spring's {@code hertz},
     * {@code dampingRatio} and {@code maxForce} (N).
     */
    static ObjectNode dragJson(Simulation sim, MouseSpring drag) {
        if (drag == null) {
            return null;
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("body", sim.bodyName(drag.body()));
        o.put("bodyIndex", drag.body());
        vec(o.putArray("local"), drag.local());
        vec(o.putArray("anchor"), drag.anchor());
        vec(o.putArray("target"), drag.target());
        o.put("gap", drag.gap());
        o.put("hertz", MouseSpring.HERTZ);
        o.put("dampingRatio", MouseSpring.DAMPING_RATIO);
        o.put("maxForce", drag.maxForce());
        return o;
    }

    private static void vec(ArrayNode a, Vec3 v) {
        a.add(v.x()).add(v.y()).add(v.z());
    }
}
