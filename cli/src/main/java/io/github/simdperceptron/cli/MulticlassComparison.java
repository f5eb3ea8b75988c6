package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceMulticlass;
import java.util.Arrays;

/**
 * One kernel run and one reference run ({@link ReferenceMulticlass}) of a multi-class learner,
 * one-vs-rest or the direct multi-class perceptron, on the same data, and how they compare, by the
 * rules of the binary {@link Comparison}:
 * <ul>
 *   <li>the same updates in the same order (the update log: the example of every visit that
 *       changed some row), the same mistakes and updates per epoch, and for one-vs-rest the same
 *       mistakes and updates of every class in every epoch;</li>
 *   <li>bit-identical weight rows and biases;</li>
 *   <li>every kernel dot product x_i . w_c (all rows c, the kernel's final weights, from the
 *       multi-row pass the model scores with) within {@code gamma_n * sum_j |x_ij w_cj|} of its
 *       exact value.</li>
 * </ul>
 * They disagree when a dot product leaves its bound, or when the run was exact (integer data, every
 * partial sum below 2^24: {@link Comparison#exact}; each row changes at most once per update, so the
 * binary bound holds row by row) and anything differs.
 */
final class MulticlassComparison {
  final FitResult<MulticlassModel> kernel;
  final ReferenceMulticlass.Run reference;
  final boolean ovr;
  final boolean exact;
  final boolean sameMistakes;
  final boolean sameClassMistakes;
  final boolean sameWeights;
  /** The position in the update log where the runs first differ, or -1. */
  final int firstDivergence;
  final double maxDeviation;
  final double boundAtMax;
  final double worstRatio;

  MulticlassComparison(FitResult<MulticlassModel> kernel, ReferenceMulticlass.Run reference, boolean ovr,
      Dataset data) {
    this.kernel = kernel;
    this.reference = reference;
    this.ovr = ovr;
    this.exact = Comparison.integerSteps(kernel.report().algorithm())
        && Comparison.exact(data, Math.max(kernel.report().updates(), reference.updateLog.length));
    int at = Arrays.mismatch(kernel.report().updateLog(), reference.updateLog);
    this.firstDivergence = at;
    this.sameMistakes = at < 0 && Arrays.equals(kernel.report().mistakesPerEpoch(), reference.mistakesPerEpoch)
        && Arrays.equals(kernel.report().updatesPerEpoch(), reference.updatesPerEpoch);
    this.sameClassMistakes = !ovr
        || (Arrays.deepEquals(kernel.report().classMistakesPerEpoch(), reference.classMistakesPerEpoch)
            && Arrays.deepEquals(kernel.report().classUpdatesPerEpoch(), reference.classUpdatesPerEpoch));
    MulticlassModel m = kernel.model();
    boolean same = m.classes() == reference.w.length && Arrays.equals(m.biases(), reference.b);
    for (int c = 0; same && c < m.classes(); c++) {
      same = Arrays.equals(m.weights(c), reference.w[c]);
    }
    this.sameWeights = same;
    int k = m.classes();
    int d = m.dimension();
    float[][] rows = m.weights();
    float[] flat = new float[k * d];
    for (int c = 0; c < k; c++) {
      System.arraycopy(rows[c], 0, flat, c * d, d);
    }
    float[] dots = new float[k];
    double maxDev = 0;
    double bound = 0;
    double ratio = 0;
    for (int i = 0; i < data.size(); i++) {
      DataAccess.multiDot(data, i, flat, k, dots);
      for (int c = 0; c < k; c++) {
        double[] eb = Comparison.exactAndBound(data, i, rows[c]);
        double dev = Math.abs(dots[c] - eb[0]);
        if (dev > maxDev || (maxDev == 0 && dev == 0 && eb[1] > bound)) {
          maxDev = dev;
          bound = eb[1];
        }
        ratio = Math.max(ratio, eb[1] > 0 ? dev / eb[1] : (dev > 0 ? Double.POSITIVE_INFINITY : 0));
      }
    }
    this.maxDeviation = maxDev;
    this.boundAtMax = bound;
    this.worstRatio = ratio;
  }

  /** Runs both learners, one-vs-rest ({@code ovr}) or the direct multi-class perceptron. The update log is switched on. */
  static MulticlassComparison run(boolean ovr, Algorithm alg, Dataset data, TrainingOptions options) {
    TrainingOptions o = options.toBuilder().updateLog(true).progress(null).build();
    ReferenceMulticlass.Data x = referenceData(data);
    FitResult<MulticlassModel> k;
    ReferenceMulticlass.Run r;
    if (ovr) {
      k = Learner.fitOneVsRest(alg, data, o);
      r = ReferenceMulticlass.oneVsRest(ReferenceMulticlass.Binary.valueOf(alg.name()), x, o.maxEpochs(), o.seed(),
          o.shuffle(), o.bias(), o.tau(), o.aggressiveness());
    } else {
      k = Learner.fitMulticlass(alg, data, o);
      r = alg.passiveAggressive()
          ? ReferenceMulticlass.passiveAggressive(x, ReferenceLearners.PassiveAggressive.valueOf(alg.name()),
              o.aggressiveness(), o.maxEpochs(), o.seed(), o.shuffle(), o.bias())
          : ReferenceMulticlass.multiclass(x, alg == Algorithm.AVERAGED, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
    }
    return new MulticlassComparison(k, r, ovr, data);
  }

  /** The data as the reference module's plain arrays, with the dataset's class indices. */
  static ReferenceMulticlass.Data referenceData(Dataset ds) {
    int n = ds.size();
    int[] classes = new int[n];
    for (int i = 0; i < n; i++) {
      classes[i] = ds.classOf(i);
    }
    int k = ds.labels().size();
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
      return ReferenceMulticlass.Data.sparse(idx, val, ds.dimension(), classes, k);
    }
    float[][] rows = new float[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = ds.denseRow(i);
    }
    return ReferenceMulticlass.Data.dense(rows, classes, k);
  }

  boolean identical() {
    return sameMistakes && sameClassMistakes && sameWeights;
  }

  boolean withinBound() {
    return worstRatio <= 1.0;
  }

  /** The verdict: false when the kernel and the reference disagree beyond what rounding allows. */
  boolean agree() {
    return withinBound() && (identical() || !exact);
  }

  long referenceMistakes() {
    return Arrays.stream(reference.mistakesPerEpoch).asLongStream().sum();
  }

  Json json() {
    return new Json()
        .put("identical_mistakes", sameMistakes)
        .put("identical_class_mistakes", ovr ? sameClassMistakes : null)
        .put("identical_weights", sameWeights)
        .put("first_divergence", firstDivergence < 0 ? null : firstDivergence)
        .put("exact_arithmetic", exact)
        .put("max_dot_deviation", maxDeviation)
        .put("dot_bound", boundAtMax)
        .put("worst_deviation_to_bound", worstRatio)
        .put("within_bound", withinBound())
        .put("agree", agree())
        .put("kernel_mistakes", kernel.report().mistakes())
        .put("reference_mistakes", referenceMistakes());
  }
}
