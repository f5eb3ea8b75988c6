package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;

/**
 * The averaged perceptron as CIML Algorithm 7 (cached weights u, beta and a counter c), with the
 * fused update {@code w += y x, u += y c x} in one pass over x. u and beta are double: in float, u
 * grows like c |w| and {@code w - u / c} cancels catastrophically once c is large.
 */
final class AveragedRule extends BinaryRule {
  final double[] u;
  double beta;
  /** The counter: visits so far, plus one. */
  long c = 1;

  AveragedRule(int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(Algorithm.AVERAGED, dimension, options, labels, warm);
    this.u = new double[dimension];
  }

  @Override
  int visit(Dataset data, int i) {
    float y = data.label(i);
    int outcome = CORRECT;
    if (y * activation(data, i) <= 0f) {
      double yc = (double) y * c;
      DataAccess.addTo(data, i, y, yc, w, u);
      if (bias) {
        b += y;
        beta += yc;
      }
      outcome = MISTAKE | UPDATED;
    }
    c++;
    return outcome;
  }

  @Override
  BinaryModel model() {
    float[] avg = new float[w.length];
    for (int j = 0; j < avg.length; j++) {
      avg[j] = average(w[j], u[j], c);
    }
    return LinearModel.wrap(avg, average(b, beta, c), labels);
  }

  /**
   * The averaged weight (or bias) of CIML Algorithm 7, {@code w - u / count} in double, rounded
   * once to float; every averaged learner (binary, multi-class, one-vs-rest) takes its model from it.
   */
  static float average(float w, double u, long count) {
    return (float) ((double) w - u / count);
  }
}
