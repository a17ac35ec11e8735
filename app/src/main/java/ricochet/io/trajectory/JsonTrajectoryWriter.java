package ricochet.io.trajectory;

import ricochet.io.output.AtomicOutput;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;

/**
 * The CSV's data as JSON: {@code {"frames": [{"frame": 0, "time": 0.0, "bodies": {"name":
 * {"position": [..], "orientation": [x, y, z, w], "velocity": [..], "angularVelocity": [..]}}}]}}.
 */
public final class JsonTrajectoryWriter implements TrajectoryWriter {

    private final AtomicOutput out;
    private final JsonGenerator json;
    private final double[] state = new double[13];

    public JsonTrajectoryWriter(Path file) throws IOException {
        out = new AtomicOutput(file);
        json = new JsonFactory().createGenerator(out.writer());
        json.writeStartObject();
        json.writeStringField("format", "ricochet-trajectory/1");
        json.writeArrayFieldStart("frames");
    }

    @Override
    public void writeFrame(long frame, Simulation sim) throws IOException {
        json.writeStartObject();
        json.writeNumberField("frame", frame);
        json.writeNumberField("time", sim.time());
        json.writeObjectFieldStart("bodies");
        for (int b = 0; b < sim.bodyCount(); b++) {
            sim.readState(b, state);
            json.writeObjectFieldStart(sim.bodyName(b));
            array("position", 0, 3);
            array("orientation", 3, 4);
            array("velocity", 7, 3);
            array("angularVelocity", 10, 3);
            json.writeEndObject();
        }
        for (int c = 0; c < sim.characterCount(); c++) {
            sim.readCharacterState(c, state);
            json.writeObjectFieldStart(sim.characterName(c));
            array("position", 0, 3);
            array("orientation", 3, 4);
            array("velocity", 7, 3);
            array("angularVelocity", 10, 3);
            json.writeEndObject();
        }
        for (int c = 0; c < sim.wheelCount(); c++) {
            sim.readWheelState(c, state);
            json.writeObjectFieldStart(sim.wheelName(c));
            array("position", 0, 3);
            array("orientation", 3, 4);
            array("velocity", 7, 3);
            array("angularVelocity", 10, 3);
            json.writeEndObject();
        }
        for (SoftId id : SoftRows.ids(sim)) {
            SoftBodies soft = SoftRows.of(sim);
            SoftRows.read(soft, id, state);
            json.writeObjectFieldStart(soft.name(id));
            array("position", 0, 3);
            array("orientation", 3, 4);
            array("velocity", 7, 3);
            array("angularVelocity", 10, 3);
            json.writeEndObject();
        }
        json.writeEndObject();
        json.writeEndObject();
        json.writeRaw('\n');
    }

    private void array(String name, int from, int count) throws IOException {
        json.writeArrayFieldStart(name);
        for (int i = from; i < from + count; i++) {
            json.writeNumber(state[i]);
        }
        json.writeEndArray();
    }

    @Override
    public void prepare() throws IOException {
        json.writeEndArray();
        json.writeEndObject();
        json.flush();
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
