package ricochet.fracture;

import java.util.List;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.math.Vec3;

/**
 * A convex shape cut into convex pieces, in the shape's own frame (metres), with the bonds between
 * pieces that share a face. Made by {@link VoronoiFracture}; immutable.
 *
 * @param pieces the pieces, numbered as their list index
 * @param bonds one bond per pair of pieces sharing a face of positive area, {@code a < b}
 * @param volume the volume of the solid that was cut (m^3): the shape's, or that of the hull standing
 *     in for a curved shape ({@link VoronoiFracture#outline})
 */
public record FracturePattern(List<Piece> pieces, List<Bond> bonds, double volume) {

    public FracturePattern {
        pieces = List.copyOf(pieces);
        bonds = List.copyOf(bonds);
    }

    /**
     * One convex piece.
     *
     * @param shape the piece's hull in a frame at its centroid with the shape's axes (m)
     * @param centroid the centroid in the shape's frame (m): where {@code shape}'s origin sits
     * @param volume m^3
     * @param inertia the inertia about the centroid at density 1 (kg m^2 per kg/m^3), row-major in
     *     the shape's axes; scale by the density
     */
    public record Piece(ConvexHullShape shape, Vec3 centroid, double volume, double[] inertia) {

        public Piece {
            inertia = inertia.clone();
        }

        /** A copy of the inertia about the centroid at density 1 (row-major). */
        @Override
        public double[] inertia() {
            return inertia.clone();
        }
    }

    /**
     * Two pieces sharing a face.
     *
     * @param a the lower piece number
     * @param b the higher piece number
     * @param area the shared face's area, m^2
     * @param normal unit normal of the face, pointing from a into b (shape frame)
     * @param centroid the face's area centroid (shape frame, m)
     * @param section the face's second moment of area about its centroid (shape frame, m^4): xx, yy,
     *     zz, xy, xz, yz of {@code integral (x - c)(x - c)^T dA}; what resists a moment through the bond
     */
    public record Bond(int a, int b, double area, Vec3 normal, Vec3 centroid, double[] section) {

        public Bond {
            if (section.length != 6) {
                throw new IllegalArgumentException("bond " + a + "-" + b + ": section needs 6 numbers, got "
                        + section.length);
            }
            section = section.clone();
        }

        /** A copy of the face's second moment of area (xx, yy, zz, xy, xz, yz, m^4). */
        @Override
        public double[] section() {
            return section.clone();
        }

        /** Equal when every component is, the section's numbers included. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Bond other && a == other.a && b == other.b
                    && Double.compare(area, other.area) == 0 && normal.equals(other.normal)
                    && centroid.equals(other.centroid) && java.util.Arrays.equals(section, other.section);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(a, b, area, normal, centroid) * 31 + java.util.Arrays.hashCode(section);
        }
    }
}
