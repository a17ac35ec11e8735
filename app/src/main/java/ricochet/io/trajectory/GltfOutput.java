package ricochet.io.trajectory;

import java.io.IOException;
import ricochet.io.gltf.GltfTrajectoryWriter;
import ricochet.world.Simulation;

/**
 * A {@link GltfTrajectoryWriter} as a {@link TrajectoryWriter}: the glTF writer stays free of this
 * package, so the dependency runs one way, from the format chooser to the formats.
 */
final class GltfOutput implements TrajectoryWriter {

    private final GltfTrajectoryWriter gltf;

    GltfOutput(GltfTrajectoryWriter gltf) {
        this.gltf = gltf;
    }

    @Override
    public void writeFrame(long frame, Simulation sim) {
        gltf.writeFrame(frame, sim);
    }

    @Override
    public void prepare() throws IOException {
        gltf.prepare();
    }

    @Override
    public void commit() throws IOException {
        gltf.commit();
    }

    @Override
    public void close() throws IOException {
        gltf.close();
    }
}
