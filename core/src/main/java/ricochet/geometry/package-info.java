/**
 * Geometry that needs no simulation: triangle meshes, signed distance functions (planes, spheres,
 * boxes, any shape at a pose via {@link ricochet.geometry.PosedSdf}, unions and intersections), and
 * generated meshes. Shapes themselves live in {@code ricochet.geometry.shape}. Depends on math and
 * geometry.shape.
 */
package ricochet.geometry;
