/**
 * The narrow phase: a shape-type by shape-type table of routines (sphere-sphere, box-box SAT with
 * face clipping, GJK + EPA for the general convex case, triangles of meshes and heightfields) that
 * write into a reused {@link ricochet.collision.narrow.Manifold}. Depends on math and geometry.
 */
package ricochet.collision.narrow;
