/**
 * Characters: kinematic capsules that walk, slide along what they meet, climb steps, stand on
 * slopes up to a limit, ride what they stand on and push dynamic bodies, updated as a stage of the
 * world's step ({@code docs/character.md}). Depends on collision, geometry, body and math; the
 * world reaches it through {@link ricochet.character.CharacterHost}, so it does not depend on the
 * world.
 */
package ricochet.character;
