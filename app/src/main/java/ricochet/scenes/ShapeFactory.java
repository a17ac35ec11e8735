package ricochet.scenes;

import java.util.ArrayList;
import java.util.List;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/** Turns a validated scene shape into the engine's collision shape, in the body's own frame. */
public final class ShapeFactory {

    private ShapeFactory() {
    }

    /**
     * @throws IllegalArgumentException when the engine rejects what validation let through (for
     *     example a mesh with a zero-area triangle), naming it
     */
    public static Shape create(ShapeSpec spec) {
        if (spec instanceof ShapeSpec.Sphere s) {
            return new SphereShape(s.radius());
        }
        if (spec instanceof ShapeSpec.Box b) {
            Vec3 h = b.halfExtents();
            return new BoxShape(h.x(), h.y(), h.z());
        }
        if (spec instanceof ShapeSpec.Capsule c) {
            return new CapsuleShape(c.radius(), c.halfHeight());
        }
        if (spec instanceof ShapeSpec.Cylinder c) {
            return new CylinderShape(c.radius(), c.halfHeight());
        }
        if (spec instanceof ShapeSpec.ConvexHull h) {
            double[] packed = new double[3 * h.points().size()];
            for (int i = 0; i < h.points().size(); i++) {
                h.points().get(i).into(packed, 3 * i);
            }
            return QuickHull.build(packed);
        }
        if (spec instanceof ShapeSpec.Mesh m) {
            return new TriangleMeshShape(m.mesh());
        }
        if (spec instanceof ShapeSpec.Plane p) {
            return new PlaneShape(p.normal(), p.offset());
        }
        if (spec instanceof ShapeSpec.Heightfield h) {
            return new HeightfieldShape(h.heights(), h.spacingX(), h.spacingZ());
        }
        if (spec instanceof ShapeSpec.Compound c) {
            List<CompoundShape.Child> children = new ArrayList<>();
            for (ShapeSpec.Child child : c.children()) {
                children.add(new CompoundShape.Child(create(child.shape()),
                        new Transform(child.position(), child.orientation())));
            }
            return new CompoundShape(children);
        }
        throw new IllegalArgumentException("no engine shape for scene shape '" + spec.type() + "'");
    }
}
