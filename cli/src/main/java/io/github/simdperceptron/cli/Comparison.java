package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.reference.ReferenceData;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceRun;
import java.util.Arrays;

/**
 * One kernel run and one reference run ({@link ReferenceLearners}) of the same algorithm on the same
 * data, and how they compare (docs/learners.md, "Equivalence, exactly" in the design):
 * <ul>
 *   <li>whether they made the same updates in the same order and the same mistakes per epoch;</li>
 *   <li>whether the final weights are bit for bit the same;</li>
 *   <li>the largest deviation of a kernel dot product x_i . w (w: the kernel's final weights) from
 *       its exact value, against the bound {@code gamma_n * sum_j |x_ij w_j|} with
 *       {@code gamma_n = n u / (1 - n u)}, u = 2^-24, n = the row's stored values: the classic
 *       bound for a float sum in any order, which FMA only tightens.</li>
 * </ul>
 * They disagree when a dot product leaves its bound, or when the run was exact and anything
 * differs. Exact means: a learner of whole steps (not passive-aggressive), every data value an integer, and a bound on every partial sum below 2^24
 * (no weight can exceed updates x max|x|, so no dot exceeds updates x max|x| x max row L1 + updates). On real-valued data the runs may part ways where an
 * activation lies within rounding of zero; that is reported, not a failure.
 */
final class Comparison {
  private static final double U = Math.scalb(1.0, -24);

  final FitResult<BinaryModel> kernel;
  final ReferenceRun reference;
  /** Whether every float operation of both runs was exact (see the class comment). */
  final boolean exact;
  final boolean sameMistakes;
  final boolean sameWeights;
  /** The position in the update log where the runs first differ, or -1. */
  final int firstDivergence;
  final double maxDeviation;
  final double boundAtMax;
  final double worstRatio;

  Comparison(FitResult<BinaryModel> kernel, ReferenceRun reference, Dataset data) {
    this.kernel = kernel;
    this.reference = reference;
    this.exact = integerSteps(kernel.report().algorithm())
        && exact(data, Math.max(kernel.report().updates(), reference.updateLog.length));
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
    TrainingOptions o = options.toBuilder().updateLog(true).progress(null).build();
    FitResult<BinaryModel> k = Learner.fit(alg, data, o);
    ReferenceData x = referenceData(data);
    ReferenceRun r;
    switch (alg) {
      case PERCEPTRON:
        r = ReferenceLearners.perceptron(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
        break;
      case PLA:
        r = ReferenceLearners.pla(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
        break;
      case POCKET:
        r = ReferenceLearners.pocket(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
        break;
      case VOTED:
        r = ReferenceLearners.voted(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias(), o.voteCap());
        break;
      case AVERAGED:
        r = ReferenceLearners.averaged(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
        break;
      case MARGIN:
        r = ReferenceLearners.margin(x, o.maxEpochs(), o.seed(), o.shuffle(), o.bias(), o.tau());
        break;
      case PA:
      case PA1:
      case PA2:
        r = ReferenceLearners.passiveAggressive(x, ReferenceLearners.PassiveAggressive.valueOf(alg.name()),
            o.aggressiveness(), o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
        break;
      default:
        throw new IllegalArgumentException("no reference twin for " + alg);
    }
    return new Comparison(k, r, data);
  }

  /** The data as the reference module's plain arrays (labels +1/-1). */
  static ReferenceData referenceData(Dataset ds) {
    int n = ds.size();
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      y[i] = ds.label(i);
    }
    if (ds.isSparse()) {
      Dataset s = ds;
      int[][] idx = new int[n][];
      float[][] val = DataAccess.isBinary(s) ? null : new float[n][];
      for (int i = 0; i < n; i++) {
        int from = DataAccess.rowStart(s, i);
        idx[i] = Arrays.copyOfRange(DataAccess.indices(s), from, from + s.nonZeros(i));
        if (val != null) {
          val[i] = Arrays.copyOfRange(DataAccess.values(s), from, from + s.nonZeros(i));
        }
      }
      return ReferenceData.sparse(idx, val, ds.dimension(), y);
    }
    float[][] rows = new float[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = ds.denseRow(i);
    }
    return ReferenceData.dense(rows, y);
  }

  /**
   * Whether the learner a report names ("PA1", "OVR(MARGIN)", ...) steps by whole multiples of x:
   * not the passive-aggressive learners, whose real-valued steps make no run exact.
   */
  static boolean integerSteps(String learner) {
    Algorithm a = Algorithm.byName(learner.replaceAll("^[A-Z]+\\((.*)\\)$", "$1"));
    return a == null || !a.passiveAggressive();
  }

  /** The exactness test of the class comment, for a run of at most {@code updates} updates. */
  static boolean exact(Dataset data, long updates) {
    double maxAbs = 0;
    double maxRowL1 = 0;
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      double l1 = 0;
      for (float v : x) {
        if (v != Math.rint(v)) {
          return false;
        }
        maxAbs = Math.max(maxAbs, Math.abs(v));
        l1 += Math.abs(v);
      }
      maxRowL1 = Math.max(maxRowL1, l1);
    }
    return (double) updates * (maxAbs * maxRowL1 + 1) < (1 << 24);
  }

  boolean identical() {
    return sameMistakes && sameWeights;
  }

  boolean withinBound() {
    return worstRatio <= 1.0;
  }

  /** The verdict: false when the kernel and the reference disagree beyond what rounding allows. */
  boolean agree() {
    return withinBound() && (identical() || !exact);
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

  private static boolean sameWeights(BinaryModel m, ReferenceRun r) {
    if (m instanceof LinearModel) {
      LinearModel l = (LinearModel) m;
      return Arrays.equals(l.weights(), r.w) && Float.floatToIntBits(l.bias()) == Float.floatToIntBits(r.b);
    }
    VotedModel v = (VotedModel) m;
    if (v.vectors() != r.votedW.size()) {
      return false;
    }
    for (int k = 0; k < v.vectors(); k++) {
      if (!Arrays.equals(v.vector(k), r.votedW.get(k))
          || Float.floatToIntBits(v.bias(k)) != Float.floatToIntBits(r.votedB.get(k))
          || v.count(k) != r.votedC.get(k)) {
        return false;
      }
    }
    return true;
  }

  /** {exact x_i . w (products exact in double, summed in double), gamma_n * sum |x_ij w_j|}. */
  static double[] exactAndBound(Dataset data, int i, float[] w) {
    double exact = 0;
    double abs = 0;
    int n;
    if (data.isSparse()) {
      Dataset s = data;
      int from = DataAccess.rowStart(s, i);
      n = s.nonZeros(i);
      for (int p = from; p < from + n; p++) {
        double prod = (DataAccess.isBinary(s) ? 1.0 : (double) DataAccess.values(s)[p]) * w[DataAccess.indices(s)[p]];
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
        .put("exact_arithmetic", exact)
        .put("max_dot_deviation", maxDeviation)
        .put("dot_bound", boundAtMax)
        .put("worst_deviation_to_bound", worstRatio)
        .put("within_bound", withinBound())
        .put("agree", agree())
        .put("kernel_mistakes", kernel.report().mistakes())
        .put("reference_mistakes", Arrays.stream(reference.mistakesPerEpoch).asLongStream().sum());
  }
}
