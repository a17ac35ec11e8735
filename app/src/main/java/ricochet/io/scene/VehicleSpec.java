package ricochet.io.scene;

import java.util.List;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleInputTrack;

/**
 * A scene file's vehicle ({@code "vehicles"} entry), validated: a car that its input track
 * drives.
 *
 * @param def the car, named as in the file
 * @param position the chassis origin at the start, metres
 * @param orientation the chassis' orientation at the start
 * @param input the track's entries in increasing time
 */
public record VehicleSpec(VehicleDef def, Vec3 position, Quat orientation, List<Input> input) {

    public VehicleSpec {
        input = List.copyOf(input);
    }

    /**
     * One entry of a track, held from {@code t} until the next: throttle in [-1, 1] (negative drives
     * in reverse), brake and handbrake in [0, 1], steer in [-1, 1] (a fraction of maxSteer, positive
     * turns left); a key left out is 0.
     */
    public record Input(double t, double throttle, double brake, double handbrake, double steer) {
    }

    public String name() {
        return def.name();
    }

    /** A track of {@link #input} for one run. */
    public VehicleInputTrack track() {
        int n = input.size();
        double[] t = new double[n], throttle = new double[n], brake = new double[n], handbrake = new double[n],
                steer = new double[n];
        for (int i = 0; i < n; i++) {
            Input e = input.get(i);
            t[i] = e.t();
            throttle[i] = e.throttle();
            brake[i] = e.brake();
            handbrake[i] = e.handbrake();
            steer[i] = e.steer();
        }
        return new VehicleInputTrack(t, throttle, brake, handbrake, steer);
    }
}
