package io.github.simdperceptron.learn.calibration;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Model;

/**
 * How good probabilities are, over n rows of class probabilities {@code p[i]} (K each) and true
 * classes {@code truth[i]} in [0, K), or -1 for a class the model does not know (its
 * probability is 0: always wrong). The top class of a row is the arg max of its probabilities
 * (the first on ties). None of the arguments is modified.
 */
public final class CalibrationMetrics {
  /** The probability below which log-loss clips (as scikit-learn's log_loss). */
  public static final double CLIP = 1e-15;
  /** The bins of {@link #expectedCalibrationError(double[][], int[])}. */
  public static final int BINS = 15;

  private CalibrationMetrics() {}

  /** One bin of a reliability diagram: its rows, their mean top probability and the fraction right. */
  public record Bin(double from, double to, int count, double confidence, double accuracy) {}

  /** Log-loss: -(1/n) sum_i log(max(p_i,truth_i, {@link #CLIP})). */
  public static double logLoss(double[][] p, int[] truth) {
    check(p, truth);
    double sum = 0;
    for (int i = 0; i < p.length; i++) {
      sum -= Math.log(Math.max(truth[i] < 0 ? 0 : p[i][truth[i]], CLIP));
    }
    return sum / p.length;
  }

  /**
   * Brier's score, summed over the classes: (1/n) sum_i sum_k (p_ik - [k = truth_i])^2, in [0, 2].
   * For two classes it is twice scikit-learn's {@code brier_score_loss} of the positive class.
   */
  public static double brierScore(double[][] p, int[] truth) {
    check(p, truth);
    double sum = 0;
    for (int i = 0; i < p.length; i++) {
      for (int k = 0; k < p[i].length; k++) {
        double d = p[i][k] - (k == truth[i] ? 1 : 0);
        sum += d * d;
      }
    }
    return sum / p.length;
  }

  /**
   * The reliability diagram of the top probability over {@code bins} equal-width bins: bin b
   * holds the rows whose top probability c lies in (b / bins, (b + 1) / bins] (bin 0 also takes
   * c = 0), with their mean c and the fraction of them whose top class is the true one (NaN for
   * an empty bin).
   */
  public static Bin[] reliability(double[][] p, int[] truth, int bins) {
    check(p, truth);
    if (bins < 1) {
      throw new IllegalArgumentException("bins: " + bins + " (expected at least 1)");
    }
    int[] count = new int[bins];
    double[] confidence = new double[bins];
    int[] right = new int[bins];
    for (int i = 0; i < p.length; i++) {
      int top = 0;
      for (int k = 1; k < p[i].length; k++) {
        if (p[i][k] > p[i][top]) {
          top = k;
        }
      }
      double c = p[i][top];
      int b = Math.min(bins - 1, Math.max(0, (int) Math.ceil(c * bins) - 1));
      count[b]++;
      confidence[b] += c;
      right[b] += top == truth[i] ? 1 : 0;
    }
    Bin[] out = new Bin[bins];
    for (int b = 0; b < bins; b++) {
      out[b] = new Bin((double) b / bins, (double) (b + 1) / bins, count[b],
          count[b] == 0 ? Double.NaN : confidence[b] / count[b], count[b] == 0 ? Double.NaN : (double) right[b] / count[b]);
    }
    return out;
  }

  /**
   * Expected calibration error over {@link #BINS} bins of {@link #reliability}: sum_b (n_b / n) |
   * accuracy_b - confidence_b|.
   */
  public static double expectedCalibrationError(double[][] p, int[] truth) {
    double sum = 0;
    for (Bin b : reliability(p, truth, BINS)) {
      if (b.count() > 0) {
        sum += b.count() * Math.abs(b.accuracy() - b.confidence());
      }
    }
    return sum / p.length;
  }

  /**
   * Each row's true class as an index into the model's classes, matched by name (-1 for a class
   * the model does not know), for the metrics above.
   */
  public static int[] truth(Model model, Dataset data) {
    return Calibrator.truth(model.labels(), data);
  }

  private static void check(double[][] p, int[] truth) {
    if (p.length != truth.length) {
      throw new IllegalArgumentException("p has " + p.length + " rows, truth " + truth.length);
    }
    if (p.length == 0) {
      throw new IllegalArgumentException("p: no rows");
    }
  }
}
