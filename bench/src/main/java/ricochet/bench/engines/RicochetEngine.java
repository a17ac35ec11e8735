package ricochet.bench.engines;

import java.util.ArrayList;
import java.util.List;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchCharacter;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.joints.JointDef;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.character.CharacterDef;
import ricochet.character.CharacterId;
import ricochet.character.Characters;
import ricochet.world.World;

/**
 * Ricochet through its public {@link World} API, with the world's defaults (4 substeps, 1 solver
 * iteration) and sleeping off, on the given number of threads ({@code ricochet@N}; 1 by default);
 * joints through {@link JointDef#ball} and {@link JointDef#hinge} with limits.
 * Characters through {@link World#characters()}: {@link CharacterDef#defaults} with the scene's radius,
 * height, slope limit and step height, and before each step {@link Characters#setInput} with the
 * character's wanted velocity (no jump, no crouch).
 * Vehicles through {@link RicochetVehicles}.
 * Contacts: {@link World#touchingPairCount()}, pairs whose closest
 * points are within {@link World#TOUCH_BEGIN}.
 */
final class RicochetEngine implements PeerEngine {

    private final World world = new World(new Vec3(0, -BenchScene.GRAVITY, 0));
    private final List<BodyId> dynamic = new ArrayList<>();
    private final BenchCharacter[] walkers;
    private final CharacterId[] characters;
    private final double[] wish = new double[2];
    private final RicochetVehicles vehicles;
    private long steps;

    RicochetEngine(BenchScene scene, int threads) {
        world.setSleepingEnabled(false);
        world.setThreads(threads);
        List<BodyId> all = new ArrayList<>();
        for (BenchBody b : scene.bodies()) {
            Shape shape = shape(b.shape());
            BodyDef def = (b.dynamic() ? BodyDef.dynamic().withShape(shape, b.density()) : BodyDef.staticBody())
                    .withPosition(new Vec3(b.x(), b.y(), b.z()))
                    .withOrientation(new Quat(b.qx(), b.qy(), b.qz(), b.qw()));
            BodyId id = world.add(def, shape, BenchScene.FRICTION, BenchScene.RESTITUTION);
            all.add(id);
            if (b.dynamic()) {
                dynamic.add(id);
            }
        }
        for (BenchJoint j : scene.joints()) {
            // JointDef's default: the two bodies do not collide.
            Vec3 anchor = new Vec3(j.x(), j.y(), j.z());
            BodyId a = all.get(j.a()), b = all.get(j.b());
            world.addJoint(j.kind() == BenchJoint.Kind.BALL ? JointDef.ball(a, b, anchor)
                    : JointDef.hinge(a, b, anchor, new Vec3(j.ax(), j.ay(), j.az())).limits(-j.limit(),
                            j.limit()));
        }
        walkers = scene.characters().toArray(new BenchCharacter[0]);
        characters = new CharacterId[walkers.length];
        for (int i = 0; i < characters.length; i++) {
            BenchCharacter c = walkers[i];
            CharacterDef def = CharacterDef.defaults("walker" + i).withRadius(c.radius())
                    .withHeight(c.height()).withMaxSlope(c.maxSlope()).withStepHeight(c.stepHeight());
            characters[i] = world.characters().add(def, new Vec3(c.x(), c.y(), c.z()));
        }
        vehicles = new RicochetVehicles(world, scene);
        RicochetSoftBodies.add(scene, world);
    }

    private static Shape shape(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new BoxShape(box.hx(), box.hy(), box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new SphereShape(sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new CapsuleShape(capsule.radius(), capsule.halfHeight());
        } else if (s instanceof BenchShape.Mesh mesh) {
            return new TriangleMeshShape(new TriangleMesh(mesh.vertices(), mesh.triangles()));
        }
        throw new IllegalArgumentException("ricochet: no shape for " + s);
    }

    @Override
    public void step() {
        if (characters.length > 0) {
            Characters all = world.characters();
            for (int i = 0; i < characters.length; i++) {
                walkers[i].wish(steps, wish);
                all.setInput(characters[i], wish[0], wish[1], 0, false);
            }
        }
        if (vehicles.count() > 0) {
            vehicles.drive(steps);
        }
        world.step(BenchScene.DT);
        steps++;
    }

    @Override
    public int bodyCount() {
        return world.bodyCount();
    }

    @Override
    public int contactCount() {
        return world.touchingPairCount();
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * (dynamic.size() + characters.length + vehicles.count())];
        for (int i = 0; i < dynamic.size(); i++) {
            Vec3 p = world.position(dynamic.get(i));
            out[3 * i] = p.x();
            out[3 * i + 1] = p.y();
            out[3 * i + 2] = p.z();
        }
        for (int i = 0, k = 3 * dynamic.size(); i < characters.length; i++, k += 3) {
            Vec3 p = world.characters().position(characters[i]);
            out[k] = p.x();
            out[k + 1] = p.y();
            out[k + 2] = p.z();
        }
        vehicles.positions(out, 3 * (dynamic.size() + characters.length));
        return out;
    }

    @Override
    public void close() {
        world.close();
    }
}
