/**
 * What users embed and what the command line and viewer drive: the {@link ricochet.world.Simulation}
 * view of a stepping world, its events and errors. Depends on every core package.
 */
package ricochet.world;
