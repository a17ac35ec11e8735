package ricochet.world.fuzz;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ricochet.joints.JointId;
import ricochet.body.BodyId;
import ricochet.world.SimulationException;
import ricochet.world.World;

/**
 * Promise 1's watch over a {@link RandomScene}: steps it and checks after every step that
 * <ul>
 *   <li>every dynamic body's state is finite and no step threw {@link SimulationException};
 *   <li>no centre of mass is below the ground (y = 0) by more than the body's own reach;
 *   <li>{@code E = KE + PE <= E0 + sum m (3 m/s)^2 + sum m g D + 1e-9 (|E0| + ...)}, D the start
 *       overlaps of the body's group ({@link #overlapLift}).
 * </ul>
 * Why that energy bound: gravity, soft contacts with restitution {@code <=} 1, friction, damping and joint
 * impulses only remove energy, and semi-implicit Euler under gravity loses {@code m g^2 h^2 / 2} per
 * substep in free flight. What may add energy is the push-out of overlaps, whose velocity the solver
 * caps at 3 m/s: separating one body from an overlap gives it at most {@code 1/2 m (3 m/s)^2} along
 * the contact normal (effective mass at the point {@code <=} m), so twice that per body allows for a pile
 * pushed apart in more than one direction. The push-out also moves the bodies, and a body lifted out
 * of an overlap gains potential energy: separating overlaps of total depth D lifts no body of them
 * by more than D, so each body may gain {@code m |g| D}, D summed over the overlaps of its group at
 * the start (bodies linked by overlaps, static ones not linking). Joints link a group too: the
 * solver's position floor lifts jointed bodies as one, by the largest lift any of them needs, so a
 * 660 kg hull welded to a 0.1 kg compound 3.8 m into the ground rises with it (random scene 42615).
 * The last term is rounding in sums of large energies.
 */
public final class SceneCheck {

    /** Steps of a scene in the property test and, by default, in the soak. */
    public static final int STEPS = 300;
    /** The solver's cap on the speed at which overlaps are pushed apart, m/s. */
    public static final double PUSH_OUT_SPEED = 3;

    private SceneCheck() {
    }

    /**
     * The first violation of each kind, null where none: a message starting {@code step N: } and
     * ending with the scene's description. Stepping stops at a non-finite state.
     *
     * @param slipped whether the bad state got past the step's own check (which throws
     *     SimulationException): a finite but unusable pose that an IllegalArgumentException caught later,
     *     or a non-finite number read after the step
     */
    public record Outcome(String nonFinite, String belowGround, String energy, boolean slipped) {

        /** Whether the scene kept all three. */
        public boolean passed() {
            return nonFinite == null && belowGround == null && energy == null;
        }
    }

    /** {@link #STEPS} steps of {@code scene}. */
    public static Outcome run(RandomScene scene) {
        return run(scene, STEPS);
    }

    /** {@code steps} steps of {@code scene}, which must not have been stepped before. */
    public static Outcome run(RandomScene scene, int steps) {
        World w = scene.world();
        double e0 = w.kineticEnergy() + w.potentialEnergy();
        double slack = 0;
        for (BodyId id : scene.dynamicBodies()) {
            slack += w.mass(id) * PUSH_OUT_SPEED * PUSH_OUT_SPEED;
        }
        double bound = Double.NaN;
        String below = null, energy = null;
        double[] s = new double[13];
        for (int step = 1; step <= steps; step++) {
            try {
                w.step(scene.dt());
            } catch (SimulationException e) {
                return new Outcome("step " + step + ": " + e.getMessage() + "\n" + scene.description(), below,
                        energy, false);
            } catch (IllegalArgumentException e) {
                // A pose of 1e20 m reaches the collision world's check before the step's own.
                return new Outcome("step " + step + ": IllegalArgumentException, not SimulationException: "
                        + e.getMessage() + "\n" + scene.description(), below, energy, true);
            }
            for (int k = 0; k < scene.dynamicBodies().size(); k++) {
                BodyId id = scene.dynamicBodies().get(k);
                try {
                    w.readState(id, s);
                } catch (IllegalArgumentException e) {
                    // A finite but zero quaternion passes the step's check and fails the pose's.
                    return new Outcome("step " + step + ": " + w.name(id) + " cannot be read: "
                            + e.getMessage() + "\n" + scene.description(), below, energy, true);
                }
                for (double v : s) {
                    if (!Double.isFinite(v)) {
                        return new Outcome("step " + step + ": " + w.name(id) + " has a non-finite state\n"
                                + scene.description(), below, energy, true);
                    }
                }
                double y = w.centerOfMass(id).y(), reach = scene.reach(k);
                if (below == null && y < -reach) {
                    below = "step " + step + ": " + w.name(id) + " centre at y = " + y
                            + " m, below the ground by more than its reach " + reach + " m\n"
                            + scene.description();
                }
            }
            if (step == 1) {
                // The first step's points were found at the start: its overlaps are the scene's.
                double allowance = slack + overlapLift(scene, w);
                bound = e0 + allowance + 1e-9 * (Math.abs(e0) + allowance);
            }
            double e = w.kineticEnergy() + w.potentialEnergy();
            if (energy == null && !(e <= bound)) {
                energy = "step " + step + ": energy " + e + " J above the bound " + bound + " J (E0 = " + e0
                        + " J)\n" + scene.description();
            }
        }
        return new Outcome(null, below, energy, false);
    }

    /**
     * {@code sum m |g| D} over the scene's dynamic bodies, D the summed depth of the overlaps (each
     * touching pair's deepest point) in the body's group: the bodies linked by overlaps found at the
     * start of the world's last step (its first, here) or by joints, static bodies and the world not
     * linking them.
     */
    public static double overlapLift(RandomScene scene, World w) {
        List<BodyId> bodies = scene.dynamicBodies();
        Map<BodyId, Integer> index = new HashMap<>();
        for (int k = 0; k < bodies.size(); k++) {
            index.put(bodies.get(k), k);
        }
        int[] group = new int[bodies.size()];
        for (int k = 0; k < group.length; k++) {
            group[k] = k;
        }
        Map<List<BodyId>, Double> deepest = new HashMap<>();
        for (int p = 0; p < w.contactPoints().count(); p++) {
            double depth = -w.contactPoints().separation(p);
            if (!(depth > 0)) {
                continue;
            }
            BodyId a = w.contactPoints().bodyA(p), b = w.contactPoints().bodyB(p);
            deepest.merge(List.of(a, b), depth, Math::max);
            join(group, index.get(a), index.get(b));
        }
        // The position floor lifts jointed bodies as one (their joints kept), by its largest lift.
        for (JointId j : w.joints()) {
            join(group, index.get(w.jointBodyA(j)), index.get(w.jointBodyB(j)));
        }
        double[] depth = new double[group.length];
        for (Map.Entry<List<BodyId>, Double> pair : deepest.entrySet()) {
            Integer k = index.get(pair.getKey().get(0));
            if (k == null) {
                k = index.get(pair.getKey().get(1));
            }
            if (k != null) {
                depth[root(group, k)] += pair.getValue();
            }
        }
        double g = Math.sqrt(w.gravity().x() * w.gravity().x() + w.gravity().y() * w.gravity().y()
                + w.gravity().z() * w.gravity().z());
        double lift = 0;
        for (int k = 0; k < group.length; k++) {
            lift += w.mass(bodies.get(k)) * g * depth[root(group, k)];
        }
        return lift;
    }

    /** Joins the groups of dynamic bodies ia and ib; null (a static body, the world) joins nothing. */
    private static void join(int[] group, Integer ia, Integer ib) {
        if (ia != null && ib != null) {
            group[root(group, ia)] = root(group, ib);
        }
    }

    private static int root(int[] group, int k) {
        while (group[k] != k) {
            k = group[k] = group[group[k]];
        }
        return k;
    }
}
