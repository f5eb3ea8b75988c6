package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small-integer test data, on which every float operation of training is exact (entries in
 * {-2..2}, weights stay far below 2^24), so two code paths that make the same decisions end with
 * bit-identical weights.
 */
public final class IntData {
  private IntData() {}

  /**
   * n rows of dimension d, entries in {-2..2} (about 40% zero), labelled by the sign of a planted
   * integer direction (ties +1), each label then flipped with probability flip.
   */
  public static Dataset noisy(int n, int d, double flip, long seed) {
    Random rnd = new Random(seed);
    int[] u = new int[d];
    for (int j = 0; j < d; j++) {
      u[j] = rnd.nextInt(3) - 1;
    }
    u[0] = 1;
    Dataset.Builder b = Dataset.builder(d);
    float[] x = new float[d];
    for (int i = 0; i < n; i++) {
      long s = 0;
      for (int j = 0; j < d; j++) {
        x[j] = rnd.nextDouble() < 0.4 ? 0 : rnd.nextInt(5) - 2;
        s += (long) u[j] * (long) x[j];
      }
      double y = s >= 0 ? 1 : -1;
      if (rnd.nextDouble() < flip) {
        y = -y;
      }
      b.add(x, y);
    }
    return b.build();
  }

  /** The same rows in CSR form (non-zeros only), with the same class names. */
  public static Dataset sparse(Dataset data) {
    Dataset.Builder b = Dataset.builder(data.dimension());
    for (int i = 0; i < data.size(); i++) {
      float[] row = data.denseRow(i);
      List<Integer> idx = new ArrayList<>();
      for (int j = 0; j < row.length; j++) {
        if (row[j] != 0f) {
          idx.add(j);
        }
      }
      int[] ix = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] v = new float[ix.length];
      for (int p = 0; p < ix.length; p++) {
        v[p] = row[ix[p]];
      }
      b.add(ix, v, data.labels().name(data.classOf(i)));
    }
    return b.build();
  }

  /** Indices of the non-zeros of x. */
  static int[] nonZeroIndices(float[] x) {
    int c = 0;
    for (float v : x) {
      c += v != 0f ? 1 : 0;
    }
    int[] ix = new int[c];
    int p = 0;
    for (int j = 0; j < x.length; j++) {
      if (x[j] != 0f) {
        ix[p++] = j;
      }
    }
    return ix;
  }

  static float[] values(float[] x, int[] ix) {
    float[] v = new float[ix.length];
    for (int p = 0; p < ix.length; p++) {
      v[p] = x[ix[p]];
    }
    return v;
  }

  /** Float bit patterns, so that assertArrayEquals compares bit for bit (-0 differs from 0). */
  public static int[] bits(float[] a) {
    int[] b = new int[a.length];
    for (int j = 0; j < a.length; j++) {
      b[j] = Float.floatToRawIntBits(a[j]);
    }
    return b;
  }
}
