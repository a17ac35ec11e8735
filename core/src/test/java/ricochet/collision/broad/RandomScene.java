package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * Drives several broad phases through the same random operations (create, move, destroy, exclude,
 * include) and remembers what each proxy was created with. Boxes are drawn so that the odd cases come
 * up often: zero thickness on one axis, points, exact copies of an earlier box, large boxes, statics.
 */
final class RandomScene {

    final Random random;
    final double side;
    final List<BroadPhase> phases;
    final TreeMap<Integer, Reference.Meta> live = new TreeMap<>();
    final Set<Long> excluded = new HashSet<>();
    private final TreeMap<Integer, double[]> tight = new TreeMap<>();
    private int nextUser;

    RandomScene(long seed, double side, List<BroadPhase> phases) {
        this.random = new Random(seed);
        this.side = side;
        this.phases = phases;
    }

    static List<BroadPhase> treeAndSap(double margin) {
        PairFilter f1 = new PairFilter();
        PairFilter f2 = new PairFilter();
        return List.of(new DynamicAabbTree(margin, 4, f1), new SweepAndPrune(margin, 4, f2));
    }

    double[] randomBox() {
        if (!tight.isEmpty() && random.nextInt(20) == 0) {
            // An exact copy of a box already there.
            List<double[]> boxes = new ArrayList<>(tight.values());
            return boxes.get(random.nextInt(boxes.size())).clone();
        }
        double[] b = new double[6];
        int kind = random.nextInt(10);
        for (int k = 0; k < 3; k++) {
            double c = side * random.nextDouble();
            double h = kind == 9 ? 0.25 * side * random.nextDouble() : 1.5 * random.nextDouble();
            if (kind == 0 && k == 1 || kind == 1) {
                h = 0;
            }
            b[k] = c - h;
            b[k + 3] = c + h;
        }
        return b;
    }

    int create() {
        double[] b = randomBox();
        int user = random.nextInt(5) == 0 && nextUser > 0 ? random.nextInt(nextUser) : nextUser++;
        boolean isStatic = random.nextInt(5) == 0;
        int group = 1 << random.nextInt(4);
        int mask = random.nextInt(3) == 0 ? random.nextInt(16) : PairFilter.ALL;
        int id = -1;
        for (BroadPhase bp : phases) {
            int got = bp.createProxy(b[0], b[1], b[2], b[3], b[4], b[5], user, isStatic, group, mask);
            if (id >= 0) {
                assertEquals(id, got, "the broad phases hand out the same ids for the same calls");
            }
            id = got;
        }
        live.put(id, new Reference.Meta(user, isStatic, group, mask));
        tight.put(id, b);
        return id;
    }

    void destroy(int id) {
        for (BroadPhase bp : phases) {
            bp.destroyProxy(id);
        }
        live.remove(id);
        tight.remove(id);
    }

    /** Moves the proxy by a step of up to {@code step} per axis, sometimes a jump across the scene. */
    void move(int id, double step) {
        double[] b = tight.get(id);
        double jump = random.nextInt(20) == 0 ? side : step;
        double dx = jump * (2 * random.nextDouble() - 1);
        double dy = jump * (2 * random.nextDouble() - 1);
        double dz = jump * (2 * random.nextDouble() - 1);
        b[0] += dx;
        b[3] += dx;
        b[1] += dy;
        b[4] += dy;
        b[2] += dz;
        b[5] += dz;
        for (BroadPhase bp : phases) {
            bp.moveProxy(id, b[0], b[1], b[2], b[3], b[4], b[5], dx, dy, dz);
        }
    }

    void exclude(int userA, int userB) {
        if (userA == userB) {
            return;
        }
        for (BroadPhase bp : phases) {
            bp.filter().exclude(userA, userB);
        }
        excluded.add(Reference.userKey(userA, userB));
    }

    void include(int userA, int userB) {
        if (userA == userB) {
            return;
        }
        for (BroadPhase bp : phases) {
            bp.filter().include(userA, userB);
        }
        excluded.remove(Reference.userKey(userA, userB));
    }

    int randomLive() {
        List<Integer> ids = new ArrayList<>(live.keySet());
        return ids.get(random.nextInt(ids.size()));
    }

    int userCount() {
        return nextUser;
    }

    /** New group and mask bits for the proxy. */
    void regroup(int id) {
        Reference.Meta m = live.get(id);
        int group = 1 << random.nextInt(4);
        int mask = random.nextInt(3) == 0 ? random.nextInt(16) : PairFilter.ALL;
        for (BroadPhase bp : phases) {
            bp.setGroupAndMask(id, group, mask);
        }
        live.put(id, new Reference.Meta(m.userData(), m.isStatic(), group, mask));
    }

    /** One round: move most dynamic proxies, destroy and create a few, change a few exclusions. */
    void round(double step) {
        quietRound(step, 7);
        for (int k = 0; k < 1 + live.size() / 20; k++) {
            exclude(random.nextInt(userCount()), random.nextInt(userCount()));
            List<Long> ex = new ArrayList<>(excluded);
            ex.sort(null);
            if (!ex.isEmpty() && random.nextBoolean()) {
                long key = ex.get(random.nextInt(ex.size()));
                include((int) (key >> 32), (int) key);
            }
        }
    }

    /**
     * A round that leaves the exclusions alone: moves about {@code movedInTen} in ten dynamic proxies,
     * destroys and creates a few.
     */
    void quietRound(double step, int movedInTen) {
        for (int id : new ArrayList<>(live.keySet())) {
            if (!live.get(id).isStatic() && random.nextInt(10) < movedInTen) {
                move(id, step);
            }
        }
        int churn = 1 + live.size() / 20;
        for (int k = 0; k < churn && live.size() > 2; k++) {
            destroy(randomLive());
        }
        for (int k = 0; k < churn; k++) {
            create();
        }
    }
}
