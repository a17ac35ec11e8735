package ricochet.examples;

import java.util.ArrayList;
import java.util.List;
import ricochet.collision.CollisionWorld;
import ricochet.collision.RayHits;
import ricochet.collision.RayResult;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * Ray casts and an overlap test against shapes placed in a {@link CollisionWorld}, the collision
 * layer on its own: a ground plane, a ball of radius 0.5 m centred 1 m up at the origin and a 1 m
 * cube resting on the ground at x = 3 m.
 */
public final class Queries {

    /** Body numbers the collision world gave the three shapes. */
    public static final int GROUND = 0, BALL = 1, CUBE = 2;

    /**
     * A ray's closest hit: the body (-1 for none), the fraction along the ray, the world point (m) and
     * the unit normal.
     */
    public record Hit(int body, double fraction, Vec3 point, Vec3 normal) {
    }

    /** What the queries found. */
    public record Result(Hit downOnBall, Hit downOnCube, Hit overTheTop, int bodiesAlongTheGround,
                         List<Integer> overlappingTheCube) {
    }

    public static Result run() {
        CollisionWorld world = new CollisionWorld(new DynamicAabbTree());
        int ground = world.add(new PlaneShape(Vec3.UNIT_Y, 0), new Transform(), true, PairFilter.ALL,
                PairFilter.ALL);
        int ball = world.add(new SphereShape(0.5), new Transform(new Vec3(0, 1, 0), Quat.IDENTITY), false,
                PairFilter.ALL, PairFilter.ALL);
        int cube = world.add(new BoxShape(0.5, 0.5, 0.5), new Transform(new Vec3(3, 0.5, 0), Quat.IDENTITY),
                false, PairFilter.ALL, PairFilter.ALL);
        if (ground != GROUND || ball != BALL || cube != CUBE) {
            throw new IllegalStateException("body numbers " + ground + ", " + ball + ", " + cube);
        }

        // A ray is origin + t (dx, dy, dz) for 0 <= t <= maxFraction: here 10 m straight down from 5 m up.
        Hit downOnBall = closest(world, new Vec3(0, 5, 0), new Vec3(0, -10, 0));
        Hit downOnCube = closest(world, new Vec3(3.2, 5, 0.1), new Vec3(0, -10, 0));
        // Level at 3 m, above everything: no hit.
        Hit overTheTop = closest(world, new Vec3(-5, 3, 0), new Vec3(10, 0, 0));

        // Every body a level ray 0.8 m above the ground passes through (the ball, the cube), nearest first.
        RayHits all = new RayHits();
        world.raycastAll(-5, 0.8, 0, 10, 0, 0, 1, all);

        // What a 1.2 m cube centred on the cube's centre touches: the cube and the ground.
        List<Integer> overlapping = new ArrayList<>();
        world.overlap(new BoxShape(0.6, 0.6, 0.6), new Transform(new Vec3(3, 0.5, 0), Quat.IDENTITY),
                overlapping::add);
        overlapping.sort(null);
        return new Result(downOnBall, downOnCube, overTheTop, all.count(), overlapping);
    }

    private static Hit closest(CollisionWorld world, Vec3 origin, Vec3 direction) {
        RayResult r = new RayResult();
        if (!world.raycastClosest(origin.x(), origin.y(), origin.z(),
                direction.x(), direction.y(), direction.z(), 1, r)) {
            return new Hit(-1, Double.NaN, null, null);
        }
        return new Hit(r.body, r.fraction, new Vec3(r.pointX, r.pointY, r.pointZ),
                new Vec3(r.normalX, r.normalY, r.normalZ));
    }

    public static void main(String[] args) {
        Result r = run();
        System.out.println("down on the ball: body " + r.downOnBall().body() + " at " + r.downOnBall().point()
                + ", normal " + r.downOnBall().normal());
        System.out.println("down on the cube: body " + r.downOnCube().body() + " at "
                + r.downOnCube().point());
        System.out.println("over the top: "
                + (r.overTheTop().body() < 0 ? "no hit" : "body " + r.overTheTop().body()));
        System.out.println("bodies along the ground: " + r.bodiesAlongTheGround());
        System.out.println("bodies overlapping the cube's neighbourhood: " + r.overlappingTheCube());
    }

    private Queries() {
    }
}
