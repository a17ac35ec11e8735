/**
 * Vehicles: cars on a dynamic chassis body whose wheels sweep their cylinders to the ground
 * (suspension, brush tyres with combined slip, wheel spin, engine, automatic gearbox with reverse,
 * differential, brakes, steering, anti-roll bars), updated as a stage of the world's step before the
 * rigid bodies are solved ({@code docs/vehicles.md}). Depends on collision, geometry, body and math;
 * the world reaches it through {@link ricochet.vehicle.VehicleHost}, so it does not depend on the
 * world.
 */
package ricochet.vehicle;
