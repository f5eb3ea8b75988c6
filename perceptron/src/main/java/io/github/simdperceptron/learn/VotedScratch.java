package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Arrays;

/**
 * One thread's working arrays for scoring with a {@link VotedModel}: the dot product of x with
 * every anchor and every stored row, then the running-margin pass over the entries. A sparse x
 * is scattered once into a dense array (zero between calls) that each sparse stored row gathers
 * from. Nothing here allocates per call.
 */
final class VotedScratch {
  private final VotedAccess.Parts p;
  /** Zero between calls. */
  private final float[] dense;
  private final float[] anchorDots;
  private final float[] rowDots;

  VotedScratch(VotedAccess.Parts parts) {
    this.p = parts;
    this.dense = new float[parts.dimension];
    this.anchorDots = new float[parts.anchors.length];
    this.rowDots = new float[parts.rows == null ? 0 : parts.rows.size()];
  }

  /** The dots of a dense x of length d. Returns this. */
  VotedScratch dense(float[] x) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : DenseOps.dot(p.anchors[a], x);
    }
    rowDots(x, 0);
    return this;
  }

  /** The dots of a sparse x (indices in [0, d), values null for binary). Returns this. */
  VotedScratch sparse(int[] indices, float[] values) {
    for (int a = 0; a < anchorDots.length; a++) {
      // The zero scratch stands for a zero anchor, so that x is checked in every case (entry 0 is
      // an anchor).
      anchorDots[a] = SparseOps.dot(indices, values, p.anchors[a] == null ? dense : p.anchors[a]);
    }
    if (p.rows != null) {
      sparseRowDots(indices, values, 0, indices.length);
    }
    return this;
  }

  /** The dots of row i of data (dimension at most d). Returns this. */
  VotedScratch row(Dataset data, int i) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : data.dot(i, p.anchors[a]);
    }
    if (p.rows == null) {
      return this;
    }
    if (data instanceof SparseDataset) {
      SparseDataset s = (SparseDataset) data;
      sparseRowDots(DataAccess.indices(s), DataAccess.values(s), DataAccess.rowStart(s, i), s.nonZeros(i));
    } else {
      DenseDataset dd = (DenseDataset) data;
      float[] array = DataAccess.rowArray(dd, i);
      int offset = DataAccess.rowOffset(dd, i);
      if (data.dimension() == p.dimension) {
        rowDots(array, offset);
      } else {
        // A narrower row: padded with zeros to d in the scratch.
        System.arraycopy(array, offset, dense, 0, data.dimension());
        rowDots(dense, 0);
        Arrays.fill(dense, 0, data.dimension(), 0f);
      }
    }
    return this;
  }

  /** rowDots[r] = x_r . x[offset .. offset + d). */
  private void rowDots(float[] x, int offset) {
    for (int r = 0; r < rowDots.length; r++) {
      rowDots[r] = DataAccess.dot(p.rows, r, x, offset);
    }
  }

  /** rowDots[r] = x_r . x for the sparse x in indices/values [offset, offset + count). */
  private void sparseRowDots(int[] indices, float[] values, int offset, int count) {
    if (p.rows.isSparse()) {
      SparseOps.scatterAdd(1f, indices, values, offset, count, dense);
      rowDots(dense, 0);
      for (int t = offset; t < offset + count; t++) {
        dense[indices[t]] = 0f;
      }
    } else {
      DenseDataset rows = (DenseDataset) p.rows;
      for (int r = 0; r < rowDots.length; r++) {
        rowDots[r] = SparseOps.dot(indices, values, offset, count, DataAccess.rowArray(rows, r),
            DataAccess.rowOffset(rows, r), p.dimension);
      }
    }
  }

  /**
   * The vote from the dots: the margin s of the current vector, set by an anchor to
   * {@code anchor . x + b} and moved by a mistake on row r by {@code y_r (x_r . x)} (+ y_r with
   * the bias steps), all in double; {@code sum c_e sgn(s_e)} over the entries, in double. Each
   * s_e is written to {@code margins[e]} unless margins is null.
   */
  float vote(double[] margins) {
    int[] entries = p.entries;
    long[] counts = p.counts;
    double s = 0;
    double vote = 0;
    for (int e = 0; e < entries.length; e++) {
      int r = entries[e];
      if (r >= 0) {
        double y = p.rowLabels[r];
        s += y * rowDots[r];
        if (p.biasSteps) {
          s += y;
        }
      } else {
        s = (double) anchorDots[-1 - r] + p.anchorBiases[-1 - r];
      }
      if (counts[e] > 0) {
        vote += counts[e] * (s > 0 ? 1.0 : -1.0);
      }
      if (margins != null) {
        margins[e] = s;
      }
    }
    return (float) vote;
  }
}
