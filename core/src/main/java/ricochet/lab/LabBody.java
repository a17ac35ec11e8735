package ricochet.lab;

import ricochet.geometry.Sdf;
import ricochet.math.Mat3;
import ricochet.math.QuatOps;
import ricochet.math.StateLimits;
import ricochet.math.SymmetricEigen;
import ricochet.math.Vec3;

/**
 * A lab body's mass model and state. The vertices are point masses of {@code vertexMass} each; the
 * centre of mass is their mean and {@code I_ref = sum m (|r|^2 1 - r r^T)} with r relative to it
 * (the lab's mass model). Vertex coordinates live in primitive arrays so the per-vertex loops of the methods
 * read memory in order and allocate nothing.
 */
final class LabBody {

    final String name;
    final int vertexCount;
    /** Body-frame vertex positions relative to the vertex mean. */
    final double[] rx, ry, rz;
    /** The vertex mean in the mesh's own coordinates: the centre of mass's offset from the origin. */
    final double meanX, meanY, meanZ;
    final double mass;
    /**
     * A lower bound of the mass a single vertex feels along any direction,
     * {@code 1 / (1/M + r_max^2 / I_min)}, kg: sets the barrier's stable sub-step.
     */
    final double minEffectiveMass;
    final double[] inertiaRef = new double[9];
    /** {@code (sum r r^T)^-1}, the shape-matching normal matrix's inverse. */
    final double[] qqtInverse = new double[9];

    LabMethod method;
    LabParams params;
    double restitution;
    double friction;

    // State: centre of mass, orientation [x y z w], velocity of the centre of mass, angular velocity.
    double x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz;
    private final double[] initial = new double[13];

    // Shape matching's particles: positions X, predictions Y, velocities V.
    final double[] px, py, pz, yx, yy, yz, pvx, pvy, pvz;

    boolean sleeping;
    double restTime;
    /** The punish rule's factor on v and w, in [0, 1]. */
    double punishFactor = 1;

    LabBody(LabBodyDef def) {
        this.name = def.name();
        this.method = def.method();
        this.params = def.params();
        this.restitution = def.restitution();
        this.friction = def.friction();
        checkMaterial(def.restitution(), def.friction());
        var mesh = def.mesh();
        this.vertexCount = mesh.vertexCount();
        double[] mean = mesh.vertexMean();
        meanX = mean[0];
        meanY = mean[1];
        meanZ = mean[2];
        rx = new double[vertexCount];
        ry = new double[vertexCount];
        rz = new double[vertexCount];
        double m = params.vertexMass();
        double[] qqt = new double[9];
        for (int i = 0; i < vertexCount; i++) {
            double a = mesh.x(i) - meanX, b = mesh.y(i) - meanY, c = mesh.z(i) - meanZ;
            rx[i] = a;
            ry[i] = b;
            rz[i] = c;
            // The lab code's order of operations (diagonal added, then each product subtracted), so
            // the tensor rounds as the lab's does.
            double diag = m * (a * a + b * b + c * c);
            inertiaRef[0] += diag;
            inertiaRef[4] += diag;
            inertiaRef[8] += diag;
            inertiaRef[0] -= m * a * a;
            inertiaRef[1] -= m * a * b;
            inertiaRef[2] -= m * a * c;
            inertiaRef[3] -= m * b * a;
            inertiaRef[4] -= m * b * b;
            inertiaRef[5] -= m * b * c;
            inertiaRef[6] -= m * c * a;
            inertiaRef[7] -= m * c * b;
            inertiaRef[8] -= m * c * c;
            Mat3.addOuter(qqt, a, b, c, a, b, c);
        }
        mass = m * vertexCount;
        double rMax2 = 0;
        for (int i = 0; i < vertexCount; i++) {
            rMax2 = Math.max(rMax2, rx[i] * rx[i] + ry[i] * ry[i] + rz[i] * rz[i]);
        }
        double[] eigen = new double[3];
        SymmetricEigen.decompose(inertiaRef, eigen, new double[9]);
        minEffectiveMass = 1.0 / (1.0 / mass + (eigen[2] > 0 ? rMax2 / eigen[2] : 0));
        double scale = Math.max(inertiaRef[0], Math.max(inertiaRef[4], inertiaRef[8]));
        double[] scratch = new double[9];
        if (!(scale > 0) || Math.abs(Mat3.determinant(inertiaRef)) <= 1e-12 * scale * scale * scale
                || !Mat3.invert(inertiaRef, scratch) || !Mat3.invert(qqt, qqtInverse)) {
            throw new IllegalArgumentException("body '" + name + "': the mesh's " + vertexCount
                    + " vertices lie on a line or a point, so its inertia is singular; a lab body needs"
                    + " vertices that span a volume or at least a plane");
        }
        checkFinite(def.position(), "position");
        checkFinite(def.velocity(), "velocity");
        checkFinite(def.angularVelocity(), "angularVelocity");
        if (!def.orientation().isFinite() || !(def.orientation().norm() > 0)) {
            throw new IllegalArgumentException("body '" + name + "': orientation must be a finite non-zero"
                    + " quaternion, got " + def.orientation());
        }
        var q = def.orientation().normalized();
        double[] com = new double[3];
        QuatOps.rotate(q.x(), q.y(), q.z(), q.w(), meanX, meanY, meanZ, com);
        initial[0] = def.position().x() + com[0];
        initial[1] = def.position().y() + com[1];
        initial[2] = def.position().z() + com[2];
        initial[3] = q.x();
        initial[4] = q.y();
        initial[5] = q.z();
        initial[6] = q.w();
        def.velocity().into(com);
        System.arraycopy(com, 0, initial, 7, 3);
        def.angularVelocity().into(com);
        System.arraycopy(com, 0, initial, 10, 3);
        px = new double[vertexCount];
        py = new double[vertexCount];
        pz = new double[vertexCount];
        yx = new double[vertexCount];
        yy = new double[vertexCount];
        yz = new double[vertexCount];
        pvx = new double[vertexCount];
        pvy = new double[vertexCount];
        pvz = new double[vertexCount];
        reset();
    }

    static void checkMaterial(double restitution, double friction) {
        if (!(restitution >= 0 && restitution <= 1)) {
            throw new IllegalArgumentException("restitution must be in [0, 1], got " + restitution);
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("friction must be >= 0 and finite, got " + friction);
        }
    }

    private void checkFinite(Vec3 v, String what) {
        if (!v.isFinite()) {
            throw new IllegalArgumentException("body '" + name + "': " + what + " must be finite, got " + v);
        }
    }

    /** Back to the initial pose and velocities, awake. */
    void reset() {
        x = initial[0];
        y = initial[1];
        z = initial[2];
        qx = initial[3];
        qy = initial[4];
        qz = initial[5];
        qw = initial[6];
        vx = initial[7];
        vy = initial[8];
        vz = initial[9];
        wx = initial[10];
        wy = initial[11];
        wz = initial[12];
        sleeping = false;
        restTime = 0;
        punishFactor = 1;
        syncParticlesFromRigid();
    }

    /** Sets the particles to the rigid pose and its velocity field: X = x + R r, V = v + w x R r. */
    void syncParticlesFromRigid() {
        double[] r = new double[9];
        QuatOps.toMatrix(qx, qy, qz, qw, r);
        for (int i = 0; i < vertexCount; i++) {
            double ax = r[0] * rx[i] + r[1] * ry[i] + r[2] * rz[i];
            double ay = r[3] * rx[i] + r[4] * ry[i] + r[5] * rz[i];
            double az = r[6] * rx[i] + r[7] * ry[i] + r[8] * rz[i];
            px[i] = x + ax;
            py[i] = y + ay;
            pz[i] = z + az;
            pvx[i] = vx + (wy * az - wz * ay);
            pvy[i] = vy + (wz * ax - wx * az);
            pvz[i] = vz + (wx * ay - wy * ax);
        }
    }

    void setMethod(LabMethod m) {
        if (m == LabMethod.SHAPE_MATCHING && method != LabMethod.SHAPE_MATCHING) {
            syncParticlesFromRigid();
        }
        method = m;
    }

    /** The world inverse inertia {@code R I_ref^-1 R^T}... computed as the lab code does: invert R I_ref R^T. */
    boolean worldInverseInertia(double[] r, double[] scratch, double[] rotated, double[] out) {
        Mat3.rotateTensor(r, inertiaRef, scratch, rotated);
        return Mat3.invert(rotated, out);
    }

    /** {@code 1/2 M v^2 + 1/2 w . (R I_ref R^T) w}, joules. */
    double kineticEnergy() {
        return kineticEnergy(new double[9], new double[9], new double[9]);
    }

    /** As {@link #kineticEnergy()}, with caller-owned scratch so a step allocates nothing. */
    double kineticEnergy(double[] r, double[] s, double[] i) {
        QuatOps.toMatrix(qx, qy, qz, qw, r);
        Mat3.rotateTensor(r, inertiaRef, s, i);
        double lx = i[0] * wx + i[1] * wy + i[2] * wz;
        double ly = i[3] * wx + i[4] * wy + i[5] * wz;
        double lz = i[6] * wx + i[7] * wy + i[8] * wz;
        return 0.5 * mass * (vx * vx + vy * vy + vz * vz) + 0.5 * (wx * lx + wy * ly + wz * lz);
    }

    /**
     * The smallest signed distance to {@code sdf} of the vertices placed at {@code c + R r_i} (R
     * row-major), with the deepest vertex's world position written into {@code deepest[0..2]}.
     */
    double deepestVertex(Sdf sdf, double[] r, double cx, double cy, double cz, double[] deepest) {
        double minD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < vertexCount; i++) {
            double xi = cx + r[0] * rx[i] + r[1] * ry[i] + r[2] * rz[i];
            double yi = cy + r[3] * rx[i] + r[4] * ry[i] + r[5] * rz[i];
            double zi = cz + r[6] * rx[i] + r[7] * ry[i] + r[8] * rz[i];
            double d = sdf.distance(xi, yi, zi);
            if (d < minD) {
                minD = d;
                deepest[0] = xi;
                deepest[1] = yi;
                deepest[2] = zi;
            }
        }
        return minD;
    }

    void scaleVelocities(double s) {
        vx *= s;
        vy *= s;
        vz *= s;
        wx *= s;
        wy *= s;
        wz *= s;
    }

    /** Position of the mesh origin: the centre of mass minus R times the vertex mean. */
    void originInto(double[] out) {
        double[] c = new double[3];
        QuatOps.rotate(qx, qy, qz, qw, meanX, meanY, meanZ, c);
        out[0] = x - c[0];
        out[1] = y - c[1];
        out[2] = z - c[2];
    }

    /**
     * Finite, within {@link StateLimits#MAX_POSITION} and {@link StateLimits#MAX_SPEED} (the engine
     * world's bounds, for the same reason: beyond them the next step's arithmetic overflows), and a
     * unit quaternion (round-off aside).
     */
    boolean isUsable() {
        double n2 = qx * qx + qy * qy + qz * qz + qw * qw;
        double v2 = vx * vx + vy * vy + vz * vz, w2 = wx * wx + wy * wy + wz * wz;
        double maxSpeed2 = StateLimits.MAX_SPEED * StateLimits.MAX_SPEED;
        return Double.isFinite(x + y + z + qx + qy + qz + qw + vx + vy + vz + wx + wy + wz)
                && Math.abs(x) <= StateLimits.MAX_POSITION && Math.abs(y) <= StateLimits.MAX_POSITION
                && Math.abs(z) <= StateLimits.MAX_POSITION && v2 <= maxSpeed2 && w2 <= maxSpeed2
                && Math.abs(n2 - 1) < 1e-6;
    }

    /**
     * Leapfrog position and quaternion update of the lab's Rigid_Bunny code: {@code x += h v;
     * q += 1/2 h [w, 0] q; q /= |q|}.
     */
    void integrate(double h) {
        x += h * vx;
        y += h * vy;
        z += h * vz;
        double ax = 0.5 * h * wx, ay = 0.5 * h * wy, az = 0.5 * h * wz;
        // [a, 0] * q, Hamilton product with a zero scalar part
        double dx = ax * qw + ay * qz - az * qy;
        double dy = -ax * qz + ay * qw + az * qx;
        double dz = ax * qy - ay * qx + az * qw;
        double dw = -(ax * qx + ay * qy + az * qz);
        double nx = qx + dx, ny = qy + dy, nz = qz + dz, nw = qw + dw;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        qx = nx / len;
        qy = ny / len;
        qz = nz / len;
        qw = nw / len;
    }
}
