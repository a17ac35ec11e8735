package ricochet.bench.engines;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import ricochet.bench.scene.BenchScene;

/** The engines the bench knows, by the name {@code --engines} uses. */
public final class Engines {

    private static final Map<String, Function<BenchScene, PeerEngine>> ENGINES = new LinkedHashMap<>();

    static {
        ENGINES.put("ricochet", RicochetEngine::new);
        ENGINES.put("physx", PhysxEngine::new);
        ENGINES.put("jolt", JoltEngine::new);
        ENGINES.put("bullet", BulletEngine::new);
        ENGINES.put("ode4j", Ode4jEngine::new);
        ENGINES.put("jbullet", JBulletEngine::new);
    }

    /** Every engine, Ricochet first. */
    public static final List<String> NAMES = List.copyOf(ENGINES.keySet());

    private Engines() {
    }

    public static boolean exists(String name) {
        return ENGINES.containsKey(name);
    }

    /**
     * Builds {@code scene} in the named engine.
     *
     * @throws IllegalArgumentException naming the engine and the known ones when there is none such
     */
    public static PeerEngine create(String name, BenchScene scene) {
        Function<BenchScene, PeerEngine> f = ENGINES.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no engine '" + name + "' (have " + NAMES + ")");
        }
        return f.apply(scene);
    }
}
