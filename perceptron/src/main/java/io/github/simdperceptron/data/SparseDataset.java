package io.github.simdperceptron.data;

import io.github.simdperceptron.kernel.SparseOps;
import io.github.simdperceptron.kernel.internal.SparseLoops;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.ObjIntConsumer;

/**
 * A sparse dataset in CSR form: row i holds the non-zeros {@code [rowPtr[i], rowPtr[i+1])} of
 * {@code indices} (strictly increasing within a row, in [0, dimension())) and {@code values}.
 * Binary rows (null values) store no values ({@link Dataset}).
 */
final class SparseDataset extends Dataset {
  private final int[] rowPtr;
  private final int[] indices;
  private final float[] values;

  private SparseDataset(Labels labels, int[] classes, int d, int[] rowPtr, int[] indices, float[] values) {
    super(labels, classes, d);
    this.rowPtr = rowPtr;
    this.indices = indices;
    this.values = values;
  }

  /** The sparse rows of {@link Dataset#builder(int)}. */
  static Builder rowsOf(int dimension) {
    return new Builder(dimension);
  }

  /** {@link Dataset#of(int[], int[], float[], int, double[])}. */
  public static SparseDataset of(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    Objects.requireNonNull(labels, "labels");
    return copied(rowPtr, indices, values, dimension, labels.length, (c, i) -> c.add(labels[i], i));
  }

  /** {@link Dataset#of(int[], int[], float[], int, String[])}. */
  public static SparseDataset of(int[] rowPtr, int[] indices, float[] values, int dimension, String[] labels) {
    Objects.requireNonNull(labels, "labels");
    return copied(rowPtr, indices, values, dimension, labels.length, (c, i) -> c.add(labels[i], i));
  }

  private static SparseDataset copied(int[] rowPtr, int[] indices, float[] values, int dimension, int rows,
      ObjIntConsumer<LabelCollector> label) {
    Objects.requireNonNull(rowPtr, "rowPtr");
    Objects.requireNonNull(indices, "indices");
    checkPointers(rowPtr, rows, indices, values);
    int base = rowPtr[0];
    int nnz = rowPtr[rows];
    int[] ptr = new int[rows + 1];
    for (int i = 0; i <= rows; i++) {
      ptr[i] = rowPtr[i] - base;
    }
    return wrapped(ptr, Arrays.copyOfRange(indices, base, nnz),
        values == null ? null : Arrays.copyOfRange(values, base, nnz), dimension, rows, label);
  }

  /** {@link Dataset#wrap}. */
  public static SparseDataset wrap(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    Objects.requireNonNull(labels, "labels");
    return wrapped(rowPtr, indices, values, dimension, labels.length, (c, i) -> c.add(labels[i], i));
  }

  /**
   * {@link #wrap} for CSR arrays whose rows a reader has already checked (indices in [0, dimension)
   * and strictly increasing, values finite): the pointers and labels are checked, the rows not again.
   */
  static SparseDataset wrapCheckedRows(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    Objects.requireNonNull(labels, "labels");
    return wrapped(rowPtr, indices, values, dimension, labels.length, (c, i) -> c.add(labels[i], i), false);
  }

  /**
   * {@code DataAccess.viewCheckedRows}: the first {@code rows} rows of CSR arrays the caller has
   * checked, with class indices into labels; the pointers and classes are checked, the rows not.
   */
  static SparseDataset viewCheckedRows(int[] rowPtr, int rows, int[] indices, float[] values, int dimension,
      Labels labels, int[] classes) {
    Objects.requireNonNull(rowPtr, "rowPtr");
    Objects.requireNonNull(indices, "indices");
    Objects.requireNonNull(labels, "labels");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if (rows < 1) {
      throw new IllegalArgumentException("rows: " + rows + ", expected at least 1");
    }
    if (rowPtr.length <= rows || classes.length < rows) {
      throw new IllegalArgumentException(rowPtr.length <= rows ? "rowPtr has " + rowPtr.length + " entries, "
          + rows + " rows need " + (rows + 1) : "classes has " + classes.length + " entries for " + rows + " rows");
    }
    if (rowPtr[0] < 0 || rowPtr[rows] > indices.length || (values != null && rowPtr[rows] > values.length)) {
      throw new IllegalArgumentException("rowPtr range [" + rowPtr[0] + ", " + rowPtr[rows]
          + ") is not a valid range of indices (length " + indices.length + ")");
    }
    int[] cls = Arrays.copyOf(classes, rows);
    for (int i = 0; i < rows; i++) {
      if (rowPtr[i + 1] < rowPtr[i]) {
        throw new IllegalArgumentException("row " + i + ": rowPtr decreases from " + rowPtr[i] + " to "
            + rowPtr[i + 1]);
      }
      if (cls[i] < 0 || cls[i] >= labels.size()) {
        throw new IllegalArgumentException("row " + i + ": class index " + cls[i] + " is outside [0, "
            + labels.size() + "), the class indices of labels " + labels);
      }
    }
    return new SparseDataset(labels, cls, dimension, rowPtr, indices, values);
  }

  private static SparseDataset wrapped(int[] rowPtr, int[] indices, float[] values, int dimension, int rows,
      ObjIntConsumer<LabelCollector> label) {
    return wrapped(rowPtr, indices, values, dimension, rows, label, true);
  }

  private static SparseDataset wrapped(int[] rowPtr, int[] indices, float[] values, int dimension, int rows,
      ObjIntConsumer<LabelCollector> label, boolean checkRows) {
    Objects.requireNonNull(rowPtr, "rowPtr");
    Objects.requireNonNull(indices, "indices");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    checkPointers(rowPtr, rows, indices, values);
    LabelCollector collector = new LabelCollector();
    for (int i = 0; i < rows; i++) {
      if (checkRows) {
        checkRow(i, indices, values, rowPtr[i], rowPtr[i + 1], dimension);
      }
      label.accept(collector, i);
    }
    if (rowPtr[0] != 0 || indices.length != rowPtr[rows] || (values != null && values.length != rowPtr[rows])) {
      throw new IllegalArgumentException("the CSR arrays must hold exactly rowPtr[" + rows + "] = " + rowPtr[rows]
          + " entries from rowPtr[0] = 0, got " + indices.length + " indices" + (values == null ? ""
          : " and " + values.length + " values"));
    }
    Labels l = collector.labels();
    return new SparseDataset(l, collector.classes(l), dimension, rowPtr, indices, values);
  }

  /** Checks that there is one row pointer per row and one more, each row a range inside the arrays. */
  private static void checkPointers(int[] rowPtr, int rows, int[] indices, float[] values) {
    if (rowPtr.length != rows + 1) {
      throw new IllegalArgumentException("rowPtr.length = " + rowPtr.length + " must be labels.length + 1 = "
          + (rows + 1));
    }
    if (rows == 0) {
      throw new IllegalStateException("a dataset needs at least one example; none was added");
    }
    for (int i = 0; i < rows; i++) {
      int from = rowPtr[i];
      int to = rowPtr[i + 1];
      if (from < 0 || to < from || to > indices.length || (values != null && to > values.length)) {
        throw new IllegalArgumentException("row " + i + ": rowPtr range [" + from + ", " + to
            + ") is not a valid range of indices (length " + indices.length + ")");
      }
    }
  }

  /** Checks entries [from, to) of one row: indices strictly increasing in [0, d), values finite. */
  private static void checkRow(int row, int[] idx, float[] val, int from, int to, int d) {
    for (int p = from; p < to; p++) {
      if (idx[p] < 0 || idx[p] >= d) {
        throw new IllegalArgumentException("row " + row + ", index " + idx[p] + " (entry " + (p - from)
            + "): outside [0, " + d + ")");
      }
      if (p > from && idx[p] <= idx[p - 1]) {
        throw new IllegalArgumentException("row " + row + ", index " + idx[p] + " (entry " + (p - from)
            + "): indices must be strictly increasing, previous is " + idx[p - 1]);
      }
      if (val != null && !Float.isFinite(val[p])) {
        throw new IllegalArgumentException("row " + row + ", index " + idx[p] + ": value " + val[p]
            + " is not finite");
      }
    }
  }

  /** Adds rows one at a time; each row is validated when added and copied. */
  public static final class Builder {
    private final int d;
    private final LabelCollector labels = new LabelCollector();
    private int[] rowPtr = new int[17];
    private int[] indices = new int[64];
    private float[] values = new float[64];
    private boolean anyValues;
    private int rows;
    private int nnz;

    private Builder(int dimension) {
      if (dimension < 1) {
        throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
      }
      this.d = dimension;
    }

    /**
     * Adds the row {@code x} with {@code x[idx[p]] = val[p]} (or 1 when {@code val} is null: a
     * binary row) and zeros elsewhere, with a numeric label. The indices must be strictly
     * increasing in [0, dimension), the values finite and as many as the indices. Not modified.
     */
    public Builder add(int[] idx, float[] val, double label) {
      check(idx, val);
      labels.add(label, rows);
      return append(idx, val);
    }

    /** As {@link #add(int[], float[], double)}, with a class name. Arguments are not modified. */
    public Builder add(int[] idx, float[] val, String label) {
      check(idx, val);
      labels.add(label, rows);
      return append(idx, val);
    }

    private void check(int[] idx, float[] val) {
      Objects.requireNonNull(idx, "indices");
      if (val != null && val.length != idx.length) {
        throw new IllegalArgumentException("row " + rows + ": " + idx.length + " indices but " + val.length
            + " values");
      }
      checkRow(rows, idx, val, 0, idx.length, d);
      if ((long) nnz + idx.length > DenseDataset.MAX_ARRAY) {
        throw new IllegalArgumentException("row " + rows + ": more than " + DenseDataset.MAX_ARRAY
            + " non-zeros in one dataset");
      }
    }

    private Builder append(int[] idx, float[] val) {
      if (rows + 2 > rowPtr.length) {
        rowPtr = Arrays.copyOf(rowPtr, rowPtr.length * 2);
      }
      if (nnz + idx.length > indices.length) {
        int grown = (int) Math.min(DenseDataset.MAX_ARRAY, Math.max(nnz + (long) idx.length, 2L * indices.length));
        indices = Arrays.copyOf(indices, grown);
        values = Arrays.copyOf(values, grown);
      }
      System.arraycopy(idx, 0, indices, nnz, idx.length);
      if (val == null) {
        Arrays.fill(values, nnz, nnz + idx.length, 1f);
      } else {
        System.arraycopy(val, 0, values, nnz, idx.length);
        anyValues = true;
      }
      nnz += idx.length;
      rows++;
      rowPtr[rows] = nnz;
      return this;
    }

    /** Number of rows added so far. */
    public int size() {
      return rows;
    }

    /** The dataset; throws {@link IllegalStateException} when no row was added. */
    public SparseDataset build() {
      if (rows == 0) {
        throw new IllegalStateException("a dataset needs at least one example; none was added");
      }
      Labels l = labels.labels();
      return new SparseDataset(l, labels.classes(l), d, Arrays.copyOf(rowPtr, rows + 1),
          Arrays.copyOf(indices, nnz), anyValues ? Arrays.copyOf(values, nnz) : null);
    }
  }

  @Override
  public boolean isSparse() {
    return true;
  }

  /** Start of row i in {@link #indices()} and {@link #values()}. */
  int rowStart(int i) {
    return rowPtr[i];
  }

  /** The CSR index array (shared, must not be modified). */
  int[] indices() {
    return indices;
  }

  /** The CSR value array (shared, must not be modified), or null for a binary dataset. */
  float[] values() {
    return values;
  }

  @Override
  public int nonZeros(int i) {
    return rowPtr[i + 1] - rowPtr[i];
  }

  // The rows were validated when the dataset was built (indices in [0, d), values finite), so the
  // row operations check only the weight vector's length and run the unchecked loops.

  @Override
  public float dot(int i, float[] w) {
    return dot(i, w, 0);
  }

  @Override
  float dot(int i, float[] w, int wOffset) {
    checkWeights(w, wOffset);
    int off = rowPtr[i];
    int cnt = rowPtr[i + 1] - off;
    return SparseLoops.sparseDot(indices, values, off, cnt, w, wOffset);
  }

  @Override
  void addTo(int i, float alpha, float[] w) {
    addTo(i, alpha, w, 0);
  }

  @Override
  void addTo(int i, float alpha, float[] w, int wOffset) {
    checkWeights(w, wOffset);
    int off = rowPtr[i];
    int cnt = rowPtr[i + 1] - off;
    SparseLoops.scatterAdd(alpha, indices, values, off, cnt, w, wOffset);
  }

  @Override
  void addTo(int i, float a, double b, float[] w, double[] u) {
    addTo(i, a, b, w, u, 0);
  }

  @Override
  void addTo(int i, float a, double b, float[] w, double[] u, int wOffset) {
    checkWeights(w, wOffset);
    if (u.length < wOffset + dimension) {
      throw new IllegalArgumentException("u has length " + u.length + ", needs " + wOffset + " + " + dimension);
    }
    int off = rowPtr[i];
    SparseLoops.dualScatterAdd(a, b, indices, values, off, rowPtr[i + 1] - off, w, u, wOffset);
  }

  /** O(1): the validated indices are below dimension, so w[wOffset, wOffset + dimension) covers them. */
  private void checkWeights(float[] w, int wOffset) {
    if (wOffset < 0 || w.length - wOffset < dimension) {
      throw new IllegalArgumentException("w has length " + w.length + ", needs offset " + wOffset + " + dimension "
          + dimension);
    }
  }

  @Override
  void multiDot(int i, float[] rows, int k, float[] out) {
    SparseOps.multiDot(rows, k, dimension, indices, values, rowPtr[i], nonZeros(i), out, 0);
  }

  @Override
  void margins(float[] w, float bias, float[] out) {
    SparseOps.batchMargins(rowPtr, indices, values, size(), w, bias, out);
  }

  @Override
  public float squaredNorm(int i) {
    int off = rowPtr[i];
    int cnt = rowPtr[i + 1] - off;
    return values == null ? cnt : SparseOps.squaredNorm(values, off, cnt);
  }

  @Override
  public float[] denseRow(int i) {
    float[] row = new float[dimension];
    for (int p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      row[indices[p]] = values == null ? 1f : values[p];
    }
    return row;
  }

  @Override
  public SparseDataset subset(int[] rows) {
    int total = 0;
    for (int r : rows) {
      total += nonZeros(r);
    }
    int[] ptr = new int[rows.length + 1];
    int[] idx = new int[total];
    float[] val = values == null ? null : new float[total];
    int[] cls = new int[rows.length];
    int at = 0;
    for (int r = 0; r < rows.length; r++) {
      int from = rowPtr[rows[r]];
      int cnt = nonZeros(rows[r]);
      System.arraycopy(indices, from, idx, at, cnt);
      if (val != null) {
        System.arraycopy(values, from, val, at, cnt);
      }
      at += cnt;
      ptr[r + 1] = at;
      cls[r] = classes[rows[r]];
    }
    return new SparseDataset(labels, cls, dimension, ptr, idx, val);
  }

  @Override
  public SparseDataset withLabels(Labels newLabels, int[] newClasses) {
    return new SparseDataset(newLabels, checkedClasses(newLabels, newClasses), dimension, rowPtr, indices, values);
  }
}
