package ricochet.sweep;

import org.apache.spark.sql.SparkSession;

/** A local Spark session for reading results back in the tests. */
final class SweepTestSpark {

    private SweepTestSpark() {
    }

    static SparkSession session() {
        return SparkSweep.session("local[1]");
    }
}
