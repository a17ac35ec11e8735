package ricochet.bench.engines;

import java.util.ArrayList;
import java.util.List;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchVehicle;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleId;
import ricochet.vehicle.Vehicles;
import ricochet.world.World;

/**
 * A bench scene's cars in Ricochet: {@link Vehicles#add} with the {@link BenchVehicle} layout (the
 * defaults for what it does not set: the brush tyre's slip stiffness, the gearbox's shift points, an
 * open differential), and before each step {@link Vehicles#setInput} with the car's input. Allocates
 * nothing per step.
 */
final class RicochetVehicles {

    private final World world;
    private final BenchVehicle[] drivers;
    private final VehicleId[] ids;
    private final double[] input = new double[3];

    RicochetVehicles(World world, BenchScene scene) {
        this.world = world;
        drivers = scene.vehicles().toArray(new BenchVehicle[0]);
        ids = new VehicleId[drivers.length];
        double[] m = new double[3], q = new double[4];
        for (int i = 0; i < drivers.length; i++) {
            List<VehicleDef.Wheel> wheels = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                BenchVehicle.wheelMount(k, m);
                boolean front = BenchVehicle.front(k);
                wheels.add(new VehicleDef.Wheel(new Vec3(m[0], m[1], m[2]), BenchVehicle.RADIUS,
                        BenchVehicle.WIDTH, front, front, !front, BenchVehicle.WHEEL_INERTIA));
            }
            VehicleDef def = VehicleDef.of("car" + i, new VehicleDef.Chassis(new Vec3(BenchVehicle.HALF_X,
                    BenchVehicle.HALF_Y, BenchVehicle.HALF_Z), BenchVehicle.MASS, new Vec3(0, BenchVehicle.COM_Y, 0)),
                    wheels)
                    .withSuspension(new VehicleDef.Suspension(BenchVehicle.REST_LENGTH, BenchVehicle.FREQUENCY,
                            BenchVehicle.DAMPING))
                    .withTyre(new VehicleDef.Tyre(BenchVehicle.TYRE_FRICTION, VehicleDef.DEFAULT_SLIP_STIFFNESS))
                    .withEngine(VehicleDef.Engine.of(BenchVehicle.MAX_TORQUE, BenchVehicle.MAX_RPM))
                    .withGears(BenchVehicle.GEARS.clone(), BenchVehicle.DIFFERENTIAL_RATIO)
                    .withAntiRoll(BenchVehicle.ANTI_ROLL)
                    .withMaxSteer(BenchVehicle.MAX_STEER)
                    .withBrakes(BenchVehicle.BRAKE_TORQUE, BenchVehicle.HANDBRAKE_TORQUE);
            BenchVehicle v = drivers[i];
            v.orientation(q);
            ids[i] = world.vehicles().add(def, new Vec3(v.x(), v.y(), v.z()), new Quat(q[0], q[1], q[2], q[3]));
        }
    }

    int count() {
        return ids.length;
    }

    /** Each car's input for the step that starts after {@code step} steps. */
    void drive(long step) {
        Vehicles all = world.vehicles();
        for (int i = 0; i < ids.length; i++) {
            drivers[i].input(step, input);
            all.setInput(ids[i], input[0], input[1], 0, input[2]);
        }
    }

    /** The chassis origins into {@code out} from {@code k}, packed x y z. */
    void positions(double[] out, int k) {
        for (int i = 0; i < ids.length; i++, k += 3) {
            Vec3 p = world.position(world.vehicles().chassis(ids[i]));
            out[k] = p.x();
            out[k + 1] = p.y();
            out[k + 2] = p.z();
        }
    }
}
