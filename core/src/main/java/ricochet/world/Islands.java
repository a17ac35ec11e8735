package ricochet.world;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.IslandBuilder;

/**
 * The step's islands: bodies linked by contacts that can close within {@link World#LINK_DISTANCE}
 * over the step, or by a joint, into a union-find during the narrow phase ({@link ContactCollector},
 * {@link JointLinks}); then each awake body's island fixed for the rest of the step. The solver lays
 * out and may walk its runs by island; sleeping puts islands to sleep as a whole. Also the bodies a
 * moving kinematic body or an open joint keeps awake this step.
 */
final class Islands {

    private final BodyStore store;
    final IslandBuilder builder = new IslandBuilder();
    /** By dense index, for this step: each body's island (the union-find's root). */
    int[] islandOf = new int[16];
    /** By dense index, for this step: 1 for a body something keeps from resting. */
    byte[] keepAwake = new byte[16];
    /** Whether the last {@link #build} found the moving bodies in more than one island. */
    boolean severalIslands;

    Islands(BodyStore store) {
        this.store = store;
    }

    /** Room for {@code n} bodies' flags before the step's narrow phase. */
    void reserve(int n) {
        if (keepAwake.length < n) {
            keepAwake = new byte[Math.max(n, 2 * keepAwake.length)];
        }
    }

    /** A pass of the narrow phase starts: no links, nobody kept awake. */
    void beginPass(int n) {
        builder.reset(n);
        Arrays.fill(keepAwake, 0, n, (byte) 0);
    }

    /** Each awake dynamic body's island: the union-find's root, fixed for the rest of the step. */
    void build() {
        int n = store.count();
        if (islandOf.length < n) {
            islandOf = new int[Math.max(n, 2 * islandOf.length)];
        }
        // Whether the moving bodies fall into more than one island: with one, ordering the runs by
        // island changes nothing, and findContacts skips it.
        int first = -1;
        boolean several = false;
        for (int i = 0; i < n; i++) {
            int r = builder.root(i);
            islandOf[i] = r;
            if (store.invMass[i] > 0) {
                several |= first >= 0 && r != first;
                first = first < 0 ? r : first;
            }
        }
        severalIslands = several;
    }
}
