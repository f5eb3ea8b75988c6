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
 * (Java's bounds checks catch a wrong one). The datasets are built by {@link DenseDataset} and
 * {@link SparseDataset}; this class cannot be extended outside its package.
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
