package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/** Pocket with ratchet: the perceptron's (w, b), and after every update an offer to the {@link Pocket}. */
final class PocketRule extends BinaryRule {
  private final Pocket pocket;
  private float[] margins;
  /** Whether the pocket was restored from a saved state: the first visit counts its errors before the offer. */
  private boolean restored;

  PocketRule(int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(Algorithm.POCKET, dimension, options, labels, warm);
    pocket = new Pocket(w, b, -1);
  }

  @Override
  int visit(Dataset data, int i) {
    if (margins == null) {
      margins = new float[data.size()];
      if (restored) {
        pocket.errors = pocket.errors(data, margins);
      }
      pocket.offer(data, w, b, margins);
    }
    int outcome = super.visit(data, i);
    if (outcome != CORRECT) {
      pocket.offer(data, w, b, margins);
    }
    return outcome;
  }

  /** Sets the pocket to a saved model's weights and bias (its errors counted at the first visit). */
  void restorePocket(LinearModel saved) {
    System.arraycopy(saved.weights(), 0, pocket.w, 0, w.length);
    pocket.b = saved.bias();
    restored = true;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(pocket.w.clone(), pocket.b, labels);
  }
}
