package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryLearner;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.VotedModel;
import java.util.Arrays;

/**
 * One kernel run and one reference run ({@link ReferenceTwin}) of the same algorithm on the same
 * data, and how they compare (docs/learners.md, "Equivalence, exactly" in the design):
 * <ul>
 *   <li>whether they made the same updates in the same order and the same mistakes per epoch;</li>
 *   <li>whether the final weights are bit for bit the same;</li>
 *   <li>the largest deviation of a kernel dot product x_i . w (w: the kernel's final weights) from
 *       its exact value, against the bound {@code gamma_n * sum_j |x_ij w_j|} with
 *       {@code gamma_n = n u / (1 - n u)}, u = 2^-24, n = the row's stored values: the classic
 *       bound for a float sum in any order, which FMA only tightens.</li>
 * </ul>
 * They disagree when a dot product leaves its bound, or when the run was exact (integer data,
 * sums below 2^24) and anything differs. On real-valued data the runs may part ways where an
 * activation lies within rounding of zero; that is reported, not a failure.
 */
final class Comparison {
  private static final double U = Math.scalb(1.0, -24);

  final FitResult<BinaryModel> kernel;
  final ReferenceTwin.Run reference;
  final boolean sameMistakes;
  final boolean sameWeights;
  /** The position in the update log where the runs first differ, or -1. */
  final int firstDivergence;
  final double maxDeviation;
  final double boundAtMax;
  final double worstRatio;

  Comparison(FitResult<BinaryModel> kernel, ReferenceTwin.Run reference, Dataset data) {
    this.kernel = kernel;
    this.reference = reference;
    int[] kLog = kernel.report().updateLog();
    int[] rLog = reference.updateLog;
    int at = Arrays.mismatch(kLog, rLog);
    this.firstDivergence = at;
    this.sameMistakes = at < 0 && Arrays.equals(kernel.report().mistakesPerEpoch(), reference.mistakesPerEpoch);
    this.sameWeights = sameWeights(kernel.model(), reference);
    float[] w = finalWeights(kernel.model());
    double maxDev = 0;
    double bound = 0;
    double ratio = 0;
    for (int i = 0; i < data.size(); i++) {
      double[] eb = exactAndBound(data, i, w);
      double dev = Math.abs(data.dot(i, w) - eb[0]);
      if (dev > maxDev || (maxDev == 0 && dev == 0 && eb[1] > bound)) {
        maxDev = dev;
        bound = eb[1];
      }
      double r = eb[1] > 0 ? dev / eb[1] : (dev > 0 ? Double.POSITIVE_INFINITY : 0);
      ratio = Math.max(ratio, r);
    }
    this.maxDeviation = maxDev;
    this.boundAtMax = bound;
    this.worstRatio = ratio;
  }

  /** Runs both learners. The options' update log is switched on. */
  static Comparison run(Algorithm alg, Dataset data, TrainingOptions options) {
    TrainingOptions o = options.withUpdateLog(true).withProgress(null);
    FitResult<BinaryModel> k = BinaryLearner.fit(alg, data, o);
    ReferenceTwin.Run r = ReferenceTwin.run(alg, ReferenceTwin.Data.of(data), o.maxEpochs(), o.seed(), o.shuffle(),
        o.bias(), o.tau(), o.voteCap());
    return new Comparison(k, r, data);
  }

  boolean identical() {
    return sameMistakes && sameWeights;
  }

  boolean withinBound() {
    return worstRatio <= 1.0;
  }

  /** The verdict: false when the kernel and the reference disagree beyond what rounding allows. */
  boolean agree() {
    return withinBound() && (identical() || !reference.exact);
  }

  /** A short verdict for tables. */
  String verdict() {
    if (!agree()) {
      return "DISAGREE";
    }
    return identical() ? "identical" : "diverged at update " + firstDivergence + " (rounding)";
  }

  private static float[] finalWeights(BinaryModel m) {
    if (m instanceof LinearModel) {
      return ((LinearModel) m).weights();
    }
    VotedModel v = (VotedModel) m;
    return v.vectors() == 0 ? new float[m.dimension()] : v.vector(v.vectors() - 1);
  }

  private static boolean sameWeights(BinaryModel m, ReferenceTwin.Run r) {
    if (m instanceof LinearModel) {
      LinearModel l = (LinearModel) m;
      return Arrays.equals(l.weights(), r.w) && Float.floatToIntBits(l.bias()) == Float.floatToIntBits(r.b);
    }
    VotedModel v = (VotedModel) m;
    if (v.vectors() != r.votedVectors.size()) {
      return false;
    }
    for (int k = 0; k < v.vectors(); k++) {
      if (!Arrays.equals(v.vector(k), r.votedVectors.get(k))
          || Float.floatToIntBits(v.bias(k)) != Float.floatToIntBits(r.votedBiases.get(k))
          || v.count(k) != r.votedCounts.get(k)) {
        return false;
      }
    }
    return true;
  }

  /** {exact x_i . w (products exact in double, summed in double), gamma_n * sum |x_ij w_j|}. */
  private static double[] exactAndBound(Dataset data, int i, float[] w) {
    double exact = 0;
    double abs = 0;
    int n;
    if (data instanceof SparseDataset) {
      SparseDataset s = (SparseDataset) data;
      int from = s.rowStart(i);
      n = s.nonZeros(i);
      for (int p = from; p < from + n; p++) {
        double prod = (s.isBinary() ? 1.0 : (double) s.values()[p]) * w[s.indices()[p]];
        exact += prod;
        abs += Math.abs(prod);
      }
    } else {
      float[] row = data.denseRow(i);
      n = row.length;
      for (int j = 0; j < row.length; j++) {
        double prod = (double) row[j] * w[j];
        exact += prod;
        abs += Math.abs(prod);
      }
    }
    double gamma = n * U / (1 - n * U);
    // The double sum itself is off by at most n * 2^-53 * abs; allow for it.
    return new double[] {exact, gamma * abs + n * Math.scalb(abs, -52)};
  }

  Json json() {
    return new Json()
        .put("identical_mistakes", sameMistakes)
        .put("identical_weights", sameWeights)
        .put("first_divergence", firstDivergence < 0 ? null : firstDivergence)
        .put("exact_arithmetic", reference.exact)
        .put("max_dot_deviation", maxDeviation)
        .put("dot_bound", boundAtMax)
        .put("worst_deviation_to_bound", worstRatio)
        .put("within_bound", withinBound())
        .put("agree", agree())
        .put("kernel_mistakes", kernel.report().mistakes())
        .put("reference_mistakes", Arrays.stream(reference.mistakesPerEpoch).asLongStream().sum());
  }
}
