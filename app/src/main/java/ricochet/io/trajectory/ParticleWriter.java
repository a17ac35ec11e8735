package ricochet.io.trajectory;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import ricochet.io.output.AtomicOutput;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;

/**
 * {@code frame,time,body,particle,x,y,z,vx,vy,vz}: every particle of every cloth and soft body per
 * written frame (world, SI units). {@code particle} is the index within its body, {@code i + j (nx + 1)}
 * for a cloth's particle {@code [i, j]}. Written beside the target and moved into place like the
 * trajectory.
 */
public final class ParticleWriter implements TrajectoryWriter {

    public static final String HEADER = "frame,time,body,particle,x,y,z,vx,vy,vz";

    private final AtomicOutput out;
    private final double[] p = new double[3];
    private final double[] v = new double[3];
    private final StringBuilder line = new StringBuilder(160);

    /**
     * @throws IllegalArgumentException when the file's extension is not {@code .csv}
     */
    public ParticleWriter(Path file) throws IOException {
        if (!file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
            throw new IllegalArgumentException("--particles " + file + ": particles are written as .csv");
        }
        out = new AtomicOutput(file);
        out.writer().write(HEADER);
        out.writer().write('\n');
    }

    @Override
    public void writeFrame(long frame, Simulation sim) throws IOException {
        SoftBodies soft = SoftRows.of(sim);
        if (soft == null) {
            return;
        }
        Writer w = out.writer();
        double time = sim.time();
        for (SoftId id : SoftRows.ids(sim)) {
            String name = CsvTrajectoryWriter.csvField(soft.name(id));
            int n = soft.particleCount(id);
            for (int k = 0; k < n; k++) {
                soft.position(id, k, p);
                soft.velocity(id, k, v);
                line.setLength(0);
                line.append(frame).append(',').append(time).append(',').append(name).append(',').append(k)
                        .append(',').append(p[0]).append(',').append(p[1]).append(',').append(p[2])
                        .append(',').append(v[0]).append(',').append(v[1]).append(',').append(v[2]).append('\n');
                w.append(line);
            }
        }
    }

    @Override
    public void prepare() throws IOException {
        out.prepare();
    }

    @Override
    public void commit() throws IOException {
        out.commit();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
