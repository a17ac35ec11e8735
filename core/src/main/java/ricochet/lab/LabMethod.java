package ricochet.lab;

/** How a lab body's vertices meet static geometry; {@link #key()} is the scene file's name. */
public enum LabMethod {
    /** The lab's Rigid_Bunny method: the averaged inside-and-approaching vertex gets one impulse per plane. */
    IMPULSE("impulse"),
    /** A spring force {@code k (eps - phi) N} per vertex within eps. */
    PENALTY_QUADRATIC("penalty-quadratic"),
    /** A barrier force {@code rho / phi N} per vertex within eps; phi stays > 0. */
    PENALTY_LOG_BARRIER("penalty-log-barrier"),
    /** Free particles, per-particle collision, then a rigid fit (Mueller et al. 2005). */
    SHAPE_MATCHING("shape-matching");

    private final String key;

    LabMethod(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** The method named {@code key} in a scene file; throws naming the valid keys otherwise. */
    public static LabMethod fromKey(String key) {
        for (LabMethod m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown lab method '" + key
                + "' (expected impulse, penalty-quadratic, penalty-log-barrier or shape-matching)");
    }
}
