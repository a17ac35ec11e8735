package ricochet.collision;

import java.util.Arrays;
import ricochet.collision.broad.ProxyCallback;

/**
 * The bodies whose fat broad-phase boxes overlap an axis-aligned box, planes included, as body
 * numbers in ascending order (so what a caller does with them does not depend on the tree's shape).
 * No exact shape test: the caller measures each body itself (a particle system against signed
 * distances). Allocates nothing once its array has grown.
 */
public final class BoundsQuery {

    private final CollisionWorld w;
    private int[] found = new int[16];
    private int count;
    private final ProxyCallback collect = this::collect;

    public BoundsQuery(CollisionWorld world) {
        this.w = world;
    }

    /**
     * Finds the bodies near the box (world, metres); read them with {@link #count} and {@link #body}.
     * Static bodies are included.
     */
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        count = 0;
        for (int p = 0; p < w.planeCount; p++) {
            add(w.planes[p]);
        }
        w.broad.query(minX, minY, minZ, maxX, maxY, maxZ, collect);
        Arrays.sort(found, 0, count);
    }

    private boolean collect(int proxy) {
        add(w.broad.userData(proxy));
        return true;
    }

    private void add(int body) {
        if (count == found.length) {
            found = Arrays.copyOf(found, 2 * count);
        }
        found[count++] = body;
    }

    /** How many bodies the last query found. */
    public int count() {
        return count;
    }

    /** The k-th body found, ascending. */
    public int body(int k) {
        return found[k];
    }
}
