/**
 * The narrow phase: a shape-type by shape-type table of routines (sphere-sphere, box-box SAT with
 * face clipping, GJK + EPA for the general convex case, triangles of meshes and heightfields) that
 * write into a reused {@link ricochet.collision.narrow.Manifold}, and the sweeps (shape casts, time
 * of impact) built on the same distance routines.
 *
 * <p>Depends on {@code math}, {@code geometry} and {@code geometry.shape}; not on the broad phase.
 */
package ricochet.collision.narrow;
