package io.github.simdperceptron.learn.calibration;

import java.util.Arrays;
import java.util.Objects;

/**
 * A map from a model's raw scores to class probabilities, fitted on held-out scores. Immutable.
 * The methods:
 * <ul>
 *   <li>{@link Method#PLATT} (binary, one score s): p(class 1) = sigmoid(a s + b), p(class 0) =
 *       1 - p(class 1); parameters {a, b}.
 *   <li>{@link Method#TEMPERATURE} (K scores): p = softmax(s / T); the one parameter is the
 *       inverse temperature beta = 1 / T >= 0 (0: every class 1/K).
 *   <li>{@link Method#OVR_PLATT} (K scores): class k's own Platt map q_k = sigmoid(a_k s_k + b_k),
 *       fitted on class k against the rest, then p_k = q_k / sum_j q_j; parameters
 *       {a_0, b_0, a_1, b_1, ...}.
 *   <li>{@link Method#PAIRWISE} (K scores): a Platt map per pair of classes i < j on the
 *       difference of their scores, r_ij = sigmoid(a_ij (s_i - s_j) + b_ij) (clamped to
 *       [1e-7, 1 - 1e-7]), fitted on the rows of class i (positive) or j, r_ji = 1 - r_ij; then the
 *       probabilities p that couple the K(K-1)/2 pairwise ones (Wu, Lin and Weng, "Probability
 *       estimates for multi-class classification by pairwise coupling", JMLR 5, 2004, their second
 *       method): p minimises sum_i sum_{j != i} (r_ji p_i - r_ij p_j)^2 subject to sum p = 1,
 *       found by their fixed-point iteration from p = 1/K (at most max(100, K) sweeps, stopping
 *       when every |(Qp)_t - p'Qp| < 0.005 / K), as LIBSVM's {@code -b 1} couples its pairwise
 *       SVMs. Parameters {a_01, b_01, a_02, b_02, ..., a_0(K-1), b_0(K-1), a_12, ...}: the pairs
 *       in order of i, then j. A pair whose classes have no held-out row keeps a = b = 0
 *       (r = 1/2).
 * </ul>
 * {@link Calibrator} fits one from a model and held-out rows.
 */
public final class Calibration {

  /** How scores become probabilities; each method knows how many scores and parameters it takes. */
  public enum Method {
    /** Platt's sigmoid of the one binary score. */
    PLATT(1),
    /** A softmax of the K scores divided by one fitted temperature. */
    TEMPERATURE(2),
    /** A Platt sigmoid per class, normalised to sum to 1. */
    OVR_PLATT(3),
    /** A Platt sigmoid per pair of classes on their score difference, coupled into K probabilities. */
    PAIRWISE(4);

    private final int code;

    Method(int code) {
      this.code = code;
    }

    /** The method's number in model files (1, 2, 3, 4). */
    public int code() {
      return code;
    }

    /** The method of a model-file number, or null for an unknown one. */
    public static Method ofCode(int code) {
      for (Method m : values()) {
        if (m.code == code) {
          return m;
        }
      }
      return null;
    }

    /** The number of parameters for a model of {@code classes} classes. */
    public int parameterCount(int classes) {
      return this == PLATT ? 2 : this == TEMPERATURE ? 1 : this == OVR_PLATT ? 2 * classes : classes * (classes - 1);
    }

    /** The lower-case name the command uses: platt, temperature, ovr-platt, pairwise. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * The default method for a model of {@code scoreCount} scores: Platt for one score, temperature
   * for K (docs/probabilities.md gives the measurement behind the choice).
   */
  public static Method defaultMethod(int scoreCount) {
    return scoreCount == 1 ? Method.PLATT : Method.TEMPERATURE;
  }

  private final Method method;
  private final int classes;
  private final double[] parameters;

  private Calibration(Method method, int classes, double[] parameters) {
    this.method = method;
    this.classes = classes;
    this.parameters = parameters;
  }

  /**
   * A calibration of a model of {@code classes} classes with the given parameters (copied), as
   * the class Javadoc lists them. Throws {@link IllegalArgumentException} when the count is wrong
   * for the method (Platt: 2 classes; the others: at least 2), a parameter is not finite, or beta
   * is negative.
   */
  public static Calibration of(Method method, int classes, double[] parameters) {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(parameters, "parameters");
    if (classes < 2 || (method == Method.PLATT && classes != 2)) {
      throw new IllegalArgumentException("classes: " + classes + " (expected " + (method == Method.PLATT ? "2 for Platt"
          : "at least 2") + ")");
    }
    if (parameters.length != method.parameterCount(classes)) {
      throw new IllegalArgumentException("parameters: " + parameters.length + " (expected "
          + method.parameterCount(classes) + " for " + method.label() + " with " + classes + " classes)");
    }
    for (int i = 0; i < parameters.length; i++) {
      if (!Double.isFinite(parameters[i])) {
        throw new IllegalArgumentException("parameters[" + i + "]: " + parameters[i] + " (expected a finite value)");
      }
    }
    if (method == Method.TEMPERATURE && parameters[0] < 0) {
      throw new IllegalArgumentException("parameters[0]: inverse temperature " + parameters[0] + " (expected >= 0)");
    }
    return new Calibration(method, classes, parameters.clone());
  }

  /**
   * Fits {@code method} on rows of scores (one score each for Platt, K for the others) whose true
   * classes are {@code truth[i]} in [0, classes). Neither array is modified. Throws
   * {@link IllegalArgumentException} on no rows, a row of the wrong length or a class out of range.
   */
  public static Calibration fit(Method method, int classes, float[][] scores, int[] truth) {
    Objects.requireNonNull(method, "method");
    if (scores.length != truth.length) {
      throw new IllegalArgumentException("scores has " + scores.length + " rows, truth " + truth.length);
    }
    if (scores.length == 0) {
      throw new IllegalArgumentException("scores: no rows to calibrate on");
    }
    int width = method == Method.PLATT ? 1 : classes;
    for (int i = 0; i < scores.length; i++) {
      if (scores[i].length != width) {
        throw new IllegalArgumentException("scores[" + i + "] has " + scores[i].length + " scores (expected " + width
            + ")");
      }
      if (truth[i] < 0 || truth[i] >= classes) {
        throw new IllegalArgumentException("truth[" + i + "]: class " + truth[i] + " (expected 0 to " + (classes - 1)
            + ")");
      }
    }
    double[] s = new double[scores.length];
    boolean[] positive = new boolean[scores.length];
    switch (method) {
      case PLATT:
        for (int i = 0; i < s.length; i++) {
          s[i] = scores[i][0];
          positive[i] = truth[i] == 1;
        }
        return of(method, classes, Platt.fit(s, positive));
      case TEMPERATURE:
        return of(method, classes, new double[] {Temperature.fit(scores, truth)});
      case OVR_PLATT: {
        double[] p = new double[2 * classes];
        for (int k = 0; k < classes; k++) {
          for (int i = 0; i < s.length; i++) {
            s[i] = scores[i][k];
            positive[i] = truth[i] == k;
          }
          double[] ab = Platt.fit(s, positive);
          p[2 * k] = ab[0];
          p[2 * k + 1] = ab[1];
        }
        return of(method, classes, p);
      }
      default:
        return of(method, classes, PairwiseCoupling.fit(classes, scores, truth));
    }
  }

  /** The method. */
  public Method method() {
    return method;
  }

  /** The number of classes the probabilities are over. */
  public int classes() {
    return classes;
  }

  /** How many scores {@link #probabilities} takes: 1 for Platt, else the number of classes. */
  public int scoreCount() {
    return method == Method.PLATT ? 1 : classes;
  }

  /** A copy of the parameters, as the class Javadoc lists them. */
  public double[] parameters() {
    return parameters.clone();
  }

  /**
   * Writes the probabilities of the classes, given a row's raw scores ({@link #scoreCount()} of
   * them), into {@code out[0, classes())}: each in [0, 1], summing to 1 up to rounding. Only out
   * is modified.
   */
  public void probabilities(float[] scores, double[] out) {
    switch (method) {
      case PLATT: {
        double p = sigmoid(parameters[0] * scores[0] + parameters[1]);
        out[0] = 1 - p;
        out[1] = p;
        return;
      }
      case TEMPERATURE:
        for (int k = 0; k < classes; k++) {
          out[k] = parameters[0] * scores[k];
        }
        break;
      case OVR_PLATT:
        for (int k = 0; k < classes; k++) {
          out[k] = logSigmoid(parameters[2 * k] * scores[k] + parameters[2 * k + 1]);
        }
        break;
      default:
        PairwiseCoupling.probabilities(parameters, classes, scores, out);
        return;
    }
    softmaxInPlace(out);
  }

  /** The probabilities of one row's scores, as {@link #probabilities(float[], double[])}, in a new array. */
  public double[] probabilities(float[] scores) {
    double[] out = new double[classes];
    probabilities(scores, out);
    return out;
  }

  /** out[0, classes) = softmax of its own values (shifted by their maximum: no overflow). */
  private void softmaxInPlace(double[] out) {
    double top = Double.NEGATIVE_INFINITY;
    for (int k = 0; k < classes; k++) {
      top = Math.max(top, out[k]);
    }
    double z = 0;
    for (int k = 0; k < classes; k++) {
      out[k] = Math.exp(out[k] - top);
      z += out[k];
    }
    for (int k = 0; k < classes; k++) {
      out[k] /= z;
    }
  }

  static double sigmoid(double z) {
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }

  /** log(sigmoid(z)) without underflow to -infinity. */
  static double logSigmoid(double z) {
    return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Calibration c && c.method == method && c.classes == classes
        && Arrays.equals(c.parameters, parameters);
  }

  @Override
  public int hashCode() {
    return Objects.hash(method, classes, Arrays.hashCode(parameters));
  }

  @Override
  public String toString() {
    return method.label() + Arrays.toString(parameters);
  }
}
