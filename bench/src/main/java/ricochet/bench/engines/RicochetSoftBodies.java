package ricochet.bench.engines;

import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchSoft;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.soft.ClothDef;
import ricochet.soft.SoftBodyDef;
import ricochet.soft.SoftShape;
import ricochet.world.World;

/**
 * {@link BenchSoft}'s cloth and cubes in Ricochet's world ({@link World#softBodies()}, its default
 * 20 substeps of one XPBD iteration each).
 */
final class RicochetSoftBodies {

    private RicochetSoftBodies() {
    }

    static void add(BenchScene scene, World world) {
        if (BenchSoft.hasCloth(scene)) {
            world.softBodies().addCloth(ClothDef.defaults("cloth")
                    .withSize(BenchSoft.CLOTH_SIZE, BenchSoft.CLOTH_SIZE, BenchSoft.CLOTH_CELLS, BenchSoft.CLOTH_CELLS)
                    .withMass(BenchSoft.CLOTH_MASS).withCompliance(0, BenchSoft.CLOTH_BEND)
                    .withThickness(BenchSoft.CLOTH_THICKNESS)
                    .withPose(new Vec3(0, BenchSoft.CLOTH_HEIGHT, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
        }
        for (int k = 0; k < BenchSoft.cubes(scene); k++) {
            double[] c = BenchSoft.cubeCentre(k);
            double h = BenchSoft.CUBE_HALF;
            world.softBodies().addSoftBody(SoftBodyDef.defaults("cube" + k, new SoftShape.Box(h, h, h))
                    .withResolution(BenchSoft.CUBE_CELLS).withDensity(BenchSoft.CUBE_DENSITY)
                    .withCompliance(BenchSoft.CUBE_EDGE_COMPLIANCE, 0).withPose(new Vec3(c[0], c[1], c[2]), Quat.IDENTITY));
        }
    }
}
