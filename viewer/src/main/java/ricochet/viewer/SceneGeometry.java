package ricochet.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * {@code GET /api/scene}: what the page needs to draw the scene once, the bodies' shapes in their
 * own frames and the characters' capsules (the WebSocket then moves them). Shape fields keep the
 * scene file's names.
 */
final class SceneGeometry {

    private SceneGeometry() {
    }

    static ObjectNode json(Scene scene, SimulationHost host, String name) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("name", name);
        root.put("description", scene.description());
        root.put("dt", scene.settings().dt());
        root.put("substeps", scene.settings().substeps());
        root.put("lab", ricochet.scenes.WorldBuilder.usesLabMethods(scene));
        vec(root.putArray("gravity"), scene.settings().gravity());
        ArrayNode bodies = root.putArray("bodies");
        for (int b = 0; b < host.bodies().size(); b++) {
            BodySpec spec = host.bodies().get(b);
            ObjectNode o = bodies.addObject();
            o.put("name", spec.name());
            o.put("type", spec.type().key());
            o.put("method", spec.method());
            o.put("mass", host.mass(b));
            o.put("restitution", spec.restitution());
            o.put("friction", spec.friction());
            o.put("sensor", spec.sensor());
            o.set("shape", shape(spec.shape()));
        }
        // The frame gives each character's height now; these are the capsules it switches between.
        ArrayNode characters = root.putArray("characters");
        for (ricochet.io.scene.CharacterSpec c : scene.characters()) {
            characters.addObject().put("name", c.name()).put("radius", c.def().radius())
                    .put("height", c.def().height()).put("crouchHeight", c.def().effectiveCrouchHeight());
        }
        return root;
    }

    static ObjectNode shape(ShapeSpec s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("type", s.type());
        if (s instanceof ShapeSpec.Sphere sp) {
            o.put("radius", sp.radius());
        } else if (s instanceof ShapeSpec.Box box) {
            vec(o.putArray("halfExtents"), box.halfExtents());
        } else if (s instanceof ShapeSpec.Capsule c) {
            o.put("radius", c.radius());
            o.put("halfHeight", c.halfHeight());
        } else if (s instanceof ShapeSpec.Cylinder c) {
            o.put("radius", c.radius());
            o.put("halfHeight", c.halfHeight());
        } else if (s instanceof ShapeSpec.ConvexHull h) {
            ArrayNode a = o.putArray("points");
            for (Vec3 p : h.points()) {
                vec(a, p);
            }
        } else if (s instanceof ShapeSpec.Mesh m) {
            ArrayNode v = o.putArray("vertices");
            for (double x : m.mesh().vertices()) {
                v.add((float) x);
            }
            ArrayNode t = o.putArray("triangles");
            for (int i : m.mesh().triangles()) {
                t.add(i);
            }
        } else if (s instanceof ShapeSpec.Plane p) {
            vec(o.putArray("normal"), p.normal());
            o.put("offset", p.offset());
        } else if (s instanceof ShapeSpec.Heightfield h) {
            o.put("spacingX", h.spacingX());
            o.put("spacingZ", h.spacingZ());
            ArrayNode rows = o.putArray("heights");
            for (double[] row : h.heights()) {
                ArrayNode r = rows.addArray();
                for (double y : row) {
                    r.add(y);
                }
            }
        } else if (s instanceof ShapeSpec.Compound c) {
            ArrayNode children = o.putArray("children");
            for (ShapeSpec.Child child : c.children()) {
                ObjectNode co = children.addObject();
                co.set("shape", shape(child.shape()));
                vec(co.putArray("position"), child.position());
                Quat q = child.orientation();
                co.putArray("orientation").add(q.x()).add(q.y()).add(q.z()).add(q.w());
            }
        }
        return o;
    }

    private static void vec(ArrayNode a, Vec3 v) {
        a.add(v.x()).add(v.y()).add(v.z());
    }
}
