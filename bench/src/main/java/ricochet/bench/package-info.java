/**
 * Benchmarks: JMH micro-benchmarks of the hot loops, and the {@code ./ricochet bench} command that
 * times whole scenes. Never run by {@code mvn verify}. Depends on core and app.
 */
package ricochet.bench;
