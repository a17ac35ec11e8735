package ricochet.fracture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.ConvexHullShape;

/** One fractured body: its pieces and bonds. */
final class FracturedBody {
    final int number;
    final BodyDef def;
    final double strength, friction, restitution;
    final int pieces;
    final ConvexHullShape[] shapes;
    final double[] mass, cx, cy, cz;
    final double[][] inertia;
    final int[] bondA, bondB;
    final double[] bondArea, bondImpulse, bondAngular, bondLoad, anchorImpulse;
    /** Per bond: face centroid and unit normal (pattern frame), second moment S and K = tr(S) E - S. */
    final double[] bondX, bondY, bondZ, bondNormal, bondSection, bondTurn;
    /** Per bond, from the last solve: impulse and angular impulse from a to b (pattern frame). */
    final double[] bondVector;
    final boolean[] bondAlive, anchor;
    final int[][] bondsOf;
    final int[] clusterOfPiece, localOf;
    final double anchorWeight;
    /** A world bond's rotational weight, and what turns its angular impulse into load (1/m). */
    final double anchorTurn, anchorLever;
    /** The farthest any piece's vertex lies from its centroid, m. */
    final double shapeSize;

    FracturedBody(int number, BodyDef def, FracturePattern pattern, double density, double strength,
                  double friction, double restitution) {
        this.number = number;
        this.def = def;
        this.strength = strength;
        this.friction = friction;
        this.restitution = restitution;
        pieces = pattern.pieces().size();
        shapes = new ConvexHullShape[pieces];
        mass = new double[pieces];
        cx = new double[pieces];
        cy = new double[pieces];
        cz = new double[pieces];
        inertia = new double[pieces][];
        double size = 0;
        for (int p = 0; p < pieces; p++) {
            FracturePattern.Piece piece = pattern.pieces().get(p);
            shapes[p] = piece.shape();
            mass[p] = density * piece.volume();
            cx[p] = piece.centroid().x();
            cy[p] = piece.centroid().y();
            cz[p] = piece.centroid().z();
            inertia[p] = piece.inertia();
            for (int k = 0; k < 9; k++) {
                inertia[p][k] *= density;
            }
            ConvexHullShape h = shapes[p];
            for (int i = 0; i < h.vertexCount(); i++) {
                size = Math.max(size, Math.sqrt(h.vertexX(i) * h.vertexX(i) + h.vertexY(i) * h.vertexY(i)
                        + h.vertexZ(i) * h.vertexZ(i)));
            }
        }
        shapeSize = size;
        int nb = pattern.bonds().size();
        bondA = new int[nb];
        bondB = new int[nb];
        bondArea = new double[nb];
        bondImpulse = new double[nb];
        bondAngular = new double[nb];
        bondLoad = new double[nb];
        bondAlive = new boolean[nb];
        bondX = new double[nb];
        bondY = new double[nb];
        bondZ = new double[nb];
        bondNormal = new double[3 * nb];
        bondSection = new double[6 * nb];
        bondTurn = new double[6 * nb];
        bondVector = new double[6 * nb];
        int[] degree = new int[pieces];
        double area = 0, polar = 0;
        for (int k = 0; k < nb; k++) {
            FracturePattern.Bond b = pattern.bonds().get(k);
            bondA[k] = b.a();
            bondB[k] = b.b();
            bondArea[k] = b.area();
            bondAlive[k] = true;
            bondX[k] = b.centroid().x();
            bondY[k] = b.centroid().y();
            bondZ[k] = b.centroid().z();
            bondNormal[3 * k] = b.normal().x();
            bondNormal[3 * k + 1] = b.normal().y();
            bondNormal[3 * k + 2] = b.normal().z();
            double[] sec = b.section();
            System.arraycopy(sec, 0, bondSection, 6 * k, 6);
            double trace = sec[0] + sec[1] + sec[2];
            bondTurn[6 * k] = trace - sec[0];
            bondTurn[6 * k + 1] = trace - sec[1];
            bondTurn[6 * k + 2] = trace - sec[2];
            bondTurn[6 * k + 3] = -sec[3];
            bondTurn[6 * k + 4] = -sec[4];
            bondTurn[6 * k + 5] = -sec[5];
            polar += trace;
            degree[b.a()]++;
            degree[b.b()]++;
            area += b.area();
        }
        double meanArea = nb > 0 ? area / nb : 1;
        anchorWeight = meanArea;
        // A world bond is a mean face: weight the mean area, turning the same about every axis,
        // K = (2/3) tr(S) E, and its load from a moment that face's bending, sqrt(3 A / I) with
        // I = tr(S) / 2.
        double meanPolar = nb > 0 ? polar / nb : meanArea * meanArea / (2 * Math.PI);
        anchorTurn = 2 * meanPolar / 3;
        anchorLever = Math.sqrt(6 * meanArea / meanPolar);
        bondsOf = new int[pieces][];
        for (int p = 0; p < pieces; p++) {
            bondsOf[p] = new int[degree[p]];
            degree[p] = 0;
        }
        for (int k = 0; k < nb; k++) {
            bondsOf[bondA[k]][degree[bondA[k]]++] = k;
            bondsOf[bondB[k]][degree[bondB[k]]++] = k;
        }
        anchor = new boolean[pieces];
        anchorImpulse = new double[pieces];
        clusterOfPiece = new int[pieces];
        localOf = new int[pieces];
    }

    /**
     * The most load a unit angular impulse through bond k makes, 1/m: bending about the face's
     * weakest in-plane axis (I_min, the smaller nonzero eigenvalue of S) plus twist, which is at
     * most as much since J >= 2 I_min.
     */
    double momentLoadBound(int k) {
        double[] sec = bondSection;
        int o = 6 * k;
        double trace = sec[o] + sec[o + 1] + sec[o + 2];
        // S is planar: eigenvalues 0, l1, l2 with l1 + l2 = tr and l1 l2 = the principal minors' sum.
        double minors = sec[o] * sec[o + 1] - sec[o + 3] * sec[o + 3] + sec[o] * sec[o + 2]
                - sec[o + 4] * sec[o + 4] + sec[o + 1] * sec[o + 2] - sec[o + 5] * sec[o + 5];
        double least = 0.5 * (trace - Math.sqrt(Math.max(0, trace * trace - 4 * minors)));
        return least > 0 ? 2 * Math.sqrt(3 * bondArea[k] / least) : Double.POSITIVE_INFINITY;
    }

    /**
     * The load (N s) a bond's angular impulse T (N m s, pattern frame) adds: the face's peak stress
     * times its area, as if that peak acted over it all. Bending about the in-plane axis a
     * (s = n x a across the face, I_s = s . S s): a rectangle h deep has I = A h^2 / 12 and its
     * extreme fibre at h / 2, so peak times area is {@code M (h / 2) A / I = M sqrt(3 A / I)}.
     * Twist about the normal: a disc's peak shear times area is {@code T sqrt(2 A / J)}, J = tr(S).
     */
    double bendingLoad(int k, double mx, double my, double mz) {
        double nx = bondNormal[3 * k], ny = bondNormal[3 * k + 1], nz = bondNormal[3 * k + 2];
        double tn = mx * nx + my * ny + mz * nz;
        double ax = mx - tn * nx, ay = my - tn * ny, az = mz - tn * nz;
        double bend = Math.sqrt(ax * ax + ay * ay + az * az);
        double[] sec = bondSection;
        int o = 6 * k;
        double area = bondArea[k];
        double polar = sec[o] + sec[o + 1] + sec[o + 2];
        double load = polar > 0 ? Math.abs(tn) * Math.sqrt(2 * area / polar) : 0;
        if (bend > 0) {
            // s = n x a / |a|
            double sx = (ny * az - nz * ay) / bend, sy = (nz * ax - nx * az) / bend, sz = (nx * ay - ny * ax) / bend;
            double is = sx * (sec[o] * sx + sec[o + 3] * sy + sec[o + 4] * sz)
                    + sy * (sec[o + 3] * sx + sec[o + 1] * sy + sec[o + 5] * sz)
                    + sz * (sec[o + 4] * sx + sec[o + 5] * sy + sec[o + 2] * sz);
            if (is > 0) {
                load += bend * Math.sqrt(3 * area / is);
            }
        }
        return load;
    }

    static boolean anyAnchored(FracturedBody f, int[] pieces) {
        for (int p : pieces) {
            if (f.anchor[p]) {
                return true;
            }
        }
        return false;
    }

    /** The parts of {@code pieces} connected by live bonds, each in increasing piece order. */
    static List<int[]> components(FracturedBody f, int[] pieces) {
        int[] mark = f.localOf;
        for (int p : pieces) {
            mark[p] = -2;
        }
        List<int[]> parts = new ArrayList<>();
        int[] queue = new int[pieces.length];
        for (int p0 : pieces) {
            if (mark[p0] != -2) {
                continue;
            }
            int head = 0, tail = 0;
            queue[tail++] = p0;
            mark[p0] = parts.size();
            while (head < tail) {
                int p = queue[head++];
                for (int k : f.bondsOf[p]) {
                    if (!f.bondAlive[k]) {
                        continue;
                    }
                    int o = f.bondA[k] == p ? f.bondB[k] : f.bondA[k];
                    if (mark[o] == -2) {
                        mark[o] = parts.size();
                        queue[tail++] = o;
                    }
                }
            }
            int[] part = Arrays.copyOf(queue, tail);
            Arrays.sort(part);
            parts.add(part);
        }
        return parts;
    }

    /** The pieces' centre of mass in the pattern's frame. */
    static double[] centre(FracturedBody f, int[] pieces) {
        if (pieces.length == 1) {
            int p = pieces[0];
            return new double[] {f.cx[p], f.cy[p], f.cz[p]};
        }
        double m = 0, x = 0, y = 0, z = 0;
        for (int p : pieces) {
            m += f.mass[p];
            x += f.mass[p] * f.cx[p];
            y += f.mass[p] * f.cy[p];
            z += f.mass[p] * f.cz[p];
        }
        return new double[] {x / m, y / m, z / m};
    }
}
