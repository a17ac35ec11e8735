package ricochet.io.scene;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import ricochet.body.BodyId;
import ricochet.math.Vec3;
import ricochet.soft.ClothDef;

/**
 * A scene file's cloth ({@code "cloths"} entry), validated.
 *
 * @param def the cloth, named as in the file, without its attachments (they name bodies, which get
 *     handles only in a world)
 * @param attachments particles held to points of bodies, by body name
 */
public record ClothSpec(ClothDef def, List<Attachment> attachments) {

    public ClothSpec {
        attachments = List.copyOf(attachments);
    }

    /**
     * Particle {@code [i, j]} held at {@code anchor} (world, m, where the cloth is added), which then
     * moves with the body named {@code body}.
     */
    public record Attachment(int i, int j, String body, Vec3 anchor) {
    }

    public String name() {
        return def.name();
    }

    /** The cloth's def with its attachments, each body's handle from {@code bodies}. */
    public ClothDef toDef(Function<String, BodyId> bodies) {
        List<ClothDef.Attachment> out = new ArrayList<>();
        for (Attachment a : attachments) {
            out.add(new ClothDef.Attachment(a.i(), a.j(), bodies.apply(a.body()), a.anchor()));
        }
        return def.withAttachments(out);
    }
}
