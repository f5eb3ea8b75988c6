package io.github.simdperceptron.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The child JVM of {@link BatchMarginsThreadsTest}: dense and sparse batch margins of a seeded
 * real-valued problem large enough for the fork-join split, printed as raw float bits, one per
 * line, after a first line naming the kernel. No JUnit here: the child runs without it.
 */
final class BatchMarginsChild {
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
    Random r = new Random(seed);
    List<String> lines = new ArrayList<>();
    lines.add(Kernel.describe());

    int n = 1000;
    int d = 1021;
    if ((long) n * d < RowBlocks.PARALLEL_THRESHOLD) {
      throw new IllegalStateException("too small for the parallel path");
    }
    float[] matrix = reals(r, n * d);
    float[] w = reals(r, d);
    float bias = reals(r, 1)[0];
    float[] out = new float[n];
    DenseOps.batchMargins(matrix, n, w, bias, out);
    for (int i = 0; i < n; i++) {
      lines.add("dense row " + i + ": 0x" + Integer.toHexString(Float.floatToRawIntBits(out[i])));
    }

    int rows = 1200;
    int[] rowPtr = new int[rows + 1];
    for (int i = 0; i < rows; i++) {
      rowPtr[i + 1] = rowPtr[i] + r.nextInt(1000);
    }
    if (rowPtr[rows] < RowBlocks.PARALLEL_THRESHOLD) {
      throw new IllegalStateException("too few non-zeros for the parallel path");
    }
    int dim = 1 << 16;
    int[] indices = new int[rowPtr[rows]];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = r.nextInt(dim);
    }
    float[] values = reals(r, indices.length);
    float[] sw = reals(r, dim);
    float[] sout = new float[rows];
    SparseOps.batchMargins(rowPtr, indices, values, rows, sw, bias, sout);
    for (int i = 0; i < rows; i++) {
      lines.add("sparse row " + i + ": 0x" + Integer.toHexString(Float.floatToRawIntBits(sout[i])));
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
