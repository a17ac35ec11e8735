/**
 * The fixed pool of worker threads a world's step spreads its stages over
 * ({@link ricochet.parallel.WorkerPool}): a stage is a parallel for over fixed blocks of items, so
 * what each item computes never depends on the number of threads.
 *
 * <p>Depends on nothing but the JDK.
 */
package ricochet.parallel;
