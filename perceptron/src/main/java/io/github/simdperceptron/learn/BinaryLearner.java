package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.Objects;

/**
 * Trains the binary perceptrons on a {@link Dataset} (dense or sparse). The algorithms and the
 * loop they share are specified step by step in docs/learners.md.
 *
 * <pre>{@code
 * FitResult<BinaryModel> r = BinaryLearner.fit(Algorithm.AVERAGED, data,
 *     TrainingOptions.builder().maxEpochs(10).seed(42).build());
 * float label = r.model().predict(x);
 * }</pre>
 */
public final class BinaryLearner {
  private BinaryLearner() {}

  /**
   * Trains from zero weights. The model is a {@link LinearModel}, or a {@link VotedModel} for
   * {@link Algorithm#VOTED}. Throws {@link IllegalArgumentException} when the data has more than
   * two classes. Nothing passed in is modified.
   */
  public static FitResult<BinaryModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options) {
    return fit(algorithm, data, options, null);
  }

  /**
   * Trains starting from a model's weights and bias (warm start; null for zero). The warm model
   * is immutable, so a failed fit leaves it as it was. Its dimension and classes must match the
   * data's.
   */
  public static FitResult<BinaryModel> fit(Algorithm algorithm, Dataset data, TrainingOptions options,
      LinearModel warmStart) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    Labels labels = data.labels();
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary learner needs at most 2 classes, the data has "
          + labels.size() + ": " + labels + "; use a multi-class learner");
    }
    if (warmStart != null) {
      warmStart.checkDimension(data);
      if (!warmStart.labels().equals(labels)) {
        throw new IllegalArgumentException("the warm-start model's classes " + warmStart.labels()
            + " differ from the data's " + labels);
      }
    }
    BinaryRule rule = rule(algorithm, data.dimension(), options, labels, warmStart);
    return Trainer.fit(rule, data, options);
  }

  static BinaryRule rule(Algorithm algorithm, int d, TrainingOptions o, Labels labels, LinearModel warm) {
    return switch (algorithm) {
      case POCKET -> new PocketRule(d, o, labels, warm);
      case VOTED -> new VotedRule(d, o, labels, warm);
      case AVERAGED -> new AveragedRule(d, o, labels, warm);
      default -> new BinaryRule(algorithm, d, o, labels, warm);
    };
  }
}
