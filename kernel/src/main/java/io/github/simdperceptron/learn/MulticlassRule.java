package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.Arrays;

/**
 * The multi-class perceptron: one weight row per class, stored feature-major
 * ({@link ClassWeights}), and one bias per class. On every visit the K scores come from one pass
 * over the row's non-zeros; the predicted class is the arg max of score + bias (ties to the
 * smallest index); on a mistake x is added to the true class's row and subtracted from the
 * predicted one's in one pass (and with the bias, b[true] += 1, b[predicted] -= 1).
 */
class MulticlassRule extends UpdateRule<MulticlassModel> {
  final int k;
  final ClassWeights weights;
  final float[] b;
  final boolean bias;
  final Labels labels;

  /**
   * Starts from zero, or from the warm-start model's rows (and biases, when the bias is on); the
   * averaged form starts its running average afresh from them.
   */
  MulticlassRule(int dimension, boolean bias, Labels labels, boolean averaged, MulticlassModel warm) {
    this.k = labels.size();
    this.weights = new ClassWeights(k, dimension, averaged);
    this.b = new float[k];
    this.bias = bias;
    this.labels = labels;
    if (warm != null) {
      for (int c = 0; c < k; c++) {
        float[] row = warm.weights(c);
        for (int j = 0; j < dimension; j++) {
          weights.w[j * weights.kp + c] = row[j];
        }
      }
      if (bias) {
        System.arraycopy(warm.biases(), 0, b, 0, k);
      }
    }
  }

  @Override
  int visit(Dataset data, int i) {
    weights.score(data, i);
    int predicted = MulticlassModel.argMax(weights.scores, b);
    int truth = data.classOf(i);
    int outcome = CORRECT;
    if (predicted != truth) {
      update(truth, predicted);
      outcome = MISTAKE | UPDATED;
    }
    visited();
    return outcome;
  }

  /** w[truth] += x_i, w[predicted] -= x_i; with the bias b[truth] += 1, b[predicted] -= 1. */
  void update(int truth, int predicted) {
    weights.applyTwo(truth, 1f, 0.0, predicted, -1f, 0.0);
    if (bias) {
      b[truth] += 1f;
      b[predicted] -= 1f;
    }
  }

  /** Called after every visit, mistake or not. */
  void visited() {}

  @Override
  MulticlassModel model() {
    return weights.model(b, labels);
  }

  @Override
  String name() {
    return "MULTICLASS(PERCEPTRON)";
  }

  /**
   * The averaged multi-class perceptron, CIML Algorithm 7 per row: u (double, K x d), beta
   * (double, K) and one counter c; on a mistake {@code u[truth] += c x, u[predicted] -= c x}
   * fused with the update of w, {@code beta[truth] += c, beta[predicted] -= c}; c += 1 after every
   * visit. The model is {@code w - u / c}, {@code b - beta / c}, computed in double.
   */
  static final class Averaged extends MulticlassRule {
    private final double[] beta;
    private long c = 1;

    Averaged(int dimension, boolean bias, Labels labels, MulticlassModel warm) {
      super(dimension, bias, labels, true, warm);
      this.beta = new double[k];
    }

    @Override
    void update(int truth, int predicted) {
      double cd = c;
      weights.applyTwo(truth, 1f, cd, predicted, -1f, -cd);
      if (bias) {
        b[truth] += 1f;
        b[predicted] -= 1f;
        beta[truth] += cd;
        beta[predicted] -= cd;
      }
    }

    @Override
    void visited() {
      c++;
    }

    @Override
    MulticlassModel model() {
      long[] count = new long[k];
      Arrays.fill(count, c);
      return weights.averagedModel(b, beta, count, labels);
    }

    @Override
    String name() {
      return "MULTICLASS(AVERAGED)";
    }
  }
}
