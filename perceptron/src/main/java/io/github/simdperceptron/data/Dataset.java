package io.github.simdperceptron.data;

import io.github.simdperceptron.data.internal.DataAccess;
import java.util.Objects;

/**
 * A validated, immutable set of labelled examples: {@code size()} rows of dimension
 * {@code dimension()}, every value finite, every row with a class.
 *
 * <p>The row operations run on the kernel ({@code DenseOps}/{@code SparseOps}), so code written
 * against this class is the same for dense and sparse data. Methods that take a weight vector
 * {@code w} need {@code w.length >= dimension()}; row indices must lie in {@code [0, size())}
 * (Java's bounds checks catch a wrong one). A dataset is dense (rows of d floats, row-major) or
 * sparse (CSR: each row's non-zeros as strictly increasing indices with their values), as it was
 * built: by {@link #of(float[][], double[])} and the other {@code of} forms, {@link #wrap},
 * {@link #builder(int)} or a reader. This class cannot be extended outside its package.
 *
 * <p>Binary rows: wherever this library takes the values of a sparse vector (here, in
 * {@code SparseOps} and in the models), {@code null} values mean every value is 1. A dataset whose
 * rows were all given that way stores no values, and its row operations run loops that read none.
 */
public abstract class Dataset {
  final Labels labels;
  final int[] classes;
  final float[] binary;
  final int dimension;

  static {
    DataAccess.install(new DataBridge());
  }

  Dataset(Labels labels, int[] classes, int dimension) {
    if (classes.length == 0) {
      throw new IllegalArgumentException("a dataset needs at least one example");
    }
    this.labels = labels;
    this.classes = classes;
    this.dimension = dimension;
    this.binary = labels.size() <= 2 ? binaryLabels(labels, classes) : null;
  }

  /**
   * A dense dataset of these rows (all of one length, every value finite; copied) with one numeric
   * label per row, as {@code X, y} are given to scikit-learn. Arguments are not modified.
   */
  public static Dataset of(float[][] rows, double[] labels) {
    return DenseDataset.of(rows, labels);
  }

  /** As {@link #of(float[][], double[])}, with class names. Arguments are not modified. */
  public static Dataset of(float[][] rows, String[] labels) {
    return DenseDataset.of(rows, labels);
  }

  /**
   * A dense dataset from a row-major n x d matrix and one numeric label per row (copied, then
   * validated: every value finite, labels.length rows). Arguments are not modified.
   */
  public static Dataset of(float[] rowMajor, int dimension, double[] labels) {
    return DenseDataset.of(rowMajor, dimension, labels);
  }

  /**
   * A sparse dataset from CSR (compressed sparse row) arrays and one numeric label per row, as
   * {@code scipy.sparse.csr_matrix} holds them: row i is the vector x_i with
   * {@code x_i[indices[p]] = values[p]} for {@code p} in {@code [rowPtr[i], rowPtr[i+1])} and 0
   * elsewhere; {@code values} null means every such value is 1 (a binary dataset, which stores
   * no values).
   *
   * <p>With n = {@code labels.length} (at least 1): {@code rowPtr} has n + 1 entries, non-decreasing,
   * with {@code rowPtr[0] >= 0} and {@code rowPtr[n]} at most the length of {@code indices} (and of
   * {@code values}); the indices of each row are strictly increasing in {@code [0, dimension)};
   * every value and label is finite. A violation throws {@link IllegalArgumentException} naming the
   * row (and the index) at fault; an empty {@code labels} throws {@link IllegalStateException}. The
   * used ranges are copied, so the arrays may be slices of larger ones ({@code rowPtr[0] > 0});
   * arguments are not modified.
   */
  public static Dataset of(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    return SparseDataset.of(rowPtr, indices, values, dimension, labels);
  }

  /** As {@link #of(int[], int[], float[], int, double[])}, with class names (none null or empty). */
  public static Dataset of(int[] rowPtr, int[] indices, float[] values, int dimension, String[] labels) {
    return SparseDataset.of(rowPtr, indices, values, dimension, labels);
  }

  /**
   * As {@link #of(int[], int[], float[], int, double[])}, but takes the arrays over without
   * copying them (validated in place): a reader of a large file needs no second copy. Here
   * {@code rowPtr[0]} is 0 and {@code indices} (and {@code values}, unless null) hold exactly
   * {@code rowPtr[labels.length]} entries. The caller must not modify the arrays afterwards;
   * {@code labels} is only read.
   */
  public static Dataset wrap(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    return SparseDataset.wrap(rowPtr, indices, values, dimension, labels);
  }

  /**
   * A builder for rows of the given dimension (at least 1): dense rows ({@code add(float[], ...)})
   * make a dense dataset, sparse rows ({@code add(int[], float[], ...)}) a sparse one; one builder
   * takes one kind.
   */
  public static Builder builder(int dimension) {
    return new Builder(dimension);
  }

  /** Adds rows one at a time; each row is validated when added and copied. */
  public static final class Builder {
    private final int dimension;
    private DenseDataset.Builder dense;
    private SparseDataset.Builder sparse;

    private Builder(int dimension) {
      if (dimension < 1) {
        throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
      }
      this.dimension = dimension;
    }

    /** Adds a dense row with a numeric label. x is not modified. */
    public Builder add(float[] x, double label) {
      dense().add(x, label);
      return this;
    }

    /** Adds a dense row with a class name. x is not modified. */
    public Builder add(float[] x, String label) {
      dense().add(x, label);
      return this;
    }

    /** Adds the dense row x[offset .. offset+dimension) with a numeric label. x is not modified. */
    public Builder add(float[] x, int offset, double label) {
      dense().add(x, offset, label);
      return this;
    }

    /**
     * Adds the sparse row {@code x} with {@code x[indices[p]] = values[p]} (or 1 when
     * {@code values} is null: a binary row) and zeros elsewhere, with a numeric label. The indices
     * must be strictly increasing in [0, dimension), the values finite and as many as the indices.
     * Not modified.
     */
    public Builder add(int[] indices, float[] values, double label) {
      sparse().add(indices, values, label);
      return this;
    }

    /** As {@link #add(int[], float[], double)}, with a class name. Arguments are not modified. */
    public Builder add(int[] indices, float[] values, String label) {
      sparse().add(indices, values, label);
      return this;
    }

    private DenseDataset.Builder dense() {
      if (sparse != null) {
        throw new IllegalStateException("row " + sparse.size() + ": a dense row, but this builder holds sparse rows");
      }
      if (dense == null) {
        dense = DenseDataset.rowsOf(dimension);
      }
      return dense;
    }

    private SparseDataset.Builder sparse() {
      if (dense != null) {
        throw new IllegalStateException("row " + dense.size() + ": a sparse row, but this builder holds dense rows");
      }
      if (sparse == null) {
        sparse = SparseDataset.rowsOf(dimension);
      }
      return sparse;
    }

    /** Number of rows added so far. */
    public int size() {
      return dense != null ? dense.size() : sparse != null ? sparse.size() : 0;
    }

    /** The dataset; throws {@link IllegalStateException} when no row was added. */
    public Dataset build() {
      if (dense != null) {
        return dense.build();
      }
      if (sparse != null) {
        return sparse.build();
      }
      throw new IllegalStateException("a dataset needs at least one example; none was added");
    }
  }

  private static float[] binaryLabels(Labels labels, int[] classes) {
    float[] y = new float[classes.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = labels.binaryLabel(classes[i]);
    }
    return y;
  }

  /** Number of examples (at least 1). */
  public final int size() {
    return classes.length;
  }

  /** Number of features. */
  public final int dimension() {
    return dimension;
  }

  /** The class values, in class-index order. */
  public final Labels labels() {
    return labels;
  }

  /** Class index of example i, in [0, labels().size()). */
  public final int classOf(int i) {
    return classes[i];
  }

  /**
   * The binary label (+1 or -1) of example i; see {@link Labels} for the mapping. Throws
   * {@link IllegalStateException} when the dataset has more than two classes.
   */
  public final float label(int i) {
    if (binary == null) {
      throw labels.notBinary();
    }
    return binary[i];
  }

  /** Whether the dataset is sparse (CSR). */
  public abstract boolean isSparse();

  /** Number of stored values in row i (d for dense rows). */
  public abstract int nonZeros(int i);

  /** Returns x_i . w over the first dimension() entries of w. Nothing is modified. */
  public abstract float dot(int i, float[] w);

  /** x_i . w[wOffset .. wOffset + dimension()): the score of row i against one row of a weight matrix. */
  abstract float dot(int i, float[] w, int wOffset);

  /** w += alpha * x_i. w is modified. */
  abstract void addTo(int i, float alpha, float[] w);

  /** w[wOffset ..] += alpha * x_i: updates one row of a weight matrix. w is modified. */
  abstract void addTo(int i, float alpha, float[] w, int wOffset);

  /**
   * The averaged perceptron's fused update: {@code w += a * x_i} (float) and
   * {@code u += b * x_i} (double), one pass over x_i. w and u are modified.
   */
  abstract void addTo(int i, float a, double b, float[] w, double[] u);

  /** Fused update of one row of weight matrices: w[wOffset ..] += a x_i, u[wOffset ..] += b x_i. */
  abstract void addTo(int i, float a, double b, float[] w, double[] u, int wOffset);

  /**
   * The scores of k weight rows (row-major k x dimension() in {@code rows}) against x_i, in one
   * pass: {@code out[r] = x_i . rows[r*d ..]}. Only out is modified.
   */
  abstract void multiDot(int i, float[] rows, int k, float[] out);

  /** out[i] = x_i . w + bias for every row (the batch-margin kernel). Only out is modified. */
  abstract void margins(float[] w, float bias, float[] out);

  /** ||x_i||^2. */
  public abstract float squaredNorm(int i);

  /** Row i as a new dense array of length dimension(). */
  public abstract float[] denseRow(int i);

  /** The rows at the given positions, in that order, as a new dataset with the same labels. */
  public abstract Dataset subset(int[] rows);

  /**
   * The same rows with other classes: row i gets class index {@code classes[i]} into
   * {@code labels} (e.g. to align a dataset with the class list a model was trained on, or to
   * relabel it class c against the rest). {@code classes} is copied and needs one entry per row,
   * each in {@code [0, labels.size())}; an entry outside throws {@link IllegalArgumentException}
   * naming its row. The rows are shared, not copied.
   */
  public abstract Dataset withLabels(Labels labels, int[] classes);

  /** A copy of classes after checking it against labels and this dataset, as {@link #withLabels} says. */
  final int[] checkedClasses(Labels newLabels, int[] newClasses) {
    Objects.requireNonNull(newLabels, "labels");
    Objects.requireNonNull(newClasses, "classes");
    if (newClasses.length != size()) {
      throw new IllegalArgumentException("classes has " + newClasses.length + " entries, the dataset " + size());
    }
    int[] copy = newClasses.clone();
    int k = newLabels.size();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] < 0 || copy[i] >= k) {
        throw new IllegalArgumentException("classes[" + i + "] (row " + i + ") = " + copy[i] + " is outside [0, "
            + k + "), the class indices of labels " + newLabels);
      }
    }
    return copy;
  }
}
