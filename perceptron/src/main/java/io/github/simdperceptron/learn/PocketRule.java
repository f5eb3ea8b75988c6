package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/** Pocket with ratchet: the perceptron's (w, b), and after every update an offer to the {@link Pocket}. */
final class PocketRule extends BinaryRule {
  private final Pocket pocket;
  private float[] margins;

  PocketRule(int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(Algorithm.POCKET, dimension, options, labels, warm);
    pocket = new Pocket(w, b, -1);
  }

  @Override
  int visit(Dataset data, int i) {
    if (margins == null) {
      margins = new float[data.size()];
      pocket.offer(data, w, b, margins);
    }
    int outcome = super.visit(data, i);
    if (outcome != CORRECT) {
      pocket.offer(data, w, b, margins);
    }
    return outcome;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(pocket.w.clone(), pocket.b, labels);
  }
}
