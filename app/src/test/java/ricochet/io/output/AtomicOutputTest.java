package ricochet.io.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.cli.Main;

/** The files a run writes get the permissions any new file gets here (the umask's), not 0600. */
class AtomicOutputTest {

    @TempDir
    Path dir;

    @Test
    void trajectoryEventsAndSnapshotFilesHaveTheUmasksPermissions() throws Exception {
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain")));
        Path csv = dir.resolve("t.csv"), events = dir.resolve("e.jsonl"), snap = dir.resolve("s.snap");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "pyramid", "--steps", "3", "--out", csv.toString(), "--events",
                events.toString(), "--snapshot", snap.toString()}, new PrintWriter(new StringWriter()),
                new PrintWriter(err));
        assertEquals(0, code, err.toString());
        for (Path p : new Path[] {csv, events, snap}) {
            assertTrue(Files.size(p) > 0, p + " written");
            assertEquals(usual, Files.getPosixFilePermissions(p), p.getFileName().toString());
        }
        try (var left = Files.list(dir)) {
            assertEquals(4, left.count(), "no temporary file left behind");
        }
    }
}
