package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class CompoundShapeTest {

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(5);
    }

    @Property
    void boundsAreTheTightBoundsOfTheMovedChildCorners(@ForAll("rotations") Quat qa, @ForAll("offsets") Vec3 ta,
                                                      @ForAll("rotations") Quat qb, @ForAll("offsets") Vec3 tb) {
        // A box's bounds are the box itself, so the exact rotated-AABB of a box child is the bounds of its
        // eight moved corners.
        BoxShape a = new BoxShape(1, 0.5, 2);
        BoxShape b = new BoxShape(0.2, 0.3, 0.4);
        Transform pa = new Transform().set(ta, qa), pb = new Transform().set(tb, qb);
        CompoundShape c = CompoundShape.of(new CompoundShape.Child(a, pa), new CompoundShape.Child(b, pb));
        double[] expected = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
            -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        double[] w = new double[3];
        Object[][] children = {{a, pa}, {b, pb}};
        for (Object[] child : children) {
            BoxShape box = (BoxShape) child[0];
            double[] corners = HullTestPoints.boxCorners(box.halfX(), box.halfY(), box.halfZ());
            for (int i = 0; i < 24; i += 3) {
                ((Transform) child[1]).toWorld(corners[i], corners[i + 1], corners[i + 2], w);
                for (int k = 0; k < 3; k++) {
                    expected[k] = Math.min(expected[k], w[k]);
                    expected[3 + k] = Math.max(expected[3 + k], w[k]);
                }
            }
        }
        double[] bounds = new double[6];
        c.localBounds(bounds);
        for (int k = 0; k < 6; k++) {
            assertEquals(expected[k], bounds[k], 1e-13, "bound " + k);
        }
    }

    @Example
    void posesAreCopiedInAndOut() {
        Transform pose = new Transform().set(new Vec3(1, 2, 3), Quat.IDENTITY);
        CompoundShape c = CompoundShape.of(new CompoundShape.Child(new SphereShape(1), pose));
        pose.px = 100;
        c.childTransform(0).py = 100;
        assertEquals(1, c.childTransform(0).px, 0);
        assertEquals(2, c.childTransform(0).py, 0);
        assertEquals(1, c.childCount());
        assertEquals(ShapeType.COMPOUND, c.type());
        double[] bounds = new double[6];
        c.localBounds(bounds);
        assertEquals(0, bounds[0], 0);
        assertEquals(4, bounds[5], 0);
    }

    @Example
    void nestedCompoundsComposeTheirPoses() {
        CompoundShape inner = CompoundShape.of(new CompoundShape.Child(new SphereShape(0.5),
                new Transform().set(new Vec3(1, 0, 0), Quat.IDENTITY)));
        CompoundShape outer = CompoundShape.of(new CompoundShape.Child(inner,
                new Transform().set(new Vec3(0, 2, 0), Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2))));
        // The sphere sits at R (1, 0, 0) + (0, 2, 0) = (0, 3, 0).
        assertEquals(-0.5, ShapeSdf.distance(outer, 0, 3, 0), 1e-15);
        MassProperties p = MassProperties.of(outer, 10);
        assertEquals(0, p.centerOfMass().minus(new Vec3(0, 3, 0)).length(), 1e-15);
    }

    @Example
    void emptyNullAndPlaneChildrenAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CompoundShape(List.of()));
        assertTrue(e.getMessage().contains("at least one child"), e.getMessage());
        List<CompoundShape.Child> withNull = new ArrayList<>();
        withNull.add(new CompoundShape.Child(new SphereShape(1), null));
        e = assertThrows(IllegalArgumentException.class, () -> new CompoundShape(withNull));
        assertTrue(e.getMessage().contains("child 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CompoundShape.of(
                new CompoundShape.Child(new SphereShape(1), new Transform()),
                new CompoundShape.Child(new PlaneShape(Vec3.UNIT_Y, 0), new Transform())));
        assertTrue(e.getMessage().contains("child 1 is a plane"), e.getMessage());
    }
}
