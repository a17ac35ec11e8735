package ricochet.bench.scene;

import java.util.List;

/**
 * A benchmark scene every engine builds alike: bodies in a fixed order (an engine reports positions
 * of the dynamic ones in that order, then its characters' centres, then its vehicles' chassis
 * origins), joints between them naming them by index, walking characters, driven cars, gravity {@link #GRAVITY} along -y, steps of {@link #DT}.
 *
 * @param name what {@code --scenes} calls it
 * @param description one line for people
 * @param bodies static and dynamic, in the order adapters add them
 * @param joints added after all the bodies, in this order
 * @param characters added after the joints, in this order; only engines with a character controller
 *     run a scene that has any
 * @param vehicles added after the characters, in this order; only engines with a vehicle model in
 *     the bench run a scene that has any
 * @param check turns the final positions into the CSV's {@code check} word
 */
public record BenchScene(String name, String description, List<BenchBody> bodies, List<BenchJoint> joints,
                         List<BenchCharacter> characters, List<BenchVehicle> vehicles, Check check) {

    /** Seconds per step, one engine step per call, for every engine. */
    public static final double DT = 1.0 / 60.0;
    /** m/s^2, along -y. */
    public static final double GRAVITY = 9.81;
    /** Coulomb coefficient of every contact pair (each adapter says how it gets its engine there). */
    public static final double FRICTION = 0.5;
    public static final double RESTITUTION = 0;

    /**
     * @throws IllegalArgumentException when a joint names a body the scene lacks, or a hinge joins
     *     two bodies built turned differently (Bullet's axis-and-pivot hinge measures its zero angle
     *     as if they were not, so its symmetric limits would be off)
     */
    public BenchScene {
        bodies = List.copyOf(bodies);
        joints = List.copyOf(joints);
        characters = List.copyOf(characters);
        vehicles = List.copyOf(vehicles);
        for (BenchJoint j : joints) {
            if (j.a() >= bodies.size() || j.b() >= bodies.size()) {
                throw new IllegalArgumentException(name + ": joint " + j + " names a body beyond the "
                        + bodies.size() + " there are");
            }
            BenchBody a = bodies.get(j.a()), b = bodies.get(j.b());
            if (j.kind() == BenchJoint.Kind.HINGE && (a.qx() != b.qx() || a.qy() != b.qy() || a.qz() != b.qz()
                    || a.qw() != b.qw())) {
                throw new IllegalArgumentException(name + ": hinge " + j
                        + " joins bodies built turned differently");
            }
        }
    }

    /** A scene without vehicles. */
    public BenchScene(String name, String description, List<BenchBody> bodies, List<BenchJoint> joints,
                      List<BenchCharacter> characters, Check check) {
        this(name, description, bodies, joints, characters, List.of(), check);
    }

    /** A scene without characters. */
    public BenchScene(String name, String description, List<BenchBody> bodies, List<BenchJoint> joints,
                      Check check) {
        this(name, description, bodies, joints, List.of(), List.of(), check);
    }

    /** A scene without joints or characters. */
    public BenchScene(String name, String description, List<BenchBody> bodies, Check check) {
        this(name, description, bodies, List.of(), List.of(), List.of(), check);
    }

    /** A one-word verdict on where the dynamic bodies ended, e.g. {@code stands} or {@code toppled}. */
    @FunctionalInterface
    public interface Check {
        /**
         * @param start dynamic bodies' positions after building, then the characters' centres,
         *     packed x y z in scene order
         * @param end the same bodies and characters after the last step
         * @param drift the largest distance any one of them moved, m
         */
        String verdict(BenchScene scene, double[] start, double[] end, double drift);
    }

    public int dynamicCount() {
        int n = 0;
        for (BenchBody b : bodies) {
            if (b.dynamic()) {
                n++;
            }
        }
        return n;
    }

    /**
     * The dynamic bodies' positions as built, then the characters' centres, then the vehicles'
     * chassis origins, packed x y z in scene order.
     */
    public double[] startPositions() {
        double[] out = new double[3 * (dynamicCount() + characters.size() + vehicles.size())];
        int k = 0;
        for (BenchBody b : bodies) {
            if (b.dynamic()) {
                out[k++] = b.x();
                out[k++] = b.y();
                out[k++] = b.z();
            }
        }
        for (BenchCharacter c : characters) {
            out[k++] = c.x();
            out[k++] = c.y();
            out[k++] = c.z();
        }
        for (BenchVehicle v : vehicles) {
            out[k++] = v.x();
            out[k++] = v.y();
            out[k++] = v.z();
        }
        return out;
    }

    /** The largest distance between matching bodies of two packed position arrays, m. */
    public static double drift(double[] start, double[] end) {
        if (start.length != end.length) {
            throw new IllegalArgumentException("drift: " + start.length / 3 + " start positions but "
                    + end.length / 3 + " end positions");
        }
        double worst = 0;
        for (int i = 0; i < start.length; i += 3) {
            double dx = end[i] - start[i], dy = end[i + 1] - start[i + 1], dz = end[i + 2] - start[i + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            // NaN (a body blew up) must win over any number.
            if (!(d <= worst)) {
                worst = d;
            }
        }
        return worst;
    }
}
