package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import ricochet.math.Vec3;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * The viewer's cloths and soft bodies: their surface triangles once ({@code GET /api/softbodies}), every
 * particle's position in each WebSocket frame after the characters (x, y, z per particle, bodies in
 * step order), and a particle dragged with the mouse. The drag is a hand: while held the particle is
 * pinned (the body's constraints cannot pull it back), and before each step it is put at the cursor's
 * point; the rest of the body follows through its constraints. Let go, it is free again (unless it
 * was pinned before).
 */
final class ViewerSoftBodies {

    private ViewerSoftBodies() {
    }

    private static SoftBodies of(Simulation sim) {
        return sim instanceof WorldSimulation w ? w.world().softBodies() : null;
    }

    private static List<SoftId> ids(Simulation sim) {
        SoftBodies soft = of(sim);
        return soft == null || soft.count() == 0 ? List.of() : soft.ids();
    }

    /** {@code [{name, cloth, particles, triangles: [a, b, c, ...]}]}, in the frame's order. */
    static ArrayNode json(Simulation sim) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        SoftBodies soft = of(sim);
        for (SoftId id : ids(sim)) {
            ObjectNode o = out.addObject().put("name", soft.name(id)).put("cloth", soft.isCloth(id))
                    .put("particles", soft.particleCount(id));
            ArrayNode t = o.putArray("triangles");
            for (int k : soft.triangles(id)) {
                t.add(k);
            }
        }
        return out;
    }

    /** Doubles the frame needs: three per particle. */
    static int size(Simulation sim) {
        SoftBodies soft = of(sim);
        int n = 0;
        for (SoftId id : ids(sim)) {
            n += 3 * soft.particleCount(id);
        }
        return n;
    }

    /** Every particle's position into {@code out} from {@code offset}. */
    static void frame(Simulation sim, double[] out, int offset) {
        SoftBodies soft = of(sim);
        double[] x = new double[3];
        int o = offset;
        for (SoftId id : ids(sim)) {
            for (int k = 0; k < soft.particleCount(id); k++) {
                soft.position(id, k, x);
                out[o++] = x[0];
                out[o++] = x[1];
                out[o++] = x[2];
            }
        }
    }

    /** A particle held by the mouse, in one simulation (a rebuilt one does not see it). */
    static final class Grab {
        private final Simulation sim;
        private final SoftId id;
        private final int particle;
        private final boolean wasPinned;
        private Vec3 target;
        private Vec3 last;

        private Grab(Simulation sim, SoftId id, int particle, Vec3 target) {
            this.sim = sim;
            this.id = id;
            this.particle = particle;
            this.target = target;
            this.last = target;
            SoftBodies soft = of(sim);
            this.wasPinned = soft.isPinned(id, particle);
        }

        /**
         * {@code {"body": NAME, "particle": K, "point": [x, y, z]}}: grabs particle K of the cloth or soft
         * body NAME, to be held at the point.
         *
         * @throws ViewerParams.BadParam naming the field that is wrong
         */
        static Grab start(Simulation sim, String name, JsonNode particle, Vec3 point) {
            SoftBodies soft = of(sim);
            SoftId found = null;
            for (SoftId id : ids(sim)) {
                if (soft.name(id).equals(name)) {
                    found = id;
                }
            }
            if (found == null) {
                throw new ViewerParams.BadParam("body", "no cloth or soft body named '" + name + "'");
            }
            int n = soft.particleCount(found);
            if (particle == null || !particle.canConvertToInt() || particle.asInt() < 0 || particle.asInt() >= n) {
                throw new ViewerParams.BadParam("particle", "expected an index 0.." + (n - 1) + ", got " + particle);
            }
            return new Grab(sim, found, particle.asInt(), point);
        }

        void moveTo(Vec3 point) {
            target = point;
        }

        /** Before a step of {@code current}: the particle to the cursor, at the cursor's speed over one step. */
        void apply(Simulation current) {
            if (current != sim) {
                return;
            }
            SoftBodies soft = of(sim);
            if (!soft.contains(id)) {
                return;
            }
            double dt = sim.dt();
            Vec3 v = new Vec3((target.x() - last.x()) / dt, (target.y() - last.y()) / dt, (target.z() - last.z()) / dt);
            soft.setPinned(id, particle, true);
            soft.moveParticle(id, particle, target, v);
            last = target;
        }

        /** Lets the particle go: free again unless it was pinned before the grab. */
        void release() {
            SoftBodies soft = of(sim);
            if (!wasPinned && soft.contains(id)) {
                soft.setPinned(id, particle, false);
            }
        }
    }
}
