/**
 * Ragdolls built through the public world API: capsules for the body parts, cone-twist and hinge
 * joints between them, masses from a density.
 *
 * <p>Depends on {@code math}, {@code geometry.shape}, {@code body}, {@code joints} (joint definitions) and
 * {@code world}.
 */
package ricochet.ragdoll;
