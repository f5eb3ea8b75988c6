package io.github.simdperceptron.data;

/**
 * A validated, immutable set of labelled examples: {@code size()} rows of dimension
 * {@code dimension()}, every value finite, every row with a class.
 *
 * <p>The row operations run on the kernel ({@code DenseOps}/{@code SparseOps}), so learners written
 * against this class are the same for dense and sparse data. Methods that take a weight vector
 * {@code w} need {@code w.length >= dimension()}; row indices are trusted (learners pass
 * {@code 0 <= i < size()}), and Java's bounds checks catch a wrong one.
 */
public abstract class Dataset {
  final Labels labels;
  final int[] classes;
  final float[] binary;
  final int dimension;

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
  public abstract float dot(int i, float[] w, int wOffset);

  /** w += alpha * x_i. w is modified. */
  public abstract void addTo(int i, float alpha, float[] w);

  /** w[wOffset ..] += alpha * x_i: updates one row of a weight matrix. w is modified. */
  public abstract void addTo(int i, float alpha, float[] w, int wOffset);

  /**
   * The averaged perceptron's fused update: {@code w += a * x_i} (float) and
   * {@code u += b * x_i} (double), one pass over x_i. w and u are modified.
   */
  public abstract void addTo(int i, float a, double b, float[] w, double[] u);

  /** Fused update of one row of weight matrices: w[wOffset ..] += a x_i, u[wOffset ..] += b x_i. */
  public abstract void addTo(int i, float a, double b, float[] w, double[] u, int wOffset);

  /**
   * The scores of k weight rows (row-major k x dimension() in {@code rows}) against x_i, in one
   * pass: {@code out[r] = x_i . rows[r*d ..]}. Only out is modified.
   */
  public abstract void multiDot(int i, float[] rows, int k, float[] out);

  /** out[i] = x_i . w + bias for every row (the batch-margin kernel). Only out is modified. */
  public abstract void margins(float[] w, float bias, float[] out);

  /** ||x_i||^2. */
  public abstract float squaredNorm(int i);

  /** Row i as a new dense array of length dimension(). */
  public abstract float[] denseRow(int i);

  /** The rows at the given positions, in that order, as a new dataset with the same labels. */
  public abstract Dataset subset(int[] rows);

  /** A dataset with the same rows and class indices but other labels (used when a model fixes the class list). */
  public abstract Dataset withLabels(Labels labels, int[] classes);
}
