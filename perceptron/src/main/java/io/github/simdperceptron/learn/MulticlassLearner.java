package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.Objects;

/**
 * Trains multi-class linear classifiers on a {@link Dataset} (dense or sparse) with any number of
 * classes, through the same training loop and options as {@link BinaryLearner} (epochs, shuffle,
 * seed, bias, early stopping, update log, progress). Class values are whatever the dataset holds
 * (numbers or strings); the model keeps them. docs/learners.md fixes every step.
 *
 * <pre>{@code
 * FitResult<MulticlassModel> r = MulticlassLearner.fit(Algorithm.AVERAGED, data,
 *     TrainingOptions.builder().maxEpochs(10).seed(42).build());
 * String label = r.model().predict(x);
 * }</pre>
 */
public final class MulticlassLearner {
  private MulticlassLearner() {}

  /**
   * The multi-class perceptron (one weight row per class; on a mistake x is added to the true
   * class's row and subtracted from the predicted one's): {@link Algorithm#PERCEPTRON}, or
   * {@link Algorithm#AVERAGED} for its averaged form ({@link Algorithm#multiclass()}). Other
   * algorithms throw {@link OptionException}. Nothing passed in is modified.
   */
  public static FitResult<MulticlassModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    return Trainer.fit(rule(algorithm, data.dimension(), options, data.labels(), null), ClassWeights.sparse(data),
        options);
  }

  /** The multi-class perceptron's rule; throws {@link OptionException} for an algorithm it has no form of. */
  static MulticlassRule rule(Algorithm algorithm, int dimension, TrainingOptions options, Labels labels,
      MulticlassModel warm) {
    algorithm.require(Algorithm::multiclass, "of the multi-class perceptron must be ",
        " (for another per class use fitOneVsRest)");
    return new MulticlassRule(dimension, options.bias(), labels, algorithm == Algorithm.AVERAGED, warm);
  }

  /**
   * One-vs-rest: one binary learner of the given algorithm per class (class c against all others),
   * trained in one pass per example over the shared example order; prediction by the largest
   * score. Without early stopping, on integer-valued data, the model's row c and bias c equal bit
   * for bit those of {@code BinaryLearner.fit(algorithm, data relabelled c-vs-rest, options)}, and
   * the report's {@link TrainingReport#classMistakesPerEpoch()} row c that run's mistakes; on
   * real-valued data they agree unless an activation falls within rounding of the threshold.
   * Takes the algorithms with {@link Algorithm#oneVsRest()}; VOTED throws {@link OptionException}.
   * Nothing passed in is modified.
   */
  public static FitResult<MulticlassModel> fitOneVsRest(Algorithm algorithm, Dataset data, TrainingOptions options) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    OneVsRestRule rule = OneVsRestRule.of(algorithm, data.dimension(), options, data.labels());
    return Trainer.fit(rule, ClassWeights.sparse(data), options);
  }
}
