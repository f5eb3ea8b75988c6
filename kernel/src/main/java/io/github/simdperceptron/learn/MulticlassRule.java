package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/**
 * The multi-class perceptron: one weight row per class (row-major K x d) and one bias per class.
 * On every visit the K scores come from one multi-row pass; the predicted class is the arg max
 * (ties to the smallest index); on a mistake x is added to the true class's row and subtracted
 * from the predicted one's (and with the bias, b[true] += 1, b[predicted] -= 1).
 */
class MulticlassRule extends UpdateRule<MulticlassModel> {
  final int k;
  final int d;
  final float[] w;
  final float[] b;
  final boolean bias;
  final Labels labels;
  private final float[] scores;

  MulticlassRule(int dimension, boolean bias, Labels labels) {
    this.k = labels.size();
    this.d = dimension;
    this.w = new float[k * dimension];
    this.b = new float[k];
    this.bias = bias;
    this.labels = labels;
    this.scores = new float[k];
  }

  @Override
  int visit(Dataset data, int i) {
    data.multiDot(i, w, k, scores);
    int predicted = MulticlassModel.argMax(scores, b);
    int truth = data.classOf(i);
    int outcome = CORRECT;
    if (predicted != truth) {
      update(data, i, truth, predicted);
      outcome = MISTAKE | UPDATED;
    }
    visited();
    return outcome;
  }

  /** w[truth] += x_i, w[predicted] -= x_i; with the bias b[truth] += 1, b[predicted] -= 1. */
  void update(Dataset data, int i, int truth, int predicted) {
    data.addTo(i, 1f, w, truth * d);
    data.addTo(i, -1f, w, predicted * d);
    if (bias) {
      b[truth] += 1f;
      b[predicted] -= 1f;
    }
  }

  /** Called after every visit, mistake or not. */
  void visited() {}

  @Override
  MulticlassModel model() {
    return MulticlassModel.wrap(w.clone(), b.clone(), labels);
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
    private final double[] u;
    private final double[] beta;
    private long c = 1;

    Averaged(int dimension, boolean bias, Labels labels) {
      super(dimension, bias, labels);
      this.u = new double[k * dimension];
      this.beta = new double[k];
    }

    @Override
    void update(Dataset data, int i, int truth, int predicted) {
      double cd = c;
      data.addTo(i, 1f, cd, w, u, truth * d);
      data.addTo(i, -1f, -cd, w, u, predicted * d);
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
      float[] avg = new float[w.length];
      for (int j = 0; j < avg.length; j++) {
        avg[j] = (float) ((double) w[j] - u[j] / c);
      }
      float[] avgB = new float[k];
      for (int r = 0; r < k; r++) {
        avgB[r] = (float) ((double) b[r] - beta[r] / c);
      }
      return MulticlassModel.wrap(avg, avgB, labels);
    }

    @Override
    String name() {
      return "MULTICLASS(AVERAGED)";
    }
  }
}
