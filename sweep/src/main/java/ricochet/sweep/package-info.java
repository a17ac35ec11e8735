/**
 * Parameter sweeps ({@code ./ricochet sweep}): one scene, many variants of it, each stepped in a
 * task on Apache Spark, gathered into one table. Depends on the app (scene files, the world
 * builder) and on Spark; the core knows nothing of it.
 */
package ricochet.sweep;
