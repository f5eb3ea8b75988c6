package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;

/**
 * The perceptron, cyclic PLA and the margin perceptron (update when y * a &lt;= threshold), and the
 * state and steps the other binary rules share with them: w, b, the activation and the update.
 */
class BinaryRule extends UpdateRule<BinaryModel> {
  final Algorithm algorithm;
  final float[] w;
  float b;
  final boolean bias;
  final Labels labels;
  private final float threshold;

  /** Starts from zero, or from a copy of the warm-start model's weights and bias. */
  BinaryRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    this.algorithm = algorithm;
    this.w = warm == null ? new float[dimension] : warm.weights();
    this.bias = options.bias();
    this.b = warm == null || !bias ? 0f : warm.bias();
    this.labels = labels;
    this.threshold = algorithm.threshold(options);
  }

  @Override
  int visit(Dataset data, int i) {
    float y = data.label(i);
    float ya = y * activation(data, i);
    int outcome = ya <= 0f ? MISTAKE : CORRECT;
    if (ya <= threshold) {
      update(data, i, y);
      outcome |= UPDATED;
    }
    return outcome;
  }

  final float activation(Dataset data, int i) {
    return data.dot(i, w) + b;
  }

  /** w += y x_i; b += y. */
  final void update(Dataset data, int i, float y) {
    DataAccess.addTo(data, i, y, w);
    if (bias) {
      b += y;
    }
  }

  @Override
  final boolean haltsAfterCleanCycle() {
    return algorithm == Algorithm.PLA;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(w.clone(), b, labels);
  }

  @Override
  final String name() {
    return algorithm.name();
  }
}
