/**
 * Running the bench: {@link ricochet.bench.run.BenchRunner} measures one (engine, scene) run in its
 * own JVM and prints one {@link ricochet.bench.run.RunResult} line; {@link ricochet.bench.run.ChildJvm}
 * starts those JVMs and reads the line back; {@link ricochet.bench.run.BenchReport} folds the runs
 * into rows, the table, the CSV and the chart.
 */
package ricochet.bench.run;
