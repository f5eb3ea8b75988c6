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
    float y = data.label(i);
    if (y * activation(data, i) > 0f) {
      return CORRECT;
    }
    update(data, i, y);
    pocket.offer(data, w, b, margins);
    return MISTAKE | UPDATED;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(pocket.w.clone(), pocket.b, labels);
  }
}
