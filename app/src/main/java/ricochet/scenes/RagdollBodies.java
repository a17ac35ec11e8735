package ricochet.scenes;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import ricochet.world.BodyId;
import ricochet.world.WorldSimulation;

/**
 * Lists bodies that {@code Ragdoll.add} put straight into a simulation's world among the
 * simulation's named bodies, as {@link WorldSimulation#add} would have, so that trajectories, the
 * summary and events name them.
 *
 * <p>A stand-in: {@link WorldSimulation} has no public way to take a body added to its world
 * directly (core is not this module's to change). It does {@code add}'s bookkeeping on the
 * simulation's fields; a {@code WorldSimulation.adopt(name, id)} in core should replace it.
 */
final class RagdollBodies {

    private RagdollBodies() {
    }

    @SuppressWarnings("unchecked")
    static void adopt(WorldSimulation sim, String name, BodyId id) {
        try {
            Map<String, BodyId> byName = (Map<String, BodyId>) field("byName").get(sim);
            if (byName.containsKey(name)) {
                throw new IllegalArgumentException("simulation: two bodies are named '" + name + "'");
            }
            ((List<BodyId>) field("ids").get(sim)).add(id);
            ((List<String>) field("names").get(sim)).add(name);
            byName.put(name, id);
            Field slots = field("nameOfSlot");
            String[] nameOfSlot = (String[]) slots.get(sim);
            if (id.index() >= nameOfSlot.length) {
                nameOfSlot = Arrays.copyOf(nameOfSlot, Math.max(id.index() + 1, 2 * nameOfSlot.length));
                slots.set(sim, nameOfSlot);
            }
            nameOfSlot[id.index()] = name;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("WorldSimulation's bookkeeping changed; ragdoll bodies cannot be"
                    + " listed: " + e, e);
        }
    }

    private static Field field(String name) throws NoSuchFieldException {
        Field f = WorldSimulation.class.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
