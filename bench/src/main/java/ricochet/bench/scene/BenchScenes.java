package ricochet.bench.scene;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The benchmark scenes, defined once for every engine: {@code pile}, {@code pyramid},
 * {@code spheres}, {@code terrain}, {@code ragdolls}, {@code characters} (engines with a character
 * controller only), and {@code drop} and {@code swing}, the tiny scenes the harness's tests run. Layouts
 * that look random come from a seeded {@link Random}, so every engine and every run sees the same
 * bodies.
 */
public final class BenchScenes {

    /** Unit boxes (half extent 0.5 m) of water's density, the same for every engine. */
    static final double HALF = 0.5;
    static final double DENSITY = 1000;
    /** Horizontal (and, in the pile, vertical) gap between neighbouring boxes, m. */
    static final double GAP = 0.1;

    private static final Map<String, Supplier<BenchScene>> SCENES = new LinkedHashMap<>();

    static {
        SCENES.put("pile", BenchScenes::pile);
        SCENES.put("pyramid", BenchScenes::pyramid);
        SCENES.put("spheres", BenchScenes::spheres);
        SCENES.put("terrain", BenchScenes::terrain);
        SCENES.put("ragdolls", BenchScenes::ragdolls);
        SCENES.put("characters", BenchScenes::characters);
        SCENES.put("vehicles", BenchVehicle::scene);
        SCENES.put("drop", BenchScenes::drop);
        SCENES.put("swing", BenchScenes::swing);
        SCENES.put(BenchSoft.CLOTH_SCENE, BenchSoft::clothSphere);
        SCENES.put(BenchSoft.CUBES_SCENE, BenchSoft::softCubes);
    }

    /**
     * Every scene's name, in the order the bench runs them by default ({@code characters} and the test
     * scenes last, and not by default).
     */
    public static final List<String> NAMES = List.copyOf(SCENES.keySet());
    /** What {@code ./ricochet bench} runs without {@code --scenes}. */
    public static final List<String> DEFAULT = List.of("pile", "pyramid", "spheres", "terrain", "ragdolls");

    private BenchScenes() {
    }

    public static boolean exists(String name) {
        return SCENES.containsKey(name);
    }

    /** @throws IllegalArgumentException naming the scene and the known ones when there is none such */
    public static BenchScene get(String name) {
        Supplier<BenchScene> s = SCENES.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no benchmark scene '" + name + "' (have " + NAMES + ")");
        }
        return s.get();
    }

    /** The static ground every scene shares: a 100 x 1 x 100 m box with its top at y = 0. */
    static BenchBody ground() {
        return BenchBody.fixed(new BenchShape.Box(50, 0.5, 50), 0, -0.5, 0);
    }

    /**
     * 1,000 unit boxes in a 10 x 10 grid of 10-high columns, {@link #GAP} apart every way: each box
     * falls onto the one below, the top one by 10 gaps (1.0 m, the ideal drift), leaving 100 resting
     * 10-box stacks.
     */
    public static BenchScene pile() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        BenchShape box = new BenchShape.Box(HALF, HALF, HALF);
        double pitch = 2 * HALF + GAP;
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                for (int k = 0; k < 10; k++) {
                    bodies.add(BenchBody.dynamic(box, (i - 4.5) * pitch, HALF + GAP + k * pitch,
                            (j - 4.5) * pitch, DENSITY));
                }
            }
        }
        return new BenchScene("pile", "1,000 unit boxes drop 0.1 m onto each other: 100 resting 10-box stacks",
                bodies, BenchScenes::stacksStand);
    }

    /**
     * A 2-D pyramid of unit boxes, 20 at the base (210 in all), {@link #GAP} apart within a row, each
     * row resting on the one below: nothing should move (ideal drift 0).
     */
    public static BenchScene pyramid() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        BenchShape box = new BenchShape.Box(HALF, HALF, HALF);
        double pitch = 2 * HALF + GAP;
        int base = 20;
        for (int row = 0; row < base; row++) {
            int n = base - row;
            for (int i = 0; i < n; i++) {
                bodies.add(BenchBody.dynamic(box, (i - 0.5 * (n - 1)) * pitch, HALF + row * 2 * HALF, 0, DENSITY));
            }
        }
        return new BenchScene("pyramid", "210 unit boxes in a 2-D pyramid with a 20-box base, resting as built",
                bodies, BenchScenes::pyramidStands);
    }

    /** Inner half width of the spheres' bin and the height of its walls, m. */
    static final double BIN_HALF = 6;
    static final double BIN_HEIGHT = 8;
    static final double SPHERE_RADIUS = 0.25;

    /**
     * 4,000 spheres (radius 0.25 m) in 10 layers of a jittered 20 x 20 grid, 0.6 m apart, falling into
     * a 12 x 12 m bin with 8 m walls: they settle about 3 m deep.
     */
    public static BenchScene spheres() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        double t = 0.25;
        double h = 0.5 * BIN_HEIGHT;
        double reach = BIN_HALF + 2 * t;
        bodies.add(BenchBody.fixed(new BenchShape.Box(t, h, reach), BIN_HALF + t, h, 0));
        bodies.add(BenchBody.fixed(new BenchShape.Box(t, h, reach), -BIN_HALF - t, h, 0));
        bodies.add(BenchBody.fixed(new BenchShape.Box(reach, h, t), 0, h, BIN_HALF + t));
        bodies.add(BenchBody.fixed(new BenchShape.Box(reach, h, t), 0, h, -BIN_HALF - t));
        BenchShape ball = new BenchShape.Sphere(SPHERE_RADIUS);
        Random random = new Random(8);
        double pitch = 0.6;
        for (int layer = 0; layer < 10; layer++) {
            for (int i = 0; i < 20; i++) {
                for (int j = 0; j < 20; j++) {
                    double jx = 0.08 * (random.nextDouble() - 0.5);
                    double jz = 0.08 * (random.nextDouble() - 0.5);
                    bodies.add(BenchBody.dynamic(ball, (i - 9.5) * pitch + jx, 0.5 + layer * pitch,
                            (j - 9.5) * pitch + jz, DENSITY));
                }
            }
        }
        return new BenchScene("spheres", "4,000 spheres (r 0.25 m) poured into a 12 x 12 m bin", bodies,
                BenchScenes::spheresContained);
    }

    /** The terrain's grid: cells of 1 m from -20 to 20 m on x and z. */
    static final int TERRAIN_CELLS = 40;
    static final double TERRAIN_HALF = 20;

    /** Height of the terrain, m: a bowl (so nothing rolls off the edge) with bumps. */
    static double terrainHeight(double x, double z) {
        return 0.01 * (x * x + z * z) + 0.4 * StrictMath.sin(0.7 * x) * StrictMath.cos(0.5 * z);
    }

    /**
     * The terrain's static triangle mesh: the bowl {@link #terrainHeight} sampled on the 41 x 41
     * corners of 40 x 40 one-metre cells, two triangles a cell (3,200).
     */
    static BenchShape.Mesh terrainMesh() {
        int n = TERRAIN_CELLS + 1;
        double cell = 2 * TERRAIN_HALF / TERRAIN_CELLS;
        double[] v = new double[3 * n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double x = -TERRAIN_HALF + i * cell, z = -TERRAIN_HALF + j * cell;
                int k = 3 * (i * n + j);
                v[k] = x;
                v[k + 1] = terrainHeight(x, z);
                v[k + 2] = z;
            }
        }
        int[] tri = new int[6 * TERRAIN_CELLS * TERRAIN_CELLS];
        int t = 0;
        for (int i = 0; i < TERRAIN_CELLS; i++) {
            for (int j = 0; j < TERRAIN_CELLS; j++) {
                int v00 = i * n + j, v10 = (i + 1) * n + j, v01 = i * n + j + 1, v11 = (i + 1) * n + j + 1;
                // Counter-clockwise seen from +y: (v01 - v00) x (v10 - v00) = (0, cell^2, 0).
                tri[t++] = v00;
                tri[t++] = v01;
                tri[t++] = v10;
                tri[t++] = v10;
                tri[t++] = v01;
                tri[t++] = v11;
            }
        }
        return new BenchShape.Mesh(v, tri);
    }

    /**
     * A static triangle mesh of a bumpy bowl ({@link #terrainMesh}) and 432 boxes,
     * spheres and capsules in three layers of a 12 x 12 grid, turned at random, dropped 1.5 to 5.5 m
     * onto it.
     */
    public static BenchScene terrain() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(BenchBody.fixed(terrainMesh(), 0, 0, 0));
        BenchShape[] kinds = {new BenchShape.Box(0.4, 0.4, 0.4), new BenchShape.Sphere(0.4),
                new BenchShape.Capsule(0.3, 0.4)};
        Random random = new Random(103);
        double pitch = 2.2;
        int next = 0;
        for (int layer = 0; layer < 3; layer++) {
            for (int i = 0; i < 12; i++) {
                for (int j = 0; j < 12; j++) {
                    double x = (i - 5.5) * pitch, z = (j - 5.5) * pitch;
                    double y = terrainHeight(x, z) + 1.5 + 2 * layer;
                    double ax = random.nextGaussian(), ay = random.nextGaussian(), az = random.nextGaussian();
                    double len = Math.sqrt(ax * ax + ay * ay + az * az);
                    double angle = Math.PI * random.nextDouble();
                    bodies.add(BenchBody.dynamic(kinds[next++ % kinds.length], x, y, z, DENSITY)
                            .rotated(ax / len, ay / len, az / len, angle));
                }
            }
        }
        return new BenchScene("terrain", "432 boxes, spheres and capsules dropped on a 3,200-triangle bumpy bowl",
                bodies, BenchScenes::onTerrain);
    }

    /** The characters' grid: {@value #CHARACTER_GRID} x {@value #CHARACTER_GRID}, this far apart (m). */
    static final int CHARACTER_GRID = 10;
    static final double CHARACTER_PITCH = 2.2;
    /** The walkers' capsule (m), slope limit (degrees), step height (m) and speed (m/s). */
    static final double CHARACTER_RADIUS = 0.3, CHARACTER_HEIGHT = 1.8, CHARACTER_MAX_SLOPE = 45,
            CHARACTER_STEP = 0.35, CHARACTER_SPEED = 2.5;

    /**
     * 100 characters walking on the terrain's bowl ({@link #terrainMesh}) among 144 boxes. The boxes
     * (0.8 m, one 12 x 12 grid {@link #CHARACTER_PITCH} apart) are dropped 0.6 m onto the bowl; the
     * characters (capsules of radius 0.3 m and height 1.8 m, slope limit 45 degrees, step height
     * 0.35 m) stand on a 10 x 10 grid between the boxes' columns, 0.1 m above the surface, and walk
     * at 2.5 m/s along squares of 3.75 m ({@link BenchCharacter}), each with its own first heading,
     * sense of turning and phase from a seeded {@link Random}. The bowl is walkable everywhere (at
     * most about 34 degrees) and the boxes are too tall to step onto.
     */
    public static BenchScene characters() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(BenchBody.fixed(terrainMesh(), 0, 0, 0));
        double half = 0.4;
        BenchShape box = new BenchShape.Box(half, half, half);
        for (int i = 0; i < 12; i++) {
            for (int j = 0; j < 12; j++) {
                double x = (i - 5.5) * CHARACTER_PITCH, z = (j - 5.5) * CHARACTER_PITCH;
                bodies.add(BenchBody.dynamic(box, x, terrainHeight(x, z) + half + 0.6, z, DENSITY));
            }
        }
        List<BenchCharacter> characters = new ArrayList<>();
        Random random = new Random(44);
        for (int i = 0; i < CHARACTER_GRID; i++) {
            for (int j = 0; j < CHARACTER_GRID; j++) {
                // Midway between four box columns: the boxes sit at odd multiples of half the pitch.
                double x = (i - 5) * CHARACTER_PITCH, z = (j - 5) * CHARACTER_PITCH;
                double heading = 2 * Math.PI * random.nextDouble();
                characters.add(new BenchCharacter(x, terrainHeight(x, z) + 0.5 * CHARACTER_HEIGHT + 0.1, z,
                        CHARACTER_RADIUS, CHARACTER_HEIGHT, CHARACTER_MAX_SLOPE, CHARACTER_STEP,
                        CHARACTER_SPEED, StrictMath.cos(heading), StrictMath.sin(heading),
                        random.nextBoolean() ? 1 : -1, random.nextInt(BenchCharacter.LEG_STEPS)));
            }
        }
        return new BenchScene("characters",
                "100 characters walking squares on the terrain's bowl among 144 boxes", bodies, List.of(),
                characters, BenchScenes::charactersOnGround);
    }

    /** The ragdolls' grid: {@value #RAGDOLL_GRID} x {@value #RAGDOLL_GRID} a layer, this many layers. */
    static final int RAGDOLL_GRID = 5;
    static final int RAGDOLL_LAYERS = 4;
    /** Grid pitch, m: a lying ragdoll is 2.14 m long and 1.9 m wide. */
    static final double RAGDOLL_PITCH = 2.6;

    /**
     * 100 ragdolls ({@link BenchRagdoll}: 11 capsules and 10 joints each, 1,100 bodies and 1,000
     * joints) lying face down in 4 layers of a 5 x 5 grid, 1 m apart, the first 0.46 m above the
     * ground, each layer turned a quarter turn from the one below: they fall into a heap of crossed
     * limbs.
     */
    public static BenchScene ragdolls() {
        List<BenchBody> bodies = new ArrayList<>();
        List<BenchJoint> joints = new ArrayList<>();
        bodies.add(ground());
        double[] lie = Quats.turn(1, 0, 0, 0.5 * Math.PI);
        for (int layer = 0; layer < RAGDOLL_LAYERS; layer++) {
            double[] turn = Quats.multiply(Quats.turn(0, 1, 0, 0.5 * Math.PI * layer), lie);
            for (int i = 0; i < RAGDOLL_GRID; i++) {
                for (int j = 0; j < RAGDOLL_GRID; j++) {
                    double c = 0.5 * (RAGDOLL_GRID - 1);
                    BenchRagdoll.add(bodies, joints, (i - c) * RAGDOLL_PITCH, 0.6 + layer,
                            (j - c) * RAGDOLL_PITCH,
                            turn);
                }
            }
        }
        return new BenchScene("ragdolls",
                "100 ragdolls (1,100 capsules, 1,000 ball and hinge joints) dropped in a heap",
                bodies, joints, BenchScenes::ragdollsHold);
    }

    /** Pivot height of the swing scene's pendulums, their length (pivot to centre) and the hinge's limit. */
    public static final double SWING_PIVOT = 3, SWING_LENGTH = 0.6, SWING_LIMIT = 0.6;

    /**
     * The harness's joint scene: two pendulums, capsules (radius 0.1 m, half height 0.4 m) lying
     * along x with a small static box at their pivot, {@link #SWING_LENGTH} from the capsule's
     * centre. Body 2 hangs from body 1 by a ball joint and swings down freely; body 4 hangs from
     * body 3 by a hinge about z limited to {@link #SWING_LIMIT} either way, so it stops that far
     * below the horizontal. The pivot boxes are turned as the capsules are (hinges join bodies built
     * alike, see {@link BenchScene}).
     */
    public static BenchScene swing() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        BenchShape pivot = new BenchShape.Box(0.05, 0.05, 0.05);
        BenchShape rod = new BenchShape.Capsule(0.1, 0.4);
        double quarter = 0.5 * Math.PI;
        for (double x : new double[] {-2, 2}) {
            bodies.add(BenchBody.fixed(pivot, x, SWING_PIVOT, 0).rotated(0, 0, 1, quarter));
            bodies.add(BenchBody.dynamic(rod, x + SWING_LENGTH, SWING_PIVOT, 0, DENSITY).rotated(0, 0, 1,
                    quarter));
        }
        List<BenchJoint> joints = List.of(BenchJoint.ball(1, 2, -2, SWING_PIVOT, 0),
                BenchJoint.hinge(3, 4, 2, SWING_PIVOT, 0, 0, 0, 1, SWING_LIMIT));
        return new BenchScene("swing", "two pendulums: a ball joint and a hinge with limits", bodies, joints,
                BenchScenes::swings);
    }

    /** How far the drop scene's bodies fall before they touch the ground, m. */
    public static final double DROP_HEIGHT = 1.0;

    /**
     * The harness's tiny scene: on the shared ground, a unit box, a sphere of radius 0.5 m and a capsule
     * lying along x (radius 0.3 m, half height 0.5 m), each {@link #DROP_HEIGHT} above where it
     * rests; their rest heights are {@link #dropRestHeights}.
     */
    public static BenchScene drop() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        double[] rest = dropRestHeights();
        bodies.add(BenchBody.dynamic(new BenchShape.Box(HALF, HALF, HALF), -3, rest[0] + DROP_HEIGHT, 0, DENSITY));
        bodies.add(BenchBody.dynamic(new BenchShape.Sphere(0.5), 0, rest[1] + DROP_HEIGHT, 0, DENSITY));
        bodies.add(BenchBody.dynamic(new BenchShape.Capsule(0.3, 0.5), 3, rest[2] + DROP_HEIGHT, 0, DENSITY)
                .rotated(0, 0, 1, 0.5 * Math.PI));
        return new BenchScene("drop", "a box, a sphere and a lying capsule dropped 1 m onto the ground", bodies,
                BenchScenes::dropRests);
    }

    /** Centre heights (m) at which the drop scene's box, sphere and lying capsule rest on the ground. */
    public static double[] dropRestHeights() {
        return new double[] {HALF, 0.5, 0.3};
    }

    // ---------------------------------------------------------------- checks

    /** Largest horizontal (x, z) move of any body, m. */
    static double horizontalDrift(double[] start, double[] end) {
        double worst = 0;
        for (int i = 0; i < start.length; i += 3) {
            double dx = end[i] - start[i], dz = end[i + 2] - start[i + 2];
            double d = Math.sqrt(dx * dx + dz * dz);
            if (!(d <= worst)) {
                worst = d;
            }
        }
        return worst;
    }

    /** A box that slid a quarter of its width off its column has left the stack. */
    private static String stacksStand(BenchScene s, double[] start, double[] end, double drift) {
        return horizontalDrift(start, end) <= 0.5 * HALF && drift <= 10 * GAP + 0.5 * HALF ? "stands" : "toppled";
    }

    private static String pyramidStands(BenchScene s, double[] start, double[] end, double drift) {
        return drift <= 0.5 * HALF ? "stands" : "collapsed";
    }

    private static String spheresContained(BenchScene s, double[] start, double[] end, double drift) {
        int out = 0;
        for (int i = 0; i < end.length; i += 3) {
            boolean in = Math.abs(end[i]) < BIN_HALF && Math.abs(end[i + 2]) < BIN_HALF
                    && end[i + 1] > 0 && end[i + 1] < BIN_HEIGHT;
            if (!in) {
                out++;
            }
        }
        return out == 0 ? "contained" : "escaped-" + out;
    }

    /** A centre below the surface under it (beyond 10 cm, more than the flat triangles stray from the analytic height) fell through the mesh. */
    private static String onTerrain(BenchScene s, double[] start, double[] end, double drift) {
        int lost = 0;
        for (int i = 0; i < end.length; i += 3) {
            double x = end[i], y = end[i + 1], z = end[i + 2];
            boolean on = Math.abs(x) < TERRAIN_HALF && Math.abs(z) < TERRAIN_HALF
                    && y > terrainHeight(x, z) - 0.1;
            if (!on) {
                lost++;
            }
        }
        return lost == 0 ? "on-mesh" : "lost-" + lost;
    }

    /**
     * Where the characters' feet (centre minus half the height) ended against the bowl's analytic
     * surface under them: {@code fell-N} for those more than 0.1 m below it (through the mesh; the
     * flat triangles stray from the analytic surface by about 2.5 cm) or off the bowl, else
     * {@code raised-N} for those more than 0.5 m above it (a capsule's feet on a slope of 34 degrees
     * stand {@code r (1 / cos 34 - 1)} = 6 cm above the point under its centre; a box is 0.8 m tall),
     * else {@code walking}.
     */
    private static String charactersOnGround(BenchScene s, double[] start, double[] end, double drift) {
        int first = 3 * s.dynamicCount();
        int fell = 0, raised = 0;
        for (int c = 0; c < s.characters().size(); c++) {
            int k = first + 3 * c;
            double x = end[k], z = end[k + 2];
            double feet = end[k + 1] - 0.5 * s.characters().get(c).height();
            boolean onBowl = Math.abs(x) < TERRAIN_HALF && Math.abs(z) < TERRAIN_HALF;
            if (!onBowl || !(feet >= terrainHeight(x, z) - 0.1)) {
                fell++;
            } else if (feet > terrainHeight(x, z) + 0.5) {
                raised++;
            }
        }
        if (fell > 0) {
            return "fell-" + fell;
        }
        return raised > 0 ? "raised-" + raised : "walking";
    }

    /**
     * Counts the joints whose bodies' centres are farther apart than the joint lets them be (1 cm
     * beyond {@link BenchJoint#reach}: {@code torn-N}) and the bodies whose centre went below the
     * ground's top ({@code sunk-N}); {@code held} when neither.
     */
    private static String ragdollsHold(BenchScene s, double[] start, double[] end, double drift) {
        int torn = tornJoints(s, end, 0.01);
        int sunk = 0;
        for (int i = 1; i < end.length; i += 3) {
            if (!(end[i] > 0)) {
                sunk++;
            }
        }
        if (torn == 0 && sunk == 0) {
            return "held";
        }
        return torn > 0 ? "torn-" + torn : "sunk-" + sunk;
    }

    /**
     * Joints whose bodies' centres (static ones where built) are more than {@code slack} beyond their reach.
     */
    static int tornJoints(BenchScene s, double[] end, double slack) {
        // Scene index -> index among the dynamic bodies, -1 for static ones.
        int[] dynamicIndex = new int[s.bodies().size()];
        int k = 0;
        for (int i = 0; i < dynamicIndex.length; i++) {
            dynamicIndex[i] = s.bodies().get(i).dynamic() ? k++ : -1;
        }
        int torn = 0;
        for (BenchJoint j : s.joints()) {
            double[] a = centre(s, end, dynamicIndex, j.a()), b = centre(s, end, dynamicIndex, j.b());
            double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
            if (!(Math.sqrt(dx * dx + dy * dy + dz * dz) <= j.reach(s) + slack)) {
                torn++;
            }
        }
        return torn;
    }

    private static double[] centre(BenchScene s, double[] end, int[] dynamicIndex, int body) {
        int d = dynamicIndex[body];
        if (d < 0) {
            BenchBody b = s.bodies().get(body);
            return new double[] {b.x(), b.y(), b.z()};
        }
        return new double[] {end[3 * d], end[3 * d + 1], end[3 * d + 2]};
    }

    /**
     * {@code swings} when both pendulums hang at their length from the pivot (1 cm) in the x-y plane
     * and the hinged one is within 0.1 rad of its limit below the horizontal; else {@code off}.
     */
    private static String swings(BenchScene s, double[] start, double[] end, double drift) {
        double[] ball = {end[0] + 2, end[1] - SWING_PIVOT, end[2]};
        double[] hinge = {end[3] - 2, end[4] - SWING_PIVOT, end[5]};
        boolean ok = true;
        for (double[] d : new double[][] {ball, hinge}) {
            ok &= Math.abs(Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) - SWING_LENGTH) <= 0.01
                    && Math.abs(d[2]) <= 0.01;
        }
        double below = StrictMath.atan2(-hinge[1], hinge[0]);
        return ok && Math.abs(below - SWING_LIMIT) <= 0.1 ? "swings" : "off";
    }

    private static String dropRests(BenchScene s, double[] start, double[] end, double drift) {
        double[] rest = dropRestHeights();
        for (int b = 0; b < rest.length; b++) {
            if (!(Math.abs(end[3 * b + 1] - rest[b]) <= 0.05)) {
                return "off";
            }
        }
        return "rests";
    }
}
