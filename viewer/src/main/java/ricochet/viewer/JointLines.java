package ricochet.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.JointSpec;
import ricochet.io.scene.Scene;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Simulation;

/**
 * {@code GET /api/joints}: each joint's two anchor points, for the page's joint drawing. A joint
 * keeps its anchor fixed in each body's frame from the pose at creation (see
 * {@code ricochet.joints.JointDef}), so the viewer stores the scene's anchors in the bodies' frames
 * once and moves them with the bodies: {@code anchor = p + q local q*}. A joint to the world has a
 * world point for its B side. The mouse spring is listed apart, under {@code drag}.
 */
final class JointLines {

    /** One scene joint: body indices ({@code b} -1 for the world) and the anchor in each frame. */
    private record Line(String label, String type, int a, Vec3 localA, int b, Vec3 localB) {
    }

    private final List<Line> lines = new ArrayList<>();
    private final double[] state = new double[13];

    /** Anchors of {@code scene}'s joints in the frames of its bodies as {@code sim} holds them at creation. */
    JointLines(Scene scene, Simulation sim) {
        List<JointSpec> joints = scene.joints();
        for (int i = 0; i < joints.size(); i++) {
            JointSpec j = joints.get(i);
            int a = indexOf(scene, j.bodyA());
            int b = j.bodyB() == null ? -1 : indexOf(scene, j.bodyB());
            if (a < 0 || (j.bodyB() != null && b < 0)) {
                continue;
            }
            lines.add(new Line("joints[" + i + "]", j.type(), a, toLocal(sim, a, j.anchor()), b,
                    b < 0 ? j.anchor() : toLocal(sim, b, j.anchor())));
        }
    }

    private static int indexOf(Scene scene, String name) {
        List<BodySpec> bodies = scene.bodies();
        for (int i = 0; i < bodies.size(); i++) {
            if (bodies.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code point} (world) in the frame of body {@code b}: q* (point - p) q. */
    private Vec3 toLocal(Simulation sim, int b, Vec3 point) {
        sim.readState(b, state);
        Quat q = new Quat(state[3], state[4], state[5], state[6]);
        return q.conjugate().rotate(point.minus(new Vec3(state[0], state[1], state[2])));
    }

    /** {@code local} in the frame of body {@code b} as a world point now: p + q local q*. */
    Vec3 toWorld(Simulation sim, int b, Vec3 local) {
        sim.readState(b, state);
        Quat q = new Quat(state[3], state[4], state[5], state[6]);
        return new Vec3(state[0], state[1], state[2]).plus(q.rotate(local));
    }

    /**
     * The joints now: per joint {@code name}, {@code type}, {@code bodyA}/{@code bodyB} (indices in
     * the scene's body list, {@code bodyB} null for the world), {@code localA}/{@code localB} (the
     * anchor in each body's frame; {@code localB} is the world point for a joint to the world) and
     * {@code anchorA}/{@code anchorB} (both anchors in world space now, m). {@code drag} is the
     * mouse spring or null.
     */
    ObjectNode json(Simulation sim, MouseSpring drag) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode out = root.putArray("joints");
        for (Line l : lines) {
            ObjectNode o = out.addObject();
            o.put("name", l.label);
            o.put("type", l.type);
            o.put("bodyA", l.a);
            if (l.b < 0) {
                o.putNull("bodyB");
            } else {
                o.put("bodyB", l.b);
            }
            vec(o.putArray("localA"), l.localA);
            vec(o.putArray("localB"), l.localB);
            vec(o.putArray("anchorA"), toWorld(sim, l.a, l.localA));
            vec(o.putArray("anchorB"), l.b < 0 ? l.localB : toWorld(sim, l.b, l.localB));
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
