package ricochet.bench.scene;

/**
 * One body of a benchmark scene: its shape, whether it moves, its pose (world frame, metres; a
 * unit quaternion {@code (qx, qy, qz, qw)} from body to world axes) and, for a dynamic body, its
 * density (kg/m^3). Friction 0.5 and restitution 0 are the same for every body and every engine.
 */
public record BenchBody(BenchShape shape, boolean dynamic, double x, double y, double z,
                        double qx, double qy, double qz, double qw, double density) {

    /** A dynamic body, unrotated. */
    public static BenchBody dynamic(BenchShape shape, double x, double y, double z, double density) {
        return new BenchBody(shape, true, x, y, z, 0, 0, 0, 1, density);
    }

    /** A static body, unrotated. */
    public static BenchBody fixed(BenchShape shape, double x, double y, double z) {
        return new BenchBody(shape, false, x, y, z, 0, 0, 0, 1, 0);
    }

    /** This body turned by {@code radians} about the unit axis {@code (ax, ay, az)}. */
    public BenchBody rotated(double ax, double ay, double az, double radians) {
        double s = StrictMath.sin(0.5 * radians);
        return new BenchBody(shape, dynamic, x, y, z, ax * s, ay * s, az * s, StrictMath.cos(0.5 * radians), density);
    }

    /** kg: density times volume; 0 for a static body. */
    public double mass() {
        return dynamic ? density * shape.volume() : 0;
    }
}
