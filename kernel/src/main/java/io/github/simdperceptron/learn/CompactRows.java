package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.data.internal.DataAccess;

/**
 * The rows of a dataset as their non-zeros (CSR), the form the K-class kernel reads: row i is
 * {@code (idx[t], val[t])} for t in [ptr[i], ptr[i + 1]), {@code val == null} for binary rows. A
 * sparse dataset lends its own arrays; a dense one is compacted once, its zeros left out (which
 * adds nothing to a score and changes nothing in an update).
 */
final class CompactRows {
  final int[] ptr;
  final int[] idx;
  final float[] val;

  private CompactRows(int[] ptr, int[] idx, float[] val) {
    this.ptr = ptr;
    this.idx = idx;
    this.val = val;
  }

  /**
   * The dataset as a sparse one: itself when it is sparse, else its non-zeros (same labels and
   * classes), so that the training loop, its prefetch thread and the kernel all read the same rows.
   */
  static Dataset sparse(Dataset data) {
    if (data instanceof SparseDataset) {
      return data;
    }
    CompactRows rows = of(data);
    double[] classes = new double[data.size()];
    int[] classIndex = new int[data.size()];
    for (int i = 0; i < classes.length; i++) {
      classIndex[i] = data.classOf(i);
      classes[i] = classIndex[i];
    }
    return SparseDataset.wrap(rows.ptr, rows.idx, rows.val, data.dimension(), classes)
        .withLabels(data.labels(), classIndex);
  }

  static CompactRows of(Dataset data) {
    int n = data.size();
    int[] ptr = new int[n + 1];
    if (data instanceof SparseDataset) {
      SparseDataset s = (SparseDataset) data;
      for (int i = 0; i <= n; i++) {
        ptr[i] = DataAccess.rowStart(s, i);
      }
      return new CompactRows(ptr, DataAccess.indices(s), DataAccess.values(s));
    }
    DenseDataset dense = (DenseDataset) data;
    int d = data.dimension();
    long total = 0;
    for (int i = 0; i < n; i++) {
      float[] a = DataAccess.rowArray(dense, i);
      for (int j = DataAccess.rowOffset(dense, i), end = j + d; j < end; j++) {
        if (a[j] != 0f) {
          total++;
        }
      }
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("the dataset has " + total
          + " non-zero values; the multi-class learners take at most " + (Integer.MAX_VALUE - 16));
    }
    int[] idx = new int[(int) total];
    float[] val = new float[(int) total];
    int t = 0;
    for (int i = 0; i < n; i++) {
      float[] a = DataAccess.rowArray(dense, i);
      int off = DataAccess.rowOffset(dense, i);
      for (int j = 0; j < d; j++) {
        float x = a[off + j];
        if (x != 0f) {
          idx[t] = j;
          val[t] = x;
          t++;
        }
      }
      ptr[i + 1] = t;
    }
    return new CompactRows(ptr, idx, val);
  }
}
