package ricochet.soft;

import java.util.List;
import ricochet.body.BodyId;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Everything needed to add a cloth, with defaults: start from {@link #defaults(String)} and change
 * fields with the {@code with...} methods. A cloth is a grid of {@code (nx + 1) x (ny + 1)} particles
 * in its local x-y plane: particle {@code [i, j]} (index {@code i + j (nx + 1)}) sits at
 * {@code ((i / nx - 1/2) sizeX, (j / ny - 1/2) sizeY, 0)}, placed in the world by position and
 * orientation. Compliances are XPBD's: the inverse of a stiffness, 0 for a rigid constraint.
 *
 * @param name what errors and outputs call it
 * @param position the grid's centre, world, m
 * @param orientation the grid's frame, a unit quaternion
 * @param sizeX width along local x, m
 * @param sizeY height along local y, m
 * @param nx cells along x (at least 1)
 * @param ny cells along y (at least 1)
 * @param mass the whole cloth, kg, spread over the particles by the area of their triangles
 * @param stretchCompliance of the edges, m/N
 * @param bendCompliance of the dihedral angles, 1/(N m)
 * @param thickness m: how far particles keep from shapes and, with self-collision, from each other
 * @param friction Coulomb friction against shapes
 * @param pins grid indices held fixed in the world where they start
 * @param selfCollision whether particles of this cloth push each other apart to the thickness
 * @param longRangeAttachments whether every particle is tethered to its two nearest pins (it may come
 *     closer, never further than it starts), so the cloth cannot stretch under its own weight
 * @param attachments particles held to points of rigid bodies, two-way
 * @param integrator how gravity and the compliant constraints' forces move the particles
 *     ({@link IntegrationRule}; {@code SEMI_IMPLICIT}, the default, is XPBD as it always was;
 *     {@code docs/integrators.md} defines the others for particles)
 */
public record ClothDef(String name, Vec3 position, Quat orientation, double sizeX, double sizeY, int nx, int ny,
                       double mass, double stretchCompliance, double bendCompliance, double thickness,
                       double friction, List<Pin> pins, boolean selfCollision, boolean longRangeAttachments,
                       List<Attachment> attachments, IntegrationRule integrator) {

    /** A particle of the grid, by column i (0..nx) and row j (0..ny). */
    public record Pin(int i, int j) {
    }

    /**
     * Particle {@code [i, j]} held at a point of a body: {@code anchor} is that point in the world
     * when the cloth is added (m); from then on it moves with the body. The particle is pulled there.
     */
    public record Attachment(int i, int j, BodyId body, Vec3 anchor) {
    }

    /** A 1 x 1 m cloth of 20 x 20 cells, 0.15 kg, rigid in stretch, at the origin in the x-y plane. */
    public static ClothDef defaults(String name) {
        return new ClothDef(name, Vec3.ZERO, Quat.IDENTITY, 1, 1, 20, 20, 0.15, 0, 1e-4, 0.01, 0.3, List.of(),
                false, true, List.of(), IntegrationRule.SEMI_IMPLICIT);
    }

    public ClothDef withPose(Vec3 p, Quat q) {
        return new ClothDef(name, p, q, sizeX, sizeY, nx, ny, mass, stretchCompliance, bendCompliance,
                thickness, friction, pins, selfCollision, longRangeAttachments, attachments, integrator);
    }

    public ClothDef withSize(double x, double y, int cellsX, int cellsY) {
        return new ClothDef(name, position, orientation, x, y, cellsX, cellsY, mass, stretchCompliance,
                bendCompliance, thickness, friction, pins, selfCollision, longRangeAttachments, attachments,
                integrator);
    }

    public ClothDef withMass(double m) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, m, stretchCompliance,
                bendCompliance, thickness, friction, pins, selfCollision, longRangeAttachments, attachments,
                integrator);
    }

    public ClothDef withCompliance(double stretch, double bend) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretch, bend, thickness,
                friction, pins, selfCollision, longRangeAttachments, attachments, integrator);
    }

    public ClothDef withThickness(double t) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, t, friction, pins, selfCollision, longRangeAttachments, attachments, integrator);
    }

    public ClothDef withFriction(double f) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, f, pins, selfCollision, longRangeAttachments, attachments, integrator);
    }

    public ClothDef withPins(List<Pin> p) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, friction, List.copyOf(p), selfCollision, longRangeAttachments,
                attachments, integrator);
    }

    public ClothDef withSelfCollision(boolean on) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, friction, pins, on, longRangeAttachments, attachments, integrator);
    }

    public ClothDef withLongRangeAttachments(boolean on) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, friction, pins, selfCollision, on, attachments, integrator);
    }

    public ClothDef withAttachments(List<Attachment> a) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, friction, pins, selfCollision, longRangeAttachments, List.copyOf(a),
                integrator);
    }

    public ClothDef withIntegrator(IntegrationRule rule) {
        return new ClothDef(name, position, orientation, sizeX, sizeY, nx, ny, mass, stretchCompliance,
                bendCompliance, thickness, friction, pins, selfCollision, longRangeAttachments, attachments, rule);
    }

    /** Particles in the grid. */
    public int particleCount() {
        return (nx + 1) * (ny + 1);
    }

    /**
     * @throws IllegalArgumentException naming the first field that is wrong
     */
    public void validate() {
        String who = "cloth '" + name + "': ";
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("cloth: name must not be empty");
        }
        if (position == null || !position.isFinite() || orientation == null || !orientation.isFinite()
                || Math.abs(orientation.norm() - 1) > 1e-6) {
            throw new IllegalArgumentException(who + "position must be finite and orientation a unit quaternion");
        }
        positive(who, "size", sizeX);
        positive(who, "size", sizeY);
        if (nx < 1 || ny < 1 || (long) (nx + 1) * (ny + 1) > SoftBodies.MAX_PARTICLES) {
            throw new IllegalArgumentException(who + "resolution must be >= 1 with at most "
                    + SoftBodies.MAX_PARTICLES + " particles, got [" + nx + ", " + ny + "]");
        }
        positive(who, "mass", mass);
        nonNegative(who, "stretchCompliance", stretchCompliance);
        nonNegative(who, "bendCompliance", bendCompliance);
        positive(who, "thickness", thickness);
        nonNegative(who, "friction", friction);
        if (integrator == null) {
            throw new IllegalArgumentException(who + "integrator must not be null (one of "
                    + String.join(", ", IntegrationRule.keys()) + ")");
        }
        if (pins == null || attachments == null) {
            throw new IllegalArgumentException(who + "pins and attachments must not be null");
        }
        for (int k = 0; k < pins.size(); k++) {
            Pin p = pins.get(k);
            if (p == null || p.i() < 0 || p.i() > nx || p.j() < 0 || p.j() > ny) {
                throw new IllegalArgumentException(who + "pins[" + k + "] must lie in the grid [0.." + nx
                        + "] x [0.." + ny + "], got " + (p == null ? "null" : "[" + p.i() + ", " + p.j() + "]"));
            }
        }
        for (int k = 0; k < attachments.size(); k++) {
            Attachment a = attachments.get(k);
            if (a == null || a.i() < 0 || a.i() > nx || a.j() < 0 || a.j() > ny) {
                throw new IllegalArgumentException(who + "attachments[" + k + "].particle must lie in the grid [0.."
                        + nx + "] x [0.." + ny + "]");
            }
            if (a.body() == null || a.anchor() == null || !a.anchor().isFinite()) {
                throw new IllegalArgumentException(who + "attachments[" + k + "] needs a body and a finite anchor");
            }
        }
    }

    static void positive(String who, String field, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(who + field + " must be > 0 and finite, got " + v);
        }
    }

    static void nonNegative(String who, String field, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(who + field + " must be >= 0 and finite, got " + v);
        }
    }
}
