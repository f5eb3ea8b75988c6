package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;

/**
 * What the margin and passive-aggressive kernel rules share: they update by the margin
 * ({@link #marginal()}, each with its own {@link #step}), and the model keeps the last
 * coefficients or, in the averaged form, those of every visit averaged (CIML Algorithm 7, as
 * {@link AveragedKernelRule} keeps them).
 */
abstract class MarginalKernelRule extends KernelRule {
  private final boolean averaged;

  MarginalKernelRule(Algorithm algorithm, KernelModel.Function kernel, Budget budget, Labels labels,
      TrainingOptions options, KernelSettings settings, boolean averaged) {
    super(algorithm, kernel, budget, labels, options, settings, averaged);
    this.averaged = averaged;
  }

  @Override
  final boolean averagedForm() {
    return averaged;
  }

  @Override
  final KernelModel snapshot(Dataset supportVectors) {
    return averaged ? averagedSnapshot(supportVectors) : super.snapshot(supportVectors);
  }

  @Override
  final boolean marginal() {
    return true;
  }
}
