/**
 * Destruction: a convex shape cut into convex pieces by a seeded Voronoi fracture
 * ({@link ricochet.fracture.VoronoiFracture}), the pieces' exact mass properties and the bonds between
 * touching pieces ({@link ricochet.fracture.FracturePattern}), and the stage of the world's step that
 * moves each bonded cluster as one rigid body and splits it when a bond's impulse exceeds its strength
 * ({@link ricochet.fracture.Fractures}, {@code docs/destruction.md}). Depends on body, geometry and
 * math; the world reaches it through {@link ricochet.fracture.FractureHost}, so it does not depend on
 * the world.
 */
package ricochet.fracture;
