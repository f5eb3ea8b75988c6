package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.reference.ReferenceKernelPerceptron;
import java.util.Arrays;

/**
 * The kernel perceptron (blocked Gram scoring) against its literal twin
 * {@link ReferenceKernelPerceptron} (every kernel value afresh from the reference dot product):
 * the updates in order, the support vectors, and the coefficients and biases bit for bit. On
 * integer data with the linear or polynomial kernel (integer gamma and coef0) every sum is exact
 * and the two must agree bit for bit; otherwise they may part where scores are within rounding of
 * each other.
 */
final class KernelComparison {
  final FitResult<KernelModel> kernel;
  final ReferenceKernelPerceptron.Run reference;
  final boolean exact;
  final boolean sameUpdates;
  final boolean sameCoefficients;
  final int firstDivergence;

  private KernelComparison(FitResult<KernelModel> kernel, ReferenceKernelPerceptron.Run reference, boolean exact) {
    this.kernel = kernel;
    this.reference = reference;
    this.exact = exact;
    int[] a = kernel.report().updateLog();
    int[] b = reference.updateLog;
    int first = -1;
    for (int u = 0; u < Math.min(a.length, b.length) && first < 0; u++) {
      if (a[u] != b[u]) {
        first = u;
      }
    }
    if (first < 0 && a.length != b.length) {
      first = Math.min(a.length, b.length);
    }
    this.firstDivergence = first;
    this.sameUpdates = first < 0;
    boolean same = sameUpdates && kernel.model().size() == reference.supportVectors.length;
    float[][] coef = kernel.model().coefficients();
    for (int s = 0; same && s < coef.length; s++) {
      same = Arrays.equals(coef[s], reference.alpha[s]);
    }
    this.sameCoefficients = same && Arrays.equals(kernel.model().biases(), reference.b);
  }

  /**
   * Trains both with the same options (no budget; the perceptron, its averaged form, margin or
   * passive-aggressive, and with {@code averaged} the averaged form of margin or passive-aggressive).
   */
  static KernelComparison run(Algorithm algorithm, boolean averaged, KernelModel.Function f, Dataset data,
      TrainingOptions options) {
    TrainingOptions logged = options.toBuilder().updateLog(true).build();
    FitResult<KernelModel> fast = averaged ? KernelLearner.fitAveraged(algorithm, f, 0, data, logged)
        : KernelLearner.fit(algorithm, f, 0, data, logged);
    float[][] x = new float[data.size()][];
    int[] classes = new int[data.size()];
    boolean integers = f.exactOnIntegers();
    for (int i = 0; i < x.length; i++) {
      x[i] = data.denseRow(i);
      classes[i] = data.labels().size() <= 2 ? (data.label(i) > 0 ? 1 : 0) : data.classOf(i);
      for (float v : x[i]) {
        integers &= v == Math.rint(v);
      }
    }
    // The twin's kernel of each kind; a new kind fails to compile here until the twin has it.
    ReferenceKernelPerceptron.Kernel twin = switch (f.kind()) {
      case LINEAR -> ReferenceKernelPerceptron.Kernel.LINEAR;
      case POLY -> ReferenceKernelPerceptron.Kernel.POLY;
      case RBF -> ReferenceKernelPerceptron.Kernel.RBF;
    };
    ReferenceKernelPerceptron.Run ref;
    if (algorithm == Algorithm.MARGIN || algorithm.passiveAggressive()) {
      ref = ReferenceKernelPerceptron.fitMargin(x, classes, data.labels().size(), twin, f.gamma(), f.degree(),
          f.coef0(), ReferenceKernelPerceptron.MarginRule.valueOf(algorithm.name()), options.tau(),
          options.aggressiveness(), averaged, options.maxEpochs(), options.seed(), options.shuffle(), options.bias());
      // Real-valued steps: no passive-aggressive run is exact.
      integers &= !algorithm.passiveAggressive();
    } else {
      ref = ReferenceKernelPerceptron.fit(x, classes, data.labels().size(), twin, f.gamma(), f.degree(), f.coef0(),
          algorithm == Algorithm.AVERAGED, options.maxEpochs(), options.seed(), options.shuffle(), options.bias());
    }
    return new KernelComparison(fast, ref, integers);
  }

  boolean identical() {
    return sameUpdates && sameCoefficients;
  }

  /** Whether they agree as far as the arithmetic allows: bit for bit when it is exact. */
  boolean agree() {
    return !exact || identical();
  }

  Json json() {
    return new Json()
        .put("exact_arithmetic", exact)
        .put("same_updates", sameUpdates)
        .put("first_divergence", firstDivergence < 0 ? null : firstDivergence)
        .put("same_coefficients", sameCoefficients)
        .put("support_vectors", kernel.model().size())
        .put("reference_support_vectors", reference.supportVectors.length)
        .put("agree", agree());
  }
}
