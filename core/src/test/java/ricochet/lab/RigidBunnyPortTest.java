package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import ricochet.geometry.PlaneSdf;
import ricochet.geometry.TriangleMesh;
import ricochet.math.Mat3;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The impulse method against a line-by-line port of the GAMES103 lab's {@code Rigid_Bunny} (Update and
 * Collision_Impulse), written here with the friendly types and sharing no code with
 * {@link ImpulseMethod}. Lab bodies put the centre of mass at the vertex mean, so the port's
 * {@code vertices[i]} are the mesh's vertices relative to that mean and its {@code transform.position}
 * is the centre of mass.
 */
class RigidBunnyPortTest {

    /** A port of the lab script's state and Update(). */
    private static final class BunnyPort {
        final Vec3[] vertices;
        final double mass;
        final Mat3 iRef;
        Vec3 position;
        Quat rotation;
        Vec3 v;
        Vec3 w;
        final double dt = 0.015, linearDecay = 0.999, angularDecay = 0.98, restitution = 0.5, friction = 0.2;
        final Vec3 gravity = new Vec3(0, -9.8, 0);

        BunnyPort(Vec3[] vertices, Vec3 position, Quat rotation, Vec3 v, Vec3 w) {
            this.vertices = vertices;
            double m = 1;
            double massSum = 0;
            double[] i = new double[9];
            for (Vec3 p : vertices) {
                massSum += m;
                double diag = m * p.lengthSquared();
                double[] c = {p.x(), p.y(), p.z()};
                for (int r = 0; r < 3; r++) {
                    i[4 * r] += diag;
                }
                for (int r = 0; r < 3; r++) {
                    for (int k = 0; k < 3; k++) {
                        i[3 * r + k] -= m * c[r] * c[k];
                    }
                }
            }
            this.mass = massSum;
            this.iRef = Mat3.of(i);
            this.position = position;
            this.rotation = rotation;
            this.v = v;
            this.w = w;
        }

        void collisionImpulse(Vec3 p, Vec3 n) {
            Mat3 r = rotation.toMatrix();
            Vec3 t = position;
            Vec3 sum = Vec3.ZERO;
            int collisionNum = 0;
            for (Vec3 ri : vertices) {
                Vec3 rri = r.multiply(ri);
                Vec3 xi = t.plus(rri);
                double d = xi.minus(p).dot(n);
                if (d < 0.0) {
                    Vec3 vi = v.plus(w.cross(rri));
                    if (vi.dot(n) < 0.0) {
                        sum = sum.plus(ri);
                        collisionNum++;
                    }
                }
            }
            if (collisionNum == 0) {
                return;
            }
            Mat3 iRot = r.multiply(iRef).multiply(r.transpose());
            Mat3 iInverse = iRot.inverse();
            Vec3 rCollision = new Vec3(sum.x() / collisionNum, sum.y() / collisionNum, sum.z() / collisionNum);
            Vec3 rrCollision = r.multiply(rCollision);
            Vec3 vCollision = v.plus(w.cross(rrCollision));
            Vec3 vN = n.times(vCollision.dot(n));
            Vec3 vT = vCollision.minus(vN);
            Vec3 vNNew = vN.times(-1.0 * restitution);
            double a = Math.max(1.0 - friction * (1.0 + restitution) * vN.length() / vT.length(), 0.0);
            Vec3 vTNew = vT.times(a);
            Vec3 vNew = vNNew.plus(vTNew);
            Mat3 rriStar = Mat3.skew(rrCollision);
            double[] k = Mat3.IDENTITY.toArray();
            double[] sub = rriStar.multiply(iInverse).multiply(rriStar).toArray();
            for (int e = 0; e < 9; e++) {
                k[e] = k[e] * (1.0 / mass) - sub[e];
            }
            Vec3 j = Mat3.of(k).inverse().multiply(vNew.minus(vCollision));
            v = v.plus(j.times(1.0 / mass));
            w = w.plus(iInverse.multiply(rrCollision.cross(j)));
        }

        void update() {
            v = v.plus(gravity.times(dt));
            v = v.times(linearDecay);
            w = w.times(angularDecay);
            collisionImpulse(new Vec3(0, 0.01, 0), new Vec3(0, 1, 0));
            collisionImpulse(new Vec3(2, 0, 0), new Vec3(-1, 0, 0));
            position = position.plus(v.times(dt));
            Vec3 dw = w.times(0.5 * dt);
            Quat qw = new Quat(dw.x(), dw.y(), dw.z(), 0.0);
            Quat q0 = rotation;
            Quat prod = qw.multiply(q0);
            rotation = new Quat(q0.x() + prod.x(), q0.y() + prod.y(), q0.z() + prod.z(), q0.w() + prod.w())
                    .normalized();
        }
    }

    /** A lumpy, off-centre point cloud: nothing in it is the bunny's. */
    private static TriangleMesh randomMesh(long seed, int n) {
        Random rnd = new Random(seed);
        double[] v = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double theta = Math.acos(2 * rnd.nextDouble() - 1), phi = 2 * Math.PI * rnd.nextDouble();
            double r = 0.1 + 0.12 * rnd.nextDouble();
            v[3 * i] = 0.3 + 1.4 * r * Math.sin(theta) * Math.cos(phi);
            v[3 * i + 1] = -0.2 + r * Math.cos(theta);
            v[3 * i + 2] = 0.1 + 0.7 * r * Math.sin(theta) * Math.sin(phi);
        }
        return new TriangleMesh(v, new int[0]);
    }

    @Test
    void matchesAPortOfTheLabCodeFrameByFrame() {
        for (long seed = 1; seed <= 3; seed++) {
            TriangleMesh mesh = randomMesh(seed, 500);
            Quat q0 = new Quat(0.6427876, 0, 0, 0.7660445).normalized();
            Vec3 origin = new Vec3(0, 0.6, 0);
            LabWorld world = new LabWorld(0.015, 1, new Vec3(0, -9.8, 0));
            world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0.01), Vec3.ZERO, Quat.IDENTITY);
            world.addCollider("wall", new PlaneSdf(new Vec3(-1, 0, 0), -2), Vec3.ZERO, Quat.IDENTITY);
            int b = world.addBody(LabBodyDef.of("body", LabMethod.IMPULSE, mesh).withPose(origin, q0)
                    .withVelocity(new Vec3(5, 2, 0), new Vec3(0, 1, 0)));

            double[] mean = mesh.vertexMean();
            Vec3[] centred = new Vec3[mesh.vertexCount()];
            for (int i = 0; i < centred.length; i++) {
                centred[i] = new Vec3(mesh.x(i) - mean[0], mesh.y(i) - mean[1], mesh.z(i) - mean[2]);
            }
            BunnyPort ref = new BunnyPort(centred, world.centerOfMass(b), q0, new Vec3(5, 2, 0),
                    new Vec3(0, 1, 0));
            double[] s = new double[13];
            double worst = 0;
            int contactSteps = 0;
            for (int frame = 1; frame <= 400; frame++) {
                world.step();
                ref.update();
                Vec3 com = world.centerOfMass(b);
                world.readState(b, s);
                worst = Math.max(worst, com.minus(ref.position).length());
                worst = Math.max(worst, new Vec3(s[7], s[8], s[9]).minus(ref.v).length());
                worst = Math.max(worst, new Vec3(s[10], s[11], s[12]).minus(ref.w).length());
                double dq = Math.abs(s[3] * ref.rotation.x() + s[4] * ref.rotation.y() + s[5] * ref.rotation.z()
                        + s[6] * ref.rotation.w());
                worst = Math.max(worst, 1 - dq);
                assertTrue(worst < 1e-12, "mesh " + seed + " frame " + frame + ": differs by " + worst);
                contactSteps += world.contactCount() > 0 ? 1 : 0;
            }
            assertTrue(contactSteps > 50, "the run must exercise the impulses, touched in " + contactSteps);
            System.out.printf("Rigid_Bunny port, mesh %d: largest difference over 400 frames %.3g%n", seed, worst);
        }
    }
}
