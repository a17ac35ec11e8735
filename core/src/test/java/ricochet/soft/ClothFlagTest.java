package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A 2 x 1 m flag of real cloth density (0.15 kg/m^2, 40 x 20 cells, rigid in stretch) pinned at its
 * two top corners, released from horizontal: it swings down and hangs. Its edges stretch less than
 * 1 % at rest (less than 0.5 % with long-range attachments), and its energy never grows.
 */
class ClothFlagTest {

    static final double G = 9.81;

    static ClothDef flag(boolean tethers) {
        return ClothDef.defaults("flag").withSize(2, 1, 40, 20).withMass(0.3)
                .withPose(new Vec3(0, 3, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2))
                .withPins(List.of(new ClothDef.Pin(0, 20), new ClothDef.Pin(40, 20)))
                .withLongRangeAttachments(tethers);
    }

    /** Kinetic plus gravitational energy, J (y up). */
    static double energy(SoftBodies s, SoftId id, double g) {
        double[] x = new double[3], v = new double[3];
        double e = 0;
        for (int k = 0; k < s.particleCount(id); k++) {
            s.position(id, k, x);
            s.velocity(id, k, v);
            double m = s.particleMass(id, k);
            e += m * (0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + g * x[1]);
        }
        return e;
    }

    private static double edge(SoftBodies s, SoftId id, int a, int b) {
        double[] x = new double[3], y = new double[3];
        s.position(id, a, x);
        s.position(id, b, y);
        return Math.sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
    }

    /** The largest relative stretch of the grid's horizontal and vertical edges (rest 2/nx and 1/ny m). */
    static double maxStretch(SoftBodies s, SoftId id, int nx, int ny) {
        double worst = 0;
        for (int j = 0; j <= ny; j++) {
            for (int i = 0; i <= nx; i++) {
                int k = i + j * (nx + 1);
                if (i < nx) {
                    worst = Math.max(worst, edge(s, id, k, k + 1) / (2.0 / nx) - 1);
                }
                if (j < ny) {
                    worst = Math.max(worst, edge(s, id, k, k + nx + 1) / (1.0 / ny) - 1);
                }
            }
        }
        return worst;
    }

    /** The relative stretch of the whole flag from pins to hem: mean over columns of the column length. */
    static double meanStretch(SoftBodies s, SoftId id, int nx, int ny) {
        double sum = 0;
        for (int i = 0; i <= nx; i++) {
            double len = 0;
            for (int j = 0; j < ny; j++) {
                len += edge(s, id, i + j * (nx + 1), i + (j + 1) * (nx + 1));
            }
            sum += len - 1;
        }
        return sum / (nx + 1);
    }

    /** Steps the flag 10 s from horizontal, checking at every step that its energy has not grown. */
    private static SoftId swingAndHang(World w, boolean tethers, int substeps) {
        SoftBodies s = w.softBodies();
        s.setSubsteps(substeps);
        SoftId id = s.addCloth(flag(tethers));
        double e0 = energy(s, id, G);
        for (int i = 0; i < 600; i++) {
            w.step(1 / 60.0);
            // What the flag has never exceeds what it started with (1e-9 J of rounding).
            double e = energy(s, id, G);
            assertTrue(e <= e0 + 1e-9, "energy grew to " + e + " J from " + e0 + " J at step " + i);
        }
        // It swung down and holds together: the hem's middle is below the pins, within 1.05 m of the
        // top edge's middle (a cloth that stayed up or came apart would not be).
        double[] hem = new double[3], top = new double[3];
        s.position(id, 20, hem);
        s.position(id, 20 + 20 * 41, top);
        double d = Math.sqrt((hem[0] - top[0]) * (hem[0] - top[0]) + (hem[1] - top[1]) * (hem[1] - top[1])
                + (hem[2] - top[2]) * (hem[2] - top[2]));
        assertTrue(hem[1] < 3 - 0.5 && d < 1.05, "hem at y = " + hem[1] + ", " + d + " m from the top edge");
        return id;
    }

    /** Without long-range attachments the flag as a whole (pins to hem) stretches less than 1 %. */
    @ParameterizedTest
    @CsvSource({"10", "20"})
    void withoutTethersTheFlagStretchesLessThanOnePercent(int substeps) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftId id = swingAndHang(w, false, substeps);
            double stretch = meanStretch(w.softBodies(), id, 40, 20);
            assertTrue(stretch < 0.01, "flag stretch " + stretch);
        }
    }

    /**
     * With long-range attachments the flag stretches less than 0.5 %: as a whole at 10 substeps, and
     * at every single edge (the corners, which carry the whole weight, included) at 20.
     */
    @ParameterizedTest
    @CsvSource({"10, false", "20, true"})
    void withTethersEveryEdgeStretchesLessThanHalfAPercent(int substeps, boolean everyEdge) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftId id = swingAndHang(w, true, substeps);
            double stretch = everyEdge ? maxStretch(w.softBodies(), id, 40, 20)
                    : meanStretch(w.softBodies(), id, 40, 20);
            assertTrue(stretch < 0.005, (everyEdge ? "largest edge" : "flag") + " stretch " + stretch);
        }
    }
}
