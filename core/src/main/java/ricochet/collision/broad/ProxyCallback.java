package ricochet.collision.broad;

/** Receives the proxies an overlap query finds. */
@FunctionalInterface
public interface ProxyCallback {

    /**
     * Called once for each proxy whose stored (fat) box overlaps the query box.
     *
     * @param proxy the proxy id
     * @return {@code true} to go on, {@code false} to stop the query
     */
    boolean reportProxy(int proxy);
}
