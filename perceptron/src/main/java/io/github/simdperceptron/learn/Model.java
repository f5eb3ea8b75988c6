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
