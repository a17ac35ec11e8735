package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Resting contacts keep their keys and warm-start to the load they carry. */
class WarmStartTest {

    @Test
    void restingBoxKeepsFeatureIdsAndCarriesItsWeightEachStep() {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        BodyId box = Scenes.cube(w, 1, new Vec3(0, 0.5, 0), Quat.IDENTITY, 0.6);
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
        }
        int[] ids = featureIds(w);
        assertEquals(4, ids.length, "face-face contact points");
        double weightImpulse = w.mass(box) * Scenes.G * Scenes.DT;
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
            assertTrue(Arrays.equals(ids, featureIds(w)), "feature ids changed at step " + i);
            double total = 0;
            for (int k = 0; k < w.contactPoints().count(); k++) {
                assertTrue(w.contactPoints().warmStarted(k), "point " + k + " started cold");
                total += w.contactPoints().normalImpulse(k);
            }
            // At rest the ground gives back exactly the momentum gravity adds, m g dt, per step.
            assertEquals(weightImpulse, total, 0.05 * weightImpulse, "normal impulse at step " + i);
        }
    }

    private static int[] featureIds(World w) {
        int[] ids = new int[w.contactPoints().count()];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = w.contactPoints().featureId(k);
        }
        Arrays.sort(ids);
        return ids;
    }

    private static World scene() {
        World w = Scenes.world(4);
        // Awake throughout, so that every step changes the state.
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        for (int k = 0; k < 5; k++) {
            Scenes.cube(w, 1, new Vec3(0.1 * k, 0.5 + 1.01 * k, 0), Quat.fromAxisAngle(Vec3.UNIT_Y, 0.2 * k), 0.6);
        }
        Scenes.sphere(w, 0.3, new Vec3(3, 2, 0), 0.5);
        return w;
    }

    @Test
    void sameInputsGiveTheSameStateHash() {
        World a = scene(), b = scene();
        for (int i = 0; i < 300; i++) {
            a.step(Scenes.DT);
            b.step(Scenes.DT);
        }
        assertEquals(a.stateHash(), b.stateHash());
        a.step(Scenes.DT);
        assertTrue(a.stateHash() != b.stateHash(), "the hash must see a step");
    }

    @Test
    void badMaterialOrPlaneOnADynamicBodyIsRejectedAndNothingIsAdded() {
        World w = Scenes.world(4);
        var box = new ricochet.geometry.shape.BoxShape(0.5, 0.5, 0.5);
        var def = BodyDef.dynamic().withShape(box, 1000);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> w.add(def, box, Double.NaN, 0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> w.add(def, box, 0.5, -1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> w.add(def, new ricochet.geometry.shape.PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0));
        assertEquals(0, w.bodyCount());
    }
}
