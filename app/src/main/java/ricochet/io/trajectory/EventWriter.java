package ricochet.io.trajectory;

import ricochet.io.output.AtomicOutput;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import ricochet.world.Event;

/** One JSON object per line: {@code {"step": n, "time": t, "type": T, "a": name, "b": name}}. */
public final class EventWriter implements AutoCloseable {

    private final AtomicOutput out;
    private final JsonFactory factory = new JsonFactory();

    public EventWriter(Path file) throws IOException {
        out = new AtomicOutput(file);
    }

    public void write(Event e) throws IOException {
        JsonGenerator json = factory.createGenerator(out.writer());
        json.writeStartObject();
        json.writeNumberField("step", e.step());
        json.writeNumberField("time", e.time());
        json.writeStringField("type", e.type().key());
        json.writeStringField("a", e.a());
        if (e.b() == null) {
            json.writeNullField("b");
        } else {
            json.writeStringField("b", e.b());
        }
        json.writeEndObject();
        json.flush();
        out.writer().write('\n');
    }

    /** Completes the file and moves it into place. */
    public void finish() throws IOException {
        out.commit();
    }

    /** Completes the file beside its target; {@link #commit()} moves it into place. */
    public void prepare() throws IOException {
        out.prepare();
    }

    /** Moves the file completed by {@link #prepare()} into place. */
    public void commit() throws IOException {
        out.commit();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
