package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;

/** State and steps shared by the binary rules: w, b, the activation and the perceptron update. */
abstract class BinaryRule extends UpdateRule<BinaryModel> {
  final float[] w;
  float b;
  final boolean bias;
  final Labels labels;

  /** Starts from zero, or from a copy of the warm-start model's weights and bias. */
  BinaryRule(int dimension, boolean bias, Labels labels, LinearModel warm) {
    this.w = warm == null ? new float[dimension] : warm.weights();
    this.b = warm == null || !bias ? 0f : warm.bias();
    this.bias = bias;
    this.labels = labels;
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
}
