package ricochet.bench; public final class BenchMain { public static void main(String[] a) {} }
