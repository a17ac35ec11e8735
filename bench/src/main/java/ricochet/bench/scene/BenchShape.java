package ricochet.bench.scene;

/** A collision shape in the body's own frame, metres; every engine maps each kind to its own. */
public sealed interface BenchShape {

    /** Volume in m^3 (0 for a mesh): mass = density * volume for every engine. */
    double volume();

    /** A box centred on the body origin. */
    record Box(double hx, double hy, double hz) implements BenchShape {
        @Override
        public double volume() {
            return 8 * hx * hy * hz;
        }
    }

    /** A sphere centred on the body origin. */
    record Sphere(double radius) implements BenchShape {
        @Override
        public double volume() {
            return 4.0 / 3.0 * Math.PI * radius * radius * radius;
        }
    }

    /**
     * A capsule along the body's local y axis: a cylinder of half height {@code halfHeight} capped
     * by two hemispheres of {@code radius} (Ricochet's, Jolt's and Bullet's axis; PhysX's is x and
     * ODE's z, so those adapters turn the shape inside the body).
     */
    record Capsule(double radius, double halfHeight) implements BenchShape {
        @Override
        public double volume() {
            return Math.PI * radius * radius * (2 * halfHeight + 4.0 / 3.0 * radius);
        }
    }

    /**
     * A static triangle mesh: vertices packed {@code x0 y0 z0 x1 ...}, triangles packed vertex
     * indices, counter-clockwise seen from the side bodies rest on. The arrays are shared, not copied:
     * treat them as read-only.
     */
    record Mesh(double[] vertices, int[] triangles) implements BenchShape {
        @Override
        public double volume() {
            return 0;
        }

        public int vertexCount() {
            return vertices.length / 3;
        }

        public int triangleCount() {
            return triangles.length / 3;
        }
    }
}
