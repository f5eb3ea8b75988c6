package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/** The perceptron, cyclic PLA and the margin perceptron: update when y * a <= threshold. */
final class PerceptronRule extends BinaryRule {
  private final Algorithm algorithm;
  private final float threshold;

  PerceptronRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(dimension, options.bias(), labels, warm);
    this.algorithm = algorithm;
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

  @Override
  boolean haltsAfterCleanCycle() {
    return algorithm == Algorithm.PLA;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(w.clone(), b, labels);
  }

  @Override
  String name() {
    return algorithm.name();
  }
}
