package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.internal.PassiveAggressiveStep;

/**
 * The multi-class passive-aggressive learners (Crammer et al. 2006, section 7, the max-loss
 * update with the 0-1 cost) over the K classes' {@link ClassWeights}: with r the highest-scoring
 * wrong class (ties to the smallest index) and {@code loss = 1 - (s_y - s_r)}, a visit with a loss
 * &gt; 0 steps {@code w_y += tau x, w_r -= tau x} (and the biases by tau), tau from
 * {@link PassiveAggressiveStep} with {@code q = 2 (|x|^2 + 1)} (the bias a feature of value 1;
 * without it {@code q = 2 |x|^2}). A mistake is a wrong arg max of the scores, as for the
 * multi-class perceptron.
 */
final class MulticlassPassiveAggressiveRule extends UpdateRule<MulticlassModel> {
  private final Algorithm algorithm;
  final ClassWeights weights;
  private final PassiveAggressiveStep step;

  /** Starts as {@link ClassWeights} does. */
  MulticlassPassiveAggressiveRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels,
      MulticlassModel warm) {
    this.algorithm = algorithm;
    this.weights = new ClassWeights(labels, dimension, options.bias(), false, warm);
    this.step = PassiveAggressiveStep.of(algorithm, options.aggressiveness());
  }

  @Override
  int visit(Dataset data, int i) {
    weights.score(data, i);
    float[] s = weights.scores;
    int truth = data.classOf(i);
    int outcome = MulticlassModel.argMax(s, weights.k) == truth ? CORRECT : MISTAKE;
    int r = -1;
    for (int c = 0; c < weights.k; c++) {
      if (c != truth && (r < 0 || s[c] > s[r])) {
        r = c;
      }
    }
    if (r < 0) {
      return outcome;
    }
    float loss = 1f - (s[truth] - s[r]);
    if (loss > 0f) {
      float q = 2f * (weights.squaredNorm() + (weights.bias ? 1f : 0f));
      if (q > 0f) {
        weights.applyPair(truth, r, step.tau(loss, q));
        outcome |= UPDATED;
      }
    }
    return outcome;
  }

  @Override
  MulticlassModel model() {
    return weights.model(c -> 1L);
  }

  @Override
  String name() {
    return "MULTICLASS(" + algorithm + ")";
  }
}
