package ricochet.io.scene;

import java.util.List;
import ricochet.geometry.TriangleMesh;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** A scene file's {@code shape}, validated. Lengths in metres, in the body's own frame. */
public sealed interface ShapeSpec {

    /** The scene file's {@code type} of this shape. */
    String type();

    record Sphere(double radius) implements ShapeSpec {
        public String type() {
            return "sphere";
        }
    }

    record Box(Vec3 halfExtents) implements ShapeSpec {
        public String type() {
            return "box";
        }
    }

    /** Along the local y axis; total height 2 (halfHeight + radius). */
    record Capsule(double radius, double halfHeight) implements ShapeSpec {
        public String type() {
            return "capsule";
        }
    }

    /** Along the local y axis. */
    record Cylinder(double radius, double halfHeight) implements ShapeSpec {
        public String type() {
            return "cylinder";
        }
    }

    record ConvexHull(List<Vec3> points) implements ShapeSpec {
        public ConvexHull {
            points = List.copyOf(points);
        }

        public String type() {
            return "convexHull";
        }
    }

    /**
     * @param obj the {@code obj} path as written in the file (relative to the scene file), or null
     *     when the mesh came inline as vertices and triangles
     */
    record Mesh(TriangleMesh mesh, String obj) implements ShapeSpec {
        public String type() {
            return "mesh";
        }
    }

    /** The half-space {@code normal . x <= offset} is solid; normal is unit length. */
    record Plane(Vec3 normal, double offset) implements ShapeSpec {
        public String type() {
            return "plane";
        }
    }

    /**
     * Heights on a regular grid in the body's x-z plane: {@code heights[row][column]} at
     * {@code x = column * spacingX, z = row * spacingZ}.
     */
    record Heightfield(double[][] heights, double spacingX, double spacingZ) implements ShapeSpec {
        public String type() {
            return "heightfield";
        }
    }

    record Compound(List<Child> children) implements ShapeSpec {
        public Compound {
            children = List.copyOf(children);
        }

        public String type() {
            return "compound";
        }
    }

    /** A compound's child with its pose in the compound's frame. */
    record Child(ShapeSpec shape, Vec3 position, Quat orientation) {
    }
}
