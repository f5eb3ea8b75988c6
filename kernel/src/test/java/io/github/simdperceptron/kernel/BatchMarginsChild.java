package io.github.simdperceptron.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The child JVM of {@link BatchMarginsThreadsTest}: the dense batch margins of a seeded
 * real-valued problem just large enough for the fork-join split, printed as raw float bits, one
 * per line, after a first line naming the kernel. No JUnit here: the child runs without it.
 */
final class BatchMarginsChild {
  /** 515 x 1021 = 525,815 >= 2^19 multiply-adds; 515 rows, so that the blocks are not all multiples of 4. */
  static final int N = 515;
  static final int D = 1021;

  private BatchMarginsChild() {}

  public static void main(String[] args) {
    StringBuilder sb = new StringBuilder();
    for (String line : outputs(Long.parseLong(args[0]))) {
      sb.append(line).append('\n');
    }
    System.out.print(sb);
    System.out.flush();
  }

  static List<String> outputs(long seed) {
    if ((long) N * D < RowBlocks.PARALLEL_THRESHOLD) {
      throw new IllegalStateException("too small for the parallel path");
    }
    Random r = new Random(seed);
    float[] matrix = reals(r, N * D);
    float[] w = reals(r, D);
    float bias = reals(r, 1)[0];
    float[] out = new float[N];
    DenseOps.batchMargins(matrix, N, w, bias, out);
    List<String> lines = new ArrayList<>();
    lines.add(Kernel.describe());
    for (int i = 0; i < N; i++) {
      lines.add("row " + i + ": 0x" + Integer.toHexString(Float.floatToRawIntBits(out[i])));
    }
    return lines;
  }

  private static float[] reals(Random r, int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
    }
    return a;
  }
}
