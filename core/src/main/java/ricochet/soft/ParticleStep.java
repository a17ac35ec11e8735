package ricochet.soft;

import java.util.Arrays;
import ricochet.collision.BoundsQuery;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.IntegrationRule;
import ricochet.math.Transform;
import ricochet.soft.SoftTable.Body;
import ricochet.world.SimulationException;

/**
 * One world step of the soft bodies: the rigid bodies each may meet gathered as proxies, then the
 * substeps, each a run of stages (predict, the rules' update, the projections, the velocity update,
 * the closing kick, the velocity pass) over every body in slot order; {@link SoftBodies} gives the
 * method. The stages share the table's particles and constraint sets; their scratch (proxies,
 * candidates, the rules' accelerations) grows once and is reused, so a step allocates nothing.
 */
final class ParticleStep {

    private final SoftTable t;
    private final SoftState snapshot;
    private final SoftHost host;
    private final Particles p;
    private final DistanceConstraints distances;
    private final BendConstraints bends;
    private final VolumeConstraints volumes;
    private final RigidContacts contacts;
    private final ShapeClusters clusters;
    final SidedContacts sided = new SidedContacts();
    final ImpactZones zones = new ImpactZones();
    private final SelfCollision self = new SelfCollision();
    private final SurfaceContacts between = new SurfaceContacts();
    final ShapeSupports supports;
    private final BodyProxies proxies = new BodyProxies();
    private final ParticleRules rules = new ParticleRules();
    private BoundsQuery near;
    private int[] candidates = new int[16];
    private final double[] state;
    private final double[] bounds = new double[6];
    private final Transform pose = new Transform();
    /** Sees the proxies at the step's start and every substep's end; null (no cost) unless a test sets it. */
    Observer observer;

    /**
     * What a test may watch of a step: the particles and proxies once the proxies are gathered (each
     * proxy at its start, {@code pcx ..}), and again at the end of every substep (particles at {@code x},
     * proxies at {@code cx ..}). It must not change them.
     */
    interface Observer {
        void stepStarted(Particles p, BodyProxies b);

        void substepEnded(Particles p, BodyProxies b);
    }

    ParticleStep(SoftTable t, SoftState snapshot) {
        this.t = t;
        this.snapshot = snapshot;
        this.host = t.host;
        this.p = t.p;
        this.distances = t.distances;
        this.bends = t.bends;
        this.volumes = t.volumes;
        this.contacts = t.contacts;
        this.clusters = t.clusters;
        this.state = t.state;
        this.supports = new ShapeSupports(t);
    }

    /**
     * {@link SoftBodies#step}: the particles are saved first and put back when one stops being finite.
     *
     * @throws SimulationException naming the body whose particles stopped being finite, and the step
     */
    void step(double dt, double gx, double gy, double gz, long step) {
        if (t.live == 0) {
            return;
        }
        snapshot.save();
        int steps = t.substeps;
        double h = dt / steps;
        double invH2 = 1 / (h * h);
        gatherProxies(dt, gx, gy, gz);
        contacts.tethers.index(distances, p.count);
        contacts.forgetTouches();
        between.supports(supports, contacts, proxies, h);
        supports.startStep(gx, gy, gz, p.count);
        p.pinJx = 0;
        p.pinJy = 0;
        p.pinJz = 0;
        boolean ruled = false, leapfrog = false;
        for (int k = 0; k < t.slots; k++) {
            if (t.all[k].live && t.all[k].rule != IntegrationRule.SEMI_IMPLICIT) {
                ruled = true;
                leapfrog |= t.all[k].rule == IntegrationRule.LEAPFROG;
            }
        }
        if (ruled) {
            rules.ensure(p.count);
        }
        if (observer != null) {
            observer.stepStarted(p, proxies);
        }
        for (int s = 0; s < steps; s++) {
            zones.begin(p, proxies);
            predict(h, gx, gy, gz);
            if (ruled) {
                ruleUpdate(h, invH2, gx, gy, gz);
            }
            proxies.advance(h);
            distances.solve(p, 0, distances.count, invH2);
            bends.solve(p, invH2);
            volumes.solve(p, invH2);
            clusters.solve(p, h);
            contacts.solveAttachments(p, proxies, h);
            if (t.bodyCollision && t.live > 1) {
                supports.nextSubstep();
                collideBodies();
            }
            for (int k = 0; k < t.slots; k++) {
                Body b = t.all[k];
                if (!b.live) {
                    continue;
                }
                if (b.selfCollision) {
                    self.solve(p, b.first, b.count, b.thickness);
                }
                if (b.cloth) {
                    sided.solve(p, proxies, contacts, candidates, b.candFrom, b.candTo, b.first, b.triangles,
                            b.thickness, h);
                }
                contacts.solve(p, proxies, candidates, b.candFrom, b.candTo, b.first, b.count, b.thickness,
                        b.friction, h);
            }
            p.pinImpulse(h);
            double inv = 1 / h;
            for (int i = 0; i < p.count; i++) {
                p.vx[i] = (p.x[i] - p.sx[i]) * inv;
                p.vy[i] = (p.y[i] - p.sy[i]) * inv;
                p.vz[i] = (p.z[i] - p.sz[i]) * inv;
            }
            if (leapfrog) {
                closingKick(h, gx, gy, gz);
            }
            distances.settle(p, 0, distances.count);
            bends.settle(p);
            for (int k = 0; k < t.slots; k++) {
                Body b = t.all[k];
                if (b.live) {
                    contacts.settle(p, proxies, b.first, b.count);
                }
            }
            for (int k = 0; k < t.slots; k++) {
                Body b = t.all[k];
                if (b.live && b.cloth) {
                    zones.solve(p, proxies, contacts, candidates, b.candFrom, b.candTo, b.first, b.triangles, h);
                }
            }
            if (observer != null) {
                observer.substepEnded(p, proxies);
            }
        }
        for (int i = 0; i < p.count; i++) {
            if (!Double.isFinite(p.x[i] + p.y[i] + p.z[i] + p.vx[i] + p.vy[i] + p.vz[i])) {
                String name = t.all[p.owner[i]].name;
                snapshot.rollback();
                throw new SimulationException(name, step, "particle " + (i - t.all[p.owner[i]].first)
                        + " of the soft body is no longer finite");
            }
        }
        proxies.finish(host);
    }

    /**
     * Every body's particles against every other body's surface triangles ({@link SurfaceContacts}):
     * surfaces in slot order, each hashed once when some other body's box comes near it.
     */
    private void collideBodies() {
        double thickest = 0;
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live) {
                between.bounds(p, k, b.first, b.count);
                thickest = Math.max(thickest, b.thickness);
            }
        }
        for (int k = 0; k < t.slots; k++) {
            Body s = t.all[k];
            if (!s.live || s.triangles.length == 0) {
                continue;
            }
            double depth = -1;
            boolean built = false;
            // Not near even grown by this bound on the prism depth: not near at the depth itself, so
            // the surface's triangles need not be measured.
            double reach = between.halfExtent(k) + thickest;
            for (int j = 0; j < t.slots; j++) {
                Body a = t.all[j];
                if (j == k || !a.live || !between.near(j, k, reach)) {
                    continue;
                }
                if (depth < 0) {
                    depth = 0.5 * SurfaceContacts.largestTriangle(p, s.first, s.triangles);
                }
                if (!between.near(j, k, depth + thickest)) {
                    continue;
                }
                if (!built) {
                    between.build(p, s.first, s.triangles, depth, thickest);
                    built = true;
                }
                between.solve(p, a.first, a.count, s.cloth, Math.max(a.thickness, s.thickness),
                        Math.sqrt(a.friction * s.friction));
            }
        }
    }

    private void predict(double h, double gx, double gy, double gz) {
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.nRT > 0 && b.rule == IntegrationRule.SEMI_IMPLICIT) {
                pressurise(b, h);
            }
        }
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (!b.live || b.rule != IntegrationRule.SEMI_IMPLICIT) {
                continue;
            }
            // Self-colliding cloth moves at most half its thickness per substep (see SelfCollision).
            double maxSpeed = b.selfCollision ? 0.5 * b.thickness / h : Double.POSITIVE_INFINITY;
            for (int i = b.first; i < b.first + b.count; i++) {
                p.sx[i] = p.x[i];
                p.sy[i] = p.y[i];
                p.sz[i] = p.z[i];
                if (p.w[i] == 0) {
                    continue;
                }
                p.setVelocity(i, p.vx[i] + gx * h, p.vy[i] + gy * h, p.vz[i] + gz * h, maxSpeed);
                p.x[i] += p.vx[i] * h;
                p.y[i] += p.vy[i] * h;
                p.z[i] += p.vz[i] * h;
            }
        }
    }

    /**
     * The update of the bodies under a rule other than the default, before the projections
     * ({@link ParticleRules}): forces at the start, then at the midpoint or the implicit solve where
     * the rule needs them.
     */
    private void ruleUpdate(double h, double invH2, double gx, double gy, double gz) {
        boolean midpoint = false, implicit = false;
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.start(p, b.first, b.count);
                midpoint |= b.rule == IntegrationRule.MIDPOINT;
                implicit |= b.rule.implicit();
            }
        }
        externalAccelerations(null, gx, gy, gz, rules.ex, rules.ey, rules.ez);
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.startAcceleration(b.first, b.count);
            }
        }
        elasticAccelerations(rules.ax0, rules.ay0, rules.az0);
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                rules.toEvaluationPoint(p, b.first, b.count, b.rule, h);
            }
        }
        if (midpoint) {
            externalAccelerations(IntegrationRule.MIDPOINT, gx, gy, gz, rules.ax, rules.ay, rules.az);
            elasticAccelerations(rules.ax, rules.ay, rules.az);
        }
        if (implicit) {
            solveElastic(invH2);
        }
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.rule != IntegrationRule.SEMI_IMPLICIT) {
                double maxSpeed = b.selfCollision ? 0.5 * b.thickness / h : Double.POSITIVE_INFINITY;
                rules.finish(p, b.first, b.count, b.rule, h, maxSpeed);
            }
        }
    }

    /** Leapfrog's second half kick with the forces where the projections left the particles. */
    private void closingKick(double h, double gx, double gy, double gz) {
        externalAccelerations(IntegrationRule.LEAPFROG, gx, gy, gz, rules.ax, rules.ay, rules.az);
        elasticAccelerations(rules.ax, rules.ay, rules.az);
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (b.live && b.rule == IntegrationRule.LEAPFROG) {
                rules.kick(p, b.first, b.count, h);
            }
        }
    }

    /**
     * Gravity plus the gas's {@code w p dV/dx} (m/s^2) at the particles' positions into a, for the
     * particles of the bodies under {@code only} (every rule but the default when null).
     */
    private void externalAccelerations(IntegrationRule only, double gx, double gy, double gz, double[] ax,
                                       double[] ay, double[] az) {
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (!b.live || b.rule == IntegrationRule.SEMI_IMPLICIT || (only != null && b.rule != only)) {
                continue;
            }
            Arrays.fill(ax, b.first, b.first + b.count, gx);
            Arrays.fill(ay, b.first, b.first + b.count, gy);
            Arrays.fill(az, b.first, b.first + b.count, gz);
            if (b.nRT > 0) {
                double volume = t.surfaceVolume(b);
                b.pressure = volume > 0 ? b.nRT / volume : 0;
                int[] t = b.triangles;
                int f = b.first;
                double s = b.pressure / 6;
                for (int q = 0; q < t.length; q += 3) {
                    int a = f + t[q], c = f + t[q + 1], d = f + t[q + 2];
                    gas(a, c, d, s, ax, ay, az);
                    gas(c, d, a, s, ax, ay, az);
                    gas(d, a, c, s, ax, ay, az);
                }
            }
        }
    }

    /** a_a += s w_a (b x c) */
    private void gas(int a, int b, int c, double s, double[] ax, double[] ay, double[] az) {
        double sw = s * p.w[a];
        ax[a] += sw * (p.y[b] * p.z[c] - p.z[b] * p.y[c]);
        ay[a] += sw * (p.z[b] * p.x[c] - p.x[b] * p.z[c]);
        az[a] += sw * (p.x[b] * p.y[c] - p.y[b] * p.x[c]);
    }

    /** Adds the elastic forces over mass of every constraint integrated by a rule (m/s^2). */
    private void elasticAccelerations(double[] ax, double[] ay, double[] az) {
        distances.accelerate(p, ax, ay, az);
        bends.accelerate(p, ax, ay, az);
        volumes.accelerate(p, ax, ay, az);
    }

    /**
     * The implicit rules' elastic step: XPBD passes with the multipliers accumulated until no
     * particle moves more than {@link ParticleRules#TOLERANCE} in a pass.
     */
    private void solveElastic(double invH2) {
        Arrays.fill(distances.lambda, 0, distances.count, 0);
        Arrays.fill(bends.lambda, 0, bends.count, 0);
        Arrays.fill(volumes.lambda, 0, volumes.count, 0);
        for (int pass = 0; pass < ParticleRules.MAX_PASSES; pass++) {
            double moved = distances.solveElastic(p, invH2);
            moved = Math.max(moved, bends.solveElastic(p, invH2));
            moved = Math.max(moved, volumes.solveElastic(p, invH2));
            if (!(moved > ParticleRules.TOLERANCE)) {
                return;
            }
        }
    }

    /**
     * A shell's gas: isothermal, {@code p = n R T / V}, pushing every vertex along the gradient of the
     * enclosed volume, {@code f_i = p dV/dx_i}; for triangle (a, b, c), {@code dV/da = (b x c) / 6}.
     * Applied as a force in the prediction, each substep at the volume the substep starts with.
     */
    private void pressurise(Body b, double h) {
        double volume = t.surfaceVolume(b);
        if (!(volume > 0)) {
            b.pressure = 0;
            return;
        }
        double pressure = b.nRT / volume;
        b.pressure = pressure;
        int[] t = b.triangles;
        int f = b.first;
        double s = h * pressure / 6;
        for (int k = 0; k < t.length; k += 3) {
            int a = f + t[k], c = f + t[k + 1], d = f + t[k + 2];
            push(a, c, d, s);
            push(c, d, a, s);
            push(d, a, c, s);
        }
    }

    /** v_a += s w_a (b x c) */
    private void push(int a, int b, int c, double s) {
        double sw = s * p.w[a];
        p.vx[a] += sw * (p.y[b] * p.z[c] - p.z[b] * p.y[c]);
        p.vy[a] += sw * (p.z[b] * p.x[c] - p.x[b] * p.z[c]);
        p.vz[a] += sw * (p.x[b] * p.y[c] - p.y[b] * p.x[c]);
    }

    /**
     * The rigid bodies each soft body may meet this step: those whose boxes, swept back over the step
     * to their centres at its start, overlap the soft body's box grown by where its particles can go.
     */
    private void gatherProxies(double dt, double gx, double gy, double gz) {
        if (near == null) {
            near = new BoundsQuery(host.collision());
        }
        proxies.clear();
        double reach = host.fastestBody() * dt + host.longestPath();
        double fall = Math.sqrt(gx * gx + gy * gy + gz * gz) * dt * dt;
        double pad = 0;
        for (int k = 0; k < t.slots; k++) {
            if (t.all[k].live) {
                pad = Math.max(pad, t.all[k].thickness);
            }
        }
        int n = 0;
        for (int a = 0; a < contacts.attachments; a++) {
            contacts.attProxy[a] = proxy(contacts.attCollider[a], dt, pad);
        }
        for (int k = 0; k < t.slots; k++) {
            Body b = t.all[k];
            if (!b.live) {
                continue;
            }
            double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
            double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
            for (int i = b.first; i < b.first + b.count; i++) {
                double x = p.x[i], y = p.y[i], z = p.z[i];
                double ex = x + p.vx[i] * dt, ey = y + p.vy[i] * dt, ez = z + p.vz[i] * dt;
                minX = Math.min(minX, Math.min(x, ex));
                minY = Math.min(minY, Math.min(y, ey));
                minZ = Math.min(minZ, Math.min(z, ez));
                maxX = Math.max(maxX, Math.max(x, ex));
                maxY = Math.max(maxY, Math.max(y, ey));
                maxZ = Math.max(maxZ, Math.max(z, ez));
            }
            double grow = b.thickness + fall;
            minX -= grow;
            minY -= grow;
            minZ -= grow;
            maxX += grow;
            maxY += grow;
            maxZ += grow;
            near.query(minX - reach, minY - reach, minZ - reach, maxX + reach, maxY + reach, maxZ + reach);
            b.candFrom = n;
            for (int f = 0; f < near.count(); f++) {
                int c = near.body(f);
                if (host.motionType(c) == SoftHost.IGNORED) {
                    continue;
                }
                int q = proxy(c, dt, pad);
                // The body's box swept back over the step to its centre at the step's start.
                double[] box = proxies.box;
                int o = SoftHost.STATE_SIZE * q;
                double[] s = proxies.start;
                double mx = s[o + 26] - s[o], my = s[o + 27] - s[o + 1], mz = s[o + 28] - s[o + 2];
                if (box[6 * q] + Math.min(mx, 0) > maxX || box[6 * q + 1] + Math.min(my, 0) > maxY
                        || box[6 * q + 2] + Math.min(mz, 0) > maxZ || box[6 * q + 3] + Math.max(mx, 0) < minX
                        || box[6 * q + 4] + Math.max(my, 0) < minY || box[6 * q + 5] + Math.max(mz, 0) < minZ) {
                    continue;
                }
                if (n == candidates.length) {
                    candidates = Arrays.copyOf(candidates, 2 * n);
                }
                candidates[n++] = q;
            }
            b.candTo = n;
        }
    }

    private int proxy(int collider, double dt, double pad) {
        int before = proxies.count;
        int q = proxies.of(collider, host, dt, state);
        if (proxies.count == before) {
            return q;
        }
        Shape shape = proxies.shape[q];
        if (shape instanceof PlaneShape) {
            double[] box = proxies.box;
            for (int a = 0; a < 3; a++) {
                box[6 * q + a] = Double.NEGATIVE_INFINITY;
                box[6 * q + 3 + a] = Double.POSITIVE_INFINITY;
            }
            return q;
        }
        // The collider's origin: the centre of mass minus R times the body-frame centre of mass.
        int o = SoftHost.STATE_SIZE * q, m = 9 * q;
        double[] s = proxies.start, r = proxies.rot;
        double lx = s[o + 7], ly = s[o + 8], lz = s[o + 9];
        double ox = s[o] - (r[m] * lx + r[m + 1] * ly + r[m + 2] * lz);
        double oy = s[o + 1] - (r[m + 3] * lx + r[m + 4] * ly + r[m + 5] * lz);
        double oz = s[o + 2] - (r[m + 6] * lx + r[m + 7] * ly + r[m + 8] * lz);
        pose.set(ox, oy, oz, s[o + 3], s[o + 4], s[o + 5], s[o + 6]);
        host.collision().worldBounds(shape, pose, bounds);
        proxies.setBox(q, bounds, pad);
        return q;
    }
}
