/**
 * Benchmarks: JMH micro-benchmarks of the hot loops, and the {@code ./ricochet bench} command that
 * times whole scenes in Ricochet and its peer engines ({@code scene}: the scenes, {@code engines}:
 * one adapter per engine, {@code run}: child JVMs, rows, table, chart). {@code mvn verify} runs only
 * the harness's quick tests, never the timings. Depends on core, app and the peers' jars; nothing
 * depends on it.
 */
package ricochet.bench;
