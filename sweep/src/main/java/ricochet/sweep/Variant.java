package ricochet.sweep;

import java.io.Serializable;

/**
 * One variant of a sweep: its number and its parameters' values, in {@code --param} order.
 *
 * @param index 0-based, the {@code variant} column
 * @param values each parameter's value
 * @param literals each value as the user wrote it in a list, or null where it was computed
 */
record Variant(int index, double[] values, String[] literals) implements Serializable {

    private static final long serialVersionUID = 1L;
}
