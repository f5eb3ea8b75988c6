package io.github.simdperceptron.bench;

import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.io.IdxReader;
import io.github.simdperceptron.kernel.DenseOps;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The scratch measurements behind the "tried and dropped" list of docs/fashion-mnist.md: where a
 * visit's time goes when K weight rows score the Fashion-MNIST rows, and what three ideas that
 * were not adopted would have saved. Not JMH and not part of the library: each line is the median
 * of 3 timed repetitions (after 1 untimed) of 10 passes over the 60,000 rows, printed in ns per
 * visit, with random weights (the scores' values do not matter here). Every variant computes the
 * same K scores.
 *
 * <ul>
 *   <li>{@code floors}: the K scores via {@code DenseOps.multiDot} in the shuffled order, in file
 *       order, over the first 2,048 rows (in L3) and of one row (in L1/L2);
 *   <li>{@code helper}: shuffled, with a second thread reading one float per cache line of the
 *       rows 8 or 32 visits ahead (a software prefetcher on the other core);
 *   <li>{@code touch}: shuffled, the training thread itself first reading one float per cache
 *       line of the row 1, 2, 4 or 8 visits ahead (a software prefetch without a prefetch
 *       instruction);
 *   <li>{@code pairs}: shuffled, two examples per pass over the weights (each weight vector
 *       loaded once for both examples, four accumulators per example as in the kernel);
 *   <li>{@code bytes}: shuffled, the pixels kept as unsigned bytes and each visited row decoded
 *       ({@code code * (1 / 255f)}, Vector API) into a float buffer that the kernel then scores;
 *   <li>{@code loads}: vector loads per nanosecond summing a 16 KB (L1) and a 64 KB (L2) array
 *       with eight accumulators.
 * </ul>
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.simdperceptron.bench.ScoringProbe [data-dir] [floors|helper|touch|pairs|bytes|loads|all]
 * </pre>
 */
public final class ScoringProbe {
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_256;
  private static final VectorSpecies<Integer> I = IntVector.SPECIES_256;
  private static final VectorSpecies<Byte> B = ByteVector.SPECIES_64;
  private static final int L = F.length();
  private static final int PASSES = 10;
  private static volatile float blackhole;
  private static volatile long helperProgress;
  private static volatile boolean helperDone;

  private ScoringProbe() {}

  /** One timed variant: returns a sum of scores (kept alive by the caller). */
  private interface Run {
    float run();
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : FashionMnistBenchmark.DEFAULT_DIR);
    String what = args.length > 1 ? args[1] : "all";
    DenseDataset train = IdxReader.readDataset(dir.resolve("train-images-idx3-ubyte.gz"),
        dir.resolve("train-labels-idx1-ubyte.gz"));
    int n = train.size();
    int d = train.dimension();
    Random rnd = new Random(1);
    float[] w = new float[10 * d];
    for (int i = 0; i < w.length; i++) {
      w[i] = (float) rnd.nextGaussian();
    }
    int[] shuffled = new int[n];
    int[] inOrder = new int[n];
    int[] small = new int[n];
    int[] oneRow = new int[n];
    for (int i = 0; i < n; i++) {
      shuffled[i] = i;
      inOrder[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = shuffled[i];
      shuffled[i] = shuffled[j];
      shuffled[j] = t;
    }
    for (int i = 0; i < n; i++) {
      small[i] = shuffled[i] % 2048;
    }
    System.out.printf("JDK %s; ns per visit, median of 3 (10 passes of %d visits each)%n",
        System.getProperty("java.version"), n);
    boolean all = what.equals("all");
    for (int k : new int[] {10, 5}) {
      if (all || what.equals("floors")) {
        time("floors K=" + k + " shuffled", n, () -> multiDotPasses(train, w, k, shuffled));
        time("floors K=" + k + " in order", n, () -> multiDotPasses(train, w, k, inOrder));
        time("floors K=" + k + " 2,048 rows", n, () -> multiDotPasses(train, w, k, small));
        time("floors K=" + k + " one row", n, () -> multiDotPasses(train, w, k, oneRow));
      }
      if (all || what.equals("helper")) {
        time("helper K=" + k + " none", n, () -> multiDotPasses(train, w, k, shuffled));
        for (int ahead : new int[] {8, 32}) {
          time("helper K=" + k + " " + ahead + " ahead", n, () -> withHelper(train, w, k, shuffled, ahead));
        }
      }
      if (all || what.equals("touch")) {
        time("touch K=" + k + " none", n, () -> multiDotPasses(train, w, k, shuffled));
        for (int ahead : new int[] {1, 2, 4, 8}) {
          time("touch K=" + k + " " + ahead + " ahead, same thread", n, () -> touchPasses(train, w, k, shuffled, ahead));
        }
      }
      if (all || what.equals("pairs")) {
        time("pairs K=" + k + " one example per pass", n, () -> multiDotPasses(train, w, k, shuffled));
        time("pairs K=" + k + " two examples per pass", n, () -> pairPasses(train, w, k, shuffled));
      }
      if (all || what.equals("bytes")) {
        byte[] codes = new byte[n * d];
        for (int i = 0; i < n; i++) {
          float[] row = train.denseRow(i);
          for (int j = 0; j < d; j++) {
            codes[i * d + j] = (byte) Math.round(row[j] * 255f);
          }
        }
        time("bytes K=" + k + " float rows", n, () -> multiDotPasses(train, w, k, shuffled));
        time("bytes K=" + k + " byte rows, decoded", n, () -> bytePasses(codes, d, w, k, shuffled));
        time("bytes K=" + k + " byte rows, decoded, two per pass", n, () -> bytePairPasses(codes, d, w, k, shuffled));
      }
    }
    if (all || what.equals("loads")) {
      for (int floats : new int[] {4096, 16384}) {
        float[] a = new float[floats];
        for (int i = 0; i < floats; i++) {
          a[i] = i % 7;
        }
        int reps = (1 << 28) / floats;
        long vectorLoads = (long) reps * (floats / L);
        double[] ns = new double[4];
        for (int r = 0; r < ns.length; r++) {
          long start = System.nanoTime();
          float s = 0;
          for (int t = 0; t < reps; t++) {
            s += sumEight(a);
          }
          ns[r] = System.nanoTime() - start;
          blackhole = s;
        }
        double best = Math.min(Math.min(ns[1], ns[2]), ns[3]);
        System.out.printf("loads %d KB array: %.2f vector loads per ns%n", floats * 4 / 1024, vectorLoads / best);
      }
    }
  }

  private static void time(String name, int n, Run run) {
    run.run();
    double[] ns = new double[3];
    for (int r = 0; r < ns.length; r++) {
      long start = System.nanoTime();
      blackhole = run.run();
      ns[r] = (System.nanoTime() - start) / ((double) n * PASSES);
    }
    java.util.Arrays.sort(ns);
    System.out.printf("%-44s %7.0f%n", name, ns[1]);
  }

  private static float multiDotPasses(DenseDataset data, float[] w, int k, int[] order) {
    int d = data.dimension();
    float[] out = new float[k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int i : order) {
        DenseOps.multiDot(w, 0, k, d, data.rowArray(i), data.rowOffset(i), out, 0);
        sink += out[0];
      }
    }
    return sink;
  }

  /** As multiDotPasses, reading one float per cache line of the row {@code ahead} visits later first. */
  private static float touchPasses(DenseDataset data, float[] w, int k, int[] order, int ahead) {
    int d = data.dimension();
    int n = order.length;
    float[] out = new float[k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int t = 0; t < n; t++) {
        int later = order[(t + ahead) % n];
        float[] a = data.rowArray(later);
        for (int j = data.rowOffset(later), end = j + d; j < end; j += 16) {
          sink += a[j];
        }
        int i = order[t];
        DenseOps.multiDot(w, 0, k, d, data.rowArray(i), data.rowOffset(i), out, 0);
        sink += out[0];
      }
    }
    return sink;
  }

  private static float withHelper(DenseDataset data, float[] w, int k, int[] order, int ahead) {
    int d = data.dimension();
    int n = order.length;
    helperDone = false;
    helperProgress = 0;
    Thread helper = new Thread(() -> {
      float s = 0;
      long next = 0;
      while (!helperDone) {
        long target = Math.min(helperProgress + ahead, (long) PASSES * n);
        for (; next < target; next++) {
          int row = order[(int) (next % n)];
          float[] a = data.rowArray(row);
          for (int j = data.rowOffset(row), end = j + d; j < end; j += 16) {
            s += a[j];
          }
        }
        Thread.onSpinWait();
      }
      blackhole = s;
    });
    helper.setDaemon(true);
    helper.start();
    float[] out = new float[k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int t = 0; t < n; t++) {
        int i = order[t];
        DenseOps.multiDot(w, 0, k, d, data.rowArray(i), data.rowOffset(i), out, 0);
        sink += out[0];
        if ((t & 7) == 0) {
          helperProgress = (long) p * n + t;
        }
      }
    }
    helperDone = true;
    try {
      helper.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return sink;
  }

  private static float pairPasses(DenseDataset data, float[] w, int k, int[] order) {
    int d = data.dimension();
    float[] out = new float[2 * k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int t = 0; t + 1 < order.length; t += 2) {
        int a = order[t];
        int b = order[t + 1];
        for (int r = 0; r < k; r++) {
          rowAgainstTwo(w, r * d, d, data.rowArray(a), data.rowOffset(a), data.rowArray(b), data.rowOffset(b),
              out, r, k);
        }
        sink += out[0];
      }
    }
    return sink;
  }

  /** out[r] = row . xa, out[r + k] = row . xb; four accumulators per example. */
  private static void rowAgainstTwo(float[] rows, int o, int d, float[] xa, int aOff, float[] xb, int bOff,
      float[] out, int r, int k) {
    FloatVector a0 = FloatVector.zero(F), a1 = FloatVector.zero(F), a2 = FloatVector.zero(F), a3 = FloatVector.zero(F);
    FloatVector b0 = FloatVector.zero(F), b1 = FloatVector.zero(F), b2 = FloatVector.zero(F), b3 = FloatVector.zero(F);
    int i = 0;
    for (int bound = d - 4 * L; i <= bound; i += 4 * L) {
      FloatVector w0 = FloatVector.fromArray(F, rows, o + i);
      a0 = w0.fma(FloatVector.fromArray(F, xa, aOff + i), a0);
      b0 = w0.fma(FloatVector.fromArray(F, xb, bOff + i), b0);
      FloatVector w1 = FloatVector.fromArray(F, rows, o + i + L);
      a1 = w1.fma(FloatVector.fromArray(F, xa, aOff + i + L), a1);
      b1 = w1.fma(FloatVector.fromArray(F, xb, bOff + i + L), b1);
      FloatVector w2 = FloatVector.fromArray(F, rows, o + i + 2 * L);
      a2 = w2.fma(FloatVector.fromArray(F, xa, aOff + i + 2 * L), a2);
      b2 = w2.fma(FloatVector.fromArray(F, xb, bOff + i + 2 * L), b2);
      FloatVector w3 = FloatVector.fromArray(F, rows, o + i + 3 * L);
      a3 = w3.fma(FloatVector.fromArray(F, xa, aOff + i + 3 * L), a3);
      b3 = w3.fma(FloatVector.fromArray(F, xb, bOff + i + 3 * L), b3);
    }
    float sa = a0.add(a1).add(a2.add(a3)).reduceLanes(VectorOperators.ADD);
    float sb = b0.add(b1).add(b2.add(b3)).reduceLanes(VectorOperators.ADD);
    for (; i < d; i++) {
      sa += rows[o + i] * xa[aOff + i];
      sb += rows[o + i] * xb[bOff + i];
    }
    out[r] = sa;
    out[r + k] = sb;
  }

  private static float bytePasses(byte[] codes, int d, float[] w, int k, int[] order) {
    float[] x = new float[d];
    float[] out = new float[k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int i : order) {
        decode(codes, i * d, 1f / 255f, x, d);
        DenseOps.multiDot(w, 0, k, d, x, 0, out, 0);
        sink += out[0];
      }
    }
    return sink;
  }

  private static float bytePairPasses(byte[] codes, int d, float[] w, int k, int[] order) {
    float[] xa = new float[d];
    float[] xb = new float[d];
    float[] out = new float[2 * k];
    float sink = 0;
    for (int p = 0; p < PASSES; p++) {
      for (int t = 0; t + 1 < order.length; t += 2) {
        decode(codes, order[t] * d, 1f / 255f, xa, d);
        decode(codes, order[t + 1] * d, 1f / 255f, xb, d);
        for (int r = 0; r < k; r++) {
          rowAgainstTwo(w, r * d, d, xa, 0, xb, 0, out, r, k);
        }
        sink += out[0];
      }
    }
    return sink;
  }

  /** dst[j] = (src[off + j] & 0xFF) * scale. */
  private static void decode(byte[] src, int off, float scale, float[] dst, int n) {
    int i = 0;
    for (; i <= n - B.length(); i += B.length()) {
      IntVector codes = ((IntVector) ByteVector.fromArray(B, src, off + i).convertShape(VectorOperators.B2I, I, 0))
          .and(0xFF);
      ((FloatVector) codes.convertShape(VectorOperators.I2F, F, 0)).mul(scale).intoArray(dst, i);
    }
    for (; i < n; i++) {
      dst[i] = (src[off + i] & 0xFF) * scale;
    }
  }

  private static float sumEight(float[] a) {
    FloatVector s0 = FloatVector.zero(F), s1 = FloatVector.zero(F), s2 = FloatVector.zero(F), s3 = FloatVector.zero(F);
    FloatVector s4 = FloatVector.zero(F), s5 = FloatVector.zero(F), s6 = FloatVector.zero(F), s7 = FloatVector.zero(F);
    for (int i = 0; i <= a.length - 8 * L; i += 8 * L) {
      s0 = s0.add(FloatVector.fromArray(F, a, i));
      s1 = s1.add(FloatVector.fromArray(F, a, i + L));
      s2 = s2.add(FloatVector.fromArray(F, a, i + 2 * L));
      s3 = s3.add(FloatVector.fromArray(F, a, i + 3 * L));
      s4 = s4.add(FloatVector.fromArray(F, a, i + 4 * L));
      s5 = s5.add(FloatVector.fromArray(F, a, i + 5 * L));
      s6 = s6.add(FloatVector.fromArray(F, a, i + 6 * L));
      s7 = s7.add(FloatVector.fromArray(F, a, i + 7 * L));
    }
    return s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
  }
}
