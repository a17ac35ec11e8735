package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A box and a standing cylinder slid across flat triangle meshes and heightfields, over their shared
 * edges, diagonals and vertices, slow down as Coulomb says: {@code v(t) = v0 - mu g t} until they stop
 * at {@code v0^2 / (2 mu g)}. An internal edge that caught them (a sideways ghost normal) would take
 * speed in a jump, tip them, or throw them up; none may.
 */
class MeshSlidingTest {

    static final double MU = 0.3, V0 = 3;
    /**
     * m/s: the speed may differ from Coulomb's by this at any step. The soft contact's push-out and
     * the speculative landing give a few mm/s; a catch on an edge at 3 m/s takes far more.
     */
    static final double SPEED_TOLERANCE = 0.02;
    /** The stopping distance may differ from v0^2 / (2 mu g) = 1.53 m by this fraction. */
    static final double DISTANCE_TOLERANCE = 0.01;
    /** Radians: the slider stays upright (a catch tips it). */
    static final double TILT_TOLERANCE = Math.toRadians(0.05);

    @Test
    void boxAndCylinderSlidingOverInternalEdgesSlowDownAsCoulombSays() {
        List<String> failures = new ArrayList<>();
        for (MeshRestingTest.Surface s : new MeshRestingTest.Surface[] {MeshRestingTest.Surface.MESH,
            MeshRestingTest.Surface.FINE_MESH, MeshRestingTest.Surface.FIELD}) {
            for (boolean cylinder : new boolean[] {false, true}) {
                // Headings along the grid, across it, and along the cells' diagonals.
                for (double heading : new double[] {0, 0.3, Math.PI / 4, Math.PI / 2 + 0.1}) {
                    String r = slide(s, cylinder, heading);
                    if (r != null) {
                        failures.add(s + (cylinder ? " cylinder" : " box") + " heading " + heading + ": " + r);
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("; ", failures));
    }

    /** Null when the slide follows Coulomb, else what went wrong. */
    private static String slide(MeshRestingTest.Surface s, boolean cylinder, double heading) {
        World w = Scenes.world(4);
        Shape ground = MeshRestingTest.surface(s);
        double half = 12 * s.cell;
        Vec3 offset = ground instanceof HeightfieldShape ? new Vec3(-half, 0, -half) : Vec3.ZERO;
        w.add(BodyDef.staticBody().withPosition(offset).withName("ground"), ground, MU, 0);
        ConvexShape shape = cylinder ? new CylinderShape(0.25, 0.15) : new BoxShape(0.25, 0.15, 0.2);
        Vec3 dir = new Vec3(Math.cos(heading), 0, Math.sin(heading));
        // Start on a grid vertex, resting (the half height 0.15 m), already moving.
        BodyId b = w.add(BodyDef.dynamic().withShape(shape, Scenes.DENSITY).withPosition(new Vec3(-0.8 * dir.x(),
                0.15, -0.8 * dir.z())).withOrientation(Quat.fromAxisAngle(Vec3.UNIT_Y, 0.2))
                .withVelocity(dir.times(V0)).withName("slider"), shape, MU, 0);
        Vec3 start = w.position(b);
        double a = MU * Scenes.G, stop = V0 / a;
        double worstSpeed = 0, worstTilt = 0;
        for (int i = 1; i <= (int) Math.ceil((stop + 0.5) / Scenes.DT); i++) {
            w.step(Scenes.DT);
            double t = i * Scenes.DT;
            double expected = Math.max(0, V0 - a * t);
            Vec3 v = w.velocity(b);
            worstSpeed = Math.max(worstSpeed, Math.abs(Math.sqrt(v.x() * v.x() + v.z() * v.z()) - expected));
            worstSpeed = Math.max(worstSpeed, Math.abs(v.y()));
            Vec3 up = w.orientation(b).rotate(Vec3.UNIT_Y);
            worstTilt = Math.max(worstTilt, Math.acos(Math.min(1, up.y())));
        }
        double travelled = Scenes.horizontal(w.position(b), start), coulomb = V0 * V0 / (2 * a);
        if (worstSpeed > SPEED_TOLERANCE || worstTilt > TILT_TOLERANCE
                || Math.abs(travelled - coulomb) > DISTANCE_TOLERANCE * coulomb) {
            return String.format("speed off Coulomb's by %.4f m/s, tilt %.3f deg, slid %.4f m of %.4f m",
                    worstSpeed, Math.toDegrees(worstTilt), travelled, coulomb);
        }
        if (Boolean.getBoolean("ricochet.meshRestReport")) {
            System.out.printf("%s %s heading %.3f: speed off by %.4f m/s, tilt %.3f deg, slid %.4f m of %.4f m%n", s,
                    cylinder ? "cylinder" : "box", heading, worstSpeed, Math.toDegrees(worstTilt), travelled, coulomb);
        }
        return null;
    }
}
