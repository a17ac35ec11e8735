/**
 * Cloth and soft bodies: particles stepped by substepped XPBD (distance, dihedral bending, long-range
 * attachments, tetrahedral volume, shell pressure), colliding with the world's rigid shapes through
 * their signed distances (two-way with dynamic bodies) and, for cloth, with itself through a spatial
 * hash; a stage of the world's step ({@code docs/soft-bodies.md}). Depends on collision, geometry,
 * body and math; the world reaches it through {@link ricochet.soft.SoftHost}, so it does not depend
 * on the world.
 */
package ricochet.soft;
