package ricochet.io;

import java.io.IOException;

/** A malformed OBJ file: the message names the file and the 1-based line. */
public final class ObjFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;

    public ObjFormatException(String source, int line, String problem) {
        super(source + ":" + line + ": " + problem);
        this.source = source;
        this.line = line;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }
}
