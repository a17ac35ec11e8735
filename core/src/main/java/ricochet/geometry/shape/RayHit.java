package ricochet.geometry.shape;

/**
 * The result of a ray cast, mutable so a caller can reuse one: the ray {@code origin + t d} first meets
 * the solid at {@code t = fraction}, at {@code (px, py, pz)} with unit outward normal
 * {@code (nx, ny, nz)}, all in the frame the ray was given in. A ray that starts inside the solid
 * reports fraction 0, the origin as the point and the normal {@code -d / |d|} (there is no entry
 * surface; pushing back along the ray is the natural way out).
 */
public final class RayHit {

    /** The ray parameter of the hit, in [0, maxFraction]: the hit point is origin + fraction d. */
    public double fraction;
    /** Unit outward surface normal at the hit. */
    public double nx, ny, nz;
    /** The hit point, metres. */
    public double px, py, pz;

    void set(double fraction, double nx, double ny, double nz, double ox, double oy, double oz,
             double dx, double dy, double dz) {
        this.fraction = fraction;
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.px = ox + fraction * dx;
        this.py = oy + fraction * dy;
        this.pz = oz + fraction * dz;
    }

    @Override
    public String toString() {
        return "RayHit[fraction=" + fraction + ", normal=(" + nx + ", " + ny + ", " + nz + "), point=(" + px
                + ", " + py + ", " + pz + ")]";
    }
}
