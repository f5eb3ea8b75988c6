package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Objects;

/**
 * Trains the kernel perceptron in dual form (Aizerman et al. 1964; Freund and Schapire 1999) on
 * a {@link Dataset} (dense or sparse), through the same training loop and options as the linear
 * learners (epochs, shuffle, seed, bias, early stopping, update log, progress).
 * docs/kernel-perceptron.md fixes every step.
 *
 * <p>With at most two classes the model is binary: a mistake ({@code y * score <= 0}) makes the
 * example a support vector or adds y to its coefficient. With K classes a mistake (the arg max
 * of the K scores is not the true class) adds 1 to the example's coefficient for the true class
 * and subtracts 1 for the predicted one. {@link Algorithm#PERCEPTRON} keeps the last
 * coefficients, {@link Algorithm#AVERAGED} averages them over every visit (exact in double, as
 * the averaged perceptron does), {@link Algorithm#VOTED} lets every intermediate classifier vote
 * with its survival count. {@link Algorithm#MARGIN} updates by 1 whenever the margin is at most
 * tau (binary {@code y f(x)}; K classes the true class's score minus the highest-scoring wrong
 * class's, which then loses what the true class gains); {@link Algorithm#PA}, {@link Algorithm#PA1}
 * and {@link Algorithm#PA2} change the coefficients by tau instead of 1 whenever that margin is
 * below 1, tau from the loss {@code 1 - margin} and {@code K(x, x) + 1} (with the bias; twice it
 * for K classes), as the linear passive-aggressive learners take it from {@code |x|^2 + 1}.
 * {@link #fitAveraged} trains the averaged form of the margin and passive-aggressive learners.
 *
 * <pre>{@code
 * FitResult<KernelModel> r = KernelLearner.fit(Algorithm.AVERAGED,
 *     KernelModel.Function.rbf(KernelModel.Function.scaleGamma(data)), 0, data,
 *     TrainingOptions.builder().maxEpochs(5).seed(42).build());
 * double accuracy = r.model().accuracy(test);
 * }</pre>
 */
public final class KernelLearner {
  private KernelLearner() {}

  /**
   * Fits a kernel perceptron. {@code budget} caps the number of support vectors (0: no cap):
   * when a new one would exceed it, one drawn uniformly at random (from a stream seeded by the
   * options' seed) is removed with its coefficients first (Cavallanti, Cesa-Bianchi and Gentile
   * 2007); the voted form takes no budget. Throws {@link OptionException} for PLA or POCKET, a
   * negative budget, or VOTED with a budget. Nothing passed
   * in is modified.
   */
  public static FitResult<KernelModel> fit(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data,
      TrainingOptions options) {
    return TrainingLoop.fit(rule(algorithm, kernel, budget, data, options, KernelSettings.DEFAULT), data, options);
  }

  /**
   * Fits the averaged form of a margin or passive-aggressive kernel learner: the updates are
   * {@link #fit}'s for that algorithm, and the model's coefficients and biases are the running
   * ones averaged over every visit, as {@link Algorithm#AVERAGED} averages the perceptron's
   * (CIML Algorithm 7: {@code beta += delta * c} in double at each update, c counting the visits
   * from 1; the model {@code alpha - beta / c}, rounded once to float). The model's
   * {@link KernelModel#averagedForm()} is true. Throws {@link OptionException} unless algorithm is
   * MARGIN, PA, PA1 or PA2, or for a negative budget. Nothing passed in is modified.
   */
  public static FitResult<KernelModel> fitAveraged(Algorithm algorithm, KernelModel.Function kernel, int budget,
      Dataset data, TrainingOptions options) {
    return TrainingLoop.fit(averagedRule(algorithm, kernel, budget, data, options, KernelSettings.DEFAULT), data,
        options);
  }

  /** The rule of an averaged-form fit ({@link #fitAveraged}), its engine sized by settings. */
  static KernelRule averagedRule(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data,
      TrainingOptions options, KernelSettings settings) {
    Objects.requireNonNull(algorithm, "algorithm");
    if (!KernelModel.hasAveragedForm(algorithm)) {
      throw new OptionException("algorithm", algorithm, "of the averaged margin kernel learners must be MARGIN, PA, PA1"
          + " or PA2 (AVERAGED is the averaged perceptron)");
    }
    return rule(algorithm, kernel, budget, data, options, settings, true);
  }

  /** The rule of a fit, its engine sized by settings (a fit's are {@link KernelSettings#DEFAULT}). */
  static KernelRule rule(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data,
      TrainingOptions options, KernelSettings settings) {
    return rule(algorithm, kernel, budget, data, options, settings, false);
  }

  private static KernelRule rule(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data,
      TrainingOptions options, KernelSettings settings, boolean averagedForm) {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(options, "options");
    check(algorithm, budget);
    Budget removal = budget > 0 ? new Budget(budget, options.seed()) : null;
    if (algorithm == Algorithm.VOTED) {
      return new VotedKernelRule(kernel, data.labels(), options, settings);
    }
    if (algorithm == Algorithm.AVERAGED) {
      return new AveragedKernelRule(kernel, removal, data.labels(), options, settings);
    }
    if (algorithm == Algorithm.MARGIN) {
      return new MarginKernelRule(kernel, removal, data.labels(), options, settings, averagedForm);
    }
    if (algorithm.passiveAggressive()) {
      return new PassiveAggressiveKernelRule(algorithm, kernel, removal, data.labels(), options, settings,
          averagedForm);
    }
    return new KernelRule(Algorithm.PERCEPTRON, kernel, removal, data.labels(), options, settings, false);
  }

  /**
   * Throws {@link OptionException} for an algorithm the kernel perceptron has not, a negative
   * budget, or the voted form with a budget.
   */
  static void check(Algorithm algorithm, int budget) {
    Objects.requireNonNull(algorithm, "algorithm");
    if (!KernelModel.trainsKernelModels(algorithm)) {
      throw new OptionException("algorithm", algorithm,
          "of the kernel perceptron must be PERCEPTRON, AVERAGED, VOTED, MARGIN, PA, PA1 or PA2");
    }
    if (budget < 0) {
      throw new OptionException("budget", budget, "must be >= 0 (0: no budget)");
    }
    if (budget > 0 && algorithm == Algorithm.VOTED) {
      throw new OptionException("budget", budget, "does not apply to the voted kernel perceptron (use PERCEPTRON or AVERAGED)");
    }
  }
}
