package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.ShapeSdf;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Scene shapes become engine shapes with the same size: checked through volume and distance, not fields alone. */
class ShapeFactoryTest {

    private static final double DENSITY = 1000;

    @Test
    void primitivesKeepTheirDimensions() {
        double r = 0.3, h = 0.7;
        assertEquals(DENSITY * 4.0 / 3.0 * Math.PI * r * r * r,
                MassProperties.of(ShapeFactory.create(new ShapeSpec.Sphere(r)), DENSITY).mass(), 1e-9);
        BoxShape box = assertInstanceOf(BoxShape.class, ShapeFactory.create(new ShapeSpec.Box(new Vec3(1, 2, 3))));
        assertEquals(DENSITY * 48, MassProperties.of(box, DENSITY).mass(), 1e-9);
        CapsuleShape cap = assertInstanceOf(CapsuleShape.class, ShapeFactory.create(new ShapeSpec.Capsule(r, h)));
        assertEquals(-r, ShapeSdf.distance(cap, 0, 0, 0), 1e-12, "the centre is r inside the side wall");
        assertEquals(0, ShapeSdf.distance(cap, 0, h + r, 0), 1e-12, "the top is at halfHeight + radius");
        CylinderShape cyl = assertInstanceOf(CylinderShape.class, ShapeFactory.create(new ShapeSpec.Cylinder(r, h)));
        assertEquals(DENSITY * Math.PI * r * r * 2 * h, MassProperties.of(cyl, DENSITY).mass(), 1e-9);
    }

    @Test
    void hullPlaneMeshHeightfieldAndCompound() {
        List<Vec3> cube = List.of(new Vec3(-1, -1, -1), new Vec3(1, -1, -1), new Vec3(-1, 1, -1), new Vec3(1, 1, -1),
                new Vec3(-1, -1, 1), new Vec3(1, -1, 1), new Vec3(-1, 1, 1), new Vec3(1, 1, 1), new Vec3(0, 0, 0));
        ConvexHullShape hull = assertInstanceOf(ConvexHullShape.class,
                ShapeFactory.create(new ShapeSpec.ConvexHull(cube)));
        assertEquals(6, hull.faceCount(), "the interior point is dropped and coplanar faces merged");
        PlaneShape plane = assertInstanceOf(PlaneShape.class,
                ShapeFactory.create(new ShapeSpec.Plane(new Vec3(0, 1, 0), 0.5)));
        assertEquals(-0.5, ShapeSdf.distance(plane, 3, 0, 1), 1e-12);
        TriangleMesh tri = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 2, 1});
        assertInstanceOf(TriangleMeshShape.class, ShapeFactory.create(new ShapeSpec.Mesh(tri, null)));
        HeightfieldShape field = assertInstanceOf(HeightfieldShape.class,
                ShapeFactory.create(new ShapeSpec.Heightfield(new double[][] {{0, 0}, {0, 0}}, 2, 3)));
        assertEquals(2, field.dx());
        CompoundShape compound = assertInstanceOf(CompoundShape.class, ShapeFactory.create(new ShapeSpec.Compound(List.of(
                new ShapeSpec.Child(new ShapeSpec.Sphere(0.5), new Vec3(2, 0, 0), Quat.IDENTITY),
                new ShapeSpec.Child(new ShapeSpec.Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(-2, 0, 0), Quat.IDENTITY)))));
        assertInstanceOf(SphereShape.class, compound.child(0));
        // The sphere child sits at x = 2: its surface is 0.5 from there.
        assertEquals(0, ShapeSdf.distance(compound, 2.5, 0, 0), 1e-12);
    }
}
