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
 * @param thickness m: how far particles keep from shapes
 * @param integrator how gravity, the gas and the compliant constraints' forces move the particles
 *     ({@link IntegrationRule}; {@code SEMI_IMPLICIT}, the default, is XPBD as it always was;
 *     {@code docs/integrators.md} defines the others for particles)
 */
public record SoftBodyDef(String name, SoftShape shape, int resolution, Vec3 position, Quat orientation,
                          double density, double edgeCompliance, double volumeCompliance, double pressure,
                          double friction, double thickness, IntegrationRule integrator) {

    /** Resolution 4, water's density, stiff edges and volume, no gas, friction 0.5, 5 mm thick. */
    public static SoftBodyDef defaults(String name, SoftShape shape) {
        return new SoftBodyDef(name, shape, 4, Vec3.ZERO, Quat.IDENTITY, 1000, 1e-6, 0, 0, 0.5, 0.005,
                IntegrationRule.SEMI_IMPLICIT);
    }

    public SoftBodyDef withPose(Vec3 p, Quat q) {
        return new SoftBodyDef(name, shape, resolution, p, q, density, edgeCompliance, volumeCompliance, pressure,
                friction, thickness, integrator);
    }

    public SoftBodyDef withResolution(int r) {
        return new SoftBodyDef(name, shape, r, position, orientation, density, edgeCompliance, volumeCompliance,
                pressure, friction, thickness, integrator);
    }

    public SoftBodyDef withDensity(double d) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, d, edgeCompliance, volumeCompliance,
                pressure, friction, thickness, integrator);
    }

    public SoftBodyDef withCompliance(double edge, double volume) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edge, volume, pressure,
                friction, thickness, integrator);
    }

    public SoftBodyDef withPressure(double p) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, p, friction, thickness, integrator);
    }

    public SoftBodyDef withFriction(double f) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, f, thickness, integrator);
    }

    public SoftBodyDef withThickness(double t) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, friction, t, integrator);
    }

    public SoftBodyDef withIntegrator(IntegrationRule rule) {
        return new SoftBodyDef(name, shape, resolution, position, orientation, density, edgeCompliance,
                volumeCompliance, pressure, friction, thickness, rule);
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
    }
}
