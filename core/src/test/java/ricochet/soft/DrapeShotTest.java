package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/**
 * A ball fired from above at a cloth draped over a sphere and a box, as in the built-in {@code drape}
 * scene (3.2 x 1.6 m, 64 x 32 cells, 0.768 kg, rigid stretch, 1 cm thick; a 0.45 m sphere and a 0.4 m
 * box on the ground), once the cloth has settled: 100 seeded shots of a 0.2 kg, 5 cm ball at 50 to 250
 * m/s, aimed at a random particle, up to 45 degrees off the vertical, followed for 8 steps. The cloth
 * cannot tear, so the ball's centre never crosses one of its triangles, within a substep or between
 * two steps ({@link Passages}); where the cloth lies on the sphere or the box the ball never ends under
 * it (an upward ray from its centre crosses the cloth an even number of times); and ball and cloth
 * together never gain kinetic and gravitational energy. The ball's fastest speed back against its shot
 * is printed: the cloth's rebound, with the ball's restitution 0.
 */
class DrapeShotTest {

    private static final double G = ClothShotTest.G;
    private static final Vec3 SPHERE = new Vec3(-0.8, 0.45, 0);
    private static final double SPHERE_RADIUS = 0.45;
    private static final Vec3 BOX = new Vec3(0.8, 0.4, 0);
    private static final double BOX_HALF = 0.4;

    @Test
    void fastSpheresNeverPassThroughADrapedCloth() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            w.add(BodyDef.staticBody().withPosition(SPHERE), new SphereShape(SPHERE_RADIUS), 0.5, 0);
            w.add(BodyDef.staticBody().withPosition(BOX), new BoxShape(BOX_HALF, BOX_HALF, BOX_HALF), 0.5, 0);
            SoftBodies s = w.softBodies();
            SoftId cloth = s.addCloth(ClothDef.defaults("sheet").withSize(3.2, 1.6, 64, 32).withMass(0.768)
                    .withCompliance(0, 1e-4).withThickness(0.01).withFriction(0.3)
                    .withPose(new Vec3(0, 1.3, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
            // The ball waits on the ground far from the cloth while it settles.
            SphereShape shape = new SphereShape(ClothShotTest.RADIUS);
            BodyId ball = w.add(BodyDef.dynamic().withPosition(new Vec3(20, ClothShotTest.RADIUS, 20))
                    .withMass(ClothShotTest.BALL), shape, 0.3, 0);
            for (int i = 0; i < 120; i++) {
                w.step(1 / 60.0);
            }
            WorldSnapshot settled = w.snapshot();
            SplittableRandom random = new SplittableRandom(47);
            double[] x = new double[3];
            int passed = 0, jumped = 0, under = 0;
            double worstGain = 0, worstBack = 0;
            int backShot = -1;
            StringBuilder failures = new StringBuilder();
            for (int shot = 0; shot < 100; shot++) {
                w.restore(settled);
                double speed = 50 + 200 * random.nextDouble();
                s.position(cloth, random.nextInt(s.particleCount(cloth)), x);
                Vec3 aim = new Vec3(x[0], x[1], x[2]);
                double tilt = Math.toRadians(45) * random.nextDouble(), turn = 2 * Math.PI * random.nextDouble();
                Vec3 dir = new Vec3(Math.sin(tilt) * Math.cos(turn), -Math.cos(tilt), Math.sin(tilt) * Math.sin(turn));
                w.setPosition(ball, aim.minus(dir.times(0.5)));
                w.setVelocity(ball, dir.times(speed));
                w.wake(ball);
                Passages passages = new Passages(s.triangles(cloth), shape);
                s.setObserver(passages);
                double e0 = ClothShotTest.energy(w, ball, ClothShotTest.BALL, s, cloth);
                for (int i = 0; i < 8; i++) {
                    w.step(1 / 60.0);
                    double gain = ClothShotTest.energy(w, ball, ClothShotTest.BALL, s, cloth) - e0;
                    worstGain = Math.max(worstGain, gain);
                    double back = -w.velocity(ball).dot(dir);
                    if (back > worstBack) {
                        worstBack = back;
                        backShot = shot;
                    }
                }
                s.setObserver(null);
                Vec3 end = w.position(ball);
                boolean below = onShape(end) && ClothShotTest.crossings(s, cloth, end, end.plus(new Vec3(0, 10, 0))) % 2 != 0;
                int within = passages.passages - passages.jumps;
                passed += within > 0 ? 1 : 0;
                jumped += passages.jumps > 0 ? 1 : 0;
                under += below ? 1 : 0;
                if ((passages.passages > 0 || below) && failures.length() < 600) {
                    failures.append(String.format("%n shot %d: %.0f m/s at %s, %d passages (%d between steps), ends"
                            + " at %s%s", shot, speed, aim, passages.passages, passages.jumps, end,
                            below ? " under the cloth" : ""));
                }
            }
            System.out.printf("draped cloth shots: %d of 100 passed through within a substep, %d between steps, %d"
                    + " end under the cloth on a shape, worst energy gain %.3e J, fastest back %.2f m/s (shot %d)%n",
                    passed, jumped, under, worstGain, worstBack, backShot);
            assertTrue(passed == 0 && jumped == 0 && under == 0, passed + " of 100 shots passed through the cloth"
                    + " within a substep, " + jumped + " between steps, " + under + " ended under it:" + failures);
            assertTrue(worstGain <= 0, "ball and cloth gained " + worstGain + " J");
        }
    }

    /** Whether a point lies over the part of the sphere or the box the cloth lies on (above its middle). */
    private static boolean onShape(Vec3 p) {
        boolean sphere = Math.hypot(p.x() - SPHERE.x(), p.z() - SPHERE.z()) < 0.8 * SPHERE_RADIUS
                && p.y() > SPHERE.y();
        boolean box = Math.abs(p.x() - BOX.x()) < BOX_HALF && Math.abs(p.z() - BOX.z()) < BOX_HALF
                && p.y() > BOX.y();
        return sphere || box;
    }
}
