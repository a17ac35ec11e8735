/**
 * Cloth and soft bodies: particles stepped by substepped XPBD (distance, dihedral bending, long-range
 * attachments, tetrahedral volume, shell pressure) or shape-matching clusters, colliding with the
 * world's rigid shapes through their signed distances (two-way with dynamic bodies), with one another
 * (particles against surface triangles) and, for cloth, with itself through spatial hashes; a stage
 * of the world's step ({@code docs/soft-bodies.md}). Depends on collision, geometry, body and math;
 * the world reaches it through {@link ricochet.soft.SoftHost}, so it does not depend on the world.
 * {@link ricochet.soft.SoftBodies} is the facade; the body table, building, stepping and snapshots
 * sit behind it in their own files.
 */
package ricochet.soft;
