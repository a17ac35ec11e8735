package ricochet.collision.narrow;

/**
 * Packs the touching features of a contact point into the int the solver matches from step to step
 * (Box2D's {@code b2ContactFeature}, Catto GDC 2007). Ids only need to be equal while the features
 * are, and distinct within one manifold; ids of features beyond the packed ranges (hulls with more
 * than 127 faces or 64-sided faces) wrap and may alias, which costs warm-starting, not correctness.
 *
 * <pre>
 * face contact: bit 28 = reference face on B, bits 21..27 reference face, 14..20 incident face,
 *               0..13 clip code (the two lines, incident edges or reference side planes, that meet
 *               at the point)
 * edge contact: bit 29 set, bits 14..27 edge of A, 0..13 edge of B
 * deepest-vertex fallback: bit 30 set, bits 0..27 the vertex of B
 * </pre>
 */
final class FeatureIds {

    private FeatureIds() {
    }

    /** A clip label naming reference side plane j (incident edges are labelled 0..63). */
    static int sidePlaneLabel(int j) {
        return 64 + (j & 63);
    }

    static int incidentEdgeLabel(int k) {
        return k & 63;
    }

    /** The code of a clipped point from the labels of the polygon edges arriving at and leaving it. */
    static int clipCode(int inLabel, int outLabel) {
        return (inLabel & 127) << 7 | (outLabel & 127);
    }

    static int face(boolean referenceOnB, int referenceFace, int incidentFace, int clipCode) {
        return (referenceOnB ? 1 << 28 : 0) | (referenceFace & 127) << 21 | (incidentFace & 127) << 14
                | (clipCode & 0x3FFF);
    }

    static int deepestVertex(int vertexB) {
        return 1 << 30 | (vertexB & 0xFFFFFFF);
    }

    static int edge(int edgeA, int edgeB) {
        return 1 << 29 | (edgeA & 0x3FFF) << 14 | (edgeB & 0x3FFF);
    }
}
