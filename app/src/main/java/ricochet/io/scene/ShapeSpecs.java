package ricochet.io.scene;

import java.util.ArrayList;
import java.util.List;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * A world's shape described as a scene file would give it: for bodies the world makes beyond the
 * scene's own (a ragdoll's capsules, a vehicle's chassis, the pieces of a fractured body), so that
 * outputs which draw shapes draw them too.
 */
public final class ShapeSpecs {

    private ShapeSpecs() {
    }

    /**
     * The spec of {@code shape}, the same geometry in the same body frame.
     *
     * @throws IllegalArgumentException for a shape only a scene file's own body has (a plane or a
     *     heightfield)
     */
    public static ShapeSpec of(Shape shape) {
        if (shape instanceof SphereShape s) {
            return new ShapeSpec.Sphere(s.radius());
        }
        if (shape instanceof BoxShape b) {
            return new ShapeSpec.Box(new Vec3(b.halfX(), b.halfY(), b.halfZ()));
        }
        if (shape instanceof CapsuleShape c) {
            return new ShapeSpec.Capsule(c.radius(), c.halfHeight());
        }
        if (shape instanceof CylinderShape c) {
            return new ShapeSpec.Cylinder(c.cylinderRadius(), c.halfHeight());
        }
        if (shape instanceof ConvexHullShape h) {
            List<Vec3> points = new ArrayList<>(h.vertexCount());
            for (int i = 0; i < h.vertexCount(); i++) {
                points.add(new Vec3(h.vertexX(i), h.vertexY(i), h.vertexZ(i)));
            }
            return new ShapeSpec.ConvexHull(points);
        }
        if (shape instanceof TriangleMeshShape m) {
            return new ShapeSpec.Mesh(m.mesh(), null);
        }
        if (shape instanceof CompoundShape c) {
            List<ShapeSpec.Child> children = new ArrayList<>(c.childCount());
            for (int i = 0; i < c.childCount(); i++) {
                Transform t = c.childTransform(i);
                children.add(new ShapeSpec.Child(of(c.child(i)), new Vec3(t.px, t.py, t.pz),
                        new Quat(t.qx, t.qy, t.qz, t.qw)));
            }
            return new ShapeSpec.Compound(children);
        }
        throw new IllegalArgumentException("a " + shape.type() + " shape has no spec outside its scene file");
    }
}
