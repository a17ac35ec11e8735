/**
 * What a user says about a body before and after it exists: the {@link ricochet.body.BodyDef}
 * record with its defaults, and the {@link ricochet.body.BodyId} handle that names a body in a
 * world. Plain data below every stage of the engine, so that dynamics, joints and the world all
 * take them. Depends on {@code ricochet.math} and {@code ricochet.geometry.shape} only.
 */
package ricochet.body;
