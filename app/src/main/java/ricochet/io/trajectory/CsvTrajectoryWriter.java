package ricochet.io.trajectory;

import ricochet.io.output.AtomicOutput;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;

/** {@code frame,time,body,x,y,z,qx,qy,qz,qw,vx,vy,vz,wx,wy,wz}, one row per body per frame. */
public final class CsvTrajectoryWriter implements TrajectoryWriter {

    public static final String HEADER = "frame,time,body,x,y,z,qx,qy,qz,qw,vx,vy,vz,wx,wy,wz";

    private final AtomicOutput out;
    private final double[] state = new double[13];
    private final StringBuilder line = new StringBuilder(256);

    public CsvTrajectoryWriter(Path file) throws IOException {
        out = new AtomicOutput(file);
        out.writer().write(HEADER);
        out.writer().write('\n');
    }

    @Override
    public void writeFrame(long frame, Simulation sim) throws IOException {
        Writer w = out.writer();
        double time = sim.time();
        for (int b = 0; b < sim.bodyCount(); b++) {
            sim.readState(b, state);
            line.setLength(0);
            line.append(frame).append(',').append(time).append(',').append(csvField(sim.bodyName(b)));
            for (double v : state) {
                line.append(',').append(v);
            }
            line.append('\n');
            w.append(line);
        }
        for (int c = 0; c < sim.characterCount(); c++) {
            sim.readCharacterState(c, state);
            line.setLength(0);
            line.append(frame).append(',').append(time).append(',').append(csvField(sim.characterName(c)));
            for (double v : state) {
                line.append(',').append(v);
            }
            line.append('\n');
            w.append(line);
        }
        for (int c = 0; c < sim.wheelCount(); c++) {
            sim.readWheelState(c, state);
            line.setLength(0);
            line.append(frame).append(',').append(time).append(',').append(csvField(sim.wheelName(c)));
            for (double v : state) {
                line.append(',').append(v);
            }
            line.append('\n');
            w.append(line);
        }
        for (SoftId id : SoftRows.ids(sim)) {
            SoftBodies soft = SoftRows.of(sim);
            SoftRows.read(soft, id, state);
            line.setLength(0);
            line.append(frame).append(',').append(time).append(',').append(csvField(soft.name(id)));
            for (double v : state) {
                line.append(',').append(v);
            }
            line.append('\n');
            w.append(line);
        }
    }

    /** Quotes a name that holds a comma, quote or line break (RFC 4180). */
    static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
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
