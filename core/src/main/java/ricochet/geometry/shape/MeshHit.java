package ricochet.geometry.shape;

/**
 * The closest ray hit on a triangle shape, filled by {@link TriangleShape#raycast}; reused between
 * casts. Frame: the shape's own.
 */
public final class MeshHit {

    /** Hit point = origin + fraction * dir; unitless. */
    public double fraction;
    /** Index of the triangle hit. */
    public int triangle = -1;
    /** Unit normal of the hit triangle's face as wound (outward), whichever side the ray came from. */
    public double nx, ny, nz;
}
