package ricochet.lab;

/** One lab method's step of a body; owns its scratch arrays so a step allocates nothing. */
interface LabStepper {

    /**
     * Advances {@code body} by {@code h} seconds against the world's static colliders, writing each
     * collider's smallest vertex distance this step into {@code minDistance}.
     */
    void step(LabBody body, LabWorld world, double h, double[] minDistance);
}
