import io.github.simdperceptron.bench.LuceneDotExplore;
import java.util.*;

/**
 * Interleaved timing of dot variants in one JVM (one JVM per length): rounds of short timed chunks,
 * each variant in turn with the first one rotating, median and min ns per call. One-off, for
 * bench/results/lucene-dot-notes.md; needs LuceneDotExplore of the same commit in benchmarks.jar.
 *
 * <pre>
 * javac --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar -d /tmp/h bench/scripts/LuceneDotInterleaved.java
 * for n in 64 256 4096; do
 *   /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --add-modules jdk.incubator.vector -Xms2g -Xmx2g \
 *       -Dsimdperceptron.impl=panama -cp bench/target/benchmarks.jar:/tmp/h LuceneDotInterleaved lucene,kernel $n 31
 * done
 * </pre>
 */
public class LuceneDotInterleaved {
  public static void main(String[] args) throws Throwable {
    String[] variants = args[0].split(",");
    int[] sizes = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
    int rounds = Integer.parseInt(args[2]);
    for (int n : sizes) {
      float[] a = new float[n], b = new float[n];
      Random r = new Random(n);
      for (int i = 0; i < n; i++) { a[i] = r.nextFloat() * 2 - 1; b[i] = r.nextFloat() * 2 - 1; }
      int reps = Math.max(1000, 2_000_000 / (n + 20));
      for (String v : variants) {
        if (v.equals("lucene") || v.equals("acc8") || v.equals("v8")) continue;
        float x = run(v, a, b, 1), y = run("kernel", a, b, 1);
        if (Float.floatToRawIntBits(x) != Float.floatToRawIntBits(y)) throw new AssertionError(v + " n=" + n + " " + x + " vs " + y);
      }
      double[][] t = new double[variants.length][rounds];
      float sink = 0;
      // warm-up
      for (int w = 0; w < 200; w++) for (int v = 0; v < variants.length; v++) sink += run(variants[v], a, b, reps);
      for (int k = 0; k < rounds; k++) {
        for (int vv = 0; vv < variants.length; vv++) {
          int v = (vv + k) % variants.length;
          long t0 = System.nanoTime();
          sink += run(variants[v], a, b, reps);
          t[v][k] = (System.nanoTime() - t0) / (double) reps;
        }
      }
      StringBuilder sb = new StringBuilder(String.format("n=%6d", n));
      double[] med = new double[variants.length];
      for (int v = 0; v < variants.length; v++) {
        double[] s = t[v].clone(); Arrays.sort(s);
        med[v] = s[rounds / 2];
        sb.append(String.format("  %s med %.2f min %.2f", variants[v], med[v], s[0]));
      }
      sb.append(String.format("   ratio %s/%s (median) %.2f", variants[0], variants[1], med[0] / med[1]));
      System.out.println(sb + " " + (sink == 42 ? "!" : ""));
    }
  }

  static float run(String v, float[] a, float[] b, int reps) throws Throwable {
    switch (v) {
      case "lucene": return LuceneDotExplore.runLucene(a, b, reps);
      case "kernel": return LuceneDotExplore.runKernel(a, b, reps);
      case "cur": return LuceneDotExplore.runCur(a, b, reps);
      case "unroll8": return LuceneDotExplore.runUnroll8(a, b, reps);
      case "acc8": return LuceneDotExplore.runAcc8(a, b, reps);
      case "extract": return LuceneDotExplore.runExtract(a, b, reps);
      case "inCache": return LuceneDotExplore.runInCache(a, b, reps);
      case "v2": return LuceneDotExplore.runV2(a, b, reps);
      case "v3": return LuceneDotExplore.runV3(a, b, reps);
      case "v4": return LuceneDotExplore.runV4(a, b, reps);
      case "v5": return LuceneDotExplore.runV5(a, b, reps);
      case "v6": return LuceneDotExplore.runV6(a, b, reps);
      case "v7": return LuceneDotExplore.runV7(a, b, reps);
      case "v8": return LuceneDotExplore.runV8(a, b, reps);
      case "v9": return LuceneDotExplore.runV9(a, b, reps);
      case "v10": return LuceneDotExplore.runV10(a, b, reps);
      case "v11": return LuceneDotExplore.runV11(a, b, reps);
      case "v12": return LuceneDotExplore.runV12(a, b, reps);
      default: throw new IllegalArgumentException(v);
    }
  }
}
