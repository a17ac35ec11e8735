package ricochet.vehicle;

import java.util.List;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** The cars and grounds the vehicle tests share. */
final class VehicleScenes {

    static final double G = 9.81;

    private VehicleScenes() {
    }

    /** The four-wheel car of the scene format's example: front steering and drive, rear handbrake. */
    static VehicleDef car(String name) {
        double r = 0.35, w = 0.25;
        return VehicleDef.of(name, new VehicleDef.Chassis(new Vec3(0.9, 0.35, 2.1), 1200, new Vec3(0, -0.25, 0)),
                List.of(VehicleDef.Wheel.of(new Vec3(-0.8, -0.3, 1.3), r, w, true, true, false),
                        VehicleDef.Wheel.of(new Vec3(0.8, -0.3, 1.3), r, w, true, true, false),
                        VehicleDef.Wheel.of(new Vec3(-0.8, -0.3, -1.3), r, w, false, false, true),
                        VehicleDef.Wheel.of(new Vec3(0.8, -0.3, -1.3), r, w, false, false, true)));
    }

    /** The same car with every wheel driven (open differential: equal torque on all four). */
    static VehicleDef allWheelDrive(String name) {
        VehicleDef c = car(name);
        java.util.List<VehicleDef.Wheel> wheels = new java.util.ArrayList<>();
        for (VehicleDef.Wheel w : c.wheels()) {
            wheels.add(new VehicleDef.Wheel(w.position(), w.radius(), w.width(), w.steer(), true, w.handbrake(),
                    w.inertia()));
        }
        return new VehicleDef(name, c.chassis(), wheels, c.suspension(), c.tyre(), c.engine(), c.gears(),
                c.differentialRatio(), c.differential(), c.antiRoll(), c.maxSteer(), c.brakeTorque(),
                c.handbrakeTorque(), c.reverseRatio());
    }

    /** A world with a flat static ground box whose top is y = 0, friction 1. */
    static World flat(int substeps) {
        World w = new World(new Vec3(0, -G, 0));
        w.setSubsteps(substeps);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)).withName("ground"),
                new BoxShape(2000, 0.5, 2000), 1.0, 0);
        return w;
    }

    /**
     * The chassis origin height at which the car's wheels just touch flat ground at y = 0 with the
     * suspension fully extended: mount y + restLength + radius above the ground.
     */
    static double touchHeight(VehicleDef def) {
        VehicleDef.Wheel w = def.wheels().get(0);
        return -w.position().y() + def.suspension().restLength() + w.radius();
    }

    static VehicleId place(World w, VehicleDef def, double x, double z, double drop) {
        return w.vehicles().add(def, new Vec3(x, touchHeight(def) + drop, z), Quat.IDENTITY);
    }
}
