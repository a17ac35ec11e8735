package ricochet.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The variants a sweep plans, before any run: specs, grid order, and seeded draws. */
class VariantPlanTest {

    @Test
    void rangeGivesEvenlySpacedValuesWithExactEnds() {
        ParamSpec p = ParamSpec.parse("settings.dt=0.001:0.02:7");
        assertEquals(7, p.values().size());
        assertEquals(0.001, p.values().get(0));
        assertEquals(0.02, p.values().get(6), "the last value is b itself, not a rounded sum");
        for (int i = 1; i < 7; i++) {
            // Evenly spaced to round-off: each gap is (b - a) / (n - 1).
            assertEquals((0.02 - 0.001) / 6, p.values().get(i) - p.values().get(i - 1), 1e-15);
        }
    }

    @Test
    void gridWalksEveryCombinationFirstParameterSlowest() {
        List<ParamSpec> specs = List.of(ParamSpec.parse("a.x=1,2,3"), ParamSpec.parse("b.y=0:1:4"));
        List<double[]> values = new ArrayList<>();
        List<String[]> literals = new ArrayList<>();
        VariantPlan.grid(specs, values, literals);
        assertEquals(12, values.size());
        Set<String> seen = new HashSet<>();
        for (int v = 0; v < 12; v++) {
            assertEquals(specs.get(0).values().get(v / 4), values.get(v)[0]);
            assertEquals(specs.get(1).values().get(v % 4), values.get(v)[1]);
            assertEquals(String.valueOf(v / 4 + 1), literals.get(v)[0], "a list value keeps its literal");
            assertEquals(null, literals.get(v)[1], "a range value has none");
            seen.add(values.get(v)[0] + "," + values.get(v)[1]);
        }
        assertEquals(12, seen.size(), "no combination twice");
    }

    @Test
    void samplesAreUniformInTheRangeAndTheSameForTheSameSeed() {
        List<ParamSpec> specs = List.of(ParamSpec.parse("a.x=2:5"), ParamSpec.parse("b.y=7,8"));
        List<double[]> first = new ArrayList<>();
        List<double[]> again = new ArrayList<>();
        List<double[]> other = new ArrayList<>();
        VariantPlan.sample(specs, 4000, 42, first, new ArrayList<>());
        VariantPlan.sample(specs, 4000, 42, again, new ArrayList<>());
        VariantPlan.sample(specs, 4000, 43, other, new ArrayList<>());
        double sum = 0;
        int sevens = 0;
        for (int v = 0; v < 4000; v++) {
            assertArrayEquals(first.get(v), again.get(v));
            double x = first.get(v)[0];
            assertTrue(x >= 2 && x < 5, "in [a, b): " + x);
            sum += x;
            sevens += first.get(v)[1] == 7 ? 1 : 0;
        }
        // Uniform on [2, 5): mean 3.5, standard deviation 3 / sqrt(12); the mean of 4000 is within
        // 5 standard errors (0.866 / sqrt(4000) = 0.0137) of 3.5 but for a broken draw.
        assertEquals(3.5, sum / 4000, 5 * 0.866 / Math.sqrt(4000));
        // Each list value with chance 1/2: 2000 +- 5 * sqrt(4000 / 4).
        assertEquals(2000, sevens, 5 * Math.sqrt(1000));
        assertTrue(first.get(0)[0] != other.get(0)[0], "another seed, other draws");
    }

    @Test
    void badSpecsSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ParamSpec.parse("settings.dt"))
                .getMessage().contains("PATH=SPEC"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ParamSpec.parse("settings.dt=1:2:0"))
                .getMessage().contains(">= 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ParamSpec.parse("settings.dt=1,NaN"))
                .getMessage().contains("finite"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> VariantPlan.grid(List.of(ParamSpec.parse("a.x=0:1")), new ArrayList<>(), new ArrayList<>()))
                .getMessage().contains("--samples"));
    }
}
