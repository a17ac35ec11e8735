package ricochet.bench.scene;

import java.util.ArrayList;
import java.util.List;

/**
 * The cloth and soft-body benchmark scenes: their rigid bodies are a {@link BenchScene}'s, and what
 * each engine adds as particles is here, keyed by the scene's name, so engines without soft bodies
 * see ordinary scenes they refuse ({@code Engines.cannotRun}).
 *
 * <ul>
 *   <li>{@code cloth-sphere}: a 2 x 2 m cloth of {@link #CLOTH_CELLS} x {@link #CLOTH_CELLS} cells
 *       (65 x 65 particles), 0.6 kg, rigid stretch, bending compliance 1e-4, 1 cm thick, dropped flat
 *       from 1.5 m onto a static sphere of radius 0.5 m resting on the ground;</li>
 *   <li>{@code soft-cubes}: {@link #CUBES} soft cubes of 0.3 m, {@link #CUBE_CELLS} cells a side
 *       (125 particles each), edge compliance 1e-4, in a 5 x 4 grid 0.6 m apart, dropped from 0.5 m
 *       onto the ground.</li>
 * </ul>
 */
public final class BenchSoft {

    public static final String CLOTH_SCENE = "cloth-sphere";
    public static final String CUBES_SCENE = "soft-cubes";
    public static final int CLOTH_CELLS = 64;
    public static final double CLOTH_SIZE = 2, CLOTH_MASS = 0.6, CLOTH_HEIGHT = 1.5, CLOTH_THICKNESS = 0.01;
    public static final double CLOTH_BEND = 1e-4;
    public static final double SPHERE_RADIUS = 0.5;
    public static final int CUBES = 20, CUBE_CELLS = 4;
    public static final double CUBE_HALF = 0.15, CUBE_SPACING = 0.6, CUBE_HEIGHT = 0.5, CUBE_DENSITY = 1000;
    public static final double CUBE_EDGE_COMPLIANCE = 1e-4;

    private BenchSoft() {
    }

    /** Whether {@code scene} carries a cloth. */
    public static boolean hasCloth(BenchScene scene) {
        return scene.name().equals(CLOTH_SCENE);
    }

    /** How many soft cubes {@code scene} carries. */
    public static int cubes(BenchScene scene) {
        return scene.name().equals(CUBES_SCENE) ? CUBES : 0;
    }

    /** Whether {@code scene} has particles at all (only engines with soft bodies run it). */
    public static boolean isSoft(BenchScene scene) {
        return hasCloth(scene) || cubes(scene) > 0;
    }

    /** Soft cube {@code k}'s centre, {x, y, z}, m. */
    public static double[] cubeCentre(int k) {
        return new double[] {(k % 5 - 2) * CUBE_SPACING, CUBE_HEIGHT + CUBE_HALF, (k / 5 - 1.5) * CUBE_SPACING};
    }

    static BenchBody ground() {
        return BenchBody.fixed(new BenchShape.Box(10, 0.5, 10), 0, -0.5, 0);
    }

    static BenchScene clothSphere() {
        List<BenchBody> bodies = new ArrayList<>();
        bodies.add(ground());
        bodies.add(BenchBody.fixed(new BenchShape.Sphere(SPHERE_RADIUS), 0, SPHERE_RADIUS, 0));
        return new BenchScene(CLOTH_SCENE, "a 64 x 64 cloth dropped onto a sphere on the ground", bodies,
                (s, start, end, drift) -> "ran");
    }

    static BenchScene softCubes() {
        return new BenchScene(CUBES_SCENE, "20 soft cubes (125 particles each) dropped onto the ground",
                List.of(ground()), (s, start, end, drift) -> "ran");
    }
}
