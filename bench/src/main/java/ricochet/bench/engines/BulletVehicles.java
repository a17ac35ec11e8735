package ricochet.bench.engines;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CompoundCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.bullet.objects.PhysicsVehicle;
import com.jme3.math.Matrix3f;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import java.util.logging.Level;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchVehicle;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.Vehicles;

/**
 * A bench scene's cars in Bullet: its raycast vehicle ({@code btRaycastVehicle}, Libbulletjme's
 * {@code PhysicsVehicle}) with the {@link BenchVehicle} layout. The chassis is the box moved up in a
 * compound so that the body's origin is the centre of mass, with the solid box's inertia about its
 * centre given as is (as Ricochet and Jolt take it). Wheels: ray casts from the mounts down the
 * chassis' -y, rest length and radius of the layout, the axle along -x (Bullet's forward is
 * {@code up x axle}, so +z).
 *
 * <p>Bullet's suspension stiffness and damping are per kilogram of the whole chassis
 * ({@code F = m (k x - c v)}), so a spring carrying a quarter of the chassis at the layout's frequency
 * is {@code omega^2 / 4} and its damper {@code 2 zeta omega / 4}, for compression and rebound alike;
 * travel the full rest length, force unbounded (Bullet's default bound, 6,000 N, is under a landing's
 * load). The tyre is Bullet's: a lateral impulse that stops the patch's sliding, and a traction
 * impulse, clamped together to the friction slip (the layout's peak friction) times the wheel's
 * load; roll influence 1 (the lateral force at the contact, as in Ricochet and Jolt; Bullet's
 * default 0.1 takes 90 % of the roll away). No anti-roll bars (Bullet has none).
 *
 * <p>Bullet has no engine: the adapter turns the throttle into a force at each front wheel through
 * Ricochet's torque curve ({@link Vehicles#engineCurve}) and an automatic gearbox on road speed
 * (the layout's gears, up at 85 % and down at 45 % of the rev limit, at most once per 0.3 s), split
 * equally between the two driven wheels; the brake is the layout's torque over the radius as a
 * per-step impulse ({@code brake T / R dt}); the steering angle the input times the layout's lock.
 */
final class BulletVehicles {

    private static final double SHIFT_UP = 0.85 * BenchVehicle.MAX_RPM, SHIFT_DOWN = 0.45 * BenchVehicle.MAX_RPM;
    private static final double SHIFT_TIME = 0.3;
    private static final double RPM_PER_RAD_S = 60 / (2 * Math.PI);

    private final BenchVehicle[] drivers;
    private final PhysicsVehicle[] cars;
    private final int[] gear;
    private final double[] shiftTimer;
    private final double[] input = new double[3];
    private final VehicleDef.Engine engine = VehicleDef.Engine.of(BenchVehicle.MAX_TORQUE, BenchVehicle.MAX_RPM);
    private final Vector3f p = new Vector3f(), v = new Vector3f();
    private final Matrix3f r = new Matrix3f();

    BulletVehicles(BenchScene scene, PhysicsSpace space, float chassisFriction) {
        drivers = scene.vehicles().toArray(new BenchVehicle[0]);
        cars = new PhysicsVehicle[drivers.length];
        gear = new int[drivers.length];
        shiftTimer = new double[drivers.length];
        if (drivers.length == 0) {
            return;
        }
        // A raycast vehicle rebuilds its body once per wheel added, and says so at INFO each time.
        PhysicsRigidBody.logger2.setLevel(Level.WARNING);
        double hx = BenchVehicle.HALF_X, hy = BenchVehicle.HALF_Y, hz = BenchVehicle.HALF_Z, m = BenchVehicle.MASS;
        double omega = 2 * Math.PI * BenchVehicle.FREQUENCY;
        float stiffness = (float) (omega * omega / 4);
        float damping = (float) (2 * BenchVehicle.DAMPING * omega / 4);
        double[] mount = new double[3], o = new double[4];
        for (int i = 0; i < drivers.length; i++) {
            CompoundCollisionShape shape = new CompoundCollisionShape();
            shape.addChildShape(new BoxCollisionShape((float) hx, (float) hy, (float) hz), 0f,
                    (float) -BenchVehicle.COM_Y, 0f);
            PhysicsVehicle car = new PhysicsVehicle(shape, (float) m);
            car.setInverseInertiaLocal(new Vector3f((float) (3 / (m * (hy * hy + hz * hz))),
                    (float) (3 / (m * (hx * hx + hz * hz))), (float) (3 / (m * (hx * hx + hy * hy)))));
            car.setFriction(chassisFriction);
            car.setEnableSleep(false);
            car.setSuspensionStiffness(stiffness);
            car.setSuspensionCompression(damping);
            car.setSuspensionDamping(damping);
            car.setMaxSuspensionTravelCm((float) (100 * BenchVehicle.REST_LENGTH));
            car.setMaxSuspensionForce(1e6f);
            car.setFrictionSlip((float) BenchVehicle.TYRE_FRICTION);
            for (int k = 0; k < 4; k++) {
                BenchVehicle.wheelMount(k, mount);
                // Mounts from the centre of mass, the body's origin.
                Vector3f at = new Vector3f((float) mount[0], (float) (mount[1] - BenchVehicle.COM_Y),
                        (float) mount[2]);
                car.addWheel(at, new Vector3f(0, -1, 0), new Vector3f(-1, 0, 0), (float) BenchVehicle.REST_LENGTH,
                        (float) BenchVehicle.RADIUS, BenchVehicle.front(k));
                car.setRollInfluence(k, 1f);
            }
            BenchVehicle d = drivers[i];
            d.orientation(o);
            Quaternion turn = new Quaternion((float) o[0], (float) o[1], (float) o[2], (float) o[3]);
            // The chassis origin at (x, y, z), level: the centre of mass COM_Y below it.
            car.setPhysicsLocation(new Vector3f((float) d.x(), (float) (d.y() + BenchVehicle.COM_Y), (float) d.z()));
            car.setPhysicsRotation(turn);
            space.addCollisionObject(car);
            cars[i] = car;
        }
    }

    int count() {
        return drivers.length;
    }

    /** Each car's input for the step that starts after {@code step} steps: gearbox, engine force, brake, steer. */
    void drive(long step) {
        for (int i = 0; i < drivers.length; i++) {
            PhysicsVehicle car = cars[i];
            drivers[i].input(step, input);
            car.getLinearVelocity(v);
            car.getForwardVector(p);
            double road = Math.abs(v.x * p.x + v.y * p.y + v.z * p.z) / BenchVehicle.RADIUS
                    * BenchVehicle.DIFFERENTIAL_RATIO * RPM_PER_RAD_S;
            shiftTimer[i] = Math.max(0, shiftTimer[i] - BenchScene.DT);
            if (shiftTimer[i] == 0) {
                if (road * BenchVehicle.GEARS[gear[i]] >= SHIFT_UP && gear[i] < BenchVehicle.GEARS.length - 1) {
                    gear[i]++;
                    shiftTimer[i] = SHIFT_TIME;
                } else if (road * BenchVehicle.GEARS[gear[i]] < SHIFT_DOWN && gear[i] > 0) {
                    gear[i]--;
                    shiftTimer[i] = SHIFT_TIME;
                }
            }
            double ratio = BenchVehicle.GEARS[gear[i]] * BenchVehicle.DIFFERENTIAL_RATIO;
            double rpm = Math.max(BenchVehicle.IDLE_RPM, road * BenchVehicle.GEARS[gear[i]]);
            double force = input[0] * Vehicles.engineCurve(engine, rpm) * ratio / BenchVehicle.RADIUS / 2;
            float brake = (float) (input[1] * BenchVehicle.BRAKE_TORQUE / BenchVehicle.RADIUS * BenchScene.DT);
            float steer = (float) (input[2] * Math.toRadians(BenchVehicle.MAX_STEER));
            for (int k = 0; k < 4; k++) {
                boolean front = BenchVehicle.front(k);
                car.accelerate(k, front ? (float) force : 0f);
                car.brake(k, brake);
                car.steer(k, front ? steer : 0f);
            }
        }
    }

    /** The chassis origins into {@code out} from {@code k}, packed x y z. */
    void positions(double[] out, int k) {
        for (int i = 0; i < drivers.length; i++, k += 3) {
            cars[i].getPhysicsLocation(p);
            cars[i].getPhysicsRotationMatrix(r);
            // origin = centre of mass - COM_Y times the chassis' up axis (the matrix's second column)
            double c = -BenchVehicle.COM_Y;
            out[k] = p.x + c * r.get(0, 1);
            out[k + 1] = p.y + c * r.get(1, 1);
            out[k + 2] = p.z + c * r.get(2, 1);
        }
    }

    /** Takes the cars out of the space. */
    void close(PhysicsSpace space) {
        for (int i = 0; i < cars.length; i++) {
            if (cars[i] != null) {
                space.removeCollisionObject(cars[i]);
                cars[i] = null;
            }
        }
    }
}
