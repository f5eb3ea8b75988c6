package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.PassiveAggressiveStep;

/**
 * The passive-aggressive kernel learners PA, PA-I, PA-II (Crammer et al. 2006, with kernels;
 * docs/kernel-perceptron.md): with {@code loss = 1 - margin} &gt; 0 the coefficient changes by tau
 * instead of 1 (binary: {@code alpha_i += tau y}; K classes: tau for the true class, -tau for the
 * highest-scoring wrong one), tau from {@link PassiveAggressiveStep} with {@code q = K(x, x) + 1}
 * (the bias a feature of value 1; without it {@code K(x, x)}), twice that for K classes. The
 * model keeps the last coefficients, or in the averaged form those of every visit averaged (CIML
 * Algorithm 7, as {@link AveragedKernelRule} keeps them).
 */
final class PassiveAggressiveKernelRule extends MarginalKernelRule {
  private final PassiveAggressiveStep pa;
  private final float factor;

  PassiveAggressiveKernelRule(Algorithm algorithm, KernelModel.Function kernel, Budget budget, Labels labels,
      TrainingOptions options, KernelSettings settings, boolean averaged) {
    super(algorithm, kernel, budget, labels, options, settings, averaged);
    this.pa = PassiveAggressiveStep.of(algorithm, options.aggressiveness());
    this.factor = k == 1 ? 1f : 2f;
  }

  @Override
  float step(int i, float margin) {
    float loss = 1f - margin;
    if (!(loss > 0f)) {
      return 0f;
    }
    float q = factor * (selfKernel(i) + (bias ? 1f : 0f));
    return q > 0f ? pa.tau(loss, q) : 0f;
  }
}
