package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.reference.ReferenceData;
import java.util.Random;
import java.util.TreeSet;

/**
 * Integer-valued test data, built twice from the same numbers: as a kernel {@link Dataset} and as
 * {@link ReferenceData}. Every float operation on it is exact (all partial sums stay far below
 * 2^24), so the kernel and the reference must agree bit for bit.
 */
final class IntegerData {
  enum Kind { DENSE_TERNARY, SPARSE_COUNTS, SPARSE_BINARY }

  final Dataset kernel;
  final ReferenceData reference;

  private IntegerData(Dataset kernel, ReferenceData reference) {
    this.kernel = kernel;
    this.reference = reference;
  }

  /**
   * n examples labelled by a planted integer direction (sign of u.x, ties +1), with a fraction
   * {@code flip} of labels flipped so that most runs do not converge at once.
   */
  static IntegerData make(Kind kind, int n, int d, double flip, long seed) {
    Random rnd = new Random(seed);
    int[] u = new int[d];
    for (int j = 0; j < d; j++) {
      u[j] = rnd.nextInt(5) - 2;
    }
    float[] labels = new float[n];
    float[][] rows = new float[n][];
    int[][] idx = new int[n][];
    float[][] val = new float[n][];
    Dataset.Builder dense = Dataset.builder(d);
    Dataset.Builder sparse = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      if (kind == Kind.DENSE_TERNARY) {
        for (int j = 0; j < d; j++) {
          x[j] = rnd.nextInt(3) - 1;
        }
      } else {
        int nnz = 1 + rnd.nextInt(Math.min(d, 25));
        TreeSet<Integer> chosen = new TreeSet<>();
        while (chosen.size() < nnz) {
          chosen.add(rnd.nextInt(d));
        }
        idx[i] = chosen.stream().mapToInt(Integer::intValue).toArray();
        val[i] = new float[nnz];
        for (int p = 0; p < nnz; p++) {
          val[i][p] = kind == Kind.SPARSE_BINARY ? 1f : 1 + rnd.nextInt(3);
          x[idx[i][p]] = val[i][p];
        }
      }
      long score = 0;
      for (int j = 0; j < d; j++) {
        score += (long) u[j] * (long) x[j];
      }
      float y = score >= 0 ? 1f : -1f;
      if (rnd.nextDouble() < flip) {
        y = -y;
      }
      labels[i] = y;
      rows[i] = x;
      switch (kind) {
        case DENSE_TERNARY:
          dense.add(x, y);
          break;
        case SPARSE_COUNTS:
          sparse.add(idx[i], val[i], y);
          break;
        default:
          sparse.add(idx[i], null, y);
      }
    }
    if (kind == Kind.DENSE_TERNARY) {
      return new IntegerData(dense.build(), ReferenceData.dense(rows, labels));
    }
    return new IntegerData(sparse.build(),
        ReferenceData.sparse(idx, kind == Kind.SPARSE_BINARY ? null : val, d, labels));
  }
}
