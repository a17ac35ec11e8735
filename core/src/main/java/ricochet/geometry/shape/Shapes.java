package ricochet.geometry.shape;

/** Argument checks shared by the shapes' constructors. */
final class Shapes {

    private Shapes() {
    }

    static double positive(String shape, String what, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(shape + ": " + what + " must be > 0 and finite, got " + value);
        }
        return value;
    }
}
