package ricochet.geometry.shape;

import ricochet.math.Mat3;
import ricochet.math.Vec3;

/**
 * Mass properties of a solid of uniform density, in the shape's frame.
 *
 * @param mass kilograms, > 0
 * @param centerOfMass metres, in the shape's frame
 * @param inertia the inertia tensor about the centre of mass, row-major 3x3 in the shape's axes,
 *     kg m^2 (symmetric positive definite); copied in and out
 */
public record MassProperties(double mass, Vec3 centerOfMass, double[] inertia) {

    public MassProperties {
        if (!(mass > 0) || !Double.isFinite(mass)) {
            throw new IllegalArgumentException("mass properties: mass must be > 0 and finite, got " + mass);
        }
        if (centerOfMass == null || !centerOfMass.isFinite()) {
            throw new IllegalArgumentException("mass properties: centre of mass must be finite, got " + centerOfMass);
        }
        if (inertia == null || inertia.length != 9) {
            throw new IllegalArgumentException("mass properties: inertia must have 9 entries, got "
                    + (inertia == null ? "null" : inertia.length));
        }
        for (double v : inertia) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("mass properties: inertia entry is not finite: " + v);
            }
        }
        inertia = inertia.clone();
    }

    /** A copy of the inertia tensor about the centre of mass (row-major, kg m^2). */
    @Override
    public double[] inertia() {
        return inertia.clone();
    }

    /**
     * The mass properties of {@code shape} filled with {@code density} (kg/m^3): closed forms for
     * sphere, box, cylinder and capsule, exact polyhedral integration for a convex hull, and the
     * children's properties combined by the parallel-axis theorem for a compound.
     *
     * @throws IllegalArgumentException when the density is not > 0 and finite, or the shape has no
     *     finite volume (a plane; a heightfield or mesh has its own entry point)
     */
    public static MassProperties of(Shape shape, double density) {
        if (!(density > 0) || !Double.isFinite(density)) {
            throw new IllegalArgumentException("mass properties: density must be > 0 and finite, got " + density);
        }
        if (shape == null) {
            throw new IllegalArgumentException("mass properties: shape must not be null");
        }
        if (shape instanceof SphereShape s) {
            double r = s.radius();
            double m = density * 4.0 / 3.0 * Math.PI * r * r * r;
            double i = 0.4 * m * r * r;
            return diagonal(m, i, i, i);
        }
        if (shape instanceof BoxShape b) {
            double x = 2 * b.halfX(), y = 2 * b.halfY(), z = 2 * b.halfZ();
            double m = density * x * y * z;
            return diagonal(m, m * (y * y + z * z) / 12, m * (x * x + z * z) / 12, m * (x * x + y * y) / 12);
        }
        if (shape instanceof CylinderShape c) {
            double r = c.cylinderRadius(), h = c.halfHeight();
            double m = density * Math.PI * r * r * 2 * h;
            // Length L = 2h: I_perp = m (3 r^2 + L^2) / 12 = m (r^2 / 4 + h^2 / 3).
            double perp = m * (r * r / 4 + h * h / 3);
            return diagonal(m, perp, m * r * r / 2, perp);
        }
        if (shape instanceof CapsuleShape c) {
            return capsule(c.radius(), c.halfHeight(), density);
        }
        if (shape instanceof ConvexHullShape hull) {
            return hull(hull, density);
        }
        if (shape instanceof CompoundShape compound) {
            return compound(compound, density);
        }
        if (shape instanceof TriangleMeshShape m) {
            // A closed mesh encloses a volume; an open one (a floor) has none and is rejected there.
            var mesh = m.mesh();
            return ofClosedMesh(mesh.vertices(), mesh.triangles(), density);
        }
        if (shape instanceof PlaneShape) {
            throw new IllegalArgumentException("plane: a static-only shape has no mass");
        }
        throw new IllegalArgumentException(shape.type().name().toLowerCase() + ": this shape has no finite volume"
                + " here; use MassProperties.ofClosedMesh for a closed mesh, or give a mass");
    }

    private static MassProperties diagonal(double m, double ix, double iy, double iz) {
        return new MassProperties(m, Vec3.ZERO, new double[] {ix, 0, 0, 0, iy, 0, 0, 0, iz});
    }

    /**
     * A cylinder of length 2h plus two hemispheres. A hemisphere of mass m_h has its centre of mass
     * 3r/8 from its flat face; about an axis through the flat face's centre perpendicular to y its
     * inertia is 2/5 m_h r^2 (half a sphere), so about its own centre 2/5 m_h r^2 - m_h (3r/8)^2, and
     * about the capsule's centre (parallel axis, offset h + 3r/8) that plus m_h (h + 3r/8)^2.
     */
    private static MassProperties capsule(double r, double h, double density) {
        double mCyl = density * Math.PI * r * r * 2 * h;
        double mHemi = density * 2.0 / 3.0 * Math.PI * r * r * r;
        double axial = mCyl * r * r / 2 + 2 * (0.4 * mHemi * r * r);
        double offset = h + 3 * r / 8;
        double hemiPerp = 0.4 * mHemi * r * r - mHemi * (3 * r / 8) * (3 * r / 8) + mHemi * offset * offset;
        double perp = mCyl * (r * r / 4 + h * h / 3) + 2 * hemiPerp;
        return diagonal(mCyl + 2 * mHemi, perp, axial, perp);
    }

    private static MassProperties hull(ConvexHullShape hull, double density) {
        int nv = hull.vertexCount();
        double[] vertices = new double[3 * nv];
        for (int i = 0; i < nv; i++) {
            vertices[3 * i] = hull.vertexX(i);
            vertices[3 * i + 1] = hull.vertexY(i);
            vertices[3 * i + 2] = hull.vertexZ(i);
        }
        int triangles = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            triangles += hull.faceVertexCount(f) - 2;
        }
        int[] tri = new int[3 * triangles];
        int t = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            // A fan triangulates a convex polygon and keeps its counter-clockwise order.
            int k0 = hull.faceVertex(f, 0);
            for (int k = 1; k + 1 < hull.faceVertexCount(f); k++) {
                tri[t++] = k0;
                tri[t++] = hull.faceVertex(f, k);
                tri[t++] = hull.faceVertex(f, k + 1);
            }
        }
        return integrate("convex hull", vertices, tri, density);
    }

    /**
     * Mass properties of the solid bounded by a closed triangle mesh (vertices packed x y z in metres,
     * triangles as vertex index triples counter-clockwise seen from outside) of uniform density
     * (kg/m^3), by the same exact polyhedral integration as for hulls.
     *
     * @throws IllegalArgumentException when the density is not > 0 and finite, an index is out of
     *     range, a coordinate is not finite, or the signed volume is not positive (an open or inside-out
     *     mesh)
     */
    public static MassProperties ofClosedMesh(double[] vertices, int[] triangles, double density) {
        if (!(density > 0) || !Double.isFinite(density)) {
            throw new IllegalArgumentException("mass properties: density must be > 0 and finite, got " + density);
        }
        if (vertices == null || triangles == null || vertices.length % 3 != 0 || triangles.length % 3 != 0
                || triangles.length == 0) {
            throw new IllegalArgumentException("mesh: needs packed vertices (3 per vertex) and at least one"
                    + " triangle (3 indices each)");
        }
        for (double v : vertices) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("mesh: vertex coordinate is not finite: " + v);
            }
        }
        int nv = vertices.length / 3;
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= nv) {
                throw new IllegalArgumentException("mesh: triangle " + i / 3 + " refers to vertex " + triangles[i]
                        + " of " + nv);
            }
        }
        return integrate("mesh", vertices, triangles, density);
    }

    /**
     * Signed-tetrahedra decomposition (Tonon 2004; Eberly, "Polyhedral Mass Properties"; the same
     * integrals as Mirtich 1996 by the divergence theorem): each triangle (a, b, c) with a reference
     * point o spans a tetrahedron of signed volume {@code V = (a-o) . ((b-o) x (c-o)) / 6}, centroid
     * {@code o + (a+b+c-3o)/4}, and second moment about o
     * {@code C = V/20 (a a^T + b b^T + c c^T + s s^T)}, s = a + b + c (relative to o). Summing gives the
     * solid's volume, first and second moments exactly (the signs cancel outside the solid). The
     * reference point is the mean vertex, which keeps the products small when the mesh is far from
     * the origin.
     */
    private static MassProperties integrate(String what, double[] v, int[] tri, double density) {
        int nv = v.length / 3;
        double ox = 0, oy = 0, oz = 0;
        for (int i = 0; i < nv; i++) {
            ox += v[3 * i];
            oy += v[3 * i + 1];
            oz += v[3 * i + 2];
        }
        ox /= nv;
        oy /= nv;
        oz /= nv;
        double volume = 0, mx = 0, my = 0, mz = 0;
        double cxx = 0, cyy = 0, czz = 0, cxy = 0, cxz = 0, cyz = 0;
        for (int t = 0; t < tri.length; t += 3) {
            int a = 3 * tri[t], b = 3 * tri[t + 1], c = 3 * tri[t + 2];
            double ax = v[a] - ox, ay = v[a + 1] - oy, az = v[a + 2] - oz;
            double bx = v[b] - ox, by = v[b + 1] - oy, bz = v[b + 2] - oz;
            double qx = v[c] - ox, qy = v[c + 1] - oy, qz = v[c + 2] - oz;
            double vol = (ax * (by * qz - bz * qy) + ay * (bz * qx - bx * qz) + az * (bx * qy - by * qx)) / 6;
            double sx = ax + bx + qx, sy = ay + by + qy, sz = az + bz + qz;
            volume += vol;
            mx += vol * sx / 4;
            my += vol * sy / 4;
            mz += vol * sz / 4;
            double k = vol / 20;
            cxx += k * (ax * ax + bx * bx + qx * qx + sx * sx);
            cyy += k * (ay * ay + by * by + qy * qy + sy * sy);
            czz += k * (az * az + bz * bz + qz * qz + sz * sz);
            cxy += k * (ax * ay + bx * by + qx * qy + sx * sy);
            cxz += k * (ax * az + bx * bz + qx * qz + sx * sz);
            cyz += k * (ay * az + by * bz + qy * qz + sy * sz);
        }
        if (!(volume > 0)) {
            throw new IllegalArgumentException(what + ": enclosed volume must be > 0, got " + volume
                    + " m^3 (open or inside-out triangles?)");
        }
        double gx = mx / volume, gy = my / volume, gz = mz / volume;
        // Second moment about the centroid: C_g = C_o - V g g^T (g relative to o).
        cxx -= volume * gx * gx;
        cyy -= volume * gy * gy;
        czz -= volume * gz * gz;
        cxy -= volume * gx * gy;
        cxz -= volume * gx * gz;
        cyz -= volume * gy * gz;
        // I = rho (tr(C) E - C).
        double[] inertia = {
            density * (cyy + czz), -density * cxy, -density * cxz,
            -density * cxy, density * (cxx + czz), -density * cyz,
            -density * cxz, -density * cyz, density * (cxx + cyy)};
        return new MassProperties(density * volume, new Vec3(ox + gx, oy + gy, oz + gz), inertia);
    }

    /**
     * Children combined: each child's centre of mass moved by its pose, its inertia rotated
     * ({@code R I R^T}) and carried to the compound's centre of mass by the parallel-axis theorem
     * {@code I += m (|d|^2 E - d d^T)}.
     */
    private static MassProperties compound(CompoundShape compound, double density) {
        int n = compound.childCount();
        MassProperties[] parts = new MassProperties[n];
        double[][] centres = new double[n][3];
        double mass = 0, cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < n; i++) {
            parts[i] = of(compound.child(i), density);
            Vec3 c = parts[i].centerOfMass();
            compound.childTransform(i).toWorld(c.x(), c.y(), c.z(), centres[i]);
            double m = parts[i].mass();
            mass += m;
            cx += m * centres[i][0];
            cy += m * centres[i][1];
            cz += m * centres[i][2];
        }
        cx /= mass;
        cy /= mass;
        cz /= mass;
        double[] total = new double[9];
        double[] rotated = new double[9];
        double[] scratch = new double[9];
        for (int i = 0; i < n; i++) {
            Mat3.rotateTensor(compound.childTransform(i).r, parts[i].inertia, scratch, rotated);
            double m = parts[i].mass();
            double dx = centres[i][0] - cx, dy = centres[i][1] - cy, dz = centres[i][2] - cz;
            double dd = dx * dx + dy * dy + dz * dz;
            double[] d = {dx, dy, dz};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    total[3 * r + c] += rotated[3 * r + c] + m * ((r == c ? dd : 0) - d[r] * d[c]);
                }
            }
        }
        // Symmetrise: the rotations leave round-off asymmetry of a few ulps.
        for (int r = 0; r < 3; r++) {
            for (int c = r + 1; c < 3; c++) {
                double s = 0.5 * (total[3 * r + c] + total[3 * c + r]);
                total[3 * r + c] = s;
                total[3 * c + r] = s;
            }
        }
        return new MassProperties(mass, new Vec3(cx, cy, cz), total);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MassProperties m && m.mass == mass && m.centerOfMass.equals(centerOfMass)
                && java.util.Arrays.equals(m.inertia, inertia);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Double.hashCode(mass) + centerOfMass.hashCode()) + java.util.Arrays.hashCode(inertia);
    }

    @Override
    public String toString() {
        return "MassProperties[mass=" + mass + ", centerOfMass=" + centerOfMass + ", inertia="
                + java.util.Arrays.toString(inertia) + "]";
    }
}
