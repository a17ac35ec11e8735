package ricochet.fracture;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * What changed the structure of a world's fractured bodies, in order: bonds and world bonds that broke,
 * and clusters that split (a cluster's body replaced by one body per connected part). The clusters, the
 * handle slots and generations of their bodies and the collision world's numbers all follow from this
 * list and the bodies as added, since a split is an ordinary remove and add and those hand out slots and
 * numbers from last-in-first-out free lists: a world built the same way and taken through the same list
 * has the same bodies in the same slots. A snapshot holds the list, and a restore does what the world it
 * goes into has not done yet.
 */
final class FractureHistory {

    /** Entry kinds: a bond broke (fractured body, bond), a world bond broke (fractured body, piece). */
    static final int BOND = 0, ANCHOR = 1;
    /** A cluster split (cluster number, 0). */
    static final int SPLIT = 2;
    /** Ints an entry. */
    static final int ENTRY = 3;

    private int[] log = new int[48];
    private int length;

    void bond(int f, int k) {
        append(BOND, f, k);
    }

    void anchor(int f, int p) {
        append(ANCHOR, f, p);
    }

    void split(int cluster) {
        append(SPLIT, cluster, 0);
    }

    void append(int kind, int a, int b) {
        if (length + ENTRY > log.length) {
            log = Arrays.copyOf(log, 2 * log.length);
        }
        log[length] = kind;
        log[length + 1] = a;
        log[length + 2] = b;
        length += ENTRY;
    }

    /** Ints in the list (three an entry). */
    int length() {
        return length;
    }

    int get(int i) {
        return log[i];
    }

    void write(DataOutput out) throws IOException {
        out.writeInt(length / ENTRY);
        for (int i = 0; i < length; i++) {
            out.writeInt(log[i]);
        }
    }
}
