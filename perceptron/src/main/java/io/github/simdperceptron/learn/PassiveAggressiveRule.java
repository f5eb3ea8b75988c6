package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.internal.PassiveAggressiveStep;

/**
 * The binary passive-aggressive learners PA, PA-I and PA-II (docs/learners.md): with
 * {@code a = w.x + b} and {@code loss = 1 - y a}, a visit with a loss &gt; 0 steps
 * {@code w += tau y x, b += tau y}, tau from {@link PassiveAggressiveStep} with
 * {@code q = |x|^2 + 1} (the bias is a feature of value 1; without it {@code q = |x|^2}). A
 * mistake is still {@code y a <= 0}.
 */
final class PassiveAggressiveRule extends BinaryRule {
  private final PassiveAggressiveStep step;

  PassiveAggressiveRule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels,
      LinearModel warm) {
    super(algorithm, dimension, options, labels, warm);
    this.step = PassiveAggressiveStep.of(algorithm, options.aggressiveness());
  }

  @Override
  int visit(Dataset data, int i) {
    float y = data.label(i);
    float ya = y * activation(data, i);
    int outcome = ya <= 0f ? MISTAKE : CORRECT;
    float loss = 1f - ya;
    if (loss > 0f) {
      float q = data.squaredNorm(i) + (bias ? 1f : 0f);
      if (q > 0f) {
        float ty = step.tau(loss, q) * y;
        DataAccess.addTo(data, i, ty, w);
        if (bias) {
          b += ty;
        }
        outcome |= UPDATED;
      }
    }
    return outcome;
  }
}
