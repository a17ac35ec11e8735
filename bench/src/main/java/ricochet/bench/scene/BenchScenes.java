package ricochet.bench.scene;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The benchmark scenes, defined once for every engine (issue 8): {@code pile}, {@code pyramid},
 * {@code spheres}, {@code terrain}, and {@code drop}, the tiny scene the harness's tests run. Layouts
 * that look random come from a seeded {@link Random}, so every engine and every run sees the same
 * bodies.
 */
public final class BenchScenes {

    /** Unit boxes (half extent 0.5 m) of water's density, as the issue fixes them. */
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
        SCENES.put("drop", BenchScenes::drop);
    }

    /** Every scene's name, in the order the bench runs them by default (drop last, and not by default). */
    public static final List<String> NAMES = List.copyOf(SCENES.keySet());
    /** What {@code ./ricochet bench} runs without {@code --scenes}. */
    public static final List<String> DEFAULT = List.of("pile", "pyramid", "spheres", "terrain");

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
     * A static triangle mesh of a bumpy bowl (40 x 40 one-metre cells, 3,200 triangles) and 432 boxes,
     * spheres and capsules in three layers of a 12 x 12 grid, turned at random, dropped 1.5 to 5.5 m
     * onto it.
     */
    public static BenchScene terrain() {
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
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(BenchBody.fixed(new BenchShape.Mesh(v, tri), 0, 0, 0));
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
