package ricochet.bench.run;

import ricochet.bench.engines.Engines;
import ricochet.bench.engines.PeerEngine;
import ricochet.bench.engines.SceneFileEngine;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;
import ricochet.scenes.BuiltinScenes;

/**
 * A scene built in an engine, with the check that reads its end state. Scene names: a benchmark
 * scene ({@link BenchScenes#NAMES}) runs in every engine; {@code builtin:NAME}, or a built-in scene
 * name that no benchmark scene shadows (e.g. {@code bunny}), is Ricochet's scene file and runs in
 * engine ricochet only.
 */
public final class Workload implements AutoCloseable {

    /** Marks a built-in scene file whose name a benchmark scene also uses ({@code builtin:pile}). */
    public static final String BUILTIN = "builtin:";

    private final PeerEngine engine;
    private final BenchScene scene;

    private Workload(PeerEngine engine, BenchScene scene) {
        this.engine = engine;
        this.scene = scene;
    }

    /** Whether {@code name} is a benchmark scene, which every engine runs. */
    public static boolean isBenchScene(String name) {
        return BenchScenes.exists(name);
    }

    /** The built-in scene file {@code name} stands for, or null when it names none. */
    public static String sceneFile(String name) {
        if (BenchScenes.exists(name)) {
            return null;
        }
        String file = name.startsWith(BUILTIN) ? name.substring(BUILTIN.length()) : name;
        return BuiltinScenes.exists(file) ? file : null;
    }

    /** Whether {@code name} names any scene the bench can run. */
    public static boolean exists(String name) {
        return isBenchScene(name) || sceneFile(name) != null;
    }

    /**
     * Why the engine cannot run the scene (a benchmark scene with characters asked of an engine
     * without a character controller), or null when it can or when either name is unknown.
     */
    public static String cannotRun(String sceneName, String engineName) {
        if (!isBenchScene(sceneName) || !Engines.exists(engineName)) {
            return null;
        }
        return Engines.cannotRun(engineName, BenchScenes.get(sceneName));
    }

    /**
     * Builds the scene in the engine.
     *
     * @throws IllegalArgumentException naming the scene or the engine when either is unknown, when
     *     a scene file is asked of an engine other than ricochet, or when the engine cannot run the
     *     benchmark scene ({@link #cannotRun})
     */
    public static Workload open(String sceneName, String engineName) {
        if (!Engines.exists(engineName)) {
            throw new IllegalArgumentException("no engine '" + engineName + "' (have " + Engines.NAMES + ")");
        }
        if (isBenchScene(sceneName)) {
            BenchScene scene = BenchScenes.get(sceneName);
            return new Workload(Engines.create(engineName, scene), scene);
        }
        String file = sceneFile(sceneName);
        if (file == null) {
            throw new IllegalArgumentException("no scene '" + sceneName + "' (benchmark scenes: " + BenchScenes.NAMES
                    + "; or a built-in scene file, as builtin:NAME where a benchmark scene has the name)");
        }
        if (!Engines.isRicochet(engineName)) {
            throw new IllegalArgumentException("scene '" + sceneName + "' is a Ricochet scene file: engine '"
                    + engineName + "' cannot run it (only ricochet)");
        }
        return new Workload(new SceneFileEngine(file, engineName.equals("ricochet") ? 0
                : Engines.ricochetThreads(engineName)), null);
    }

    public PeerEngine engine() {
        return engine;
    }

    /** The check word for the end state (see {@link BenchScene.Check}). */
    public String check(double[] start, double[] end, double drift) {
        if (scene != null) {
            return scene.check().verdict(scene, start, end, drift);
        }
        return ((SceneFileEngine) engine).energyCheck();
    }

    @Override
    public void close() {
        engine.close();
    }
}
