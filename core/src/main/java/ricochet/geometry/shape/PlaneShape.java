package ricochet.geometry.shape;

import ricochet.math.Vec3;

/**
 * The half-space {@code n . x <= offset} in the shape's frame (n unit length): static bodies only.
 * Its bounds are infinite along the plane.
 */
public final class PlaneShape implements Shape {

    private final double nx, ny, nz, offset;

    /** The plane {@code normal . x = offset}; a non-unit normal is normalised with the offset. */
    public PlaneShape(Vec3 normal, double offset) {
        double len = normal.length();
        if (!(len > 0) || !Double.isFinite(len) || !Double.isFinite(offset)) {
            throw new IllegalArgumentException("plane: normal must be finite and non-zero and offset finite, got "
                    + normal + ", " + offset);
        }
        this.nx = normal.x() / len;
        this.ny = normal.y() / len;
        this.nz = normal.z() / len;
        this.offset = offset / len;
    }

    @Override
    public ShapeType type() {
        return ShapeType.PLANE;
    }

    public double nx() {
        return nx;
    }

    public double ny() {
        return ny;
    }

    public double nz() {
        return nz;
    }

    public double offset() {
        return offset;
    }

    /** Infinite along the plane; below it, down to minus infinity along any axis the normal leans on. */
    @Override
    public void localBounds(double[] out) {
        for (int k = 0; k < 3; k++) {
            out[k] = Double.NEGATIVE_INFINITY;
            out[3 + k] = Double.POSITIVE_INFINITY;
        }
        // An axis-aligned plane bounds its solid on one side exactly.
        if (nx == 0 && nz == 0) {
            if (ny > 0) {
                out[4] = offset;
            } else {
                out[1] = -offset;
            }
        } else if (ny == 0 && nz == 0) {
            if (nx > 0) {
                out[3] = offset;
            } else {
                out[0] = -offset;
            }
        } else if (nx == 0 && ny == 0) {
            if (nz > 0) {
                out[5] = offset;
            } else {
                out[2] = -offset;
            }
        }
    }
}
