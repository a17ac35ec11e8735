package ricochet.collision.broad;

/** Receives the proxies a ray cast crosses, and may clip the ray. */
@FunctionalInterface
public interface RayCallback {

    /**
     * Called for a proxy whose stored (fat) box the ray segment {@code o + t d, t in [0, maxFraction]}
     * crosses. The caller usually runs its exact shape cast here and clips the ray to its hit.
     *
     * @param proxy       the proxy id
     * @param maxFraction the ray's current end, as a fraction of the direction vector
     * @return the new end: {@code maxFraction} (or more, which is ignored) to go on unclipped, a smaller
     *         positive value to clip the ray there, {@code 0} (or less) to stop the cast
     */
    double reportProxy(int proxy, double maxFraction);
}
