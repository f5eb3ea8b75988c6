package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;

/**
 * A binary classifier with a real-valued score: it predicts +1 when the score is positive and
 * -1 otherwise (a zero score is -1, as in training where a zero activation is a mistake). The
 * negative class is {@code labels().name(0)}, the positive one {@code labels().name(1)}.
 */
public interface BinaryModel extends Model {

  /** The score of a dense x of length {@link #dimension()}. x is not modified. */
  float score(float[] x);

  /** The score of a sparse x (indices in [0, dimension()), values null for binary). Not modified. */
  float score(int[] indices, float[] values);

  /** The score of row i of data. */
  float score(Dataset data, int i);

  /** The scores of every row of data. */
  default float[] scores(Dataset data) {
    checkDimension(data);
    float[] out = new float[data.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = score(data, i);
    }
    return out;
  }

  @Override
  default float[][] scoreRows(Dataset data) {
    float[] s = scores(data);
    float[][] out = new float[s.length][];
    for (int i = 0; i < s.length; i++) {
      out[i] = new float[] {s[i]};
    }
    return out;
  }

  /** +1 or -1 for a dense x. */
  default float predict(float[] x) {
    return score(x) > 0f ? 1f : -1f;
  }

  /** +1 or -1 for a sparse x. */
  default float predict(int[] indices, float[] values) {
    return score(indices, values) > 0f ? 1f : -1f;
  }

  @Override
  default int predictClass(Dataset data, int i) {
    return classOfScore(score(data, i));
  }

  @Override
  default int predictClass(float[] x) {
    return classOfScore(score(x));
  }

  @Override
  default int predictClass(int[] indices, float[] values) {
    return classOfScore(score(indices, values));
  }

  /** The class index a score stands for: 1 when positive, else 0 (-1 for a one-class model's other side). */
  private int classOfScore(float score) {
    if (labels().size() == 2) {
      return score > 0f ? 1 : 0;
    }
    return labels().binaryLabel(0) == (score > 0f ? 1f : -1f) ? 0 : -1;
  }

  @Override
  default int scoreCount() {
    return 1;
  }

  @Override
  default void scores(float[] x, float[] out) {
    out[0] = score(x);
  }

  /**
   * The training error under the training rule: the fraction of rows with
   * {@code y_i * score_i <= 0} (a zero score is an error for both labels).
   */
  default double trainingError(Dataset data) {
    return PostFitFigures.error(data, scores(data));
  }
}
