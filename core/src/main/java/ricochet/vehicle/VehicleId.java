package ricochet.vehicle;

/**
 * A handle to a vehicle of a world: its slot and the slot's generation, so a handle kept past its
 * vehicle's removal is refused rather than taken for the slot's next vehicle.
 */
public record VehicleId(int index, int generation) {
}
