package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;

/**
 * The margin kernel perceptron (docs/kernel-perceptron.md): an update of step 1, as the
 * perceptron's, whenever the margin is at most tau: binary {@code y f(x) <= tau}; K classes
 * when the true class does not beat every other by more than tau ({@code f_y - f_r <= tau}, r the
 * highest-scoring wrong class, which loses the kernel the true class gains). The model keeps the
 * last coefficients, or in the averaged form those of every visit averaged (CIML Algorithm 7, as
 * {@link AveragedKernelRule} keeps them).
 */
final class MarginKernelRule extends MarginalKernelRule {
  private final float tau;

  MarginKernelRule(KernelModel.Function kernel, Budget budget, Labels labels, TrainingOptions options,
      KernelSettings settings, boolean averaged) {
    super(Algorithm.MARGIN, kernel, budget, labels, options, settings, averaged);
    this.tau = options.tau();
  }

  @Override
  float step(int i, float margin) {
    return margin <= tau ? 1f : 0f;
  }
}
