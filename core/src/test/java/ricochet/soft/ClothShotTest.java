package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A sphere fired at a hanging cloth at 50 to 250 m/s, at the default settings, speeds, aim points and
 * angles spread by seed. The cloth (1 x 1 m, 20 x 20 cells, 0.15 kg, rigid in stretch,
 * 1 cm thick) hangs in the x-y plane from its two top corners; the ball (5 cm radius, 0.2 kg) is
 * wider than a cell, so it cannot slip between particles. The cloth cannot tear, so the ball's centre
 * may never cross one of its triangles ({@link Passages}, substep by substep). The crossing count of
 * the segment from where the ball was fired to where it ends is printed too: it is odd for a ball that
 * ends on the far side, but it cannot tell a passage from a ball slung round the pins that leaves the
 * pocket over an edge, nor see a passage through a sheet that has moved out of the segment's way. The
 * ball and cloth together never gain energy, and their momentum changes by gravity's impulse and the
 * pins' only.
 */
class ClothShotTest {

    static final double G = 9.81;
    static final double RADIUS = 0.05;
    static final double BALL = 0.2;

    /** Where the cloth is pinned (cells from its bottom-left corner, 20 a side) and the ball's mass, kg. */
    record Layout(String name, List<ClothDef.Pin> pins, double ball) {
    }

    static final Layout TWO_CORNERS = new Layout("two top corners",
            List.of(new ClothDef.Pin(0, 20), new ClothDef.Pin(20, 20)), BALL);
    static final Layout TOP_EDGE = new Layout("top edge", IntStream.rangeClosed(0, 20)
            .mapToObj(i -> new ClothDef.Pin(i, 20)).toList(), BALL);
    static final Layout FOUR_CORNERS = new Layout("four corners", List.of(new ClothDef.Pin(0, 0),
            new ClothDef.Pin(20, 0), new ClothDef.Pin(0, 20), new ClothDef.Pin(20, 20)), BALL);
    static final Layout HEAVY = new Layout("two top corners", TWO_CORNERS.pins, 2);
    static final Layout LIGHT = new Layout("two top corners", TWO_CORNERS.pins, 0.02);
    static final List<Layout> OTHERS = List.of(TOP_EDGE, FOUR_CORNERS, HEAVY, LIGHT);

    /**
     * Shots fired with seeded speeds, aim points and angles: passages (shots in which the ball's centre
     * crossed a triangle), how many end on the far side by the crossing count, how many of those had
     * no passage (the ball left the pocket over an edge), the worst gains.
     */
    record Shots(int passages, int betweenSteps, int through, int escapes, double worstGain,
                 double worstMomentum, String failures) {
    }

    static Shots shoot(int count, boolean sided) {
        return shoot(TWO_CORNERS, count, sided, true);
    }

    static Shots shoot(Layout layout, int count, boolean sided, boolean zones) {
        SplittableRandom random = new SplittableRandom(46);
        int through = 0, passages = 0, betweenSteps = 0, escapes = 0;
        double worstGain = Double.NEGATIVE_INFINITY, worstMomentum = 0;
        StringBuilder failures = new StringBuilder();
        for (int shot = 0; shot < count; shot++) {
            double speed = 50 + 200 * random.nextDouble();
            Vec3 aim = new Vec3(-0.3 + 0.6 * random.nextDouble(), 1.2 + 0.6 * random.nextDouble(), 0);
            // Up to 30 degrees off the cloth's normal, in a random plane.
            double tilt = Math.toRadians(30) * random.nextDouble(), turn = 2 * Math.PI * random.nextDouble();
            Vec3 dir = new Vec3(Math.sin(tilt) * Math.cos(turn), Math.sin(tilt) * Math.sin(turn), -Math.cos(tilt));
            Vec3 from = aim.minus(dir.times(0.5));
            Result r = fire(layout, from, dir.times(speed), sided, zones);
            worstGain = Math.max(worstGain, r.gain);
            worstMomentum = Math.max(worstMomentum, r.momentumError);
            boolean odd = r.crossings % 2 != 0;
            through += odd ? 1 : 0;
            escapes += odd && r.passages == 0 ? 1 : 0;
            if (r.passages > 0) {
                passages++;
                betweenSteps += r.passages == r.jumps ? 1 : 0;
                if (failures.length() < 600) {
                    failures.append(String.format("%n shot %d: %.0f m/s at %s, %d passages (%d between steps),"
                            + " ends at %s", shot, speed, aim, r.passages, r.jumps, r.end));
                }
            }
        }
        System.out.printf("cloth shots, %s, %.2f kg ball%s: %d of %d passed through (%d only between steps), %d end"
                        + " on the far side (%d of them over an edge), worst energy gain %.3e J, worst momentum error"
                        + " %.3e N s%n", layout.name, layout.ball, zones ? "" : ", no impact zones", passages, count, betweenSteps, through, escapes,
                worstGain, worstMomentum);
        return new Shots(passages, betweenSteps, through, escapes, worstGain, worstMomentum, failures.toString());
    }

    /**
     * Per step, the ball's and particles' momentum changes by gravity's impulse on what is free to move
     * plus the pins' ({@link SoftBodies#pinImpulse}); every other exchange is impulse for impulse, so
     * the residual is round-off: 1e-9 of the fastest ball's momentum. And released at the same height,
     * kinetic plus gravitational energy never rises.
     */
    @Test
    void ballAndPinnedClothGainNoEnergyAndOnlyThePinsChangeTheirMomentum() {
        Shots s = shoot(20, true);
        assertTrue(s.worstMomentum() <= 1e-9 * BALL * 250, "momentum off by " + s.worstMomentum() + " N s");
        assertTrue(s.worstGain() <= 0, "energy rose by " + s.worstGain() + " J");
    }

    /**
     * 100 seeded shots at the cloth hanging from its two top corners: the ball's centre never crosses a
     * triangle ({@link ImpactZones} takes back every crossing the contacts leave).
     */
    @Test
    void fastSpheresNeverPassThroughAPinnedCloth() {
        Shots s = shoot(100, true);
        assertTrue(s.passages() == 0, s.passages() + " of 100 shots passed through the cloth:" + s.failures());
    }

    /**
     * The cloth pinned along its whole top edge or at its four corners, and a 2 kg and a 0.02 kg ball:
     * 30 seeded shots each, none through, none gaining energy, the momentum accounted for.
     */
    @Test
    void fastSpheresNeverPassThroughClothsPinnedOtherwiseNorWithOtherMasses() {
        StringBuilder failed = new StringBuilder();
        for (Layout layout : OTHERS) {
            Shots s = shoot(layout, 30, true, true);
            if (s.passages() > 0 || s.worstGain() > 0 || s.worstMomentum() > 1e-9 * layout.ball() * 250) {
                failed.append(String.format("%n%s, %.2f kg ball: %d of 30 shots passed through the cloth, energy"
                                + " gained %.3e J, momentum off by %.3e N s:%s", layout.name(), layout.ball(),
                        s.passages(), s.worstGain(), s.worstMomentum(), s.failures()));
            }
        }
        assertTrue(failed.length() == 0, failed.toString());
    }

    /** Without the impact zones the contacts alone let balls through: the fail-safe is what stops them. */
    @Test
    void withoutImpactZonesBallsPassThrough() {
        assertTrue(shoot(TWO_CORNERS, 10, true, false).passages() > 0, "no shot passed through without the zones");
    }

    /**
     * The sided triangle contacts ({@link SidedContacts}) push the triangles a ball meets forward along
     * their own normals, so fewer balls slip between the particles: of the same 20 shots, without the
     * impact zones, fewer end on the cloth's far side with them than without.
     */
    @Test
    void sidedTriangleContactsLetFewerBallsThrough() {
        int plain = shoot(TWO_CORNERS, 20, false, false).through();
        int sided = shoot(TWO_CORNERS, 20, true, false).through();
        assertTrue(sided < plain, sided + " of 20 shots went through with the sided contacts, " + plain
                + " without");
    }

    record Result(int crossings, int passages, int jumps, Vec3 end, double gain, double momentumError) {
    }

    static Result fire(Layout layout, Vec3 from, Vec3 velocity, boolean sided, boolean zones) {
        double mass = layout.ball;
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftBodies s = w.softBodies();
            s.setSidedContacts(sided);
            s.setImpactZones(zones);
            SoftId cloth = s.addCloth(ClothDef.defaults("cloth").withPose(new Vec3(0, 1.5, 0), ricochet.math.Quat.IDENTITY)
                    .withPins(layout.pins));
            SphereShape shape = new SphereShape(RADIUS);
            BodyId ball = w.add(BodyDef.dynamic().withPosition(from).withVelocity(velocity).withMass(mass),
                    shape, 0.3, 0);
            Passages passages = new Passages(s.triangles(cloth), shape);
            s.setObserver(passages);
            double dt = 1 / 60.0;
            double free = 0;
            for (int k = 0; k < s.particleCount(cloth); k++) {
                free += s.isPinned(cloth, k) ? 0 : s.particleMass(cloth, k);
            }
            double e0 = energy(w, ball, mass, s, cloth), most = e0, worst = 0;
            Vec3 before = momentum(w, ball, mass, s, cloth);
            for (int i = 0; i < 30; i++) {
                w.step(dt);
                most = Math.max(most, energy(w, ball, mass, s, cloth));
                // Gravity's impulse on what is free to move, and the pins'.
                Vec3 after = momentum(w, ball, mass, s, cloth);
                Vec3 expected = new Vec3(0, -G * (mass + free) * dt, 0).plus(s.pinImpulse());
                worst = Math.max(worst, after.minus(before).minus(expected).length());
                before = after;
            }
            assertTrue(passages.seen > 0, "the ball never came near the cloth");
            return new Result(crossings(s, cloth, from, w.position(ball)), passages.passages, passages.jumps,
                    w.position(ball), most - e0, worst);
        }
    }

    static Vec3 momentum(World w, BodyId ball, double mass, SoftBodies s, SoftId cloth) {
        double[] v = new double[3];
        Vec3 sum = w.velocity(ball).times(mass);
        for (int k = 0; k < s.particleCount(cloth); k++) {
            s.velocity(cloth, k, v);
            sum = sum.plus(new Vec3(v[0], v[1], v[2]).times(s.particleMass(cloth, k)));
        }
        return sum;
    }

    static double energy(World w, BodyId ball, double mass, SoftBodies s, SoftId cloth) {
        Vec3 v = w.velocity(ball);
        return mass * (0.5 * v.dot(v) + G * w.position(ball).y()) + ClothFlagTest.energy(s, cloth, G);
    }

    /** How many of the cloth's triangles the segment a -> b crosses (Moeller-Trumbore). */
    static int crossings(SoftBodies s, SoftId id, Vec3 a, Vec3 b) {
        int[] t = s.triangles(id);
        double[] p = new double[3], q = new double[3], r = new double[3];
        double dx = b.x() - a.x(), dy = b.y() - a.y(), dz = b.z() - a.z();
        int n = 0;
        for (int k = 0; k < t.length; k += 3) {
            s.position(id, t[k], p);
            s.position(id, t[k + 1], q);
            s.position(id, t[k + 2], r);
            double e1x = q[0] - p[0], e1y = q[1] - p[1], e1z = q[2] - p[2];
            double e2x = r[0] - p[0], e2y = r[1] - p[1], e2z = r[2] - p[2];
            double hx = dy * e2z - dz * e2y, hy = dz * e2x - dx * e2z, hz = dx * e2y - dy * e2x;
            double det = e1x * hx + e1y * hy + e1z * hz;
            if (Math.abs(det) < 1e-15) {
                continue;
            }
            double sx = a.x() - p[0], sy = a.y() - p[1], sz = a.z() - p[2];
            double u = (sx * hx + sy * hy + sz * hz) / det;
            double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
            double v = (dx * qx + dy * qy + dz * qz) / det;
            double f = (e2x * qx + e2y * qy + e2z * qz) / det;
            if (u >= 0 && v >= 0 && u + v <= 1 && f >= 0 && f <= 1) {
                n++;
            }
        }
        return n;
    }
}
