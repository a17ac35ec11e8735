package ricochet.bench.engines;

import com.github.stephengold.joltjni.Body;
import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.MassProperties;
import com.github.stephengold.joltjni.OffsetCenterOfMassShape;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.Vec3;
import com.github.stephengold.joltjni.VehicleAntiRollBar;
import com.github.stephengold.joltjni.VehicleCollisionTesterRay;
import com.github.stephengold.joltjni.VehicleConstraint;
import com.github.stephengold.joltjni.VehicleConstraintSettings;
import com.github.stephengold.joltjni.VehicleDifferentialSettings;
import com.github.stephengold.joltjni.VehicleEngineSettings;
import com.github.stephengold.joltjni.VehicleTransmissionSettings;
import com.github.stephengold.joltjni.WheelSettingsWv;
import com.github.stephengold.joltjni.WheeledVehicleController;
import com.github.stephengold.joltjni.WheeledVehicleControllerSettings;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EMotionType;
import com.github.stephengold.joltjni.enumerate.EOverrideMassProperties;
import com.github.stephengold.joltjni.enumerate.ETransmissionMode;
import java.util.List;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchVehicle;

/**
 * A bench scene's cars in Jolt: a {@code VehicleConstraint} with a {@code WheeledVehicleController}
 * each, as Jolt's {@code VehicleConstraintTest} builds them, with the {@link BenchVehicle} layout.
 * The chassis is a box whose centre of mass is moved down ({@code OffsetCenterOfMassShape}), with the
 * solid box's inertia about its centre given as is (as Ricochet takes it). Wheels: mounts, radius,
 * width, suspension from 0 to the rest length below the mount with the spring's frequency and damping,
 * steering and brakes as the layout says. Engine: peak torque, rev limit, idle; the automatic
 * transmission with the gears and shift points of Ricochet's defaults (85 % and 45 % of the rev limit),
 * one differential on the front wheels with the final drive's ratio; an anti-roll bar per axle.
 * Wheels are ray casts ({@code VehicleCollisionTesterRay}, as Ricochet's). Jolt's tyre model and its
 * friction (the tyre's curves, combined with the ground's friction) are its own defaults. Input:
 * {@code setDriverInput(throttle, -steer, brake, 0)} before each update (Jolt steers right for a
 * positive input).
 */
final class JoltVehicles {

    private final BenchVehicle[] drivers;
    private final VehicleConstraint[] constraints;
    private final WheeledVehicleController[] controllers;
    private final int[] chassis;
    private final double[] input = new double[3];

    JoltVehicles(BenchScene scene, PhysicsSystem system, BodyInterface bodies, int layer, List<AutoCloseable> keep) {
        drivers = scene.vehicles().toArray(new BenchVehicle[0]);
        constraints = new VehicleConstraint[drivers.length];
        controllers = new WheeledVehicleController[drivers.length];
        chassis = new int[drivers.length];
        if (drivers.length == 0) {
            return;
        }
        BoxShape box = new BoxShape((float) BenchVehicle.HALF_X, (float) BenchVehicle.HALF_Y,
                (float) BenchVehicle.HALF_Z);
        OffsetCenterOfMassShape shape = new OffsetCenterOfMassShape(box, new Vec3(0f, (float) BenchVehicle.COM_Y, 0f));
        keep.add(box.toRef());
        keep.add(shape.toRef());
        VehicleCollisionTesterRay tester = new VehicleCollisionTesterRay(layer, new Vec3(0f, 1f, 0f));
        keep.add(tester.toRef());
        double[] q = new double[4];
        for (int i = 0; i < drivers.length; i++) {
            BenchVehicle v = drivers[i];
            v.orientation(q);
            BodyCreationSettings settings = new BodyCreationSettings(shape, new RVec3(v.x(), v.y(), v.z()),
                    new Quat((float) q[0], (float) q[1], (float) q[2], (float) q[3]), EMotionType.Dynamic, layer);
            MassProperties mass = new MassProperties();
            mass.setMassAndInertiaOfSolidBox(new Vec3((float) (2 * BenchVehicle.HALF_X),
                    (float) (2 * BenchVehicle.HALF_Y), (float) (2 * BenchVehicle.HALF_Z)), 1f);
            mass.scaleToMass((float) BenchVehicle.MASS);
            settings.setOverrideMassProperties(EOverrideMassProperties.MassAndInertiaProvided);
            settings.setMassPropertiesOverride(mass);
            settings.setFriction((float) BenchScene.FRICTION);
            settings.setAllowSleeping(false);
            Body body = bodies.createBody(settings);
            settings.close();
            bodies.addBody(body, EActivation.Activate);
            chassis[i] = body.getId();
            VehicleConstraint constraint = new VehicleConstraint(body, vehicle(keep));
            constraint.setVehicleCollisionTester(tester);
            system.addConstraint(constraint);
            system.addStepListener(constraint.getStepListener());
            keep.add(constraint.toRef());
            constraints[i] = constraint;
            controllers[i] = (WheeledVehicleController) constraint.getController();
        }
    }

    private static VehicleConstraintSettings vehicle(List<AutoCloseable> keep) {
        VehicleConstraintSettings settings = new VehicleConstraintSettings();
        keep.add(settings.toRef());
        double[] m = new double[3];
        for (int k = 0; k < 4; k++) {
            BenchVehicle.wheelMount(k, m);
            boolean front = BenchVehicle.front(k);
            WheelSettingsWv w = new WheelSettingsWv();
            w.setPosition(new Vec3((float) m[0], (float) m[1], (float) m[2]));
            w.setRadius((float) BenchVehicle.RADIUS);
            w.setWidth((float) BenchVehicle.WIDTH);
            w.setSuspensionMinLength(0f);
            w.setSuspensionMaxLength((float) BenchVehicle.REST_LENGTH);
            w.getSuspensionSpring().setFrequency((float) BenchVehicle.FREQUENCY);
            w.getSuspensionSpring().setDamping((float) BenchVehicle.DAMPING);
            w.setMaxSteerAngle(front ? (float) Math.toRadians(BenchVehicle.MAX_STEER) : 0f);
            w.setMaxBrakeTorque((float) BenchVehicle.BRAKE_TORQUE);
            w.setMaxHandBrakeTorque(front ? 0f : (float) BenchVehicle.HANDBRAKE_TORQUE);
            settings.addWheels(w);
        }
        WheeledVehicleControllerSettings controller = new WheeledVehicleControllerSettings();
        VehicleEngineSettings engine = controller.getEngine();
        engine.setMaxTorque((float) BenchVehicle.MAX_TORQUE);
        engine.setMaxRpm((float) BenchVehicle.MAX_RPM);
        engine.setMinRpm((float) BenchVehicle.IDLE_RPM);
        VehicleTransmissionSettings gearbox = controller.getTransmission();
        gearbox.setMode(ETransmissionMode.Auto);
        float[] gears = new float[BenchVehicle.GEARS.length];
        for (int g = 0; g < gears.length; g++) {
            gears[g] = (float) BenchVehicle.GEARS[g];
        }
        gearbox.setGearRatios(gears);
        gearbox.setShiftUpRpm((float) (0.85 * BenchVehicle.MAX_RPM));
        gearbox.setShiftDownRpm((float) (0.45 * BenchVehicle.MAX_RPM));
        controller.setNumDifferentials(1);
        VehicleDifferentialSettings differential = controller.getDifferential(0);
        differential.setLeftWheel(0);
        differential.setRightWheel(1);
        differential.setDifferentialRatio((float) BenchVehicle.DIFFERENTIAL_RATIO);
        settings.setController(controller);
        settings.setNumAntiRollBars(2);
        for (int a = 0; a < 2; a++) {
            VehicleAntiRollBar bar = settings.getAntiRollBar(a);
            bar.setLeftWheel(2 * a);
            bar.setRightWheel(2 * a + 1);
            bar.setStiffness((float) BenchVehicle.ANTI_ROLL);
        }
        return settings;
    }

    int count() {
        return drivers.length;
    }

    /** Each car's input for the step that starts after {@code step} steps. */
    void drive(long step) {
        for (int i = 0; i < drivers.length; i++) {
            drivers[i].input(step, input);
            controllers[i].setDriverInput((float) input[0], (float) -input[2], (float) input[1], 0f);
        }
    }

    /** The chassis origins into {@code out} from {@code k}, packed x y z. */
    void positions(BodyInterface bodies, double[] out, int k) {
        for (int i = 0; i < drivers.length; i++, k += 3) {
            RVec3 p = bodies.getPosition(chassis[i]);
            out[k] = p.xx();
            out[k + 1] = p.yy();
            out[k + 2] = p.zz();
        }
    }

    /** Takes the constraints out of the system and the chassis bodies with them, before the system goes. */
    void close(PhysicsSystem system, BodyInterface bodies) {
        for (int i = 0; i < drivers.length; i++) {
            if (constraints[i] != null) {
                system.removeStepListener(constraints[i].getStepListener());
                system.removeConstraint(constraints[i]);
                constraints[i] = null;
                bodies.removeBody(chassis[i]);
                bodies.destroyBody(chassis[i]);
            }
        }
    }
}
