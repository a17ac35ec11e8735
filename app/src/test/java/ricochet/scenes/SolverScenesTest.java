package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.MeshHit;
import ricochet.geometry.shape.TriangleShape;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.world.Event;
import ricochet.world.WorldSimulation;

/**
 * The built-in scenes of the engine's world against their acceptance criteria, measured in simulation
 * through {@link BuiltinScenes#read} and {@link WorldBuilder}. Each test prints what it measured, so a
 * failure can quote the numbers. Expected values come from the scene file
 * (masses, speeds, slopes) and closed forms, never from an earlier run.
 */
class SolverScenesTest {

    private static final int X = 0, Y = 1, Z = 2, VX = 7, VY = 8, VZ = 9;

    private static WorldSimulation world(String name) throws Exception {
        return WorldBuilder.buildWorld(BuiltinScenes.read(name));
    }

    private static WorldSimulation world(Scene scene) {
        return WorldBuilder.buildWorld(scene);
    }

    private static int steps(WorldSimulation sim, double seconds) {
        return (int) Math.ceil(seconds / sim.dt() - 1e-9);
    }

    private static double[] state(WorldSimulation sim, int body) {
        double[] s = new double[13];
        sim.readState(body, s);
        return s;
    }

    private static int index(WorldSimulation sim, String name) {
        for (int b = 0; b < sim.bodyCount(); b++) {
            if (sim.bodyName(b).equals(name)) {
                return b;
            }
        }
        throw new AssertionError("no body '" + name + "'");
    }

    /** The scene's dynamic bodies, in scene order. */
    private static List<Integer> dynamicBodies(WorldSimulation sim) {
        List<Integer> out = new ArrayList<>();
        for (int b = 0; b < sim.bodyCount(); b++) {
            if (sim.world().type(sim.id(b)) == BodyDef.Type.DYNAMIC) {
                out.add(b);
            }
        }
        return out;
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt(sq(a[X] - b[X]) + sq(a[Y] - b[Y]) + sq(a[Z] - b[Z]));
    }

    private static double speed(double[] s) {
        return Math.sqrt(sq(s[VX]) + sq(s[VY]) + sq(s[VZ]));
    }

    private static double sq(double v) {
        return v * v;
    }

    private static double gravity(Scene scene) {
        return -scene.settings().gravity().y();
    }

    /** Positions of the dynamic bodies now, by body index (null for the others). */
    private static double[][] positions(WorldSimulation sim) {
        double[][] p = new double[sim.bodyCount()][];
        for (int b : dynamicBodies(sim)) {
            p[b] = state(sim, b);
        }
        return p;
    }

    /** The largest displacement of any dynamic body from {@code start}, m. */
    private static double maxDisplacement(WorldSimulation sim, double[][] start) {
        double max = 0;
        for (int b : dynamicBodies(sim)) {
            max = Math.max(max, distance(state(sim, b), start[b]));
        }
        return max;
    }

    private static int sleeping(WorldSimulation sim) {
        int n = 0;
        for (int b : dynamicBodies(sim)) {
            n += sim.isSleeping(b) ? 1 : 0;
        }
        return n;
    }

    /** The scene with one body's velocity and position replaced. */
    private static Scene withMotion(Scene scene, String name, Vec3 position, Vec3 velocity) {
        List<BodySpec> bodies = new ArrayList<>();
        for (BodySpec b : scene.bodies()) {
            if (b.name().equals(name)) {
                b = new BodySpec(b.name(), b.type(), b.shape(), position, b.orientation(), velocity,
                        b.angularVelocity(), b.mass(), b.density(), b.friction(), b.restitution(), b.sensor(),
                        b.bullet(), b.linearDamping(), b.angularDamping(), b.gravityScale(), b.method(), b.lab());
            }
            bodies.add(b);
        }
        return new Scene(scene.description(), scene.settings(), bodies, scene.joints());
    }

    // ---------------------------------------------------------------- stacks

    @Test
    void pyramidStandsStillAndSleepsWithinTenSeconds() throws Exception {
        WorldSimulation sim = world("pyramid");
        double[][] start = positions(sim);
        double maxDuring = 0;
        for (int i = 0, n = steps(sim, 10); i < n; i++) {
            sim.step();
            maxDuring = Math.max(maxDuring, maxDisplacement(sim, start));
        }
        double moved = maxDisplacement(sim, start);
        int asleep = sleeping(sim);
        int boxes = dynamicBodies(sim).size();
        System.out.printf("pyramid: %d boxes; after 10 s the farthest moved %.5f m (max during %.5f m);"
                + " %d asleep%n", boxes, moved, maxDuring, asleep);
        assertEquals(210, boxes);
        assertAll(
                () -> assertTrue(moved < 0.01, "a box moved " + moved + " m"),
                () -> assertEquals(boxes, asleep, "boxes asleep after 10 s"));
    }

    @Test
    void pyramidRunsBitIdenticallyTwice() throws Exception {
        // Three seconds: the pyramid settles and its islands fall asleep in that time.
        WorldSimulation a = world("pyramid"), b = world("pyramid");
        double[] sa = new double[13], sb = new double[13];
        for (int i = 1, n = steps(a, 3); i <= n; i++) {
            a.step();
            b.step();
            for (int k = 0; k < a.bodyCount(); k++) {
                a.readState(k, sa);
                b.readState(k, sb);
                for (int j = 0; j < 13; j++) {
                    if (Double.doubleToRawLongBits(sa[j]) != Double.doubleToRawLongBits(sb[j])) {
                        throw new AssertionError("step " + i + ", body " + a.bodyName(k) + ", state[" + j + "]: "
                                + sa[j] + " vs " + sb[j]);
                    }
                }
            }
        }
    }

    @Test
    void towerOfThirtyStandsTenSeconds() throws Exception {
        WorldSimulation sim = world("tower");
        double[][] start = positions(sim);
        double drift = 0, sink = 0;
        for (int i = 0, n = steps(sim, 10); i < n; i++) {
            sim.step();
            for (int b : dynamicBodies(sim)) {
                double[] s = state(sim, b);
                drift = Math.max(drift, Math.hypot(s[X] - start[b][X], s[Z] - start[b][Z]));
                sink = Math.max(sink, start[b][Y] - s[Y]);
            }
        }
        System.out.printf("tower: max horizontal drift %.5f m, max sink %.5f m, %d of 30 asleep%n", drift, sink,
                sleeping(sim));
        // The criterion is the drift; the sink (the contacts' spring under the weight above) is
        // printed for the record.
        assertTrue(drift < 0.02, "drift " + drift + " m");
        double[] top = state(sim, dynamicBodies(sim).get(29));
        assertTrue(top[Y] > start[dynamicBodies(sim).get(28)][Y], "the tower fell: top box at y = " + top[Y]);
    }

    @Test
    void heavyBoxBetweenLightOnesStandsTenSeconds() throws Exception {
        Scene scene = BuiltinScenes.read("mass-ratio");
        WorldSimulation sim = world(scene);
        assertEquals(100, sim.world().mass(sim.id(index(sim, "heavy"))), 1e-9);
        assertEquals(1, sim.world().mass(sim.id(index(sim, "light-bottom"))), 1e-12);
        double[][] start = positions(sim);
        double maxMoved = 0;
        for (int i = 0, n = steps(sim, 10); i < n; i++) {
            sim.step();
            maxMoved = Math.max(maxMoved, maxDisplacement(sim, start));
        }
        System.out.printf("mass-ratio: the farthest a box moved in 10 s %.5f m; at the end %.5f m; %d of 3"
                + " asleep%n", maxMoved, maxDisplacement(sim, start), sleeping(sim));
        assertTrue(maxMoved < 0.01, "a box moved " + maxMoved + " m");
    }

    // ---------------------------------------------------------------- impacts

    @Test
    void wallStandsUntilTheBallKnocksItDownWithoutGainingEnergy() throws Exception {
        Scene scene = BuiltinScenes.read("wall");
        WorldSimulation sim = world(scene);
        int ball = index(sim, "ball");
        double[] ball0 = state(sim, ball);
        double projectileSpeed = speed(ball0);
        double ke0 = sim.kineticEnergy(), pe0 = sim.potentialEnergy();
        double[][] start = positions(sim);
        List<Integer> bricks = dynamicBodies(sim);
        bricks.remove(Integer.valueOf(ball));

        double impactTime = Double.NaN;
        double movedBeforeImpact = 0;
        double worstExcess = Double.NEGATIVE_INFINITY;
        double fastestBrick = 0;
        for (int i = 0, n = steps(sim, 13); i < n; i++) {
            sim.step();
            double[] b = state(sim, ball);
            if (Double.isNaN(impactTime) && (b[VZ] != ball0[VZ] || b[VX] != ball0[VX] || b[VY] != ball0[VY])) {
                impactTime = sim.time();
            }
            if (Double.isNaN(impactTime)) {
                for (int k : bricks) {
                    movedBeforeImpact = Math.max(movedBeforeImpact, distance(state(sim, k), start[k]));
                }
            }
            for (int k : bricks) {
                fastestBrick = Math.max(fastestBrick, speed(state(sim, k)));
            }
            // Energy accounted for: KE <= KE0 + (PE0 - PE), the ball's kinetic energy plus what falling released.
            worstExcess = Math.max(worstExcess, sim.kineticEnergy() - (ke0 + pe0 - sim.potentialEnergy()));
        }
        int displaced = 0;
        for (int k : bricks) {
            displaced += distance(state(sim, k), start[k]) > 0.5 ? 1 : 0;
        }
        System.out.printf("wall: impact at t=%.3f s; bricks moved at most %.5f m before it; %d of %d bricks"
                        + " displaced > 0.5 m at 13 s; fastest brick %.3f m/s (ball %.1f m/s); worst KE excess over"
                        + " KE0 + released PE %.3f J (KE0 %.1f J)%n", impactTime, movedBeforeImpact, displaced,
                bricks.size(), fastestBrick, projectileSpeed, worstExcess, ke0);
        double impact = impactTime, before = movedBeforeImpact, fastest = fastestBrick, excess = worstExcess;
        int knocked = displaced;
        assertAll(
                () -> assertTrue(impact > 9.5 && impact < 10.5, "the ball arrives at about 10 s: " + impact),
                () -> assertTrue(before < 0.01, "a brick moved " + before + " m before the impact"),
                () -> assertTrue(knocked >= 5, "only " + knocked + " bricks knocked more than 0.5 m"),
                () -> assertTrue(fastest < projectileSpeed, "a brick reached " + fastest + " m/s"),
                // Round-off allowance: 1e-9 of the energy in play.
                () -> assertTrue(excess <= 1e-9 * ke0, "kinetic energy exceeded the energy supplied by " + excess
                        + " J"));
    }

    @Test
    void bulletNeverPassesTheThinWallAtAnyIncidence() throws Exception {
        Scene scene = BuiltinScenes.read("bullet");
        BodySpec bullet = scene.bodies().stream().filter(b -> b.name().equals("bullet")).findFirst().orElseThrow();
        BodySpec wall = scene.bodies().stream().filter(b -> b.name().equals("wall")).findFirst().orElseThrow();
        double halfThickness = ((ShapeSpec.Box) wall.shape()).halfExtents().z();
        double wallZ = wall.position().z();
        double speed = bullet.velocity().length();
        double approach = bullet.position().z() - wallZ;
        List<String> failures = new ArrayList<>();
        for (double degrees : new double[] {0, 30, 60}) {
            double a = Math.toRadians(degrees);
            // Aimed at the same point of the wall from the same distance in z.
            Vec3 v = new Vec3(speed * Math.sin(a), 0, -speed * Math.cos(a));
            Vec3 p = new Vec3(bullet.position().x() - approach * Math.tan(a), bullet.position().y(),
                    bullet.position().z());
            WorldSimulation sim = world(withMotion(scene, "bullet", p, v));
            int b = index(sim, "bullet");
            double minZ = Double.POSITIVE_INFINITY;
            for (int i = 0, n = steps(sim, 1); i < n; i++) {
                sim.step();
                minZ = Math.min(minZ, state(sim, b)[Z]);
            }
            double[] end = state(sim, b);
            System.out.printf("bullet at %.0f degrees: lowest z of its centre %.4f m (wall's back face at %.4f m);"
                    + " after 1 s z = %.4f m, speed %.3f m/s%n", degrees, minZ, wallZ - halfThickness, end[Z],
                    speed(end));
            if (!(minZ > wallZ - halfThickness)) {
                failures.add(String.format("%.0f degrees: reached z = %.3f m", degrees, minZ));
            }
        }
        assertTrue(failures.isEmpty(), "the bullet passed the wall: " + failures);
    }

    @Test
    void newtonsCradlePassesTheFirstBallsMomentumToTheLast() throws Exception {
        Scene scene = BuiltinScenes.read("newton-cradle");
        WorldSimulation sim = world(scene);
        int n = 5;
        double v0 = state(sim, index(sim, "ball-0"))[VX];
        double m = sim.world().mass(sim.id(index(sim, "ball-0")));
        for (int i = 0, k = steps(sim, 1); i < k; i++) {
            sim.step();
        }
        double[] v = new double[n];
        double momentum = 0;
        for (int k = 0; k < n; k++) {
            v[k] = state(sim, index(sim, "ball-" + k))[VX];
            momentum += m * v[k];
        }
        System.out.printf("newton-cradle: velocities after 1 s %s m/s (ideal: 0, 0, 0, 0, %.1f); momentum %.6f"
                + " of %.6f kg m/s; KE %.3f of %.3f J%n", java.util.Arrays.toString(v), v0, momentum, m * v0,
                sim.kineticEnergy(), 0.5 * m * v0 * v0);
        double p = momentum;
        // Equal elastic balls: a chain of exchanges leaves the last one with the first's velocity.
        assertAll(
                () -> assertEquals(m * v0, p, 1e-9 * m * v0, "momentum is conserved"),
                () -> assertEquals(v0, v[n - 1], 0.02 * v0, "the last ball leaves with the first's velocity"),
                () -> {
                    for (int k = 0; k < n - 1; k++) {
                        assertEquals(0, v[k], 0.02 * v0, "ball " + k + " stays nearly at rest");
                    }
                });
    }

    // ---------------------------------------------------------------- many bodies

    @Test
    void thousandSpheresStayInTheBinAndSleep() throws Exception {
        Scene scene = BuiltinScenes.read("spheres");
        WorldSimulation sim = world(scene);
        double inner = Double.POSITIVE_INFINITY;
        for (BodySpec b : scene.bodies()) {
            if (b.name().startsWith("wall-") && b.shape() instanceof ShapeSpec.Box box) {
                double face = Math.abs(b.position().x()) > 0 ? Math.abs(b.position().x()) - box.halfExtents().x()
                        : Math.abs(b.position().z()) - box.halfExtents().z();
                inner = Math.min(inner, face);
            }
        }
        double r = ((ShapeSpec.Sphere) scene.bodies().get(scene.bodies().size() - 1).shape()).radius();
        List<Integer> spheres = dynamicBodies(sim);
        double worstOutside = Double.NEGATIVE_INFINITY;
        double allAsleepAt = Double.NaN;
        for (int i = 0, n = steps(sim, 15); i < n; i++) {
            sim.step();
            for (int b : spheres) {
                double[] s = state(sim, b);
                // How far the ball is past a wall or the floor (<= 0 inside); contacts may overlap by millimetres.
                double out = Math.max(Math.max(Math.abs(s[X]), Math.abs(s[Z])) - (inner - r), r - s[Y]);
                worstOutside = Math.max(worstOutside, out);
            }
            if (Double.isNaN(allAsleepAt) && sleeping(sim) == spheres.size()) {
                allAsleepAt = sim.time();
            }
        }
        System.out.printf("spheres: %d spheres; deepest past a wall or the floor %.5f m; %d asleep at 15 s"
                + " (all asleep from t=%.3f s)%n", spheres.size(), worstOutside, sleeping(sim), allAsleepAt);
        assertEquals(1000, spheres.size());
        double outside = worstOutside;
        assertAll(
                () -> assertTrue(outside < 0.01, "a sphere went " + outside + " m past the bin"),
                () -> assertEquals(spheres.size(), sleeping(sim), "spheres asleep after 15 s"));
    }

    // ---------------------------------------------------------------- friction, kinematic, sensor

    @Test
    void thirtyDegreeRampsHoldAtFriction07AndSlideAtTheCoulombRateAt03() throws Exception {
        Scene scene = BuiltinScenes.read("slide");
        WorldSimulation sim = world(scene);
        double g = gravity(scene);
        double slope = Math.toRadians(30);
        int holding = index(sim, "box-70"), sliding = index(sim, "box-30");
        assertEquals(0.7, scene.bodies().get(holding).friction());
        assertEquals(0.3, scene.bodies().get(sliding).friction());
        double[] h0 = state(sim, holding), s0 = state(sim, sliding);
        // Down the slope: the ramps rise towards +x at 30 degrees.
        double dx = -Math.cos(slope), dy = -Math.sin(slope);
        int n = steps(sim, 3);
        double fitUntil = 2.5; // it leaves the 12 m ramp at about 2.9 s
        List<double[]> samples = new ArrayList<>();
        samples.add(new double[] {0, 0});
        double held = 0;
        for (int i = 0; i < n; i++) {
            sim.step();
            held = Math.max(held, distance(state(sim, holding), h0));
            double[] s = state(sim, sliding);
            if (sim.time() <= fitUntil + 1e-9) {
                samples.add(new double[] {sim.time(), (s[X] - s0[X]) * dx + (s[Y] - s0[Y]) * dy});
            }
        }
        double a = fitAcceleration(samples);
        double expected = g * (Math.sin(slope) - 0.3 * Math.cos(slope));
        System.out.printf("slide: friction 0.7 box moved %.6f m in 3 s; friction 0.3 box accelerates at %.5f m/s^2"
                + " (g (sin 30 - 0.3 cos 30) = %.5f, error %.3f%%)%n", held, a, expected,
                100 * (a - expected) / expected);
        double moved = held;
        assertAll(
                () -> assertTrue(moved < 0.01, "the 0.7 box moved " + moved + " m"),
                () -> assertEquals(expected, a, 0.02 * expected, "sliding acceleration"));
    }

    /** Least-squares fit of s = c0 + c1 t + a t^2 / 2 to (t, s) samples; returns a. */
    private static double fitAcceleration(List<double[]> samples) {
        // Normal equations for the basis (1, t, t^2).
        double[][] m = new double[3][4];
        for (double[] ts : samples) {
            double[] basis = {1, ts[0], ts[0] * ts[0]};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    m[r][c] += basis[r] * basis[c];
                }
                m[r][3] += basis[r] * ts[1];
            }
        }
        for (int p = 0; p < 3; p++) {
            for (int r = p + 1; r < 3; r++) {
                double f = m[r][p] / m[p][p];
                for (int c = p; c < 4; c++) {
                    m[r][c] -= f * m[p][c];
                }
            }
        }
        double c2 = m[2][3] / m[2][2];
        return 2 * c2;
    }

    @Test
    void kinematicPlatformCarriesItsBoxes() throws Exception {
        Scene scene = BuiltinScenes.read("kinematic");
        WorldSimulation sim = world(scene);
        int platform = index(sim, "platform");
        BodySpec p = scene.bodies().get(platform);
        Vec3 half = ((ShapeSpec.Box) p.shape()).halfExtents();
        double vPlatform = p.velocity().x();
        List<Integer> boxes = dynamicBodies(sim);
        double worstVelocity = 0, worstOffEdge = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
        for (int i = 0, n = steps(sim, 5); i < n; i++) {
            sim.step();
            double[] ps = state(sim, platform);
            for (int b : boxes) {
                double[] s = state(sim, b);
                worstVelocity = Math.max(worstVelocity,
                        Math.hypot(s[VX] - ps[VX], s[VZ] - ps[VZ]) / Math.abs(vPlatform));
                worstOffEdge = Math.max(worstOffEdge, Math.max(Math.abs(s[X] - ps[X]) - half.x(),
                        Math.abs(s[Z] - ps[Z]) - half.z()));
                lowest = Math.min(lowest, s[Y] - (ps[Y] + half.y()));
            }
        }
        System.out.printf("kinematic: platform at %.3f m after 5 s; boxes' horizontal velocity off the platform's"
                + " by at most %.4f%%; centres at most %.4f m past its edge (< 0: over it); lowest centre %.4f m"
                + " above its top%n", state(sim, platform)[X], 100 * worstVelocity, worstOffEdge, lowest);
        assertEquals(vPlatform * sim.time(), state(sim, platform)[X] - p.position().x(), 1e-9, "platform moves");
        double velocity = worstVelocity, offEdge = worstOffEdge, low = lowest;
        assertAll(
                () -> assertTrue(velocity < 0.01, "box velocity differs from the platform's by " + velocity),
                () -> assertTrue(offEdge < 0, "a box left the platform"),
                () -> assertTrue(low > 0, "a box fell"));
    }

    @Test
    void sensorReportsEveryFallingBodyWithoutSlowingIt() throws Exception {
        Scene scene = BuiltinScenes.read("sensor");
        WorldSimulation sim = world(scene);
        double g = gravity(scene);
        double h = sim.dt() / scene.settings().substeps();
        List<Integer> falling = dynamicBodies(sim);
        double[][] start = positions(sim);
        BodySpec sensor = scene.bodies().get(index(sim, "sensor"));
        double sensorBottom = sensor.position().y() - ((ShapeSpec.Box) sensor.shape()).halfExtents().y();
        List<Event> events = new ArrayList<>();
        List<Event> drained = new ArrayList<>();
        double worstRatio = 0;
        for (int i = 0, n = steps(sim, 2); i < n; i++) {
            sim.step();
            sim.drainEvents(drained);
            events.addAll(drained);
            drained.clear();
            double t = sim.time();
            for (int b : falling) {
                double[] s = state(sim, b);
                // Free fall until a metre below the sensor, well clear of the ground's contact margin.
                if (s[Y] > sensorBottom - 1) {
                    // Semi-implicit Euler with substep h trails the parabola by g t h / 2 exactly.
                    double bound = g * t * h / 2 + 1e-9;
                    double err = Math.abs(s[Y] - (start[b][Y] - g * t * t / 2));
                    worstRatio = Math.max(worstRatio, err / bound);
                    assertEquals(-g * t, s[VY], 1e-9 * g * t + 1e-12, sim.bodyName(b) + " velocity at t=" + t);
                    assertTrue(err <= bound, sim.bodyName(b) + " at t=" + t + ": off the free fall by " + err);
                }
            }
        }
        for (int b : falling) {
            String name = sim.bodyName(b);
            int enter = -1, exit = -1;
            for (int k = 0; k < events.size(); k++) {
                Event e = events.get(k);
                if (e.a().equals("sensor") && name.equals(e.b())) {
                    if (e.type() == Event.Type.SENSOR_ENTER && enter < 0) {
                        enter = k;
                    } else if (e.type() == Event.Type.SENSOR_EXIT && exit < 0) {
                        exit = k;
                    }
                }
            }
            System.out.printf("sensor: %s enters at t=%s s, leaves at t=%s s%n", name,
                    enter < 0 ? "never" : events.get(enter).time(), exit < 0 ? "never" : events.get(exit).time());
            assertTrue(enter >= 0, name + " never entered the sensor");
            assertTrue(exit > enter, name + " never left the sensor after entering");
        }
        System.out.printf("sensor: worst departure from free fall %.3f of the integrator's g t h / 2%n", worstRatio);
    }

    // ---------------------------------------------------------------- terrain and meshes

    @Test
    void terrainBodiesComeToRestOnTheSurfaceWithoutGhostBumps() throws Exception {
        Scene scene = BuiltinScenes.read("terrain");
        WorldSimulation sim = world(scene);
        List<Integer> bodies = dynamicBodies(sim);
        TriangleShape[] grounds = {
            (TriangleShape) ShapeFactory.create(scene.bodies().get(index(sim, "mesh")).shape()),
            (TriangleShape) ShapeFactory.create(scene.bodies().get(index(sim, "heightfield")).shape())};
        Vec3[] offsets = {scene.bodies().get(index(sim, "mesh")).position(),
            scene.bodies().get(index(sim, "heightfield")).position()};
        int[] sliders = {index(sim, "m-slider"), index(sim, "h-slider")};
        double[] rise = new double[2];
        double[] maxUp = new double[2];
        double[] slider0 = {state(sim, sliders[0])[Y], state(sim, sliders[1])[Y]};
        double deepest = 0;
        double lowestAboveSurface = Double.POSITIVE_INFINITY;
        double allAsleepAt = Double.NaN;
        for (int i = 0, n = steps(sim, 15); i < n; i++) {
            sim.step();
            for (int k = 0; k < 2; k++) {
                double[] s = state(sim, sliders[k]);
                if (Math.hypot(s[VX], s[VZ]) > 0.05) {
                    maxUp[k] = Math.max(maxUp[k], s[VY]);
                    rise[k] = Math.max(rise[k], s[Y] - slider0[k]);
                }
            }
            for (int k = 0; k < sim.world().contactPoints().count(); k++) {
                deepest = Math.min(deepest, sim.world().contactPoints().separation(k));
            }
            for (int b : bodies) {
                double[] s = state(sim, b);
                double surface = surfaceHeight(grounds, offsets, s[X], s[Z]);
                lowestAboveSurface = Math.min(lowestAboveSurface, s[Y] - surface);
            }
            if (Double.isNaN(allAsleepAt) && sleeping(sim) == bodies.size()) {
                allAsleepAt = sim.time();
            }
        }
        System.out.printf("terrain: %d of %d asleep at 15 s (all from t=%.3f s); deepest contact %.5f m; lowest"
                        + " centre above the surface below it %.4f m; sliders on the flat part: max upward velocity"
                        + " %.5f / %.5f m/s, max rise %.6f / %.6f m (mesh / heightfield)%n", sleeping(sim),
                bodies.size(), allAsleepAt, deepest, lowestAboveSurface, maxUp[0], maxUp[1], rise[0], rise[1]);
        double lowest = lowestAboveSurface, deepestContact = deepest;
        assertAll(
                () -> assertEquals(bodies.size(), sleeping(sim), "bodies asleep after 15 s"),
                () -> assertTrue(lowest > 0, "a body's centre went below the surface"),
                () -> assertTrue(deepestContact > -0.01, "a contact was " + -deepestContact + " m deep"),
                () -> {
                    for (int k = 0; k < 2; k++) {
                        // A flat floor gives no vertical velocity; a ghost bump off an internal edge kicks
                        // the box up. 1 cm/s is a 5 micrometre rise over a 1/60 s step.
                        assertTrue(maxUp[k] < 0.01, "slider " + k + " kicked up at " + maxUp[k] + " m/s");
                        assertTrue(rise[k] < 0.001, "slider " + k + " rose " + rise[k] + " m");
                    }
                });
    }

    /** The highest surface point under (x, z) among the triangle shapes at their offsets, by a ray cast down. */
    private static double surfaceHeight(TriangleShape[] shapes, Vec3[] offsets, double x, double z) {
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < shapes.length; k++) {
            double top = 100;
            double[] origin = {x - offsets[k].x(), top, z - offsets[k].z()};
            MeshHit hit = new MeshHit();
            if (shapes[k].raycast(origin, new double[] {0, -200, 0}, 1, hit)) {
                best = Math.max(best, top - 200 * hit.fraction + offsets[k].y());
            }
        }
        return best;
    }

    @Test
    void solverBunnyComesToRestWithoutSinkingIntoTheFloor() throws Exception {
        Scene scene = BuiltinScenes.read("bunny-solver");
        WorldSimulation sim = world(scene);
        int bunny = index(sim, "bunny");
        TriangleMesh mesh = ((ShapeSpec.Mesh) scene.bodies().get(bunny).shape()).mesh();
        // The solver meets the simplified hull; the mesh may stand out of it by up to this much.
        ricochet.geometry.shape.Shape hull = WorldBuilder.dynamicShape(scene.bodies().get(bunny).shape());
        double outside = 0;
        for (int v = 0; v < mesh.vertexCount(); v++) {
            outside = Math.max(outside, ricochet.geometry.shape.ShapeSdf.distance(hull, mesh.x(v), mesh.y(v), mesh.z(v)));
        }
        double floor = ((ShapeSpec.Plane) scene.bodies().get(index(sim, "floor")).shape()).offset();
        double wall = -((ShapeSpec.Plane) scene.bodies().get(index(sim, "wall")).shape()).offset();
        double deepestFloor = 0, deepestWall = 0;
        double restFrom = 0;
        for (int i = 0, n = steps(sim, 10); i < n; i++) {
            sim.step();
            double[] s = state(sim, bunny);
            Quat q = new Quat(s[3], s[4], s[5], s[6]);
            for (int v = 0; v < mesh.vertexCount(); v++) {
                Vec3 w = q.rotate(new Vec3(mesh.x(v), mesh.y(v), mesh.z(v)));
                deepestFloor = Math.max(deepestFloor, floor - (s[Y] + w.y()));
                deepestWall = Math.max(deepestWall, s[X] + w.x() - wall);
            }
            if (!sim.isSleeping(bunny)) {
                restFrom = sim.time();
            }
        }
        double[] end = state(sim, bunny);
        System.out.printf("bunny-solver: asleep from t=%.3f s (%s at 10 s); deepest vertex %.5f m into the floor,"
                        + " %.5f m into the wall; final origin (%.4f, %.4f, %.4f), speed %.4f m/s%n", restFrom,
                sim.isSleeping(bunny) ? "asleep" : "awake", deepestFloor, deepestWall, end[X], end[Y], end[Z],
                speed(end));
        System.out.printf("bunny-solver: the mesh stands out of its collision hull by up to %.5f m%n", outside);
        double floorDepth = deepestFloor, hullError = outside;
        assertAll(
                () -> assertTrue(sim.isSleeping(bunny), "the bunny is still moving at 10 s"),
                () -> assertTrue(floorDepth < 0.01 + hullError, "a vertex went " + floorDepth
                        + " m into the floor, more than 1 cm beyond the hull's own error " + hullError + " m"));
    }

    /**
     * The 1,000-box pile (the speed figures' scene): every box stays in the pen and above the
     * ground, and the pile settles: its kinetic energy falls below 0.1% of the peak. Measured, not
     * asserted: it does not sleep within 15 s (most boxes creep by 1-5 mm a second at edge and corner
     * contacts), a known defect noted in the README.
     */
    @Test
    void pileOfBoxesSettlesInsideThePen() throws Exception {
        WorldSimulation sim = world("pile");
        double peak = 0;
        double lowest = Double.POSITIVE_INFINITY, widest = 0;
        double[] s = new double[13];
        for (int i = 0, n = steps(sim, 15); i < n; i++) {
            sim.step();
            peak = Math.max(peak, sim.kineticEnergy());
        }
        for (int b = 0; b < sim.bodyCount(); b++) {
            if (!sim.bodyName(b).startsWith("box-")) {
                continue;
            }
            sim.readState(b, s);
            lowest = Math.min(lowest, s[Y]);
            widest = Math.max(widest, Math.max(Math.abs(s[X]), Math.abs(s[2])));
        }
        double ke = sim.kineticEnergy(), top = peak, low = lowest, wide = widest;
        int asleep = 0;
        for (int b = 0; b < sim.bodyCount(); b++) {
            asleep += sim.isSleeping(b) ? 1 : 0;
        }
        System.out.printf("pile: peak KE %.1f J, KE at 15 s %.3f J, %d asleep, lowest centre %.4f m, farthest %.3f m%n",
                peak, ke, asleep, lowest, widest);
        assertAll(
                () -> assertTrue(ke < 1e-3 * top, "KE " + ke + " J of a " + top + " J peak"),
                // A 0.4 m box's centre is at least 0.2 m up when it lies flat on the ground.
                () -> assertTrue(low > 0.19, "a box's centre at " + low + " m"),
                () -> assertTrue(wide < 4.0, "a box left the pen: " + wide + " m out"));
    }
}
