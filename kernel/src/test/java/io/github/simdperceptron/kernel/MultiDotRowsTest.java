package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The multi-row scores equal the single dot products bit for bit on real-valued data (the property
 * the one-vs-rest learner relies on to equal K binary runs), on whichever implementation and
 * vector width this JVM runs.
 */
class MultiDotRowsTest {
  private static final int[] DIMENSIONS = {1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 784, 1023};
  private static final int[] ROWS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13};

  @Test
  void denseMultiDotEqualsDotPerRow() {
    long seed = 20240611L;
    Random rnd = new Random(seed);
    for (int d : DIMENSIONS) {
      for (int k : ROWS) {
        int rowsOffset = rnd.nextInt(5);
        int xOffset = rnd.nextInt(5);
        float[] rows = gaussian(rnd, rowsOffset + k * d);
        float[] x = gaussian(rnd, xOffset + d);
        float[] out = new float[k + 1];
        DenseOps.multiDot(rows, rowsOffset, k, d, x, xOffset, out, 1);
        for (int r = 0; r < k; r++) {
          float single = DenseOps.dot(rows, rowsOffset + r * d, x, xOffset, d);
          assertEquals(Float.floatToRawIntBits(single), Float.floatToRawIntBits(out[1 + r]),
              "seed " + seed + ", d " + d + ", k " + k + ", row " + r + " (" + Kernel.describe() + ")");
        }
      }
    }
  }

  @Test
  void batchMarginsEqualDotPlusBias() {
    long seed = 7L;
    Random rnd = new Random(seed);
    for (int d : DIMENSIONS) {
      int n = 9;
      float[] m = gaussian(rnd, n * d);
      float[] w = gaussian(rnd, d);
      float bias = (float) rnd.nextGaussian();
      float[] out = new float[n];
      DenseOps.batchMargins(m, n, w, bias, out);
      for (int i = 0; i < n; i++) {
        float single = DenseOps.dot(m, i * d, w, 0, d) + bias;
        assertEquals(Float.floatToRawIntBits(single), Float.floatToRawIntBits(out[i]), "seed " + seed + ", d " + d);
      }
    }
  }

  @Test
  void sparseMultiDotEqualsRowDot() {
    long seed = 11L;
    Random rnd = new Random(seed);
    int d = 300;
    for (int nnz : new int[] {0, 1, 5, 16, 17, 40, 200}) {
      for (int k : ROWS) {
        int[] idx = rnd.ints(nnz, 0, d).toArray();
        float[] val = gaussian(rnd, nnz);
        float[] rows = gaussian(rnd, k * d);
        float[] out = new float[k];
        float[] outBinary = new float[k];
        SparseOps.multiDot(rows, k, d, idx, val, 0, nnz, out, 0);
        SparseOps.multiDot(rows, k, d, idx, null, 0, nnz, outBinary, 0);
        for (int r = 0; r < k; r++) {
          String where = "seed " + seed + ", nnz " + nnz + ", k " + k + ", row " + r;
          assertEquals(Float.floatToRawIntBits(SparseOps.dot(idx, val, 0, nnz, rows, r * d, d)),
              Float.floatToRawIntBits(out[r]), where);
          assertEquals(Float.floatToRawIntBits(SparseOps.dot(idx, null, 0, nnz, rows, r * d, d)),
              Float.floatToRawIntBits(outBinary[r]), where + " (binary)");
        }
      }
    }
  }

  private static float[] gaussian(Random rnd, int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = (float) rnd.nextGaussian();
    }
    return a;
  }
}
