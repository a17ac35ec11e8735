package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;

/**
 * Restitution where bodies touch when the blow arrives: a Newton's cradle, a ball hitting a ball
 * that rests against a wall, and an elastic gas in a closed box. Elastic collisions of equal
 * spheres exchange their normal velocities, so each case has a closed form; and no collision with
 * restitution at most 1 may raise the kinetic energy.
 */
class TouchingBounceTest {

    /** The cases' figures, printed: {@code -Dtest=TouchingBounceTest#printFigures}. */
    @Test
    void printFigures() {
        for (int n : new int[] {3, 5}) {
            double[] v = cradle(n, 0.3, 2.5, 4);
            System.out.printf("cradle of %d, 2.5 m/s: last ball %.4f of the incoming, others at most %.4f%n",
                    n, v[n - 1] / 2.5, maxAbsExceptLast(v) / 2.5);
        }
        System.out.printf("ball at 3 m/s on a ball against a wall rebounds at %.4f m/s%n", ballOnBallAtWall(4));
        double[] gas = gas(100, 20, 4, 7);
        System.out.printf("elastic gas of 100 over 20 s: energy %.5f of its start, highest %.9f%n", gas[0], gas[1]);
    }

    /**
     * Five (and three) touching equal spheres, restitution 1 and no friction, struck on one end at
     * {@code v}: momentum and energy both kept by a single moving ball means the last leaves at
     * {@code v} and the rest stand still. Tolerance 5 % of {@code v} for each.
     */
    @Test
    void newtonsCradlePassesTheBlowToTheLastBall() {
        for (int substeps : new int[] {1, 2, 4}) {
            for (int n : new int[] {3, 5}) {
                double speed = 2.5 + n * 0.7;
                double[] v = cradle(n, 0.2 + 0.05 * n, speed, substeps);
                assertTrue(v[n - 1] >= 0.95 * speed,
                        n + " balls, " + substeps + " substeps: the last left at " + v[n - 1] + " of " + speed);
                assertTrue(maxAbsExceptLast(v) < 0.05 * speed,
                        n + " balls, " + substeps + " substeps: another moves at " + maxAbsExceptLast(v));
            }
        }
    }

    /**
     * A ball at {@code v} hits an equal ball resting against a static wall (restitution 1, no
     * friction): the blow goes to the wall and back, and the first ball leaves at {@code v}.
     */
    @Test
    void ballHittingABallAgainstAWallReboundsAtItsSpeed() {
        for (int substeps : new int[] {1, 2, 4}) {
            double back = ballOnBallAtWall(substeps);
            assertTrue(back >= 0.95 * 3 && back <= 3 * (1 + 1e-9),
                    substeps + " substeps: rebound at " + back + " m/s of 3");
        }
    }

    /**
     * 100 elastic spheres in a closed static box, no gravity, no friction: every collision is elastic,
     * so the kinetic energy stays at its start (1 %), and never rises above it.
     */
    @Test
    void elasticGasKeepsItsEnergy() {
        double[] e = gas(100, 20, 4, 11);
        assertTrue(Math.abs(e[0] - 1) < 0.01, "energy after 20 s: " + e[0] + " of its start");
        assertTrue(e[1] <= 1 + 1e-9, "energy rose to " + e[1] + " of its start");
    }

    private static double maxAbsExceptLast(double[] v) {
        double m = 0;
        for (int i = 0; i < v.length - 1; i++) {
            m = Math.max(m, Math.abs(v[i]));
        }
        return m;
    }

    private static World weightless(int substeps) {
        World w = new World(Vec3.ZERO);
        w.setSubsteps(substeps);
        w.setSleepingEnabled(false);
        return w;
    }

    /** The x velocities, 1 s after the first ball of {@code n} was sent at the row from 0.2 m away. */
    private static double[] cradle(int n, double r, double speed, int substeps) {
        World w = weightless(substeps);
        SphereShape ball = new SphereShape(r);
        BodyId[] balls = new BodyId[n];
        for (int i = 0; i < n; i++) {
            double x = i == 0 ? -0.2 : 2 * r * i;
            balls[i] = w.add(BodyDef.dynamic().withShape(ball, 1000).withPosition(new Vec3(x, 0, 0)), ball, 0, 1);
        }
        w.setVelocity(balls[0], new Vec3(speed, 0, 0));
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = w.velocity(balls[i]).x();
        }
        return v;
    }

    /** The speed (m/s) the first ball leaves at, having hit the second at 3 m/s. */
    private static double ballOnBallAtWall(int substeps) {
        World w = weightless(substeps);
        double r = 0.25;
        w.add(BodyDef.staticBody().withPosition(new Vec3(1, 0, 0)), new BoxShape(0.5, 2, 2), 0, 1);
        SphereShape s = new SphereShape(r);
        BodyId second = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0.5 - r, 0, 0)), s, 0, 1);
        BodyId first = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(-0.5, 0, 0)), s, 0, 1);
        w.setVelocity(first, new Vec3(3, 0, 0));
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        assertTrue(w.velocity(second).length() < 0.15, "the second ball moves at " + w.velocity(second));
        return -w.velocity(first).x();
    }

    /**
     * {@code n} spheres at random speeds up to 4 m/s in a closed 4 m box for {@code seconds}: the
     * kinetic energy at the end and the highest, each over the start's.
     */
    private static double[] gas(int n, double seconds, int substeps, long seed) {
        World w = weightless(substeps);
        double half = 2, wall = 0.5;
        BoxShape slab = new BoxShape(half + 2 * wall, half + 2 * wall, wall);
        BoxShape side = new BoxShape(wall, half + 2 * wall, half + 2 * wall);
        BoxShape floor = new BoxShape(half + 2 * wall, wall, half + 2 * wall);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 0, half + wall)), slab, 0, 1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 0, -half - wall)), slab, 0, 1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(half + wall, 0, 0)), side, 0, 1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(-half - wall, 0, 0)), side, 0, 1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, half + wall, 0)), floor, 0, 1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -half - wall, 0)), floor, 0, 1);
        SplittableRandom rnd = new SplittableRandom(seed);
        double r = 0.15, cell = 0.4;
        int across = (int) Math.floor(2 * half / cell);
        List<BodyId> balls = new ArrayList<>();
        SphereShape s = new SphereShape(r);
        for (int k = 0; k < n; k++) {
            int i = k % across, j = (k / across) % across, l = k / (across * across);
            Vec3 p = new Vec3(-half + cell * (i + 0.5), -half + cell * (j + 0.5), -half + cell * (l + 0.5));
            BodyId b = w.add(BodyDef.dynamic().withShape(s, 500 + 1000 * rnd.nextDouble()).withPosition(p), s, 0, 1);
            double speed = 1.5 + 2.5 * rnd.nextDouble();
            Vec3 dir = new Vec3(rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5);
            w.setVelocity(b, dir.times(speed / dir.length()));
            balls.add(b);
        }
        double start = w.kineticEnergy(), highest = start;
        int steps = (int) Math.round(seconds / Scenes.DT);
        for (int i = 0; i < steps; i++) {
            w.step(Scenes.DT);
            highest = Math.max(highest, w.kineticEnergy());
        }
        return new double[] {w.kineticEnergy() / start, highest / start};
    }
}
