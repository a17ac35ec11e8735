/**
 * The snapshot file of {@code ./ricochet run --snapshot} and {@code --resume}: a scene's text and OBJ
 * files with a simulation's state, in one self-checking file written atomically. Depends on the core's
 * {@code ricochet.world} and on {@code ricochet.io.scene}.
 */
package ricochet.io.snapshot;
