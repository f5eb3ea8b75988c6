package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.Checks.count;
import static io.github.simdperceptron.kernel.Checks.range;

/**
 * Sparse vector operations, run by the active kernel ({@link Kernel}).
 *
 * <p>A sparse vector is {@code indices[offset .. offset+count)} with
 * {@code values[offset .. offset+count)} (so a CSR row is passed without copying). {@code values}
 * null means every value is 1 (a binary vector, such as a bag of words' presence bits): the
 * kernel then reads no values at all. Indices need not be sorted; a duplicate index
 * contributes once per occurrence. An index outside {@code [0, w.length)} (or {@code [0, d)} for
 * the multi-row forms) throws {@link IndexOutOfBoundsException} naming its position and value,
 * and nothing is read or written outside the arrays; the updates check every index before the
 * first write, so a failed call leaves w untouched. Other checks and the rounding rules are those
 * of {@link DenseOps}.
 */
public final class SparseOps {
  private static final VectorOps OPS = VectorOpsProvider.INSTANCE;

  private SparseOps() {}

  /**
   * Returns {@code sum_i v_i * w[indices[i]]}, with {@code v_i = values[i]}, or 1 when
   * {@code values} is null. Nothing is modified.
   */
  public static float dot(int[] indices, float[] values, float[] w) {
    Checks.notNull(indices, "indices");
    if (values != null) {
      Checks.sameLength(indices.length, "indices", values.length, "values");
    }
    Checks.notNull(w, "w");
    try {
      return OPS.sparseDot(indices, values, 0, indices.length, w, 0);
    } catch (IndexOutOfBoundsException e) {
      throw Checks.badIndex(indices, 0, indices.length, w.length, "w.length");
    }
  }

  /**
   * Returns {@code sum_{i<count} v_{offset+i} * w[indices[offset+i]]}, with {@code v_p = values[p]},
   * or 1 when {@code values} is null. Nothing is modified.
   */
  public static float dot(int[] indices, float[] values, int offset, int count, float[] w) {
    sparseRange(indices, values, offset, count);
    Checks.notNull(w, "w");
    try {
      return OPS.sparseDot(indices, values, offset, count, w, 0);
    } catch (IndexOutOfBoundsException e) {
      // The reads are bounds-checked by the JVM; only the message is ours.
      throw Checks.badIndex(indices, offset, count, w.length, "w.length");
    }
  }

  /** Returns {@code sum_{i<count} values[offset+i]^2} (the indices do not matter). Not modified. */
  public static float squaredNorm(float[] values, int offset, int count) {
    count(count, "count");
    range(values, "values", offset, count);
    return OPS.squaredNorm(values, offset, count);
  }

  /**
   * {@code w[indices[i]] += alpha * v_i} in order, with {@code v_i = values[i]}, or 1 when
   * {@code values} is null. w is modified.
   */
  public static void scatterAdd(float alpha, int[] indices, float[] values, float[] w) {
    Checks.notNull(indices, "indices");
    if (values != null) {
      Checks.sameLength(indices.length, "indices", values.length, "values");
    }
    scatterAdd(alpha, indices, values, 0, indices.length, w);
  }

  /**
   * {@code w[indices[offset+i]] += alpha * v_{offset+i}} for i &lt; count in order, with
   * {@code v_p = values[p]}, or 1 when {@code values} is null. w is modified.
   */
  public static void scatterAdd(float alpha, int[] indices, float[] values, int offset, int count, float[] w) {
    sparseRange(indices, values, offset, count);
    Checks.notNull(w, "w");
    Checks.indices(indices, offset, count, w.length, "w.length");
    OPS.scatterAdd(alpha, indices, values, offset, count, w, 0);
  }

  /**
   * The averaged perceptron's fused sparse update: {@code w[j] += a * v} (float) and
   * {@code u[j] += b * (double) v} (double) for each non-zero (j, v), in order. {@code values}
   * null means the binary form (every v is 1). w and u are modified.
   */
  public static void dualScatterAdd(float a, double b, int[] indices, float[] values, int offset, int count,
      float[] w, double[] u) {
    count(count, "count");
    range(indices, "indices", offset, count);
    if (values != null) {
      range(values, "values", offset, count);
    }
    Checks.notNull(w, "w");
    Checks.notNull(u, "u");
    Checks.sameLength(w.length, "w", u.length, "u");
    Checks.indices(indices, offset, count, w.length, "w.length");
    OPS.dualScatterAdd(a, b, indices, values, offset, count, w, u, 0);
  }

  /**
   * Row form of {@link #dot(int[], float[], int, int, float[])} for a weight matrix: returns
   * {@code sum_i values[offset+i] * rows[rowOffset + indices[offset+i]]}, every index in [0, d).
   * {@code values} null means binary. Nothing is modified.
   */
  public static float dot(int[] indices, float[] values, int offset, int count, float[] rows, int rowOffset,
      int d) {
    rowForm(indices, values, offset, count, rows, rowOffset, d);
    return OPS.sparseDot(indices, values, offset, count, rows, rowOffset);
  }

  /**
   * Row form of the scatter-add for a weight matrix:
   * {@code rows[rowOffset + indices[offset+i]] += alpha * values[offset+i]}, every index in
   * [0, d); {@code values} null means binary. rows is modified in that row only.
   */
  public static void scatterAdd(float alpha, int[] indices, float[] values, int offset, int count, float[] rows,
      int rowOffset, int d) {
    rowForm(indices, values, offset, count, rows, rowOffset, d);
    OPS.scatterAdd(alpha, indices, values, offset, count, rows, rowOffset);
  }

  /**
   * Row form of {@link #dualScatterAdd(float, double, int[], float[], int, int, float[], double[])}:
   * updates row {@code [rowOffset, rowOffset + d)} of both w and u. w and u are modified there.
   */
  public static void dualScatterAdd(float a, double b, int[] indices, float[] values, int offset, int count,
      float[] w, double[] u, int rowOffset, int d) {
    rowForm(indices, values, offset, count, w, rowOffset, d);
    range(u, "u", rowOffset, d);
    OPS.dualScatterAdd(a, b, indices, values, offset, count, w, u, rowOffset);
  }

  private static void rowForm(int[] indices, float[] values, int offset, int count, float[] rows, int rowOffset,
      int d) {
    count(count, "count");
    count(d, "d");
    range(indices, "indices", offset, count);
    if (values != null) {
      range(values, "values", offset, count);
    }
    range(rows, "rows", rowOffset, d);
    // Checked up front: an index past d would silently read or write the next row.
    Checks.indices(indices, offset, count, d, "d");
  }

  /**
   * The scores of k dense weight rows (row-major, k x d, starting at index 0 of rows) against one
   * sparse x: {@code out[outOffset+r] = sum_i values[offset+i] * rows[r*d + indices[offset+i]]}.
   * {@code values} null means the binary form. Only out is modified.
   */
  public static void multiDot(float[] rows, int k, int d, int[] indices, float[] values, int offset, int count,
      float[] out, int outOffset) {
    count(k, "k");
    count(d, "d");
    range(rows, "rows", 0, (long) k * d);
    count(count, "count");
    range(indices, "indices", offset, count);
    if (values != null) {
      range(values, "values", offset, count);
    }
    range(out, "out", outOffset, k);
    // Checked up front: an index past d would silently read the next row.
    Checks.indices(indices, offset, count, d, "d");
    for (int r = 0; r < k; r++) {
      out[outOffset + r] = OPS.sparseDot(indices, values, offset, count, rows, r * d);
    }
  }

  /**
   * Batch margins over a CSR matrix of n rows: row i holds the non-zeros
   * {@code [rowPtr[i], rowPtr[i+1])} of indices and values ({@code values} null means binary);
   * {@code out[i] = dot(row_i, w) + bias}. rowPtr must be non-decreasing with
   * {@code rowPtr[0] >= 0} and {@code rowPtr[n] <= indices.length}. Splits the rows across the
   * common fork-join pool when the non-zeros are many; results do not depend on the split. Only
   * out is modified, and only after every argument and index has been checked.
   */
  public static void batchMargins(int[] rowPtr, int[] indices, float[] values, int n, float[] w, float bias,
      float[] out) {
    count(n, "n");
    range(rowPtr, "rowPtr", 0, (long) n + 1);
    Checks.notNull(indices, "indices");
    Checks.notNull(w, "w");
    range(out, "out", 0, n);
    for (int i = 0; i < n; i++) {
      if (rowPtr[i] > rowPtr[i + 1]) {
        throw new IllegalArgumentException(
            "rowPtr must be non-decreasing: rowPtr[" + i + "] = " + rowPtr[i] + " > rowPtr[" + (i + 1) + "] = "
                + rowPtr[i + 1]);
      }
    }
    int first = rowPtr[0];
    int nnz = rowPtr[n] - first;
    range(indices, "indices", first, nnz);
    if (values != null) {
      range(values, "values", first, nnz);
    }
    Checks.indices(indices, first, nnz, w.length, "w.length");
    RowBlocks.forEach(n, nnz, (from, to) -> {
      for (int i = from; i < to; i++) {
        int off = rowPtr[i];
        int cnt = rowPtr[i + 1] - off;
        out[i] = OPS.sparseDot(indices, values, off, cnt, w, 0) + bias;
      }
    });
  }

  private static void sparseRange(int[] indices, float[] values, int offset, int count) {
    count(count, "count");
    range(indices, "indices", offset, count);
    if (values != null) {
      range(values, "values", offset, count);
    }
  }
}
