package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;

/**
 * The averaged kernel perceptron: the model's coefficients and biases are the running ones
 * averaged over every visit (CIML Algorithm 7, the sums exact in double, as the averaged
 * perceptron keeps them; {@link Coefficients}).
 */
final class AveragedKernelRule extends KernelRule {
  AveragedKernelRule(KernelModel.Function kernel, Budget budget, Labels labels, TrainingOptions options,
      KernelSettings settings) {
    super(Algorithm.AVERAGED, kernel, budget, labels, options, settings, true);
  }

  @Override
  KernelModel snapshot(Dataset supportVectors) {
    return new KernelModel(kernel, algorithm, labels, supportVectors, coefficients.averagedCoefficients(),
        coefficients.averagedBiases());
  }
}
