package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import ricochet.body.BodyId;
import ricochet.world.fuzz.RandomScene;
import ricochet.world.fuzz.SceneCheck.Outcome;
import ricochet.world.fuzz.SceneCheck;

/**
 * Promise 1: no NaN, ever, from finite input. Random scenes ({@link RandomScene}) stepped 300 times,
 * watched after every step for three things:
 * <ul>
 *   <li>every dynamic body's state is finite and no step threw {@link SimulationException};
 *   <li>no centre of mass is below the ground (y = 0) by more than the body's own reach;
 *   <li>{@code E = KE + PE <= E0 + sum m (3 m/s)^2 + 1e-9 (|E0| + sum m (3 m/s)^2)}.
 * </ul>
 * Why that energy bound: gravity, soft contacts with restitution <= 1, friction, damping and joint
 * impulses only remove energy, and semi-implicit Euler under gravity loses {@code m g^2 h^2 / 2} per
 * substep in free flight. What may add energy is the push-out of overlaps, whose velocity the solver
 * caps at 3 m/s: separating one body from an overlap gives it at most {@code 1/2 m (3 m/s)^2} along
 * the contact normal (effective mass at the point <= m), so twice that per body allows for a pile
 * pushed apart in more than one direction. The last term is rounding in sums of large energies.
 *
 * <p>Finiteness holds over the 10^4 soak scenes (8,507 with random joints or a ragdoll, 1,493 of free
 * bodies): none went non-finite, and none threw anything but {@link SimulationException}. None breaks the
 * energy bound; the ground check does not hold for every scene yet: 8 had a body below the ground, each
 * held by joints to the world that the ground and the joint both claim (see the README's promise 1 for
 * the fixes on the way, the position floor the latest). Before the fixes listed here (each joint's equality rows as one
 * block, its limits against the block's Schur complement, hinge axes as a swing angle, joint correction
 * capped at 10 m/s, spin capped per substep with beyond-use loads refused before the step, world-axis joint
 * impulses turned with their body, warm starts held to the energy they may add, clipped cylinder manifolds, a
 * contact's spin past the cap cut and held in its sweep, restitution's approach speed floored at what
 * the bodies' own motion allows, a body swept back by continuous collision giving back the height it
 * regains, the warm-start guard per group of jointed bodies) the same scenes gave 2,065 non-finite,
 * 2,493 below the ground and 3,815 over the bound. CI asserts finiteness over {@link #CI_TRIES} scenes (a fixed seed) and
 * runs the shrunk cases found on the way as examples; the soak counts all three, split between scenes with
 * joints and without:
 * {@code ./ricochet soak --random 10000}, which prints each failing scene's number, or
 * {@code mvn -o -pl core test -Dtest=NoNaNPropertyTest#soak -Dricochet.soak.scenes=10000}.
 */
class NoNaNPropertyTest {

    static final int CI_TRIES = 3000;

    /**
     * The promise's non-finite part, in CI: any of the random scenes, 0-4 random joints, with or
     * without a ragdoll ({@link #CI_TRIES} scenes, a fixed seed).
     */
    @Property(tries = CI_TRIES, seed = "20261123")
    void randomScenesStayFinite(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 16) int bodies,
            @ForAll @IntRange(min = 0, max = 4) int joints, @ForAll boolean ragdoll,
            @ForAll boolean planeGround, @ForAll @IntRange(min = 30, max = 240) int dtDivisor) {
        Outcome o = SceneCheck.run(new RandomScene(seed, bodies, joints, ragdoll, planeGround, dtDivisor));
        assertNull(o.nonFinite(), o.nonFinite());
    }

    /**
     * Shrunk by jqwik from the full property: a slider to the world on a small hull, beside a ragdoll.
     * Went non-finite at step 111 until each joint's equality rows were solved as one block.
     */
    @Example
    void hullOnASliderBesideARagdollStaysFinite() {
        Outcome o = SceneCheck.run(new RandomScene(0, 1, 3, true, true, 30));
        assertNull(o.nonFinite(), o.nonFinite());
    }

    /**
     * From the 10^4 soak: the one scene of free bodies (11, no joints) that went non-finite, at step
     * 142; it held again on main before this work (the step's state check and the changes with it).
     */
    @Example
    void freeBodiesWithACylinderStayFinite() {
        Outcome o = SceneCheck.run(new RandomScene(7227128348212146145L, 11, 0, false, true, 116));
        assertNull(o.nonFinite(), o.nonFinite());
    }

    /**
     * Shrunk by jqwik from the free-body property run with 2,000 tries (it failed near try 340): 13
     * free bodies; after a step one is at 2e20 m with the quaternion (0, 0, 0, 0), finite, so the step's
     * check passes and {@code readState} throws IllegalArgumentException. Main's check (a pose beyond
     * {@code MAX_POSITION}, {@code |q|^2} off 1) now stops such a step, and the scene holds.
     */
    @Example
    void thirteenFreeBodiesStayFinite() {
        Outcome o = SceneCheck.run(new RandomScene(14, 13, 0, false, true, 35));
        assertNull(o.nonFinite(), o.nonFinite());
    }

    /**
     * Shrunk by jqwik: a small hull hits the plane at 78 m/s, spins up to 2260 rad/s, leaves at 566
     * m/s. Holds since the integrator caps spin at {@code Integrator.MAX_ROTATION} per substep.
     */
    @Example
    void fastSpinningHullBouncesWithoutGainingEnergy() {
        Outcome o = SceneCheck.run(new RandomScene(0, 1, 0, true, true, 31));
        assertNull(o.energy(), o.energy());
    }

    /**
     * Shrunk by jqwik: two bodies joined while moving apart at up to 200 m/s. Holds since each joint's
     * equality rows are solved as one block.
     */
    @Example
    void jointBetweenFastBodiesGainsNoEnergy() {
        Outcome o = SceneCheck.run(new RandomScene(-4644238456028572735L, 2, 2, false, true, 178));
        assertNull(o.energy(), o.energy());
    }

    /**
     * From the soak: a single thin cylinder (reach 0.025 m) sank into the ground box; it held again on
     * main before this work. Kept: cylinder-box contacts are clipped manifolds now.
     */
    @Example
    void thinCylinderStaysOnTheGroundBox() {
        Outcome o = SceneCheck.run(new RandomScene(8392123148533390784L, 1, 0, false, false, 50));
        assertNull(o.belowGround(), o.belowGround());
    }

    /**
     * Shrunk by jqwik from the full property after the fixes above: a hull and a capsule joined twice
     * (a hinge and a locked six-DOF, redundant), each also held to the world (a hinge, a distance
     * joint), made while they move at 57-78 m/s, dt 1/30. The loop jams with metres of error within
     * five steps; the joints' accumulated impulses grow to hundreds of N s on bodies of 0.8 and 2.2
     * kg, and each substep's warm start spun them to 10^5 rad/s before the solve took most of it out
     * again: non-finite at step 27 until the warm start was held to what it may add (see
     * {@code JointImpulses}).
     */
    @Example
    void redundantJointsInAJammedLoopStayFinite() {
        Outcome o = SceneCheck.run(new RandomScene(0, 3, 4, true, true, 30));
        assertNull(o.nonFinite(), o.nonFinite());
    }

    /**
     * Soak scene 5994: a 15 kg cylinder of 1 cm spinning at the spin cap (543 rad/s, half a turn a
     * step) lands at 20 m/s and went 1.2 cm into the ground, past its reach: its contact anchors were
     * fixed for the step while another corner came down. Holds since fast-turning bodies' contacts are
     * re-anchored every substep ({@code Reanchor}).
     */
    @Example
    void cylinderAtTheSpinCapStaysOnTheGround() {
        Outcome o = SceneCheck.run(RandomScene.numbered(5994));
        assertNull(o.belowGround(), o.belowGround());
    }

    /**
     * Soak scene 1250: a box of 0.6 m reach lands corner first at 59 m/s and spins up to 120 rad/s
     * within the step it lands in; it went through the ground box while its one contact point stayed
     * where the narrow phase found it. Holds since a run is re-anchored from the substep its body is
     * seen turning fast, not only when it turned fast at the step's start.
     */
    @Example
    void boxLandingCornerFirstStaysOnTheGround() {
        Outcome o = SceneCheck.run(RandomScene.numbered(1250));
        assertNull(o.belowGround(), o.belowGround());
    }

    /**
     * Soak scenes 2207 and 16, which re-anchoring broke on its way in: a box that starts inside a
     * heavy compound was pushed at the far side of the overlap (21,000 rad/s), and a warm start taken
     * at another corner spun a tumbling box up (25,000 rad/s). Hold since deep dynamic overlaps are
     * not re-anchored and a point that moved to another feature starts from zero impulse.
     */
    @Example
    void reanchoringAddsNoEnergy() {
        for (long n : new long[] {2207, 16}) {
            Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertNull(o.energy(), o.energy());
        }
    }

    /**
     * Soak scene 4705: a 967 kg cylinder spinning at 274 rad/s bounces (e = 0.82) on the plane. Its
     * two re-anchored points met at its lowest corner and each bounced the approach it had read at
     * its stale anchor: 125 kJ went to 143 kJ in one step. Holds since a re-anchored point reads its
     * approach again.
     */
    @Example
    void spinningCylinderBouncesWithoutGainingEnergy() {
        Outcome o = SceneCheck.run(RandomScene.numbered(4705));
        assertNull(o.energy(), o.energy());
    }

    /**
     * Soak scene 62: a 35.7 kg ball of 1.3 cm radius held to the world by a cone-twist and a distance
     * joint went from under its start energy to 7 kJ over it: one relax pass left part of the joints'
     * position correction in its velocity every substep. Holds since {@code JointImpulses.endRelax}.
     */
    @Example
    void ballOnTwoJointsToTheWorldGainsNoEnergy() {
        Outcome o = SceneCheck.run(RandomScene.numbered(62));
        assertNull(o.energy(), o.energy());
    }

    /**
     * Soak scenes 9293 and 4438: a 15 kg ball jointed to the world where the joint holds it into the
     * ground plane, and a 729 kg compound hinged to the world on the ground box. Contact and joint fight
     * and the relax pass left some of it in the velocities every substep (1,568 J to 2,270 J within
     * 12 steps of 9293). Scene 8201: an 827 kg capsule on a ball joint to the world and sliders to
     * two light boxes, in contact among themselves, went from 72 kJ to 320 kJ over its start. Hold
     * since the relax guard takes the bodies its groups touch into them (static ground moves nothing)
     * and relaxes the contacts once more after scaling a group back.
     */
    @Example
    void jointedBodiesJammedAgainstTheGroundGainNoEnergy() {
        for (long n : new long[] {9293, 4438, 8201}) {
            Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertNull(o.energy(), o.energy());
        }
    }

    /**
     * Soak scene 5987: a 15 mm cylinder of 66 kg starts 13 cm deep inside a 655 kg compound. The
     * contacts' common anchor, the midpoint of the two surface points, lay 8 times the cylinder's
     * reach from its centre; the warm starts and the restitution pass pushed there and spun it up to
     * 25,000 rad/s, and the scene's energy rose by 716 kJ (20 % of its start) in one step. Holds since
     * a body's anchor stays within its reach ({@code ContactAnchor}): the energy never rises above an
     * earlier low by more than 1 % of the start's.
     */
    @Example
    void smallBodySunkDeepIsNotSpunUpByItsAnchors() {
        assertRiseUnderOnePercent(5987);
    }

    /**
     * Soak scenes 24444 and 21182: bounces whose points' targets disagree. In 24444 a 7 kg cylinder
     * 2 cm across, 7 cm deep between a 202 kg compound and a 70 kg ball closing at 110 m/s, left at
     * 180 m/s and 49,000 rad/s: the scene went from 935 kJ to 1,286 kJ in one step. In 21182 a 775 kg
     * hull fell corner-first at 73 m/s onto the ground box (restitution 1) and its three points each
     * bounced back at 74 m/s, spinning it up: +390 kJ over the step's start. Hold since restitution
     * gives a pair no more than its points asked of it and absorbed, and a body bouncing off a static
     * one no more than it brought ({@code Restitution.bounce}).
     */
    @Example
    void bouncesWhosePointsDisagreeGainNoEnergy() {
        for (long n : new long[] {24444, 21182}) {
            Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertNull(o.energy(), o.energy());
        }
    }

    /**
     * Soak scene 24927: a 522 kg box lands corner-first at 50 m/s and spins up to 43 rad/s, with a
     * 0.15 kg capsule hinged 4 m out whose ground contact the hinge's block solved. That contact's
     * and the hinge's impulses grew to 8,600 N s each, applied again at the next substep's turned
     * poses they no longer cancelled, and the capsule was thrown at 146 m/s: the pair gained 37 kJ
     * (7 kJ over the bound) where the box alone loses 920 kJ. Holds since a pair turning more than
     * {@code GroundContacts.MAX_TURN} a substep keeps its contacts out of the block.
     */
    @Example
    void aSpinningPairKeepsItsLightBodysContactsOutOfTheJointBlock() {
        Outcome o = SceneCheck.run(RandomScene.numbered(24927));
        assertNull(o.energy(), o.energy());
    }

    /**
     * Soak scene 29060: a 0.43 kg compound several metres across, held by a ball and a cone-twist
     * joint to the world near its centre of mass and started 1.1 m into the ground. The relax guard
     * scaled its substeps back but left its contact's impulses at full, and their warm start put in
     * up to 64 J a substep: 25 J rose to 60 J. Holds since the guard scales the contacts with the
     * velocities (RelaxGuardTest has it built by hand).
     */
    @Example
    void aBodyHeldDeepInTheGroundByTwoWorldJointsGainsNoEnergy() {
        Outcome o = SceneCheck.run(RandomScene.numbered(29060));
        assertTrue(o.passed(), o.toString());
    }

    /**
     * Soak scene 43511: a free 2 kg compound about 5 m across (two hulls and a capsule), 0.57 m into
     * the ground box, tumbling at 12 rad/s at dt 1/37 s. Its contact's Jacobians kept the world
     * inverse inertia of the step's start through the substeps while it turned 0.1 rad a substep,
     * so each push did work its impulse did not pay for: 601 J rose to 738 J (943 J with its friction
     * off, though vertical normals have no torque about the vertical). Now it never rises above its
     * start, and frictionless by no more than the lift out of its overlap, {@code m |g| D}.
     */
    @Example
    void aCompoundTumblingOnTheGroundGainsNoEnergy() {
        for (boolean friction : new boolean[] {true, false}) {
            RandomScene scene = RandomScene.numbered(43511);
            World w = scene.world();
            BodyId compound = scene.dynamicBodies().get(1);
            if (!friction) {
                w.setFriction(compound, 0);
            }
            double e0 = w.kineticEnergy() + w.potentialEnergy();
            double allowed = friction ? 0 : w.mass(compound) * 9.81 * 0.5697;
            for (int step = 1; step <= SceneCheck.STEPS; step++) {
                w.step(scene.dt());
                double e = w.kineticEnergy() + w.potentialEnergy();
                assertTrue(e <= e0 + allowed + 1e-9 * e0, String.format(
                        "friction %b, step %d: %.3f J, start %.3f J + %.3f J", friction, step, e, e0, allowed));
            }
        }
    }

    /**
     * Soak scene 42615: a 660 kg hull welded (a fixed joint) to a 0.1 kg compound that starts 3.8 m
     * into the ground. The position floor lifts jointed bodies as one, so the hull rose 2.8 m in the
     * first step (+18 kJ); the bound's lift allowance counted only bodies linked by overlaps and
     * gave the hull none. Joints link the bound's groups now, and the scene passes: the allowance is
     * the hull's {@code m |g| D} with its partner's depth.
     */
    @Example
    void aHeavyBodyWeldedToADeepLightOneMayRiseWithIt() {
        RandomScene scene = RandomScene.numbered(42615);
        World w = scene.world();
        w.step(scene.dt());
        double hull = 0;
        for (BodyId id : scene.dynamicBodies()) {
            hull = Math.max(hull, w.mass(id));
        }
        assertTrue(SceneCheck.overlapLift(scene, w) > hull * 9.81 * 2.8, "the hull's allowance");
        Outcome o = SceneCheck.run(RandomScene.numbered(42615));
        assertTrue(o.passed(), o.toString());
    }

    /**
     * Soak scenes 9461 and 17555, after the restitution check changed their paths: bodies turning
     * more than 0.5 rad a step, whose contact anchors (fixed to them at the step's start) no longer
     * mark where they are deepest. In 9461 a 0.3 kg compound at 116 rad/s lying on the ground showed
     * an anchor 1.4 m deep; lifted alone by that, its sliders pulled it back at 5,700 m/s and the
     * scene went from 0.2 MJ to 16 MJ. In 17555 a 3 cm ball at 500 rad/s on a cone-twist joint to the
     * world showed no point past the floor and ended a step with its centre 2.3 radii under the
     * ground. Hold since the floor judges such a body by its support point. 38134, 47068 and 56950
     * (small jointed bodies ending a step under the ground by more than their reach) failed once the
     * contacts' Jacobians followed the turning inertia, until the floor judged as tumbling a body
     * that tumbled at the step's start too: in 38134 a 0.13 kg cylinder dragged on a slider at
     * 96 rad/s was stopped to 7 rad/s within the step, so its spin at the end said it did not tumble
     * and its stale anchors read a 2 mm overlap.
     */
    @Example
    void tumblingBodiesAreFlooredByWhereTheyAreDeepestNow() {
        for (long n : new long[] {9461, 17555, 38134, 47068, 56950}) {
            Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertTrue(o.passed(), n + ": " + o);
        }
    }

    /** Steps soak scene n and asserts its energy never rises above an earlier low by 1 % of its start. */
    private static void assertRiseUnderOnePercent(long n) {
        RandomScene scene = RandomScene.numbered(n);
        World w = scene.world();
        double e0 = w.kineticEnergy() + w.potentialEnergy(), low = e0, rise = 0;
        for (int step = 0; step < SceneCheck.STEPS; step++) {
            w.step(scene.dt());
            double e = w.kineticEnergy() + w.potentialEnergy();
            rise = Math.max(rise, e - low);
            low = Math.min(low, e);
        }
        assertTrue(rise < 0.01 * e0, "scene " + n + ": energy rose " + rise + " J above an earlier low (start "
                + e0 + " J)");
    }

    /**
     * Soak scenes that ended steps with a body below the ground by more than its reach, each a way
     * the soft contacts lose: 4415, a 1.2 kg capsule of 3.3 mm reach sliding at 65 m/s and tumbling
     * at 100 rad/s (dt 1/31), whose lowest point outran the contacts' linear model within each
     * substep and settled 4 mm deep; 8318, a 1.3 x 3.8 mm cylinder doing the same at 93 m/s; 8460, a
     * 0.37 kg sphere on a slider to a 701 kg one, dragged into the ground by it; 3748, a 0.16 kg box
     * hinged to the world and jointed to a 110 kg hull fixed to the world, dragged 3 cm under by the
     * hull; 2955, 7412 and 9752, bodies of 4-7 mm reach held by a ball or cone-twist joint to the
     * world 0.6-0.8 m away, pressed into the ground by the joint; 8041, a 12 mm hull on a 0.7 m
     * distance joint to the world, the same; 622, a 4 mm box welded (six-DOF) to the world, which a
     * 317 kg cylinder knocked askew and the weld then swung back through the ground; 1526 and 4039,
     * a 62 mm hull and a 6 mm capsule in chains of joints to the world; 8551, a 4 mm box on a
     * cone-twist joint to the world and a distance joint to a compound; and from scenes 10^4 to
     * 2 x 10^4, which the floor was not written against, 12437, 14494 and 15582, bodies of 6-10 mm
     * reach on two or three joints to the world, and 15028, a 5 cm cylinder on three joints
     * tumbling at 40 rad/s, whose lowest point turned deeper than its contact points; and 2237, a
     * 0.15 kg box hinged to the world and welded to a welded 725 kg cylinder, which its joint's
     * block threw metres a step until it sank ({@code GroundContacts.markWelded}). Hold since the position floor
     * ({@code DepthFloor.lift}) ends every step with a moving body at most a quarter
     * of its thickness into static ground (a jointed group moved as one; in a group held by the world,
     * a body 4 times lighter than a partner moved alone, a body that turns freely about a world point
     * it is held at turned about it, and any other moved alone out of three quarters of its
     * thickness, where its centre would leave its reach, or its centre under half its thickness
     * below a contact's surface).
     */
    @Example
    void bodiesThatSankPastTheirReachEndEachStepAtTheFloor() {
        for (long n : new long[] {4415, 8318, 8460, 3748, 2955, 7412, 9752, 8041, 622, 1526, 4039, 8551, 12437,
            14494, 15582, 15028, 2237}) {
            Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertNull(o.belowGround(), "scene " + n + ": " + o.belowGround());
        }
    }

    /**
     * Soak scene 9659: a 225 kg capsule starts half in the ground box, held there by a hinge and a
     * six-DOF joint to the world, with a 112 kg box hinged to it. A floor that lifted the capsule alone
     * out of the ground stretched its joints by 4 cm a step, and their pull back every step pumped the
     * scene up by 157 kJ (45 % of its start; the box climbed to 126 m), and one that lifted it alone
     * only out of three quarters of its thickness by 175 kJ. The floor leaves a body with a moving
     * partner and two or more joints to the world where its joints hold it.
     */
    @Example
    void aGroupHeldByTheWorldInTheGroundIsNotPumped() {
        assertRiseUnderOnePercent(9659);
    }

    /**
     * The energy bound's lift out of start overlaps ({@code SceneCheck.overlapLift}): in soak scene
     * 7488 two compounds start 7 m deep in each other and the push-out lifts the 35.6 kg one out at
     * the capped speed, 1.75 m within 80 steps: potential energy that {@code sum m (3 m/s)^2} (the
     * push-out's kinetic energy) did not count, so the scene failed at 5 J over. Scene 8201 starts
     * with nothing overlapping: no lift.
     */
    @Example
    void overlapsAtTheStartMayLiftTheirBodies() {
        RandomScene lifted = RandomScene.numbered(7488);
        World w = lifted.world();
        BodyId heavy = lifted.dynamicBodies().get(0);
        double y0 = w.centerOfMass(heavy).y();
        w.step(lifted.dt());
        double lift = SceneCheck.overlapLift(lifted, w);
        for (int step = 1; step < 80; step++) {
            w.step(lifted.dt());
        }
        double gained = w.mass(heavy) * RandomScene.G * (w.centerOfMass(heavy).y() - y0);
        assertTrue(gained > 500 && gained < lift, "gained " + gained + " J, lift " + lift + " J");
        assertNull(SceneCheck.run(RandomScene.numbered(7488)).energy());

        RandomScene apart = RandomScene.numbered(8201);
        World v = apart.world();
        v.step(apart.dt());
        assertEquals(0, SceneCheck.overlapLift(apart, v));
    }

    /** Scenes 0..N-1, N from {@code -Dricochet.soak.scenes}; knobs drawn from the scene number. */
    @Test
    @EnabledIfSystemProperty(named = "ricochet.soak.scenes", matches = "\\d+")
    void soak() {
        int n = Integer.getInteger("ricochet.soak.scenes");
        int nonFinite = 0, belowGround = 0, energy = 0;
        StringBuilder report = new StringBuilder();
        for (int s = 0; s < n; s++) {
            RandomScene scene = RandomScene.numbered(s);
            Outcome o = SceneCheck.run(scene);
            String head = " | " + scene.description().lines().findFirst().orElse("") + "\n";
            if (o.nonFinite() != null) {
                nonFinite++;
                report.append(o.nonFinite().lines().findFirst().orElse("")).append(head);
            }
            if (o.belowGround() != null) {
                belowGround++;
            }
            if (o.energy() != null) {
                energy++;
            }
        }
        System.out.println("soak: " + n + " scenes x " + SceneCheck.STEPS + " steps: " + nonFinite
                + " non-finite, " + belowGround + " below the ground, " + energy + " above the energy bound");
        assertTrue(nonFinite == 0, nonFinite + " of " + n + " scenes went non-finite:\n" + report);
    }
}
