package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import io.github.simdperceptron.learn.internal.VotedAccess;
import io.github.simdperceptron.kernel.internal.VotePasses;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * One thread's working arrays for scoring with a {@link VotedModel}: the dot product of x with
 * every anchor and every stored row, then the running-margin pass over the entries. Sparse stored
 * rows are reached through their transpose ({@link VotedModel#columns}): x's non-zero x_j adds
 * {@code x_j x_{r,j}} to the dot of every stored row r that has feature j (a scatter-add per
 * non-zero of x), so the work is the pairs of non-zeros x and a row share, not every stored
 * non-zero; a feature that many stored rows have is a dense column instead, added with one vector
 * axpy. Dense stored rows take one dot each. A block of documents ({@link #scoreBlock}) shares
 * one pass over the entries. Nothing here allocates per call.
 */
final class VotedScratch {
  /** A model's read-only tables, shared by the scratches of all threads. */
  static final class Shared {
    final VotedAccess.Parts p;
    /** The transposed sparse rows, or null when there are none or they are dense. */
    final Dataset columns;
    /** Per feature: its column written out dense ({@link VotedModel#denseColumns}), or null. */
    final float[][] denseColumns;
    /** The entries that are anchors, in order (entry 0 first). */
    final int[] anchorEntries;
    /** Each entry's count as a double, for the blocked pass. */
    final double[] counts;

    Shared(VotedAccess.Parts p, Dataset columns, float[][] denseColumns) {
      this.p = p;
      this.columns = columns;
      this.denseColumns = denseColumns;
      this.anchorEntries = IntStream.range(0, p.entries.length).filter(e -> p.entries[e] < 0).toArray();
      this.counts = Arrays.stream(p.counts).asDoubleStream().toArray();
    }
  }

  private static final int B = VotePasses.BLOCK;

  private final Shared shared;
  private final VotedAccess.Parts p;
  private final Dataset columns;
  private final float[][] denseColumns;
  /** Zero between calls. */
  private final float[] dense;
  private final float[] anchorDots;
  private final float[] rowDots;
  /** A block's dots, {@code [r * B + b]} for stored row r and document b; null until the first block. */
  private double[] blockDots;
  private double[] blockAnchors;
  private final double[] margin = new double[B];
  private final double[] votes = new double[B];

  VotedScratch(Shared shared) {
    this.shared = shared;
    this.p = shared.p;
    this.columns = shared.columns;
    this.denseColumns = shared.denseColumns;
    this.dense = new float[p.dimension];
    this.anchorDots = new float[p.anchors.length];
    this.rowDots = new float[p.rows == null ? 0 : p.rows.size()];
  }

  /**
   * {@code out[first + b]} = the score of row first + b of data, for b in [0, count), count at
   * most {@link VotePasses#BLOCK}: each row's dots as {@link #row} finds them, side by side, then
   * one pass over the entries for all of them ({@link VotePasses#run} between anchors, the
   * anchors here), making the one-document pass's operations in its order lane by lane.
   */
  void scoreBlock(Dataset data, int first, int count, float[] out) {
    if (blockDots == null) {
      blockDots = new double[rowDots.length * B];
      blockAnchors = new double[anchorDots.length * B];
    }
    double[] dots = blockDots;
    for (int b = 0; b < count; b++) {
      row(data, first + b);
      for (int r = 0, at = b; r < rowDots.length; r++, at += B) {
        dots[at] = rowDots[r];
      }
      for (int a = 0; a < anchorDots.length; a++) {
        blockAnchors[a * B + b] = anchorDots[a];
      }
    }
    // Lanes past count keep the finite dots of an earlier block; their votes are not read.
    Arrays.fill(votes, 0.0);
    int[] entries = p.entries;
    int[] anchorAt = shared.anchorEntries;
    double[] c = shared.counts;
    for (int k = 0; k < anchorAt.length; k++) {
      int e = anchorAt[k];
      int a = -1 - entries[e];
      for (int b = 0; b < B; b++) {
        margin[b] = blockAnchors[a * B + b] + p.anchorBiases[a];
        votes[b] += margin[b] > 0 ? c[e] : -c[e];
      }
      int end = k + 1 < anchorAt.length ? anchorAt[k + 1] : entries.length;
      if (e + 1 < end) {
        VotePasses.run(entries, p.rowLabels, c, e + 1, end, dots, p.biasSteps, margin, votes);
      }
    }
    for (int b = 0; b < count; b++) {
      out[first + b] = (float) votes[b];
    }
  }

  /** {@code rowDots += alpha x_{., j}}: column j of the transpose, dense or a scatter-add. */
  private void addColumn(int j, float alpha) {
    float[] column = denseColumns[j];
    if (column != null) {
      DenseOps.axpy(alpha, column, rowDots);
    } else {
      DataAccess.addTo(columns, j, alpha, rowDots);
    }
  }

  /** The dots of a dense x of length d. Returns this. */
  VotedScratch dense(float[] x) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : DenseOps.dot(p.anchors[a], x);
    }
    denseRowDots(x, 0, x.length);
    return this;
  }

  /** The dots of a sparse x (indices in [0, d), values null for binary). Returns this. */
  VotedScratch sparse(int[] indices, float[] values) {
    for (int a = 0; a < anchorDots.length; a++) {
      // The zero scratch stands for a zero anchor, so that x is checked in every case (entry 0 is
      // an anchor).
      anchorDots[a] = SparseOps.dot(indices, values, p.anchors[a] == null ? dense : p.anchors[a]);
    }
    sparseRowDots(indices, values, 0, indices.length);
    return this;
  }

  /** The dots of row i of data (dimension at most d). Returns this. */
  VotedScratch row(Dataset data, int i) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : data.dot(i, p.anchors[a]);
    }
    if (data.isSparse()) {
      Dataset s = data;
      sparseRowDots(DataAccess.indices(s), DataAccess.values(s), DataAccess.rowStart(s, i), s.nonZeros(i));
    } else {
      Dataset dd = data;
      denseRowDots(DataAccess.rowArray(dd, i), DataAccess.rowOffset(dd, i), data.dimension());
    }
    return this;
  }

  /** rowDots[r] = x_r . x for the dense x in x[offset, offset + length), length at most d. */
  private void denseRowDots(float[] x, int offset, int length) {
    if (rowDots.length == 0) {
      return;
    }
    if (columns != null) {
      Arrays.fill(rowDots, 0f);
      for (int j = 0; j < length; j++) {
        if (x[offset + j] != 0f) {
          addColumn(j, x[offset + j]);
        }
      }
    } else if (length == p.dimension) {
      for (int r = 0; r < rowDots.length; r++) {
        rowDots[r] = DataAccess.dot(p.rows, r, x, offset);
      }
    } else {
      // A narrower row: padded with zeros to d in the scratch.
      System.arraycopy(x, offset, dense, 0, length);
      denseRowDots(dense, 0, p.dimension);
      Arrays.fill(dense, 0, length, 0f);
    }
  }

  /** rowDots[r] = x_r . x for the sparse x in indices/values [offset, offset + count). */
  private void sparseRowDots(int[] indices, float[] values, int offset, int count) {
    if (columns != null) {
      Arrays.fill(rowDots, 0f);
      for (int t = offset; t < offset + count; t++) {
        addColumn(indices[t], values == null ? 1f : values[t]);
      }
    } else if (rowDots.length > 0) {
      Dataset rows = p.rows;
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
