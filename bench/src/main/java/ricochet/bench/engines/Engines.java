package ricochet.bench.engines;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchSoft;

/**
 * The engines the bench knows, by the name {@code --engines} uses. {@code ricochet@N} is Ricochet
 * stepping on N threads ({@code World.setThreads}); plain {@code ricochet} is one thread.
 */
public final class Engines {

    private static final Map<String, Function<BenchScene, PeerEngine>> ENGINES = new LinkedHashMap<>();

    static {
        ENGINES.put("ricochet", scene -> new RicochetEngine(scene, 1));
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
        return ENGINES.containsKey(name) || ricochetThreads(name) > 0;
    }

    /** Whether the name is Ricochet's, on any number of threads. */
    public static boolean isRicochet(String name) {
        return name.equals("ricochet") || ricochetThreads(name) > 0;
    }

    /** N of {@code ricochet@N} (1 to 64), 1 for {@code ricochet}, else 0. */
    public static int ricochetThreads(String name) {
        if (name.equals("ricochet")) {
            return 1;
        }
        if (!name.startsWith("ricochet@") || !name.substring(9).matches("[1-9][0-9]?")) {
            return 0;
        }
        return Integer.parseInt(name.substring(9));
    }

    /** Whether the named engine's adapter drives characters (Ricochet's and Jolt's controllers). */
    public static boolean hasCharacters(String name) {
        return isRicochet(name) || name.equals("jolt");
    }

    /**
     * Whether the named engine's adapter drives vehicles (Ricochet's and Jolt's wheeled vehicles,
     * Bullet's raycast vehicle).
     */
    public static boolean hasVehicles(String name) {
        return isRicochet(name) || name.equals("jolt") || name.equals("bullet");
    }

    /** Why the named engine cannot run {@code scene}, or null when it can. */
    public static String cannotRun(String name, BenchScene scene) {
        if (!scene.vehicles().isEmpty() && !hasVehicles(name)) {
            return "scene '" + scene.name() + "' has vehicles and engine '" + name
                    + "' has no vehicle model in the bench (ricochet, jolt and bullet have)";
        }
        if (BenchSoft.isSoft(scene) && !isRicochet(name) && !name.equals("jolt")) {
            return "scene '" + scene.name() + "' has cloth or soft bodies and engine '" + name
                    + "' has none in the bench (ricochet and jolt have)";
        }
        if (!scene.characters().isEmpty() && !hasCharacters(name)) {
            return "scene '" + scene.name() + "' has characters and engine '" + name
                    + "' has no character controller in the bench (ricochet and jolt have)";
        }
        return null;
    }

    /**
     * Builds {@code scene} in the named engine.
     *
     * @throws IllegalArgumentException naming the engine and the known ones when there is none such,
     *     or saying why the engine cannot run the scene ({@link #cannotRun})
     */
    public static PeerEngine create(String name, BenchScene scene) {
        String why = exists(name) ? cannotRun(name, scene) : null;
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        int threads = ricochetThreads(name);
        if (threads > 0) {
            return new RicochetEngine(scene, threads);
        }
        Function<BenchScene, PeerEngine> f = ENGINES.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no engine '" + name + "' (have " + NAMES + ")");
        }
        return f.apply(scene);
    }
}
