package ricochet.bench.engines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import ricochet.io.scene.SceneException;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * One of Ricochet's built-in scene files, as its file sets it up (dt, substeps, sleeping...): the
 * bench's behaviour before the peers, kept for {@code --scenes <builtin>} with engine ricochet.
 * Contacts: the simulation's touching pairs; positions: every body's origin, static ones included
 * (they do not move).
 */
public final class SceneFileEngine implements PeerEngine {

    private final Simulation sim;

    /** @throws IllegalArgumentException when there is no built-in scene of that name */
    public SceneFileEngine(String builtin) {
        this(builtin, 0);
    }

    /**
     * On {@code threads} threads (0: as the scene file says).
     *
     * @throws IllegalArgumentException when there is no built-in scene of that name
     */
    public SceneFileEngine(String builtin, int threads) {
        try {
            var scene = BuiltinScenes.read(builtin);
            sim = WorldBuilder.simulation(threads > 0 ? scene.with(scene.settings().withThreads(threads),
                    scene.bodies())
                    : scene);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SceneException e) {
            throw new IllegalStateException("built-in scene " + builtin + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void step() {
        sim.step();
    }

    @Override
    public int bodyCount() {
        return sim.bodyCount();
    }

    @Override
    public int contactCount() {
        return sim.contactCount();
    }

    @Override
    public double[] positions() {
        double[] state = new double[13];
        double[] out = new double[3 * sim.bodyCount()];
        for (int i = 0; i < sim.bodyCount(); i++) {
            sim.readState(i, state);
            System.arraycopy(state, 0, out, 3 * i, 3);
        }
        return out;
    }

    /** The check word of a scene file: its kinetic energy now (J), near 0 once it has come to rest. */
    public String energyCheck() {
        return String.format(Locale.ROOT, "ke=%.4gJ", sim.kineticEnergy());
    }

    @Override
    public void close() {
        if (sim instanceof WorldSimulation w) {
            w.world().close();
        }
    }
}
