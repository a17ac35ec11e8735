package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;

/** Handles, validation and determinism of the body API. */
class RigidBodiesTest {

    private static RigidBodies scene() {
        RigidBodies bodies = new RigidBodies(new Vec3(0, -9.8, 0));
        for (int i = 0; i < 5; i++) {
            bodies.add(unitCube().withPosition(new Vec3(i, 2 * i, 0)).withVelocity(new Vec3(0, 0, i))
                    .withAngularVelocity(new Vec3(i, 1, -i)).withLinearDamping(0.1 * i).withName("b" + i));
        }
        bodies.add(BodyDef.staticBody());
        bodies.add(BodyDef.kinematic().withVelocity(new Vec3(1, 0, 0)));
        bodies.step(1.0 / 60, 2);
        return bodies;
    }

    static Stream<Arguments> badDefs() {
        double nan = Double.NaN, inf = Double.POSITIVE_INFINITY;
        List<Arguments> cases = new ArrayList<>();
        cases.add(Arguments.of("position", "NaN", (Function<BodyDef, BodyDef>) d -> d.withPosition(new Vec3(0, nan, 0))));
        cases.add(Arguments.of("velocity", "Infinity", (Function<BodyDef, BodyDef>) d -> d.withVelocity(new Vec3(inf, 0, 0))));
        cases.add(Arguments.of("angular velocity", "NaN",
                (Function<BodyDef, BodyDef>) d -> d.withAngularVelocity(new Vec3(0, 0, nan))));
        cases.add(Arguments.of("orientation", "NaN", (Function<BodyDef, BodyDef>) d -> d.withOrientation(new Quat(nan, 0, 0, 1))));
        cases.add(Arguments.of("orientation", "0.0", (Function<BodyDef, BodyDef>) d -> d.withOrientation(new Quat(0, 0, 0, 0))));
        cases.add(Arguments.of("linear damping", "-1.0", (Function<BodyDef, BodyDef>) d -> d.withLinearDamping(-1)));
        cases.add(Arguments.of("angular damping", "NaN", (Function<BodyDef, BodyDef>) d -> d.withAngularDamping(nan)));
        cases.add(Arguments.of("gravity scale", "Infinity", (Function<BodyDef, BodyDef>) d -> d.withGravityScale(inf)));
        cases.add(Arguments.of("mass properties", "null", (Function<BodyDef, BodyDef>) d -> d.withMassProperties(null)));
        cases.add(Arguments.of("positive definite", "-1.0", (Function<BodyDef, BodyDef>) d -> d.withMassProperties(
                new MassProperties(1, Vec3.ZERO, new double[] {1, 0, 0, 0, -1, 0, 0, 0, 1}))));
        cases.add(Arguments.of("symmetric", "0.5", (Function<BodyDef, BodyDef>) d -> d.withMassProperties(
                new MassProperties(1, Vec3.ZERO, new double[] {1, 0.5, 0, 0, 1, 0, 0, 0, 1}))));
        cases.add(Arguments.of("static body", "velocity",
                (Function<BodyDef, BodyDef>) d -> d.withType(BodyDef.Type.STATIC).withVelocity(new Vec3(1, 0, 0))));
        cases.add(Arguments.of("type", "null", (Function<BodyDef, BodyDef>) d -> d.withType(null)));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badDefs")
    void aBadDefIsRejectedByNameAndAddsNothing(String field, String value, Function<BodyDef, BodyDef> breakIt) {
        RigidBodies bodies = scene();
        long hash = bodies.stateHash();
        int count = bodies.count();
        var e = assertThrows(IllegalArgumentException.class, () -> bodies.add(breakIt.apply(unitCube())));
        assertTrue(e.getMessage().contains(field) && e.getMessage().contains(value),
                "message should name " + field + " and " + value + ": " + e.getMessage());
        assertEquals(hash, bodies.stateHash());
        assertEquals(count, bodies.count());
        // The next add still gets a usable handle: the failed add left the pool alone.
        BodyId next = bodies.add(unitCube());
        assertEquals(count + 1, bodies.count());
        assertEquals(Vec3.ZERO, bodies.position(next));
    }

    @Test
    void aMassOfZeroIsRejectedNamingTheMass() {
        var e = assertThrows(IllegalArgumentException.class, () -> unitCube().withMass(0));
        assertTrue(e.getMessage().contains("mass") && e.getMessage().contains("0.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> unitCube().withMass(Double.NaN));
    }

    @Test
    void badSetterAndForceInputChangesNothing() {
        RigidBodies bodies = scene();
        BodyId id = bodies.add(unitCube());
        long hash = bodies.stateHash();
        Vec3 nan = new Vec3(Double.NaN, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> bodies.setPosition(id, nan));
        assertThrows(IllegalArgumentException.class, () -> bodies.setVelocity(id, nan));
        assertThrows(IllegalArgumentException.class, () -> bodies.setAngularVelocity(id, new Vec3(0, Double.POSITIVE_INFINITY, 0)));
        assertThrows(IllegalArgumentException.class, () -> bodies.setOrientation(id, new Quat(0, 0, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> bodies.applyImpulse(id, nan, Vec3.ZERO));
        assertThrows(IllegalArgumentException.class, () -> bodies.applyImpulse(id, Vec3.UNIT_X, nan));
        assertThrows(IllegalArgumentException.class, () -> bodies.applyForce(id, Vec3.UNIT_X, nan));
        assertThrows(IllegalArgumentException.class, () -> bodies.applyTorque(id, nan));
        assertThrows(IllegalArgumentException.class, () -> bodies.step(Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> bodies.step(0.01, 0));
        assertThrows(IllegalArgumentException.class, () -> bodies.setGravity(nan));
        assertEquals(hash, bodies.stateHash());
        // A rejected force left no torque behind either: the next step matches a fresh copy's.
        RigidBodies twin = scene();
        twin.add(unitCube());
        bodies.step(0.01, 1);
        twin.step(0.01, 1);
        assertEquals(twin.stateHash(), bodies.stateHash());
    }

    @Test
    void aRemovedBodysHandleIsStaleEvenAfterItsSlotIsReused() {
        RigidBodies bodies = scene();
        BodyId id = bodies.add(unitCube());
        bodies.remove(id);
        assertFalse(bodies.contains(id));
        var e = assertThrows(IllegalArgumentException.class, () -> bodies.position(id));
        assertTrue(e.getMessage().contains("stale body handle"), e.getMessage());
        BodyId reuse = bodies.add(unitCube().withPosition(new Vec3(7, 7, 7)));
        assertEquals(id.index(), reuse.index(), "the free slot is reused");
        assertNotEquals(id.generation(), reuse.generation());
        assertThrows(IllegalArgumentException.class, () -> bodies.velocity(id));
        assertThrows(IllegalArgumentException.class, () -> bodies.remove(id));
        assertThrows(IllegalArgumentException.class, () -> bodies.position(new BodyId(999, 0)));
        assertThrows(IllegalArgumentException.class, () -> bodies.position(null));
        assertEquals(new Vec3(7, 7, 7), bodies.position(reuse));
    }

    @Test
    void removingAndAddingKeepsEveryOtherHandleOnItsBody() {
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        List<BodyId> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add(bodies.add(unitCube().withPosition(new Vec3(i, 0, 0)).withName("b" + i)));
        }
        // Remove from the front, the middle and the end (each swap moves the last body).
        for (int k : new int[] {0, 17, 39, 5, 20}) {
            bodies.remove(ids.get(k));
        }
        BodyId added = bodies.add(unitCube().withPosition(new Vec3(100, 0, 0)));
        for (int i = 0; i < 40; i++) {
            BodyId id = ids.get(i);
            if (i == 0 || i == 17 || i == 39 || i == 5 || i == 20) {
                assertFalse(bodies.contains(id));
            } else {
                assertEquals(new Vec3(i, 0, 0), bodies.position(id), "body " + i);
                assertEquals("b" + i, bodies.name(id));
            }
        }
        assertEquals(new Vec3(100, 0, 0), bodies.position(added));
        assertEquals(36, bodies.count());
    }

    @Test
    void theSameInputsGiveBitIdenticalStates() {
        long[] hashes = new long[2];
        for (int run = 0; run < 2; run++) {
            RigidBodies bodies = scene();
            BodyId first = bodies.add(unitCube().withAngularVelocity(new Vec3(0.1, 7, 0.2)));
            for (int s = 0; s < 300; s++) {
                bodies.applyForce(first, new Vec3(Math.sin(s), 1, 0), new Vec3(0.3, 0.1, 0));
                bodies.step(1.0 / 60, 4);
            }
            hashes[run] = bodies.stateHash();
        }
        assertEquals(hashes[0], hashes[1]);
        // And the hash sees a one-ulp change.
        RigidBodies a = scene(), b = scene();
        BodyId id = b.add(unitCube());
        a.add(unitCube());
        b.setVelocity(id, new Vec3(Math.ulp(0.0), 0, 0));
        assertNotEquals(a.stateHash(), b.stateHash());
    }

    /** A dynamic body with the mass properties of a 1 kg cube of side 1 m: these tests add no shape. */
    private static BodyDef unitCube() {
        return BodyDef.dynamic().withMassProperties(BodyDef.UNIT_CUBE);
    }
}
