package ricochet.vehicle;

import ricochet.body.BodyId;
import ricochet.geometry.shape.CylinderShape;

/**
 * One vehicle's state: its def, its chassis, per-wheel constants and state in primitive arrays, the
 * gearbox and the driver's input. Made when the vehicle is added; nothing in it grows afterwards.
 */
final class VehicleState {

    /** The vehicle's slot in its table (events name its wheels by it). */
    int slot;
    int generation;
    boolean live;
    VehicleDef def;
    BodyId chassis;
    int collider;
    int wheels;

    // Constants per wheel: mount (chassis frame, from the body origin), radius, inertia, spring, damper,
    // flags, the anti-roll partner (-1 for none) and the limited-slip partner (-1 for none).
    double[] mx, my, mz, radius, inertia, spring, damper;
    boolean[] steers, drives, handbrakes;
    int[] rollPartner, slipPartner;
    /** Each wheel's cylinder for its ground cast (its y axis is the axle). */
    CylinderShape[] wheelShape;
    double[] gears;
    int driven;

    // State per wheel.
    double[] omega, angle, steerAngle;
    boolean[] contact, contactBefore;
    int[] ground;
    /** Contact point and ground normal (world). */
    double[] hx, hy, hz, nx, ny, nz;
    double[] length, compression, load, slipRatio, slipAngle;

    // Drivetrain.
    int gear;
    double rpm;
    double shiftTimer;
    double engineTorque;

    // Input, and the input of the last update (a change wakes a sleeping chassis).
    double throttle, brake, handbrake, steer;
    double lastThrottle, lastBrake, lastHandbrake, lastSteer;

    // Solve scratch per wheel: lever arm, axes, ground velocity, effective masses, impulses,
    // the inverse inertia times each lever cross product.
    double[] rx, ry, rz, fx, fy, fz, sx, sy, sz, gvx, gvy, gvz;
    double[] kx, ky, kn, speed, stick, jx, jy, jn, jb, jd, brakeBound;
    /** How much gravity and the springs raise the contact's closing speed over the step, m/s. */
    double[] closingGain;
    double[] ifx, ify, ifz, isx, isy, isz, inx, iny, inz;
    double[] wheelTorque;

    void allocate(int n) {
        wheels = n;
        mx = new double[n];
        my = new double[n];
        mz = new double[n];
        radius = new double[n];
        inertia = new double[n];
        spring = new double[n];
        damper = new double[n];
        steers = new boolean[n];
        drives = new boolean[n];
        handbrakes = new boolean[n];
        rollPartner = new int[n];
        slipPartner = new int[n];
        wheelShape = new CylinderShape[n];
        omega = new double[n];
        angle = new double[n];
        steerAngle = new double[n];
        contact = new boolean[n];
        contactBefore = new boolean[n];
        ground = new int[n];
        hx = new double[n];
        hy = new double[n];
        hz = new double[n];
        nx = new double[n];
        ny = new double[n];
        nz = new double[n];
        length = new double[n];
        compression = new double[n];
        load = new double[n];
        slipRatio = new double[n];
        slipAngle = new double[n];
        rx = new double[n];
        ry = new double[n];
        rz = new double[n];
        fx = new double[n];
        fy = new double[n];
        fz = new double[n];
        sx = new double[n];
        sy = new double[n];
        sz = new double[n];
        gvx = new double[n];
        gvy = new double[n];
        gvz = new double[n];
        kx = new double[n];
        ky = new double[n];
        kn = new double[n];
        speed = new double[n];
        stick = new double[n];
        jx = new double[n];
        jy = new double[n];
        jn = new double[n];
        jb = new double[n];
        jd = new double[n];
        brakeBound = new double[n];
        closingGain = new double[n];
        ifx = new double[n];
        ify = new double[n];
        ifz = new double[n];
        isx = new double[n];
        isy = new double[n];
        isz = new double[n];
        inx = new double[n];
        iny = new double[n];
        inz = new double[n];
        wheelTorque = new double[n];
    }

    /**
     * Copies the state a step changes and later steps or readouts use, from {@code o} (a state of the
     * same def): input, drivetrain, each wheel's spin, contact and readouts. The solve's scratch is
     * left: every update sets it before use. Allocates nothing.
     */
    void copyStepStateFrom(VehicleState o) {
        int n = wheels;
        System.arraycopy(o.omega, 0, omega, 0, n);
        System.arraycopy(o.angle, 0, angle, 0, n);
        System.arraycopy(o.steerAngle, 0, steerAngle, 0, n);
        System.arraycopy(o.contact, 0, contact, 0, n);
        System.arraycopy(o.contactBefore, 0, contactBefore, 0, n);
        System.arraycopy(o.ground, 0, ground, 0, n);
        System.arraycopy(o.length, 0, length, 0, n);
        System.arraycopy(o.compression, 0, compression, 0, n);
        System.arraycopy(o.load, 0, load, 0, n);
        System.arraycopy(o.slipRatio, 0, slipRatio, 0, n);
        System.arraycopy(o.slipAngle, 0, slipAngle, 0, n);
        gear = o.gear;
        rpm = o.rpm;
        shiftTimer = o.shiftTimer;
        engineTorque = o.engineTorque;
        throttle = o.throttle;
        brake = o.brake;
        handbrake = o.handbrake;
        steer = o.steer;
        lastThrottle = o.lastThrottle;
        lastBrake = o.lastBrake;
        lastHandbrake = o.lastHandbrake;
        lastSteer = o.lastSteer;
    }
}
