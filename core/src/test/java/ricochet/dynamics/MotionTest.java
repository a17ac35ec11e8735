package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;

/** Linear motion, damping, impulses and body types against their closed forms. */
class MotionTest {

    private static final Vec3 G = new Vec3(0.3, -9.81, 0.1);

    /**
     * Semi-implicit Euler updates v first, so after n steps v_n = v0 + n h g and
     * x_n = x0 + h sum_{k=1..n} v_k = x0 + n h v0 + g h^2 n (n + 1) / 2: the exact parabola plus the
     * known first-order offset g h t / 2. Matched to rounding (1e-12 relative).
     */
    @Test
    void freeFallFollowsTheDiscreteSemiImplicitParabola() {
        Vec3 x0 = new Vec3(1, 20, -2), v0 = new Vec3(2, 5, -1);
        double dt = 1.0 / 60;
        int substeps = 3, steps = 90;
        RigidBodies bodies = new RigidBodies(G);
        BodyId id = bodies.add(unitCube().withPosition(x0).withVelocity(v0));
        for (int s = 0; s < steps; s++) {
            bodies.step(dt, substeps);
        }
        double h = dt / substeps;
        int n = steps * substeps;
        Vec3 expected = x0.plus(v0.times(n * h)).plus(G.times(h * h * n * (n + 1) / 2.0));
        Vec3 got = bodies.position(id);
        assertEquals(0, got.minus(expected).length(), 1e-12 * expected.length(), "x_n");
        double t = n * h;
        Vec3 continuous = x0.plus(v0.times(t)).plus(G.times(t * t / 2));
        assertEquals(G.length() * h * t / 2, got.minus(continuous).length(), 1e-9, "offset g h t / 2");
        assertEquals(0, bodies.velocity(id).minus(v0.plus(G.times(t))).length(), 1e-12 * 30, "v_n");
    }

    /**
     * With damping c and no gravity, each substep scales v by 1 / (1 + h c): v_n = v0 / (1 + h c)^n
     * exactly (to rounding), and that tends to v0 e^{-c t}; its first-order error is
     * v0 e^{-ct} (c^2 h t / 2), which bounds the gap to the continuous law.
     */
    @Test
    void linearAndAngularDampingMatchTheirClosedForms() {
        double c = 0.8, ca = 1.7, dt = 1.0 / 50;
        int substeps = 2, steps = 100;
        Vec3 v0 = new Vec3(3, -1, 2), w0 = new Vec3(0, 0, 5);
        MassProperties sphere = new MassProperties(1, Vec3.ZERO, new double[] {0.4, 0, 0, 0, 0.4, 0, 0, 0, 0.4});
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(sphere).withVelocity(v0).withAngularVelocity(w0)
                .withLinearDamping(c).withAngularDamping(ca));
        for (int s = 0; s < steps; s++) {
            bodies.step(dt, substeps);
        }
        double h = dt / substeps, t = steps * dt;
        int n = steps * substeps;
        Vec3 v = bodies.velocity(id), w = bodies.angularVelocity(id);
        assertEquals(0, v.minus(v0.times(Math.pow(1 + h * c, -n))).length(), 1e-13, "discrete linear damping");
        assertEquals(0, w.minus(w0.times(Math.pow(1 + h * ca, -n))).length(), 1e-13, "discrete angular damping");
        double cont = Math.exp(-c * t);
        assertEquals(0, v.minus(v0.times(cont)).length(), v0.length() * cont * c * c * h * t / 2 * 1.1,
                "continuous linear damping within its first-order error");
    }

    /**
     * An impulse J at a point r from the centre of mass changes v by J / m and w by I^-1 (r x J),
     * with I the world inertia R I_body R^T (checked for a rotated, non-diagonal body).
     */
    @Test
    void anOffCentreImpulseChangesVelocityAndSpinTogether() {
        double[] inertia = {0.9, 0.1, -0.05, 0.1, 0.7, 0.02, -0.05, 0.02, 0.5};
        MassProperties mp = new MassProperties(3, new Vec3(0.1, 0, 0), inertia);
        Quat q = Quat.fromAxisAngle(new Vec3(0.3, 1, -0.4), 1.1);
        RigidBodies bodies = new RigidBodies(G);
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(mp).withOrientation(q)
                .withPosition(new Vec3(1, 2, 3)).withVelocity(new Vec3(0.5, 0, 0)).withAngularVelocity(new Vec3(0, 1, 0)));
        Vec3 v0 = bodies.velocity(id), w0 = bodies.angularVelocity(id);
        Vec3 com = bodies.centerOfMass(id);
        Vec3 r = new Vec3(0.2, -0.3, 0.4), j = new Vec3(1.5, 2, -0.7);
        bodies.applyImpulse(id, j, com.plus(r));
        assertEquals(0, bodies.velocity(id).minus(v0.plus(j.times(1.0 / 3))).length(), 1e-12, "dv = J / m");
        // dw solves I_world dw = r x J, i.e. R I_body R^T dw = r x J.
        Vec3 dw = bodies.angularVelocity(id).minus(w0);
        Vec3 bodyDw = q.conjugate().rotate(dw);
        Vec3 iDw = q.rotate(ricochet.math.Mat3.of(inertia).multiply(bodyDw));
        assertEquals(0, iDw.minus(r.cross(j)).length(), 1e-12, "I dw = r x J");
    }

    /** A kinematic body moves at its velocity; gravity, forces, torques and impulses do not change it. */
    @Test
    void kinematicBodiesMoveAtTheirVelocityWhateverPushesThem() {
        Vec3 x0 = new Vec3(0, 1, 0), v = new Vec3(1, 0.5, -2), w = new Vec3(0, 0, 2);
        RigidBodies bodies = new RigidBodies(G);
        BodyId id = bodies.add(BodyDef.kinematic().withPosition(x0).withVelocity(v).withAngularVelocity(w));
        double dt = 0.01;
        int steps = 100;
        for (int s = 0; s < steps; s++) {
            bodies.applyForce(id, new Vec3(100, 100, 100), new Vec3(5, 5, 5));
            bodies.applyTorque(id, new Vec3(10, 0, 0));
            bodies.applyImpulse(id, new Vec3(0, 50, 0), Vec3.ZERO);
            bodies.step(dt, 2);
        }
        assertEquals(v, bodies.velocity(id));
        assertEquals(w, bodies.angularVelocity(id));
        assertEquals(0, bodies.position(id).minus(x0.plus(v.times(steps * dt))).length(), 1e-12, "x = x0 + v t");
        // Turned about z by |w| t: the first-order quaternion update with renormalisation lags the
        // exact angle by O((|w| h)^2) per step, well under 1e-3 rad here.
        Quat expected = Quat.fromAxisAngle(Vec3.UNIT_Z, 2 * steps * dt);
        Vec3 x = bodies.orientation(id).rotate(Vec3.UNIT_X);
        assertEquals(0, x.minus(expected.rotate(Vec3.UNIT_X)).length(), 1e-3, "turned by w t");
    }

    /** A static body never moves, pushed or not, and cannot be given a velocity. */
    @Test
    void staticBodiesNeverMove() {
        RigidBodies bodies = new RigidBodies(G);
        Quat q = Quat.fromAxisAngle(Vec3.UNIT_Y, 0.3);
        BodyId id = bodies.add(BodyDef.staticBody().withPosition(new Vec3(1, 2, 3)).withOrientation(q));
        Vec3 p0 = bodies.position(id);
        Quat q0 = bodies.orientation(id);
        for (int s = 0; s < 50; s++) {
            bodies.applyForce(id, new Vec3(0, 1e6, 0), Vec3.ZERO);
            bodies.applyImpulse(id, new Vec3(1e3, 0, 0), Vec3.UNIT_Y);
            bodies.step(0.02, 4);
        }
        assertEquals(p0, bodies.position(id));
        assertEquals(q0, bodies.orientation(id));
        assertEquals(Vec3.ZERO, bodies.velocity(id));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> bodies.setVelocity(id, new Vec3(1, 0, 0)));
    }

    /** A force at the centre of mass for one step of h changes v by F h / m (plus gravity); it is then cleared. */
    @Test
    void forcesActForOneStepThenClear() {
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyId id = bodies.add(unitCube().withMass(2));
        bodies.applyForce(id, new Vec3(4, 0, 0));
        bodies.step(0.1, 1);
        assertEquals(new Vec3(0.2, 0, 0), bodies.velocity(id));
        bodies.step(0.1, 1);
        assertEquals(new Vec3(0.2, 0, 0), bodies.velocity(id));
    }

    /** The reported origin is the centre of mass minus R c: it follows the body, not the centre of mass. */
    @Test
    void positionIsTheBodyOriginForAnOffsetCentreOfMass() {
        MassProperties mp = new MassProperties(1, new Vec3(0, 0.5, 0), new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1});
        Quat q = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2);
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(mp).withPosition(new Vec3(1, 1, 1)).withOrientation(q));
        assertEquals(0, bodies.position(id).minus(new Vec3(1, 1, 1)).length(), 1e-15);
        assertEquals(0, bodies.centerOfMass(id).minus(new Vec3(0.5, 1, 1)).length(), 1e-15, "R (0, 0.5, 0) = (-0.5, 0, 0)");
        bodies.setOrientation(id, Quat.IDENTITY);
        assertEquals(0, bodies.position(id).minus(new Vec3(1, 1, 1)).length(), 1e-15, "turned about the origin");
    }

    /** A dynamic body with the mass properties of a 1 kg cube of side 1 m: these tests add no shape. */
    private static BodyDef unitCube() {
        return BodyDef.dynamic().withMassProperties(BodyDef.UNIT_CUBE);
    }
}
