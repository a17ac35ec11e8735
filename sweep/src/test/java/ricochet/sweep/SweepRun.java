package ricochet.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A sweep run in-process, its exit code, what it printed, and its results table read back. */
record SweepRun(int code, String out, String err, Path dir) {

    static SweepRun of(Path dir, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(dir.toString());
        all.add("--quiet");
        int code = SweepMain.execute(all.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new SweepRun(code, out.toString(), err.toString(), dir);
    }

    /** results.csv as rows of cells, the header first (RFC 4180 quotes undone). */
    List<String[]> csv() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("results.csv"))) {
            List<String> cells = new ArrayList<>();
            StringBuilder cell = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (c == ',' && !quoted) {
                    cells.add(cell.toString());
                    cell.setLength(0);
                } else {
                    cell.append(c);
                }
            }
            cells.add(cell.toString());
            rows.add(cells.toArray(String[]::new));
        }
        return rows;
    }

    /** results.csv without the wall_ms column: what must not depend on the workers. */
    List<String> withoutWallTime() throws IOException {
        List<String> out = new ArrayList<>();
        for (String[] row : csv()) {
            out.add(String.join("|", List.of(row).subList(0, row.length - 1)));
        }
        return out;
    }
}
