package ricochet.collision;

/** Receives the bodies an overlap query finds. */
@FunctionalInterface
public interface OverlapListener {

    void onOverlap(int body);
}
