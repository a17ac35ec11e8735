/**
 * Random worlds for promise 1 (no NaN from finite input) and the checks a run of one must pass: the
 * generator and the watch shared by the core's property test and the command line's {@code soak}.
 * Main code rather than test code because the app's soak command runs it; nothing in the engine
 * depends on it. Depends on {@code world}, {@code body}, {@code math}, {@code geometry.shape},
 * {@code joints} and {@code ragdoll}.
 */
package ricochet.world.fuzz;
