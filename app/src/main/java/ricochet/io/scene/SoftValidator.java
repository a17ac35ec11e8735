package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.soft.ClothDef;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftBodyDef;
import ricochet.soft.SoftShape;

/**
 * The {@code "cloths"} and {@code "softBodies"} entries of a scene file. A cloth needs {@code name},
 * {@code size} and {@code resolution}; a soft body {@code name} and {@code shape}; every other key
 * has the default of {@link ClothDef#defaults} or {@link SoftBodyDef#defaults}, except a cloth's mass,
 * which defaults to 0.15 kg/m^2 (a light cotton) times its area. Every problem is reported with its
 * JSON path.
 */
final class SoftValidator {

    static final List<String> CLOTH_KEYS = List.of("name", "position", "orientation", "size", "resolution", "mass",
            "stretchCompliance", "bendCompliance", "thickness", "friction", "pins", "selfCollision",
            "longRangeAttachments", "attachments", "integrator");
    static final List<String> ATTACHMENT_KEYS = List.of("particle", "body", "anchor");
    static final List<String> SOFT_BODY_KEYS = List.of("name", "shape", "resolution", "position", "orientation",
            "density", "edgeCompliance", "volumeCompliance", "pressure", "friction", "thickness", "integrator",
            "model", "clusterStiffness", "clusterSize");
    static final List<String> SOFT_MODELS = List.of("tetrahedra", "clusters");
    static final List<String> SOFT_SHAPES = List.of("box", "sphere", "mesh");

    /** kg/m^2 of a cloth that gives no mass: a light cotton. */
    static final double CLOTH_AREAL_DENSITY = 0.15;

    private final JsonChecks in;
    private final ShapeValidator shapes;

    SoftValidator(JsonChecks in, ShapeValidator shapes) {
        this.in = in;
        this.shapes = shapes;
    }

    /** One cloth, or null when it has a problem (reported); its name joins {@code names}. */
    ClothSpec cloth(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, CLOTH_KEYS);
        String name = name(o, path, names, "cloth");
        ClothDef d = ClothDef.defaults(name);
        Vec3 position = in.vector(o, path, "position", d.position());
        Quat orientation = in.orientation(o, path, "orientation", d.orientation());
        JsonNode sizeNode = in.require(o, path, "size");
        double[] size = sizeNode == null ? null
                : in.numbers(sizeNode, JsonChecks.key(path, "size"), 2, "a size [x, y]", Range.POSITIVE);
        JsonNode resNode = in.require(o, path, "resolution");
        int[] res = resNode == null ? null : pair(resNode, JsonChecks.key(path, "resolution"), 1, 1 << 20);
        if (res != null && (long) (res[0] + 1) * (res[1] + 1) > SoftBodies.MAX_PARTICLES) {
            in.report(JsonChecks.key(path, "resolution"), "resolution [" + res[0] + ", " + res[1] + "] gives "
                    + (long) (res[0] + 1) * (res[1] + 1) + " particles; at most " + SoftBodies.MAX_PARTICLES);
            res = null;
        }
        double defaultMass = size == null ? d.mass() : CLOTH_AREAL_DENSITY * size[0] * size[1];
        double mass = in.number(o, path, "mass", defaultMass, Range.POSITIVE);
        double stretch = in.number(o, path, "stretchCompliance", d.stretchCompliance(), Range.NON_NEGATIVE);
        double bend = in.number(o, path, "bendCompliance", d.bendCompliance(), Range.NON_NEGATIVE);
        double thickness = in.number(o, path, "thickness", d.thickness(), Range.POSITIVE);
        double friction = in.number(o, path, "friction", d.friction(), Range.NON_NEGATIVE);
        boolean self = in.bool(o, path, "selfCollision", d.selfCollision());
        boolean longRange = in.bool(o, path, "longRangeAttachments", d.longRangeAttachments());
        String integrator = in.choice(o, path, "integrator", d.integrator().key(), IntegrationRule.keys());
        List<ClothDef.Pin> pins = new ArrayList<>();
        JsonNode pinsNode = o.get("pins");
        String pinsPath = JsonChecks.key(path, "pins");
        ArrayNode pinArray = pinsNode == null ? null : in.array(pinsNode, pinsPath);
        if (pinArray != null) {
            for (int k = 0; k < pinArray.size(); k++) {
                int[] ij = particle(pinArray.get(k), JsonChecks.index(pinsPath, k), res);
                if (ij != null) {
                    pins.add(new ClothDef.Pin(ij[0], ij[1]));
                }
            }
        }
        List<ClothSpec.Attachment> attachments = new ArrayList<>();
        JsonNode attNode = o.get("attachments");
        String attPath = JsonChecks.key(path, "attachments");
        ArrayNode attArray = attNode == null ? null : in.array(attNode, attPath);
        if (attArray != null) {
            for (int k = 0; k < attArray.size(); k++) {
                ClothSpec.Attachment a = attachment(attArray.get(k), JsonChecks.index(attPath, k), res, names);
                if (a != null) {
                    attachments.add(a);
                }
            }
        }
        if (in.problems().size() > before || name == null || size == null || res == null || position == null
                || orientation == null || integrator == null) {
            return null;
        }
        ClothDef def = d.withPose(position, orientation).withSize(size[0], size[1], res[0], res[1]).withMass(mass)
                .withCompliance(stretch, bend).withThickness(thickness).withFriction(friction).withPins(pins)
                .withSelfCollision(self).withLongRangeAttachments(longRange)
                .withIntegrator(IntegrationRule.fromKey(integrator));
        try {
            def.validate();
        } catch (IllegalArgumentException e) {
            in.report(path, e.getMessage());
            return null;
        }
        return new ClothSpec(def, attachments);
    }

    /** One soft body, or null when it has a problem (reported); its name joins {@code names}. */
    SoftBodySpec softBody(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, SOFT_BODY_KEYS);
        String name = name(o, path, names, "soft body");
        String shapePath = JsonChecks.key(path, "shape");
        JsonNode shapeNode = in.require(o, path, "shape");
        ShapeSpec spec = shapeNode == null ? null : shapes.shape(shapeNode, shapePath);
        SoftShape shape = null;
        String obj = null;
        if (spec instanceof ShapeSpec.Box b) {
            shape = new SoftShape.Box(b.halfExtents().x(), b.halfExtents().y(), b.halfExtents().z());
        } else if (spec instanceof ShapeSpec.Sphere s) {
            shape = new SoftShape.Sphere(s.radius());
        } else if (spec instanceof ShapeSpec.Mesh m) {
            shape = new SoftShape.Mesh(m.mesh().vertices(), m.mesh().triangles());
            obj = m.obj();
        } else if (spec != null) {
            in.report(JsonChecks.key(shapePath, "type"), "a soft body's shape must be one of "
                    + String.join(", ", SOFT_SHAPES) + ", got '" + spec.type() + "'");
        }
        if (shape != null) {
            String problem = SoftShape.problem(shape);
            if (problem != null) {
                in.report(shapePath, problem);
                shape = null;
            }
        }
        SoftBodyDef d = SoftBodyDef.defaults(name, shape);
        Integer resolution = in.integer(o, path, "resolution", d.resolution(), 1, SoftBodies.MAX_RESOLUTION);
        Vec3 position = in.vector(o, path, "position", d.position());
        Quat orientation = in.orientation(o, path, "orientation", d.orientation());
        double density = in.number(o, path, "density", d.density(), Range.POSITIVE);
        double edge = in.number(o, path, "edgeCompliance", d.edgeCompliance(), Range.NON_NEGATIVE);
        double volume = in.number(o, path, "volumeCompliance", d.volumeCompliance(), Range.NON_NEGATIVE);
        double pressure = in.number(o, path, "pressure", d.pressure(), Range.NON_NEGATIVE);
        double friction = in.number(o, path, "friction", d.friction(), Range.NON_NEGATIVE);
        double thickness = in.number(o, path, "thickness", d.thickness(), Range.POSITIVE);
        String integrator = in.choice(o, path, "integrator", d.integrator().key(), IntegrationRule.keys());
        String model = in.choice(o, path, "model", d.model().key(), SOFT_MODELS);
        double stiffness = in.number(o, path, "clusterStiffness", d.clusterStiffness(), Range.UNIT);
        Integer clusterSize = in.integer(o, path, "clusterSize", d.clusterSize(), 1, SoftBodies.MAX_RESOLUTION);
        if ("clusters".equals(model) && pressure > 0) {
            in.report(JsonChecks.key(path, "model"), "'clusters' fills a solid: a shell (pressure > 0) cannot use it");
        }
        if (in.problems().size() > before || name == null || shape == null || resolution == null
                || position == null || orientation == null || integrator == null || model == null
                || clusterSize == null) {
            return null;
        }
        SoftBodyDef def = d.withResolution(resolution).withPose(position, orientation).withDensity(density)
                .withCompliance(edge, volume).withPressure(pressure).withFriction(friction).withThickness(thickness)
                .withIntegrator(IntegrationRule.fromKey(integrator))
                .withModel(SoftBodyDef.Model.of(model), stiffness, clusterSize);
        try {
            def.validate();
        } catch (IllegalArgumentException e) {
            in.report(path, e.getMessage());
            return null;
        }
        return new SoftBodySpec(def, obj);
    }

    private ClothSpec.Attachment attachment(JsonNode node, String path, int[] res, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, ATTACHMENT_KEYS);
        JsonNode p = in.require(o, path, "particle");
        int[] ij = p == null ? null : particle(p, JsonChecks.key(path, "particle"), res);
        JsonNode b = in.require(o, path, "body");
        String body = b == null ? null : in.string(b, JsonChecks.key(path, "body"));
        String owner = body == null ? null : names.get(body);
        if (body != null && owner == null) {
            in.report(JsonChecks.key(path, "body"), "no body named '" + body + "'");
        } else if (owner != null && (owner.startsWith("$.cloths") || owner.startsWith("$.softBodies"))) {
            in.report(JsonChecks.key(path, "body"), "'" + body + "' is a cloth or soft body (at " + owner
                    + "); attachments hold to rigid bodies");
        }
        JsonNode a = in.require(o, path, "anchor");
        Vec3 anchor = a == null ? null : in.vector(a, JsonChecks.key(path, "anchor"));
        if (in.problems().size() > before || ij == null || body == null || anchor == null) {
            return null;
        }
        return new ClothSpec.Attachment(ij[0], ij[1], body, anchor);
    }

    /** A grid particle {@code [i, j]} inside {@code res} (when known), or null (reported). */
    private int[] particle(JsonNode node, String path, int[] res) {
        int[] ij = pair(node, path, 0, Integer.MAX_VALUE);
        if (ij != null && res != null && (ij[0] > res[0] || ij[1] > res[1])) {
            in.report(path, "particle [" + ij[0] + ", " + ij[1] + "] lies outside the grid [0.." + res[0]
                    + "] x [0.." + res[1] + "]");
            return null;
        }
        return ij;
    }

    /** Two integers {@code [a, b]} in [min, max], or null (reported). */
    private int[] pair(JsonNode node, String path, int min, int max) {
        if (!node.isArray() || node.size() != 2) {
            in.report(path, "expected two integers [i, j], got "
                    + (node.isArray() ? node.size() + " elements" : JsonChecks.describe(node)));
            return null;
        }
        Integer a = in.integer(node.get(0), JsonChecks.index(path, 0), min, max);
        Integer b = in.integer(node.get(1), JsonChecks.index(path, 1), min, max);
        return a == null || b == null ? null : new int[] {a, b};
    }

    private String name(ObjectNode o, String path, Map<String, String> names, String what) {
        JsonNode n = in.require(o, path, "name");
        String at = JsonChecks.key(path, "name");
        String name = n == null ? null : in.string(n, at);
        if (name != null && name.isEmpty()) {
            in.report(at, "name must not be empty");
            return null;
        }
        if (name == null || !SceneValidator.checkNameLength(in, name, at)) {
            return null;
        }
        String first = names.putIfAbsent(name, path);
        if (first != null) {
            in.report(at, what + " name '" + name + "' is taken (first at " + first + ")");
        }
        return name;
    }
}
