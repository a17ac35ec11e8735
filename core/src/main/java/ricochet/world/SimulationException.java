package ricochet.world;

/** A simulation that cannot go on (a non-finite number appeared): names the body and the step. */
public final class SimulationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String body;
    private final long step;

    public SimulationException(String body, long step, String problem) {
        super("body '" + body + "' at step " + step + ": " + problem);
        this.body = body;
        this.step = step;
    }

    public String body() {
        return body;
    }

    public long step() {
        return step;
    }
}
