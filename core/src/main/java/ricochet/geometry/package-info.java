/**
 * Geometry that needs no simulation and no shape: triangle meshes and triangle routines, signed
 * distance functions (planes, spheres, boxes, unions and intersections) and generated meshes.
 * Shapes, and the signed distance of a shape at a pose, live in {@code ricochet.geometry.shape},
 * which builds on this package.
 *
 * <p>Depends on {@code math} only.
 */
package ricochet.geometry;
