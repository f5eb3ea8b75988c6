package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.stream.IntStream;

/** A trained classifier: binary ({@link BinaryModel}) or multi-class. Immutable. */
public interface Model {

  /** The class values the model was trained on, in class-index order. */
  Labels labels();

  /** Number of features the model expects. */
  int dimension();

  /**
   * The predicted class index (into {@link #labels()}) of row i of data, or -1 when the model
   * predicts a class it has no name for (a binary model trained on one class only).
   */
  int predictClass(Dataset data, int i);

  /** The predicted class index of a dense x of length {@link #dimension()}, as for a dataset row. */
  int predictClass(float[] x);

  /**
   * The predicted class index of a sparse x (indices in [0, dimension()), values null for
   * binary), as for a dataset row.
   */
  int predictClass(int[] indices, float[] values);

  /** The predicted class's name for a dense x; null when the model has no name for it. */
  default String predictLabel(float[] x) {
    int c = predictClass(x);
    return c < 0 ? null : labels().name(c);
  }

  /**
   * The predicted class's name for a sparse x (indices in [0, dimension()) with their values; null
   * values: every value is 1), as {@link #predictClass(int[], float[])}; null when the model has no
   * name for it. Not modified.
   */
  default String predictLabel(int[] indices, float[] values) {
    int c = predictClass(indices, values);
    return c < 0 ? null : labels().name(c);
  }

  /** How many scores {@link #scores(float[], float[])} writes: 1 for a binary model, K for K classes. */
  int scoreCount();

  /**
   * Writes the scores of a dense x into {@code out[0, scoreCount())}, allocating nothing: the one
   * score of a binary model (positive for {@code labels().name(1)}), or the K class scores of a
   * multi-class model in class order. Only out is modified.
   */
  void scores(float[] x, float[] out);

  /**
   * The raw scores of every row of data: row i's {@link #scoreCount()} scores at {@code [i]}, as
   * {@link #scores(float[], float[])} gives them for the row. data is not modified.
   */
  default float[][] scoreRows(Dataset data) {
    checkDimension(data);
    float[][] out = new float[data.size()][scoreCount()];
    for (int i = 0; i < out.length; i++) {
      scores(data.denseRow(i), out[i]);
    }
    return out;
  }

  /**
   * The predicted class of the sparse x whose non-zeros are {@code indices[0, count)} (increasing,
   * in [0, dimension())) with {@code values[0, count)}, as {@link #predictClass(int[], float[])} of
   * those prefixes gives it: a caller can predict a stream of rows from reused arrays. Unlike the
   * two-argument form, values may not be null (pass ones for a binary row). Neither array is
   * modified; a model without a sparse path of its own copies the prefixes.
   */
  default int predictClass(int[] indices, float[] values, int count) {
    java.util.Objects.requireNonNull(indices, "indices");
    java.util.Objects.requireNonNull(values, "values");
    if (count < 0 || count > indices.length || count > values.length) {
      throw new IllegalArgumentException("count " + count + " is not in [0, " + Math.min(indices.length,
          values.length) + "]");
    }
    return predictClass(java.util.Arrays.copyOf(indices, count), java.util.Arrays.copyOf(values, count));
  }

  /**
   * The predicted class of each of the n dense rows of the row-major matrix {@code rows} (row i at
   * {@code rows[i*d, i*d + d)}, d = {@link #dimension()}) into {@code out[0, n)}, each as
   * {@link #predictClass(float[])} of that row gives it. Only out is modified.
   */
  default void predictClasses(float[] rows, int n, int[] out) {
    int d = dimension();
    SideBySideRows.check(rows, n, out, d);
    float[] x = new float[d];
    for (int i = 0; i < n; i++) {
      System.arraycopy(rows, i * d, x, 0, d);
      out[i] = predictClass(x);
    }
  }

  /** {@link #predictClass(Dataset, int)} for every row. */
  default int[] predictClasses(Dataset data) {
    checkDimension(data);
    return IntStream.range(0, data.size()).map(i -> predictClass(data, i)).toArray();
  }

  /**
   * Fraction of rows whose predicted class has the same name as the row's class. The data may
   * list its classes in another order or lack some; a class the model never saw is always wrong.
   */
  default double accuracy(Dataset data) {
    return PostFitFigures.accuracy(this, data, predictClasses(data));
  }

  /** Throws {@link IllegalArgumentException} when data has another dimension. */
  default void checkDimension(Dataset data) {
    if (data.dimension() != dimension()) {
      throw new IllegalArgumentException(
          "the data has dimension " + data.dimension() + ", the model expects " + dimension());
    }
  }
}
