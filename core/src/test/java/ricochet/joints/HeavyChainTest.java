package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.World;

/**
 * Chains of links holding loads from their own weight to a thousand times a link's mass at the
 * default settings (the tree solve, {@link JointTree}), and joints that cannot be held reported.
 * {@code -Dricochet.chainReport=true} prints each case's figures.
 */
class HeavyChainTest {

    static final double G = 9.81, DT = 1.0 / 60;
    /** m: the chain's stretch allowed, all joints together. */
    static final double MAX_STRETCH = 0.02;
    static final boolean REPORT = Boolean.getBoolean("ricochet.chainReport");

    static void report(String format, Object... args) {
        if (REPORT) {
            System.out.printf(format, args);
        }
    }

    /** Links of {@code link} m on ball or hinge joints, hung from the world at the origin, the load last. */
    static final class Chain {
        static final double LINK = 0.2, LOAD_RADIUS = 0.75 * LINK;
        final double link, loadRadius;
        final World w;
        final BodyId[] bodies;
        final JointId[] joints;

        /** Hanging along -y, or laid out along +x to swing down; links of {@link #LINK}. */
        Chain(int substeps, int links, double linkMass, double loadMass, boolean hinge, boolean horizontal) {
            this(substeps, links, LINK, linkMass, loadMass, hinge, horizontal);
        }

        /**
         * Links of {@code link} m (a fifth of that wide and deep, 5 % shorter than their pitch), a load
         * ball of three quarters of a link's length in radius.
         */
        Chain(int substeps, int links, double link, double linkMass, double loadMass, boolean hinge,
              boolean horizontal) {
            this.link = link;
            this.loadRadius = 0.75 * link;
            w = new World(new Vec3(0, -G, 0));
            w.setSubsteps(substeps);
            double halfLength = 0.45 * link, halfWidth = 0.2 * link;
            Shape box = new BoxShape(halfWidth, halfLength, halfWidth);
            Shape ball = new SphereShape(loadRadius);
            double linkDensity = linkMass / (8 * halfWidth * halfLength * halfWidth);
            double loadDensity = loadMass / (4 * Math.PI / 3 * Math.pow(loadRadius, 3));
            Vec3 along = horizontal ? Vec3.UNIT_X : new Vec3(0, -1, 0);
            Quat q = horizontal ? Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2) : Quat.IDENTITY;
            bodies = new BodyId[links + 1];
            joints = new JointId[links + 1];
            for (int i = 0; i <= links; i++) {
                boolean load = i == links;
                Vec3 c = along.times(load ? links * link + loadRadius : (i + 0.5) * link);
                Shape s = load ? ball : box;
                bodies[i] = w.add(BodyDef.dynamic().withShape(s, load ? loadDensity : linkDensity).withPosition(c)
                        .withOrientation(q), s, 0.5, 0);
                Vec3 anchor = along.times(i * link);
                BodyId a = i == 0 ? bodies[0] : bodies[i - 1];
                BodyId b = i == 0 ? null : bodies[i];
                joints[i] = w.addJoint(hinge ? JointDef.hinge(a, b, anchor, Vec3.UNIT_Z) : JointDef.ball(a, b, anchor));
            }
        }

        double stretch() {
            double sum = 0;
            for (JointId j : joints) {
                sum += w.jointGap(j);
            }
            return sum;
        }

        double energy() {
            return w.kineticEnergy() + w.potentialEnergy();
        }
    }

    /**
     * Hanging at rest, every joint carries the weight below it. Solved as one system, each joint's
     * spring error is {@code K F / omega^2}, the relative acceleration the tensions would give its two
     * bodies, which balances gravity's: about {@code g / omega^2} a joint whatever the masses (0.07 mm
     * at 4 substeps, 1.1 mm at 1). The bound: 2 cm over the whole chain, and the load where the
     * links put it, within the same 2 cm.
     */
    @ParameterizedTest(name = "{0} links, {1}:1, hinge {2}, {3} substeps")
    @CsvSource({
        "10, 1000, false, 4", "10, 1000, true, 4", "5, 1000, false, 4", "20, 1000, false, 4",
        "10, 100, false, 4", "10, 20, true, 4", "10, 1000, false, 1", "10, 1000, false, 2",
        "10, 10, false, 1", "30, 1, true, 2",
        "10, 1000, true, 2", "20, 500, true, 4",
    })
    void aHeavyLoadHangsOnLightLinksWithUnderTwoCentimetresOfStretch(int links, double ratio, boolean hinge,
                                                                     int substeps) {
        Chain c = new Chain(substeps, links, 1, ratio, hinge, false);
        double worst = 0;
        for (int i = 0; i < 600; i++) {
            c.w.step(DT);
            worst = Math.max(worst, c.stretch());
        }
        double hangs = -(links * Chain.LINK + Chain.LOAD_RADIUS);
        double y = c.w.position(c.bodies[links]).y();
        report("%d links %.0f:1 %s %d substeps: worst stretch %.5f m, load %.5f m below its place%n",
                links, ratio, hinge ? "hinge" : "ball", substeps, worst, hangs - y);
        assertTrue(worst < MAX_STRETCH, "stretch " + worst);
        assertEquals(hangs, y, MAX_STRETCH, "the load's height");
        assertEquals(0, c.w.strainedJoints());
    }

    /**
     * Laid out level and let go, the chain swings down and whips: 5 s of it, every step under 2 cm of
     * stretch, and no energy gained at any step. The joints do no work: the projection after each
     * substep moves positions only, and the speed it would have given is carried into the next
     * substep's aim (SHAKE), whose relax pass leaves the velocity tangent to the joints (RATTLE). The
     * bound above the start: round-off, {@code 1e-9} of the swing's energy.
     */
    @ParameterizedTest(name = "{0} links, {1}:1, hinge {2}")
    @CsvSource({"10, 1000, false", "10, 1000, true", "10, 100, false", "6, 300, true", "15, 1000, false"})
    void aHeavyChainSwingingDownHoldsAndGainsNoEnergy(int links, double ratio, boolean hinge) {
        Chain c = new Chain(4, links, 1, ratio, hinge, true);
        double e0 = c.energy();
        double swing = ratio * G * (links * Chain.LINK + Chain.LOAD_RADIUS);
        double worst = 0, most = e0;
        for (int i = 0; i < 300; i++) {
            c.w.step(DT);
            worst = Math.max(worst, c.stretch());
            most = Math.max(most, c.energy());
        }
        double end = c.energy();
        report("swinging %d links %.0f:1 %s: worst stretch %.5f m, most energy %+.3e, end %+.3e of the"
                + " swing's%n", links, ratio, hinge ? "hinge" : "ball", worst, (most - e0) / swing, (end - e0) / swing);
        assertTrue(worst < MAX_STRETCH, "stretch " + worst);
        assertTrue(most - e0 <= 1e-9 * swing, "energy gained " + (most - e0) + " J");
        assertTrue(end < e0, "energy gained over the run: " + (end - e0) + " J");
    }

    /**
     * Every mass ratio from 1:1 to 1000:1, 2 to 30 links, hanging for 10 s and let go from level for
     * 5 s: the chain's whole stretch under 2 cm at every step (hanging, each joint sags about
     * {@code g / omega^2}, 0.07 mm, and the projection takes even that out; swinging, the links whip at
     * up to 30 rad/s and strike each other), and no energy above the start at any step beyond
     * round-off. A free link-only chain carries its own weight, so 1:1 is as much a test as 1000:1.
     */
    @ParameterizedTest(name = "{0} links, {1}:1, swinging {2}")
    @CsvSource({
        "5, 1, false", "5, 2, false", "5, 5, false", "5, 10, false", "5, 20, false", "5, 50, false",
        "5, 100, false", "5, 1000, false", "10, 1, false", "10, 2, false", "10, 5, false", "10, 10, false",
        "10, 20, false", "10, 50, false", "10, 100, false", "10, 1000, false", "30, 1, false", "30, 2, false",
        "30, 5, false", "30, 10, false", "30, 20, false", "30, 50, false", "30, 100, false",
        "30, 1000, false",
        "5, 1, true", "5, 2, true", "5, 5, true", "5, 10, true", "5, 20, true", "5, 50, true",
        "5, 100, true", "5, 1000, true", "10, 1, true", "10, 2, true", "10, 5, true", "10, 10, true",
        "10, 20, true", "10, 50, true", "10, 100, true", "10, 1000, true", "30, 1, true", "30, 2, true",
        "30, 5, true", "30, 10, true", "30, 20, true", "30, 50, true", "30, 100, true", "30, 1000, true",
        "2, 1, false", "2, 1000, false", "2, 1, true", "2, 1000, true",
    })
    void everyMassRatioHoldsHangingAndSwinging(int links, double ratio, boolean swinging) {
        Chain c = new Chain(4, links, 1, ratio, false, swinging);
        double e0 = c.energy();
        double scale = (ratio + links) * G * (links * Chain.LINK + Chain.LOAD_RADIUS);
        double worst = 0, most = e0;
        for (int i = 0, steps = swinging ? 300 : 600; i < steps; i++) {
            c.w.step(DT);
            worst = Math.max(worst, c.stretch());
            most = Math.max(most, c.energy());
        }
        report("sweep %s %d links %.0f:1: worst stretch %.5f m, most energy %+.1e, end %+.1e of m g L%n",
                swinging ? "swinging" : "hanging", links, ratio, worst, (most - e0) / scale,
                (c.energy() - e0) / scale);
        assertTrue(worst < MAX_STRETCH, "stretch " + worst);
        assertTrue(most - e0 <= 1e-9 * scale, "energy gained " + (most - e0) + " J");
        assertEquals(0, c.w.strainedJoints());
    }

    /**
     * Other sizes: links of 5 cm and of 1 m (the load's radius three quarters of a link), hanging and
     * let go from level, from a chain of links alone to a 1,000:1 load, ball and hinge joints. The
     * stretch allowed scales with the size: 2 cm for a 0.2 m link, a tenth of a link's length in all.
     */
    @ParameterizedTest(name = "{0} links of {1} m, {2}:1, hinge {3}, swinging {4}")
    @CsvSource({
        "10, 0.05, 1, false, true", "10, 0.05, 100, false, false", "10, 1, 1, false, true", "10, 1, 10, true, true",
        "10, 1, 1000, false, true", "10, 1, 100, true, false", "30, 1, 5, false, true",
        "30, 0.05, 50, true, true",
    })
    void otherLinkSizesHold(int links, double link, double ratio, boolean hinge, boolean swinging) {
        Chain c = new Chain(4, links, link, 1, ratio, hinge, swinging);
        double e0 = c.energy();
        double scale = (ratio + links) * G * (links * link + c.loadRadius);
        double allowed = MAX_STRETCH * link / Chain.LINK;
        double worst = 0, most = e0;
        for (int i = 0, steps = swinging ? 300 : 600; i < steps; i++) {
            c.w.step(DT);
            worst = Math.max(worst, c.stretch());
            most = Math.max(most, c.energy());
        }
        report("size %s %d links of %.2f m %.0f:1 %s: worst stretch %.5f m, most energy %+.1e, end %+.1e of"
                + " m g L%n", swinging ? "swinging" : "hanging", links, link, ratio, hinge ? "hinge" : "ball", worst,
                (most - e0) / scale, (c.energy() - e0) / scale);
        assertTrue(worst < allowed, "stretch " + worst);
        assertTrue(most - e0 <= 1e-9 * scale, "energy gained " + (most - e0) + " J");
        assertEquals(0, c.w.strainedJoints());
    }

    /**
     * Ten 5 cm links swinging down from level strike each other and their load as they whip, within
     * the tenth of a link allowed. A contact's push on two links of one tree, solved after the
     * tree's biased pass, is a velocity no joint row saw: integrated, a strike opened the hinges by
     * 20 mm in one step, more than the projection's one linear step takes back. The tree is solved
     * again after the contacts of each biased pass ({@link JointTree#solveAfterContacts}).
     */
    @ParameterizedTest(name = "{0} links of {1} m, {2}:1, hinge {3}, swinging {4}")
    @CsvSource({"10, 0.05, 10, true, true", "10, 0.05, 1000, false, true"})
    void lightLinksStrikingEachOtherHold(int links, double link, double ratio, boolean hinge, boolean swinging) {
        otherLinkSizesHold(links, link, ratio, hinge, swinging);
    }

    /**
     * A 1,000 kg ball on ten 1 kg links swinging 0.1 rad: the load's period is the compound
     * pendulum's, {@code 2 pi sqrt((L^2 + 2/5 r^2) / (g L))} with L the pivot to the ball's centre,
     * times {@code 1 + amp^2 / 16}. The links (1 % of the mass, spread over the string) move it by
     * well under their share; the bound is 0.5 %.
     */
    @Test
    void aHeavyPendulumOnAChainHasTheAnalyticPeriod() {
        int links = 10;
        Chain c = new Chain(4, links, 1, 1000, false, false);
        double amp = 0.1;
        // Pushed sideways at the bottom speed of a 0.1 rad swing.
        double length = links * Chain.LINK + Chain.LOAD_RADIUS;
        double speed = amp * Math.sqrt(G * length);
        for (int i = 0; i <= links; i++) {
            double r = i == links ? length : (i + 0.5) * Chain.LINK;
            c.w.setVelocity(c.bodies[i], new Vec3(speed * r / length, 0, 0));
        }
        BodyId load = c.bodies[links];
        double prev = c.w.position(load).x(), first = -1, last = -1;
        int crossings = 0;
        for (int i = 1; i <= 1800; i++) {
            c.w.step(DT);
            double x = c.w.position(load).x();
            if (i > 1 && (prev < 0 && x >= 0 || prev > 0 && x <= 0)) {
                double t = (i - 1 + prev / (prev - x)) * DT;
                if (first < 0) {
                    first = t;
                } else {
                    last = t;
                    crossings++;
                }
            }
            prev = x;
        }
        double measured = 2 * (last - first) / crossings;
        double r = Chain.LOAD_RADIUS;
        double exact = 2 * Math.PI * Math.sqrt((length * length + 0.4 * r * r) / (G * length)) * (1 + amp * amp / 16);
        report("heavy pendulum on a chain: period %.5f s, analytic %.5f s, ratio %.5f%n",
                measured, exact, measured / exact);
        assertEquals(exact, measured, 0.005 * exact);
    }

    /**
     * A break force below the load's weight breaks the top joint on the first step, with a
     * jointBreak event; one above it holds. The tree solve's reaction is the whole weight below.
     */
    @Test
    void aBreakForceBelowTheLoadBreaksTheJointWithAnEvent() {
        for (double factor : new double[] {0.5, 2}) {
            Chain c = new Chain(4, 10, 1, 1000, false, false);
            double weight = (1000 + 10) * G;
            c.w.removeJoint(c.joints[0]);
            JointId top = c.w.addJoint(JointDef.ball(c.bodies[0], null, Vec3.ZERO).breakable(factor * weight,
                    Double.POSITIVE_INFINITY));
            List<Event> events = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                c.w.step(DT);
                c.w.drainEvents(events);
            }
            boolean broke = events.stream().anyMatch(e -> e.type() == Event.Type.JOINT_BREAK);
            assertEquals(factor < 1, broke, "break force " + factor + " of the weight");
            assertEquals(factor < 1, !c.w.containsJoint(top));
        }
    }

    /**
     * A body held by a ball joint to the world and another to a kinematic body that moves away at
     * 1 m/s: both cannot hold. The joint that parts is reported, once, by a jointStrain event, and
     * counted by {@link World#strainedJoints} while it stays parted.
     */
    @Test
    void aJointThatCannotBeHeldIsReported() {
        World w = new World(new Vec3(0, -G, 0));
        Shape s = new BoxShape(0.1, 0.1, 0.1);
        BodyId body = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, -0.5, 0)), s, 0.5, 0);
        BodyId mover = w.add(BodyDef.kinematic().withShape(s, 1000).withPosition(new Vec3(0, -1, 0)), s, 0.5, 0);
        w.addJoint(JointDef.ball(body, null, new Vec3(0, -0.4, 0)));
        w.addJoint(JointDef.ball(body, mover, new Vec3(0, -0.6, 0)));
        w.setVelocity(mover, new Vec3(0, -1, 0));
        List<Event> events = new ArrayList<>();
        int most = 0;
        for (int i = 0; i < 120; i++) {
            w.step(DT);
            w.drainEvents(events);
            most = Math.max(most, w.strainedJoints());
        }
        long strains = events.stream().filter(e -> e.type() == Event.Type.JOINT_STRAIN).count();
        assertTrue(most >= 1, "strained joints counted");
        assertTrue(strains >= 1 && strains <= 2, "one event per joint as it parts, got " + strains);
    }
}
