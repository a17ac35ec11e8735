package ricochet.soft;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

class Measure {
    @Test
    void flag() {
        for (boolean tethers : new boolean[] {false, true}) {
            for (int sub : new int[] {10, 20}) {
                try (World w = new World(new Vec3(0, -9.81, 0))) {
                    SoftBodies s = w.softBodies();
                    s.setSubsteps(sub);
                    ClothDef d = ClothDef.defaults("flag").withSize(2, 1, 40, 20).withMass(0.3)
                            .withPose(new Vec3(0, 3, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2))
                            .withPins(List.of(new ClothDef.Pin(0, 20), new ClothDef.Pin(40, 20)))
                            .withLongRangeAttachments(tethers);
                    SoftId id = s.addCloth(d);
                    double e0 = ClothFlagTest.energy(s, id, 9.81), emax = e0;
                    long t = System.nanoTime();
                    for (int i = 0; i < 600; i++) {
                        w.step(1 / 60.0);
                        emax = Math.max(emax, ClothFlagTest.energy(s, id, 9.81));
                    }
                    long ms = (System.nanoTime() - t) / 1000000;
                    System.out.printf("tethers=%s sub=%d maxStretch=%.5f meanStretch=%.5f e0=%.5f emax=%.5f end=%.5f %d ms%n",
                            tethers, sub, ClothFlagTest.maxStretch(s, id, 40, 20), ClothFlagTest.meanStretch(s, id, 40, 20),
                            e0, emax, ClothFlagTest.energy(s, id, 9.81), ms);
                }
            }
        }
    }
}
