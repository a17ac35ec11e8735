package ricochet.soft;

import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Everything needed to add a soft body, with defaults: start from {@link #defaults(String, SoftShape)}
 * and change fields with the {@code with...} methods. The shape is filled with tetrahedra on a grid
 * of {@code resolution} cells along its longest side; every edge of a tetrahedron is a distance
 * constraint and every tetrahedron keeps its volume. With a pressure above 0 the body is a closed
 * shell instead (its surface only, a gas inside at that pressure when it is added).
 *
 * @param name what errors and outputs call it
 * @param shape the solid, in the body's frame
 * @param resolution cells along the longest side (at least 1)
 * @param position the shape's origin, world, m
 * @param orientation the shape's frame, a unit quaternion
 * @param density kg/m^3 (a shell's mass is that of the solid it encloses)
 * @param edgeCompliance of the edges, m/N
 * @param volumeCompliance of each tetrahedron's volume constraint {@code 6 (V - V0)}, 1/(N m^2)
 * @param pressure Pa: the gas in a shell when added; 0 for a solid body
 * @param friction Coulomb friction against shapes
 * @param thickness m: how far particles keep from shapes and from other cloths' and soft bodies'
 *     surfaces
 * @param integrator how gravity, the gas and the compliant constraints' forces move the particles
 *     ({@link IntegrationRule}; {@code SEMI_IMPLICIT}, the default, is XPBD as it always was;
 *     {@code docs/integrators.md} defines the others for particles)
 * @param model what holds the solid's shape: its tetrahedra, or shape-matching clusters
 * @param clusterStiffness with {@link Model#CLUSTERS}: the fraction, in [0, 1], of the way to its
 *     cluster's best rigid match that a particle is pulled in a substep of 1/1200 s (1 is rigid)
 * @param clusterSize with {@link Model#CLUSTERS}: cells along a cluster's side, 1 or more
 */
public record SoftBodyDef(String name, SoftShape shape, int resolution, Vec3 position, Quat orientation,
                          double density, double edgeCompliance, double volumeCompliance, double pressure,
                          double friction, double thickness, IntegrationRule integrator, Model model,
                          double clusterStiffness, int clusterSize) {

    /** What holds a solid soft body's shape. */
    public enum Model {
        /** Edge and tetrahedral-volume constraints. */
        TETRAHEDRA("tetrahedra"),
        /** Overlapping shape-matching clusters ({@code ShapeClusters}); the tetrahedra give only mass. */
        CLUSTERS("clusters");

        private final String key;

        Model(String key) {
            this.key = key;
        }

        /** The name scene files use. */
        public String key() {
            return key;
        }

        /** The model a scene file names, or null. */
        public static Model of(String key) {
            for (Model m : values()) {
                if (m.key.equals(key)) {
                    return m;
                }
            }
            return null;
        }
    }

    /**
     * Resolution 4, water's density, stiff edges and volume, no gas, friction 0.5, 5 mm thick,
     * tetrahedra (clusters, when chosen, of 2 cells and stiffness 0.5).
     */
    public static SoftBodyDef defaults(String name, SoftShape shape) {
        return new SoftBodyDef(name, shape, 4, Vec3.ZERO, Quat.IDENTITY, 1000, 1e-6, 0, 0, 0.5, 0.005,
                IntegrationRule.SEMI_IMPLICIT, Model.TETRAHEDRA, 0.5, 2);
    }

    /** The shape held by {@code model}'s means: clusters of {@code size} cells and stiffness k in [0, 1]. */
    public SoftBodyDef withModel(Model m, double k, int size) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, friction, thickness, integrator, m, k, size);
    }

    public SoftBodyDef withPose(Vec3 p, Quat q) {
        return new SoftBodyDef(name, shape, resolution, p, q, density, edgeCompliance, volumeCompliance, pressure,
                friction, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withResolution(int r) {
        return new SoftBodyDef(name, shape, r, position, orientation, density, edgeCompliance, volumeCompliance,
                pressure, friction, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withDensity(double d) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, d, edgeCompliance, volumeCompliance,
                pressure, friction, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withCompliance(double edge, double volume) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edge, volume, pressure,
                friction, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withPressure(double p) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, p, friction, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withFriction(double f) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, f, thickness, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withThickness(double t) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, friction, t, integrator, model,
                clusterStiffness, clusterSize);
    }

    public SoftBodyDef withIntegrator(IntegrationRule rule) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, friction, thickness, rule, model, clusterStiffness, clusterSize);
    }

    /**
     * @throws IllegalArgumentException naming the first field that is wrong
     */
    public void validate() {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("soft body: name must not be empty");
        }
        String who = "soft body '" + name + "': ";
        if (shape == null) {
            throw new IllegalArgumentException(who + "shape must not be null");
        }
        String problem = SoftShape.problem(shape);
        if (problem != null) {
            throw new IllegalArgumentException(who + "shape: " + problem);
        }
        if (resolution < 1 || resolution > SoftBodies.MAX_RESOLUTION) {
            throw new IllegalArgumentException(who + "resolution must be 1.." + SoftBodies.MAX_RESOLUTION + ", got "
                    + resolution);
        }
        if (position == null || !position.isFinite() || orientation == null || !orientation.isFinite()
                || Math.abs(orientation.norm() - 1) > 1e-6) {
            throw new IllegalArgumentException(who + "position must be finite and orientation a unit quaternion");
        }
        ClothDef.positive(who, "density", density);
        ClothDef.nonNegative(who, "edgeCompliance", edgeCompliance);
        ClothDef.nonNegative(who, "volumeCompliance", volumeCompliance);
        ClothDef.nonNegative(who, "pressure", pressure);
        ClothDef.nonNegative(who, "friction", friction);
        ClothDef.positive(who, "thickness", thickness);
        if (integrator == null) {
            throw new IllegalArgumentException(who + "integrator must not be null (one of "
                    + String.join(", ", IntegrationRule.keys()) + ")");
        }
        if (model == null) {
            throw new IllegalArgumentException(who + "model must not be null");
        }
        if (!(clusterStiffness >= 0 && clusterStiffness <= 1)) {
            throw new IllegalArgumentException(who + "clusterStiffness must be in [0, 1], got " + clusterStiffness);
        }
        if (clusterSize < 1 || clusterSize > SoftBodies.MAX_RESOLUTION) {
            throw new IllegalArgumentException(who + "clusterSize must be 1.." + SoftBodies.MAX_RESOLUTION + ", got "
                    + clusterSize);
        }
        if (model == Model.CLUSTERS && pressure > 0) {
            throw new IllegalArgumentException(who + "model 'clusters' fills a solid: pressure must be 0, got "
                    + pressure);
        }
    }
}
