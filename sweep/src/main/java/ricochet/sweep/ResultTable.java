package ricochet.sweep;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The results table: one row per variant, sorted by variant, with the columns {@code variant}, one
 * per parameter (named by its path), one per metric (named as given), {@code status} ({@code ok} or
 * {@code failed}), {@code error}, {@code hash} and {@code wall_ms}. Doubles are written so that they
 * read back exactly (Java's shortest round-trip form); an empty cell (CSV) or null (Parquet) is a
 * value that does not exist.
 */
final class ResultTable {

    private final List<String> params;
    private final List<Metric> metrics;
    private final List<Variant> variants;
    private final List<Outcome> outcomes;

    /** {@code outcomes} in variant order, one per entry of {@code variants}. */
    ResultTable(List<String> params, List<Metric> metrics, List<Variant> variants, List<Outcome> outcomes) {
        if (variants.size() != outcomes.size()) {
            throw new IllegalArgumentException(variants.size() + " variants but " + outcomes.size() + " outcomes");
        }
        this.params = params;
        this.metrics = metrics;
        this.variants = variants;
        this.outcomes = outcomes;
    }

    List<String> columns() {
        List<String> c = new ArrayList<>();
        c.add("variant");
        c.addAll(params);
        for (Metric m : metrics) {
            c.add(m.name());
        }
        c.add("status");
        c.add("error");
        c.add("hash");
        c.add("wall_ms");
        return c;
    }

    StructType schema() {
        List<StructField> f = new ArrayList<>();
        f.add(DataTypes.createStructField("variant", DataTypes.IntegerType, false));
        for (String p : params) {
            f.add(DataTypes.createStructField(p, DataTypes.DoubleType, false));
        }
        for (Metric m : metrics) {
            f.add(DataTypes.createStructField(m.name(), DataTypes.DoubleType, true));
        }
        f.add(DataTypes.createStructField("status", DataTypes.StringType, false));
        f.add(DataTypes.createStructField("error", DataTypes.StringType, true));
        f.add(DataTypes.createStructField("hash", DataTypes.StringType, true));
        f.add(DataTypes.createStructField("wall_ms", DataTypes.DoubleType, false));
        return DataTypes.createStructType(f);
    }

    List<Row> rows() {
        List<Row> rows = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome o = outcomes.get(i);
            Object[] r = new Object[columns().size()];
            int k = 0;
            r[k++] = o.variant();
            for (double v : variants.get(i).values()) {
                r[k++] = v;
            }
            for (double m : o.metrics()) {
                r[k++] = Double.isNaN(m) ? null : m;
            }
            r[k++] = o.ok() ? "ok" : "failed";
            r[k++] = o.error();
            r[k++] = o.hash();
            r[k] = o.wallMs();
            rows.add(RowFactory.create(r));
        }
        return rows;
    }

    /** Writes the CSV beside {@code file} and moves it into place, so a reader never sees half a table. */
    void writeCsv(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write(String.join(",", columns().stream().map(ResultTable::csv).toList()));
            w.write('\n');
            for (Row row : rows()) {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < row.length(); c++) {
                    if (c > 0) {
                        line.append(',');
                    }
                    Object v = row.get(c);
                    line.append(v == null ? "" : csv(v.toString()));
                }
                w.write(line.append('\n').toString());
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes the table with Spark's Parquet writer: a folder holding one part file. */
    void writeParquet(SparkSession spark, Path dir) {
        spark.createDataFrame(rows(), schema()).coalesce(1).write().mode(SaveMode.Overwrite).parquet(dir.toString());
    }

    /** A CSV cell: quoted when it holds a comma, quote or line break (RFC 4180). */
    static String csv(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
