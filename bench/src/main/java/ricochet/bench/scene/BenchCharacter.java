package ricochet.bench.scene;

/**
 * One walking character of a benchmark scene: a capsule standing along +y, moved by a wanted
 * horizontal velocity that every engine gets alike. It walks at {@code speed} along a heading that
 * turns a quarter turn every {@link #LEG_STEPS} steps ({@code turn} +1 counter-clockwise seen from
 * above, -1 clockwise), so unobstructed it walks a square of side {@code speed LEG_STEPS DT} and
 * stays near where it started whatever the run's length; {@code phase} shifts its turns so that
 * the characters do not all turn on the same step.
 *
 * @param x the capsule's centre at the start, world, m
 * @param y the capsule's centre at the start, world, m
 * @param z the capsule's centre at the start, world, m
 * @param radius m
 * @param height the whole capsule, caps included, m
 * @param maxSlope degrees from horizontal: steeper ground is not walkable
 * @param stepHeight the highest ledge it steps up and the deepest drop it follows down, m
 * @param speed m/s
 * @param dx the first leg's heading, a unit vector in the x-z plane
 * @param dz the first leg's heading, a unit vector in the x-z plane
 * @param turn +1 or -1
 * @param phase steps into its first leg at step 0, 0 to {@code LEG_STEPS - 1}
 */
public record BenchCharacter(double x, double y, double z, double radius, double height, double maxSlope,
                             double stepHeight, double speed, double dx, double dz, int turn, int phase) {

    /** Steps of {@link BenchScene#DT} between quarter turns (1.5 s). */
    public static final int LEG_STEPS = 90;

    public BenchCharacter {
        if (!(radius > 0) || !(height >= 2 * radius) || !(speed >= 0) || Math.abs(turn) != 1
                || phase < 0 || phase >= LEG_STEPS || !(Math.abs(dx * dx + dz * dz - 1) < 1e-9)) {
            throw new IllegalArgumentException("bench character: bad field in radius " + radius + ", height "
                    + height + ", speed " + speed + ", heading (" + dx + ", " + dz + "), turn " + turn
                    + ", phase " + phase);
        }
    }

    /** The capsule's cylinder half height (centre to a cap's centre), m. */
    public double halfHeight() {
        return 0.5 * height - radius;
    }

    /**
     * The wanted velocity (m/s, world x and z) for the step that starts after {@code step} steps,
     * into {@code out[0]} and {@code out[1]}.
     */
    public void wish(long step, double[] out) {
        int quarter = (int) Math.floorMod(turn * ((step + phase) / LEG_STEPS), 4L);
        // (dx, dz) turned by quarter x 90 degrees about +y, counter-clockwise seen from above:
        // (x, z) -> (z, -x) each quarter.
        double vx, vz;
        switch (quarter) {
            case 0 -> {
                vx = dx;
                vz = dz;
            }
            case 1 -> {
                vx = dz;
                vz = -dx;
            }
            case 2 -> {
                vx = -dx;
                vz = -dz;
            }
            default -> {
                vx = -dz;
                vz = dx;
            }
        }
        out[0] = speed * vx;
        out[1] = speed * vz;
    }
}
