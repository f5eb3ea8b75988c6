package io.github.simdperceptron.reference;

import java.util.Objects;

/**
 * Labelled examples for the reference learners, dense ({@code float[][]} rows) or sparse (one
 * {@code int[]} of indices and one {@code float[]} of values per row, the non-zeros in stored
 * order). Labels are +1f or -1f.
 *
 * <p>Nothing is copied and nothing is validated beyond null checks: the arrays are the caller's,
 * must not be modified while the data is in use, and a malformed row fails with Java's own
 * exceptions when a learner reads it.
 */
public final class ReferenceData {
  /** Dense rows, or null when sparse. */
  final float[][] rows;
  /** Sparse indices per row, or null when dense. */
  final int[][] indices;
  /** Sparse values per row; null, or a null row, means every value of that row is 1. */
  final float[][] values;
  final int dimension;
  final float[] labels;

  private ReferenceData(float[][] rows, int[][] indices, float[][] values, int dimension, float[] labels) {
    this.rows = rows;
    this.indices = indices;
    this.values = values;
    this.dimension = dimension;
    this.labels = labels;
  }

  /**
   * Dense examples: row i is {@code rows[i]}, its label {@code labels[i]} (+1f or -1f). The
   * dimension is the length of the first row (0 when there is none). Not copied.
   */
  public static ReferenceData dense(float[][] rows, float[] labels) {
    Objects.requireNonNull(rows, "rows");
    Objects.requireNonNull(labels, "labels");
    return new ReferenceData(rows, null, null, rows.length == 0 ? 0 : rows[0].length, labels);
  }

  /**
   * Sparse examples: row i has the value {@code values[i][p]} at feature {@code indices[i][p]}.
   * {@code values == null}, or {@code values[i] == null}, means every value of row i is 1. Not copied.
   */
  public static ReferenceData sparse(int[][] indices, float[][] values, int dimension, float[] labels) {
    Objects.requireNonNull(indices, "indices");
    Objects.requireNonNull(labels, "labels");
    return new ReferenceData(null, indices, values, dimension, labels);
  }

  /** Number of examples. */
  public int size() {
    return labels.length;
  }

  /** Number of features (the length of a weight vector). */
  public int dimension() {
    return dimension;
  }
}
