package ricochet.vehicle;

import java.io.DataOutput;
import java.io.IOException;
import ricochet.body.BodyId;
import ricochet.math.StateInput;

/**
 * A vehicle table's state as bytes, for world snapshots. A snapshot goes back into the world it was
 * taken of, or one built by the same calls, so the table itself (slots, names, wheel counts, chassis
 * handles) must match and is only checked; what a step changes ({@link VehicleState#copyStepStateFrom})
 * is written and read.
 *
 * <p>Layout: the slot count, then per slot its name, generation, live flag, wheel count and chassis
 * handle (index, generation); then, for each slot, the input (throttle, brake, handbrake, steer and
 * the last update's), gear, engine speed, shift timer and engine torque, and per wheel its spin,
 * spin angle, steering angle, contact flags, ground collider, suspension length and compression,
 * load, slip ratio and slip angle.
 */
final class VehicleSnapshots {

    private VehicleSnapshots() {
    }

    /** The table part of the layout, which {@link #checkTable} reads back. */
    static void writeTable(DataOutput out, VehicleState[] all, int slots) throws IOException {
        out.writeInt(slots);
        for (int s = 0; s < slots; s++) {
            VehicleState v = all[s];
            StateInput.writeString(out, v.def.name());
            out.writeInt(v.generation);
            out.writeBoolean(v.live);
            out.writeInt(v.wheels);
            out.writeInt(v.chassis.index());
            out.writeInt(v.chassis.generation());
        }
    }

    /**
     * Reads {@link #writeTable}'s output and refuses, naming the first difference, a table that is not
     * this one.
     */
    static void checkTable(StateInput in, VehicleState[] all, int slots) throws IOException {
        int n = in.readInt();
        if (n != slots) {
            throw StateInput.refuse("snapshot does not fit this world: it has " + n + " vehicle slots, the world "
                    + slots);
        }
        for (int s = 0; s < slots; s++) {
            VehicleState v = all[s];
            String what = "snapshot does not fit this world: vehicle slot " + s + " ('" + v.def.name() + "')";
            String name = in.string("vehicle slot " + s + "'s name");
            int generation = in.readInt();
            boolean live = in.readBoolean();
            int wheels = in.readInt();
            BodyId chassis = new BodyId(in.readInt(), in.readInt());
            if (!name.equals(v.def.name())) {
                throw StateInput.refuse(what + " is named '" + name + "' in the snapshot");
            }
            if (generation != v.generation || live != v.live) {
                throw StateInput.refuse(what + " is generation " + v.generation + (v.live ? ", live" : ", removed")
                        + "; in the snapshot generation " + generation + (live ? ", live" : ", removed"));
            }
            if (wheels != v.wheels || !chassis.equals(v.chassis)) {
                throw StateInput.refuse(what + " has " + v.wheels + " wheels on chassis " + v.chassis
                        + "; in the snapshot " + wheels + " on " + chassis);
            }
        }
    }

    /** One vehicle's step state. */
    static void writeState(DataOutput out, VehicleState v) throws IOException {
        for (double x : new double[] {v.throttle, v.brake, v.handbrake, v.steer, v.lastThrottle, v.lastBrake,
                v.lastHandbrake, v.lastSteer}) {
            out.writeDouble(x);
        }
        out.writeInt(v.gear);
        out.writeDouble(v.rpm);
        out.writeDouble(v.shiftTimer);
        out.writeDouble(v.engineTorque);
        for (int i = 0; i < v.wheels; i++) {
            out.writeDouble(v.omega[i]);
            out.writeDouble(v.angle[i]);
            out.writeDouble(v.steerAngle[i]);
            out.writeBoolean(v.contact[i]);
            out.writeBoolean(v.contactBefore[i]);
            out.writeInt(v.ground[i]);
            out.writeDouble(v.length[i]);
            out.writeDouble(v.compression[i]);
            out.writeDouble(v.load[i]);
            out.writeDouble(v.slipRatio[i]);
            out.writeDouble(v.slipAngle[i]);
        }
    }

    /**
     * Reads {@link #writeState}'s output for {@code v} into {@code into} (a state of the same def),
     * checking each value: inputs in their ranges, a gear of the def, finite numbers, a ground collider
     * below {@code colliders} exactly when the wheel is in contact.
     */
    static void readState(StateInput in, VehicleState v, VehicleState into, int slot, int colliders)
            throws IOException {
        String what = "vehicle slot " + slot;
        into.throttle = unit(in, what + "'s throttle", -1);
        into.brake = unit(in, what + "'s brake", 0);
        into.handbrake = unit(in, what + "'s handbrake", 0);
        into.steer = unit(in, what + "'s steer", -1);
        into.lastThrottle = unit(in, what + "'s last throttle", -1);
        into.lastBrake = unit(in, what + "'s last brake", 0);
        into.lastHandbrake = unit(in, what + "'s last handbrake", 0);
        into.lastSteer = unit(in, what + "'s last steer", -1);
        // -1 is reverse.
        into.gear = StateInput.checkIndex(what + "'s gear", in.readInt(), v.gears.length, true);
        into.rpm = in.finite(what + "'s engine speed");
        into.shiftTimer = in.finite(what + "'s shift timer");
        into.engineTorque = in.finite(what + "'s engine torque");
        if (into.rpm < 0 || into.shiftTimer < 0) {
            throw StateInput.refuse(what + "'s engine speed " + into.rpm + " or shift timer " + into.shiftTimer
                    + " is negative");
        }
        for (int i = 0; i < v.wheels; i++) {
            String wheel = what + "'s wheel " + i;
            into.omega[i] = in.finite(wheel + "'s spin");
            into.angle[i] = in.finite(wheel + "'s spin angle");
            into.steerAngle[i] = in.finite(wheel + "'s steering angle");
            into.contact[i] = in.flag(wheel + "'s contact") != 0;
            into.contactBefore[i] = in.flag(wheel + "'s contact before") != 0;
            into.ground[i] = StateInput.checkIndex(wheel + "'s ground collider", in.readInt(), colliders, true);
            into.length[i] = in.finite(wheel + "'s suspension length");
            into.compression[i] = in.finite(wheel + "'s compression");
            into.load[i] = in.finite(wheel + "'s load");
            into.slipRatio[i] = in.finite(wheel + "'s slip ratio");
            into.slipAngle[i] = in.finite(wheel + "'s slip angle");
            if (into.contact[i] != (into.ground[i] >= 0)) {
                throw StateInput.refuse(wheel + " is " + (into.contact[i] ? "in contact" : "airborne")
                        + " with ground collider " + into.ground[i]);
            }
        }
    }

    private static double unit(StateInput in, String what, double lo) throws IOException {
        double x = in.finite(what);
        if (!(x >= lo && x <= 1)) {
            throw StateInput.refuse(what + " " + x + " is out of range " + (int) lo + "..1");
        }
        return x;
    }
}
