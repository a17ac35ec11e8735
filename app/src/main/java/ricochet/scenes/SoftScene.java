package ricochet.scenes;

import java.util.List;
import ricochet.io.scene.ClothSpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SoftBodySpec;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * Adds a scene's cloths and soft bodies to its world (after every rigid body, which attachments
 * name), and finds them again by name for the outputs and the viewer.
 */
public final class SoftScene {

    private SoftScene() {
    }

    /**
     * Adds the cloths, then the soft bodies, in file order. On a rejection the ones added so far stay;
     * the caller closes the world.
     *
     * @throws WorldBuilder.BuildException at the path of the cloth or soft body the world rejects
     */
    static void addAll(Scene scene, WorldSimulation sim) {
        SoftBodies soft = sim.world().softBodies();
        for (int i = 0; i < scene.cloths().size(); i++) {
            ClothSpec c = scene.cloths().get(i);
            try {
                soft.addCloth(c.toDef(sim::body));
            } catch (IllegalArgumentException e) {
                throw WorldBuilder.at("$.cloths[" + i + "]", "cloth '" + c.name() + "': ", e);
            }
        }
        for (int i = 0; i < scene.softBodies().size(); i++) {
            SoftBodySpec b = scene.softBodies().get(i);
            try {
                soft.addSoftBody(b.def());
            } catch (IllegalArgumentException e) {
                throw WorldBuilder.at("$.softBodies[" + i + "]", "soft body '" + b.name() + "': ", e);
            }
        }
    }

    /** The cloths and soft bodies of {@code sim}, in step order; none for a lab world. */
    public static List<SoftId> ids(Simulation sim) {
        return sim instanceof WorldSimulation w ? w.world().softBodies().ids() : List.of();
    }

    /** The cloths and soft bodies of {@code sim}, or null for a lab world. */
    public static SoftBodies of(Simulation sim) {
        return sim instanceof WorldSimulation w ? w.world().softBodies() : null;
    }
}
