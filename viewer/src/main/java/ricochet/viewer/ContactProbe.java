package ricochet.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.List;
import ricochet.collision.CollisionWorld;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.geometry.Sdf;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.lab.LabWorld;
import ricochet.math.Transform;
import ricochet.scenes.ShapeFactory;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;
import ricochet.world.World;

/**
 * Contact points and normals for the page's debug drawing. The engine's world keeps its contact
 * points' positions to itself, so the probe asks a collision world of its own, holding the same
 * shapes at the simulation's current poses, for the manifolds within the world's touching distance;
 * for a lab scene it lists the lab bodies' vertices within touching distance of each static body
 * (the lab's own notion of contact), with that body's surface normal. Called only while a page
 * shows contacts, never by the stepping loop.
 */
final class ContactProbe {

    /** Points per answer at most: enough to see a 1,000-body pile, small enough for 10 answers a second. */
    static final int MAX_POINTS = 4000;

    private final Scene scene;
    private final CollisionWorld collision;
    private final int[] collider;
    private final Sdf[] sdf;
    private final Transform pose = new Transform();
    private final double[] state = new double[13];
    private final double[] normal = new double[3];

    /**
     * @param bodies every body the simulation lists (its order): the scene's and those its world
     *     made ({@link ricochet.scenes.SimulationBodies})
     */
    ContactProbe(Scene scene, List<BodySpec> bodies) {
        this.scene = scene;
        int n = bodies.size();
        if (WorldBuilder.usesLabMethods(scene)) {
            collision = null;
            collider = null;
            sdf = new Sdf[n];
            for (int b = 0; b < n; b++) {
                BodySpec spec = scene.bodies().get(b);
                if (spec.type() == BodyType.STATIC) {
                    sdf[b] = WorldBuilder.staticSdf(spec);
                }
            }
        } else {
            sdf = null;
            collision = new CollisionWorld(new DynamicAabbTree());
            collider = new int[n];
            for (int b = 0; b < n; b++) {
                BodySpec spec = bodies.get(b);
                boolean isStatic = spec.type() == BodyType.STATIC;
                pose.set(spec.position(), spec.orientation());
                collider[b] = collision.add(isStatic ? ShapeFactory.create(spec.shape())
                        : WorldBuilder.dynamicShape(spec.shape()), pose, isStatic, PairFilter.ALL, PairFilter.ALL);
            }
        }
    }

    /** Appends {@code [x, y, z, nx, ny, nz]} per contact point of {@code sim} now to {@code out}. */
    void points(Simulation sim, ArrayNode out) {
        if (sim instanceof LabWorld lab) {
            labPoints(lab, out);
            return;
        }
        for (int b = 0; b < sim.bodyCount(); b++) {
            sim.readState(b, state);
            pose.set(state[0], state[1], state[2], state[3], state[4], state[5], state[6]);
            collision.setPose(collider[b], pose);
        }
        collision.findContacts(World.TOUCH_BEGIN, (a, childA, bb, childB, m) -> {
            for (int i = 0; i < m.pointCount() && out.size() < MAX_POINTS; i++) {
                // Midway between the two surfaces' points; the normal runs from A to B.
                out.addArray().add((m.pointAX(i) + m.pointBX(i)) / 2).add((m.pointAY(i) + m.pointBY(i)) / 2)
                        .add((m.pointAZ(i) + m.pointBZ(i)) / 2).add(m.nx).add(m.ny).add(m.nz);
            }
        });
    }

    private void labPoints(LabWorld lab, ArrayNode out) {
        for (int b = 0; b < lab.bodyCount(); b++) {
            if (!lab.isLabBody(b)) {
                continue;
            }
            double reach = LabWorld.TOUCH_DISTANCE + scene.bodies().get(b).lab().epsilon();
            double[] v = lab.vertexPositions(b);
            for (int s = 0; s < sdf.length; s++) {
                if (sdf[s] == null) {
                    continue;
                }
                for (int i = 0; i < v.length && out.size() < MAX_POINTS; i += 3) {
                    if (sdf[s].distance(v[i], v[i + 1], v[i + 2]) < reach) {
                        sdf[s].normal(v[i], v[i + 1], v[i + 2], normal);
                        out.addArray().add(v[i]).add(v[i + 1]).add(v[i + 2]).add(normal[0]).add(normal[1]).add(normal[2]);
                    }
                }
            }
        }
    }
}
