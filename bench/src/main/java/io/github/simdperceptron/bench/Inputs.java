package io.github.simdperceptron.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded benchmark inputs: the same data in every fork, so every fork measures the same work. */
final class Inputs {
  private Inputs() {}

  /**
   * The learners' example order for one epoch: 0..n-1, then, when {@code shuffled}, the
   * Fisher-Yates shuffle from the top that the training loop draws from its seeded Random.
   */
  static void epochOrder(int[] order, java.util.Random rnd, boolean shuffled) {
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    for (int i = order.length - 1; shuffled && i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  }

  /** n floats uniform in [-1, 1): mixed signs, no denormals. */
  static float[] floats(int n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = (float) (2 * rnd.nextDouble() - 1);
    }
    return x;
  }

  /**
   * nnz distinct sorted indices in [0, d) (sorted, as in a CSR row). {@code "random"}: uniform
   * over [0, d). {@code "clustered"}: uniform over a window of 4*nnz consecutive positions (one in
   * four taken) at a random start, so neighbouring non-zeros share cache lines.
   */
  static int[] indices(String layout, int nnz, int d, long seed) {
    if (nnz > d) {
      throw new IllegalArgumentException("nnz = " + nnz + " > d = " + d);
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    int window;
    int start;
    switch (layout) {
      case "random":
        window = d;
        start = 0;
        break;
      case "clustered":
        window = (int) Math.min(d, 4L * nnz);
        start = rnd.nextInt(d - window + 1);
        break;
      default:
        throw new IllegalArgumentException("indices must be random or clustered, got '" + layout + "'");
    }
    int[] idx = rnd.ints(0, window).distinct().limit(nnz).map(j -> start + j).toArray();
    Arrays.sort(idx);
    return idx;
  }
}
