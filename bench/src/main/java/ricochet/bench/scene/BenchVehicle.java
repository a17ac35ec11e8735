package ricochet.bench.scene;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One car of a benchmark scene, all of the same layout (the scene format's example car: a 1,200 kg
 * box chassis on four ray-cast wheels, front drive and steering, rear handbrake), placed level at
 * (x, y, z) turned by {@code yaw} about +y, and driven by an input every engine gets alike: the
 * throttle on for {@link #DRIVE_STEPS} steps, then the brake for {@link #BRAKE_STEPS}, over and
 * over, with the steering held at {@code turn} (a fraction of {@link #MAX_STEER}; positive turns
 * left), so each car drives circles of about {@code WHEELBASE / tan(turn MAX_STEER)} and stays on
 * the bowl. {@code phase} shifts its cycle so that the cars do not all brake on the same step.
 *
 * <p>Frames as in Ricochet's vehicles: the chassis' forward axis is local +z, up is +y, +x is left;
 * wheel mounts are in the chassis frame, at the suspension's top.
 *
 * @param x the chassis' origin at the start, world, m
 * @param y the chassis' origin at the start, world, m
 * @param z the chassis' origin at the start, world, m
 * @param yaw heading at the start, radians about +y (0: facing +z)
 * @param turn steering input, -1 to 1
 * @param phase steps into its cycle at step 0, 0 to {@code DRIVE_STEPS + BRAKE_STEPS - 1}
 */
public record BenchVehicle(double x, double y, double z, double yaw, double turn, int phase) {

    /** Chassis box half extents (m), mass (kg) and centre of mass below the origin (m). */
    public static final double HALF_X = 0.9, HALF_Y = 0.35, HALF_Z = 2.1, MASS = 1200, COM_Y = -0.25;
    /** Wheel mounts at (+-WHEEL_X, WHEEL_Y, +-WHEEL_Z) in the chassis frame (m); front at +z. */
    public static final double WHEEL_X = 0.8, WHEEL_Y = -0.3, WHEEL_Z = 1.3;
    public static final double WHEELBASE = 2 * WHEEL_Z;
    /** Wheel radius and width (m), and spin inertia (kg m^2: 0.5 x 20 kg x R^2). */
    public static final double RADIUS = 0.35, WIDTH = 0.25, WHEEL_INERTIA = 0.5 * 20 * RADIUS * RADIUS;
    /** Suspension travel below the mount (m), spring frequency (Hz) and damping ratio. */
    public static final double REST_LENGTH = 0.3, FREQUENCY = 1.5, DAMPING = 0.5;
    /** The tyres' peak friction coefficient. */
    public static final double TYRE_FRICTION = 1.0;
    /** Engine: peak torque (N m), rev limit and idle (rpm). */
    public static final double MAX_TORQUE = 500, MAX_RPM = 6000, IDLE_RPM = MAX_RPM / 6;
    /** Forward gear ratios, first first, and the final drive's ratio. */
    public static final double[] GEARS = {2.66, 1.78, 1.3, 1.0, 0.74};
    public static final double DIFFERENTIAL_RATIO = 3.42;
    /** Anti-roll bar stiffness per axle (N/m), steering angle at full input (degrees). */
    public static final double ANTI_ROLL = 1000, MAX_STEER = 30;
    /** Brake and handbrake torque per wheel at full input (N m). */
    public static final double BRAKE_TORQUE = 4000, HANDBRAKE_TORQUE = 4000;
    /** The driver's cycle: throttle, then brake, in steps of {@link BenchScene#DT}. */
    public static final int DRIVE_STEPS = 150, BRAKE_STEPS = 60;
    public static final double THROTTLE = 0.4, BRAKE = 0.3;

    public BenchVehicle {
        if (!(Math.abs(turn) <= 1) || phase < 0 || phase >= DRIVE_STEPS + BRAKE_STEPS) {
            throw new IllegalArgumentException("bench vehicle: turn " + turn + " or phase " + phase
                    + " out of range");
        }
    }

    /**
     * The mount of wheel {@code k} in the chassis frame, into {@code out[0..2]}: 0 front left,
     * 1 front right, 2 rear left, 3 rear right.
     */
    public static void wheelMount(int k, double[] out) {
        out[0] = k % 2 == 0 ? WHEEL_X : -WHEEL_X;
        out[1] = WHEEL_Y;
        out[2] = k < 2 ? WHEEL_Z : -WHEEL_Z;
    }

    /** Wheels 0 and 1 steer and are driven; 2 and 3 have the handbrake. */
    public static boolean front(int k) {
        return k < 2;
    }

    /** The input for the step that starts after {@code step} steps: throttle, brake, steer into out[0..2]. */
    public void input(long step, double[] out) {
        boolean drive = (step + phase) % (DRIVE_STEPS + BRAKE_STEPS) < DRIVE_STEPS;
        out[0] = drive ? THROTTLE : 0;
        out[1] = drive ? 0 : BRAKE;
        out[2] = turn;
    }

    /** The quaternion of the start's heading, x y z w into {@code out}. */
    public void orientation(double[] out) {
        out[0] = 0;
        out[1] = StrictMath.sin(0.5 * yaw);
        out[2] = 0;
        out[3] = StrictMath.cos(0.5 * yaw);
    }

    /** The chassis origin's height above the ground at which the wheels just touch it, fully extended. */
    static final double TOUCH = -WHEEL_Y + REST_LENGTH + RADIUS;

    /**
     * 20 cars on the {@code terrain} scene's bowl ({@link BenchScenes#terrainMesh}), a 5 x 4 grid 7 m
     * apart, each turned at random and dropped level so that its lowest wheel is 10 cm above the
     * bowl, steering 0.7 to 1 of full lock left or right (circles of 4.5 to 6.5 m).
     */
    public static BenchScene scene() {
        List<BenchBody> bodies = List.of(BenchBody.fixed(BenchScenes.terrainMesh(), 0, 0, 0));
        List<BenchVehicle> cars = new ArrayList<>();
        Random random = new Random(45);
        double[] m = new double[3];
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 4; j++) {
                double x = (i - 2) * 7.0, z = (j - 1.5) * 7.0;
                double yaw = 2 * Math.PI * random.nextDouble();
                double c = StrictMath.cos(yaw), s = StrictMath.sin(yaw);
                double top = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < 4; k++) {
                    wheelMount(k, m);
                    // R(yaw) about +y: (x, z) -> (x c + z s, -x s + z c)
                    double wx = x + m[0] * c + m[2] * s, wz = z - m[0] * s + m[2] * c;
                    top = Math.max(top, BenchScenes.terrainHeight(wx, wz));
                }
                double turn = (random.nextBoolean() ? 1 : -1) * (0.7 + 0.3 * random.nextDouble());
                cars.add(new BenchVehicle(x, top + TOUCH + 0.1, z, yaw, turn,
                        random.nextInt(DRIVE_STEPS + BRAKE_STEPS)));
            }
        }
        return new BenchScene("vehicles", "20 cars driving circles on the terrain's 3,200-triangle bowl", bodies,
                List.of(), List.of(), cars, BenchVehicle::onBowl);
    }

    /**
     * {@code driving} when every chassis origin ended over the bowl between 10 cm below its surface
     * (through it) and 2 m above it (the origin rides about 0.85 m above the ground under it);
     * else {@code off-N}.
     */
    private static String onBowl(BenchScene s, double[] start, double[] end, double drift) {
        int first = 3 * (s.dynamicCount() + s.characters().size());
        int off = 0;
        for (int c = 0; c < s.vehicles().size(); c++) {
            int k = first + 3 * c;
            double x = end[k], y = end[k + 1], z = end[k + 2];
            boolean on = Math.abs(x) < BenchScenes.TERRAIN_HALF && Math.abs(z) < BenchScenes.TERRAIN_HALF
                    && y > BenchScenes.terrainHeight(x, z) - 0.1 && y < BenchScenes.terrainHeight(x, z) + 2;
            if (!on) {
                off++;
            }
        }
        return off == 0 ? "driving" : "off-" + off;
    }
}
