package ricochet.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.math.Vec3;

class QueriesTest {

    /**
     * The closest hits follow from the geometry: the ball's top is at y = 1.5 m, so a 10 m ray from
     * y = 5 m meets it at fraction 3.5 / 10 with the normal straight up; the cube's top face is y = 1 m
     * (fraction 0.4). 1e-9 m allows for the sphere's square root and the box's slab divisions.
     */
    @Test
    void raysHitWhatTheGeometrySays() {
        Queries.Result r = Queries.run();
        assertEquals(Queries.BALL, r.downOnBall().body());
        assertEquals(0.35, r.downOnBall().fraction(), 1e-9);
        assertEquals(0, r.downOnBall().point().minus(new Vec3(0, 1.5, 0)).length(), 1e-9);
        assertEquals(0, r.downOnBall().normal().minus(Vec3.UNIT_Y).length(), 1e-9);

        assertEquals(Queries.CUBE, r.downOnCube().body());
        assertEquals(0.4, r.downOnCube().fraction(), 1e-9);
        assertEquals(0, r.downOnCube().point().minus(new Vec3(3.2, 1, 0.1)).length(), 1e-9);
        assertEquals(0, r.downOnCube().normal().minus(Vec3.UNIT_Y).length(), 1e-9);

        assertTrue(r.overTheTop().body() < 0, "a ray above everything hits nothing");
        assertEquals(2, r.bodiesAlongTheGround(), "a level ray 0.8 m up crosses the ball and the cube");
    }

    @Test
    void overlapFindsTheCubeAndTheGroundOnly() {
        assertEquals(List.of(Queries.GROUND, Queries.CUBE), Queries.run().overlappingTheCube());
    }
}
