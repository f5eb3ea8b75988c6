package io.github.simdperceptron.theory;

import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * Radius, margins and mistake bounds of a binary dataset (labels +1/-1, see
 * {@link Dataset#label(int)}). Static methods only; arguments are never modified.
 *
 * <p>With {@code bias} the examples are the augmented {@code (x_i, 1)} and a linear classifier is
 * {@code (w, b)} with its norm {@code ||(w, b)|| = sqrt(||w||^2 + b^2)}; without it, b must be 0.
 * Activations {@code a_i = w . x_i + b} come from the kernel's batch margins (float, as the
 * learners see them), everything else is computed in double.
 *
 * <p>The theorems, for the perceptron on the (augmented) examples with {@code w_1 = 0}:
 * <ul>
 *   <li><b>Novikoff (1962), Block (1962).</b> If {@code ||x_i|| <= R} for all i and some u with
 *       {@code ||u|| = 1} has {@code y_i u . x_i >= gamma > 0} for all i, the perceptron makes at
 *       most {@code (R / gamma)^2} mistakes on any sequence of these examples, however long, and
 *       independently of n and d.
 *   <li><b>Freund and Schapire (1999), Theorem 2.</b> For any sequence of examples with
 *       {@code ||x_t|| <= R}, any u with {@code ||u|| = 1} and any {@code gamma > 0}, let
 *       {@code d_t = max(0, gamma - y_t u . x_t)} and {@code D = sqrt(sum_t d_t^2)}. Then the
 *       perceptron makes at most {@code ((R + D) / gamma)^2} mistakes on that sequence. u need not
 *       separate the data. The sum runs over the sequence visited: here over the n examples, which
 *       is one pass; k passes over the same examples have deviation {@code sqrt(k) D}.
 * </ul>
 *
 * <p>{@link #separability} answers whether the data is linearly separable at all, with a proof
 * either way: a separating hyperplane of the largest margin, or a Farkas certificate.
 */
public final class Theory {
  private Theory() {}

  /**
   * The largest data, in rows times features, that {@link #separability(Dataset)} solves the
   * programs for: 250,000 (e.g. 5,000 rows of 50 features). Above it the verdict rests on the PLA.
   */
  public static final long EXACT_LIMIT = 250_000L;

  /** The most features {@link #separability(Dataset)} solves the programs for (d + 1 QP variables). */
  public static final int EXACT_MAX_FEATURES = 1_000;

  /** The epochs {@link #separability(Dataset)} gives the PLA: 1,000. */
  public static final int PERCEPTRON_EPOCHS = 1_000;

  /**
   * Whether a binary dataset is linearly separable, {@code y_i (w . x_i + b) > 0} for every i with
   * some (w, b), and the proof: {@link #separability(Dataset, long, int)} with
   * {@link #EXACT_LIMIT} and {@link #PERCEPTRON_EPOCHS}.
   *
   * @throws IllegalArgumentException when the data has more than two classes
   */
  public static Separability separability(Dataset data) {
    return separability(data, EXACT_LIMIT, PERCEPTRON_EPOCHS);
  }

  /**
   * Whether a binary dataset is linearly separable (the bias included: the examples are
   * {@code z_i = (x_i, 1)}), with the proof. Nothing passed in is modified.
   *
   * <p>When {@code rows x features <= exactLimit} and {@code features <=} {@link #EXACT_MAX_FEATURES},
   * an LP and a QP (ojAlgo) decide, and their answer is checked here before it is returned:
   * <ul>
   *   <li>{@link Verdict#SEPARABLE}: the separator of largest margin, the solution of the
   *       hard-margin program {@code min ||w~||^2 subject to y_i w~ . z_i >= 1},
   *       {@code gamma* = 1 / ||w~||}. It is checked in double with a bound on every rounding
   *       (Higham's {@code gamma_n} for the dot products), and {@link Separability#margin()} is the
   *       margin so proven: a lower bound on gamma* that meets it to the solver's tolerance.
   *       The PLA is then run on the same data (at most {@code perceptronEpochs} epochs) so its
   *       updates can be set beside Novikoff's bound {@code (R / gamma*)^2}.
   *   <li>{@link Verdict#NOT_SEPARABLE}: a Farkas certificate, weights {@code lambda_i >= 0} not
   *       all zero with {@code sum_i lambda_i y_i z_i = 0}; no (w, b) can then make every
   *       {@code y_i w~ . z_i} positive, as their lambda-weighted sum is {@code w~ . 0 = 0}. The
   *       LP's weights are recomputed on their support in exact integer arithmetic on the float
   *       inputs and checked exactly; at most d + 2 rows carry weight.
   *   <li>{@link Verdict#UNKNOWN} when neither answer checks (a margin too small for double, say).
   * </ul>
   * Above the limits the PLA runs for at most {@code perceptronEpochs} epochs: if it halts, its
   * separator is checked as above and the verdict is SEPARABLE without the maximum margin
   * ({@link Separability#exact()} false, the margin that of the PLA's separator); if it does not,
   * UNKNOWN, as not halting proves nothing.
   *
   * @param exactLimit the largest rows x features to solve the programs for, {@code >= 0}
   * @param perceptronEpochs the PLA's epochs, {@code >= 1}
   * @throws IllegalArgumentException when the data has more than two classes or an argument is out
   *     of range
   */
  public static Separability separability(Dataset data, long exactLimit, int perceptronEpochs) {
    Objects.requireNonNull(data, "data");
    if (data.labels().size() > 2) {
      throw new IllegalArgumentException("separability is a two-class question; the data has "
          + data.labels().size() + " classes: " + data.labels());
    }
    if (exactLimit < 0) {
      throw new IllegalArgumentException("exactLimit must be >= 0, got " + exactLimit);
    }
    if (perceptronEpochs < 1) {
      throw new IllegalArgumentException("perceptronEpochs must be >= 1, got " + perceptronEpochs);
    }
    long cells = (long) data.size() * data.dimension();
    double radius = radius(data, true);
    String size = data.size() + " rows x " + data.dimension() + " features";
    if (cells > exactLimit || data.dimension() > EXACT_MAX_FEATURES) {
      String why = size + (cells > exactLimit ? " is above the exact limit of " + exactLimit + " cells"
          : " is above the exact limit of " + EXACT_MAX_FEATURES + " features");
      FitResult<?> pla = pla(data, perceptronEpochs);
      TrainingReport r = pla.report();
      if (r.halted()) {
        LinearModel m = (LinearModel) pla.model();
        double[] wb = withBias(m.weights(), m.bias());
        double margin = Separation.provenMargin(data, wb);
        if (margin > 0d) {
          return new Separability(Verdict.SEPARABLE, false, wb, margin, radius, r.updates(), r.epochs(), null,
              why + ": the PLA halted after " + r.updates() + " updates in " + r.epochs()
                  + " epochs, and its separator checks (its margin is not the largest)");
        }
      }
      return new Separability(Verdict.UNKNOWN, false, null, Double.NaN, radius, r.halted() ? r.updates() : -1,
          r.epochs(), null, why + ": the PLA did not halt in " + r.epochs() + " epochs, which proves nothing"
              + " either way");
    }
    FarkasCertificate.Found certificate = Separation.certificate(data);
    if (certificate != null) {
      return new Separability(Verdict.NOT_SEPARABLE, true, null, Double.NaN, radius, -1, 0, certificate,
          "not separable: " + certificate.rows().length + " examples whose weighted sum of y (x, 1) is exactly 0"
              + " (Farkas' lemma; checked in integer arithmetic)");
    }
    double[] wb = Separation.maximumMargin(data);
    double margin = wb == null ? Double.NaN : Separation.provenMargin(data, wb);
    if (!(margin > 0d)) {
      return new Separability(Verdict.UNKNOWN, true, null, Double.NaN, radius, -1, 0, null,
          "unknown: neither a certificate of non-separability nor a separator from the solvers checks on " + size
              + " (the margin may be below what double arithmetic resolves)");
    }
    FitResult<?> pla = pla(data, perceptronEpochs);
    TrainingReport r = pla.report();
    return new Separability(Verdict.SEPARABLE, true, wb, margin, radius, r.halted() ? r.updates() : -1, r.epochs(),
        null, String.format(Locale.ROOT, "separable: the maximum-margin hyperplane separates every example with"
            + " margin %.6g (checked with bounded rounding)", margin));
  }

  /** The PLA on data, bias on, at most {@code epochs} epochs. */
  private static FitResult<?> pla(Dataset data, int epochs) {
    return Learner.fit(Algorithm.PLA, data, TrainingOptions.builder().maxEpochs(epochs).build());
  }

  private static double[] withBias(float[] w, float b) {
    double[] wb = new double[w.length + 1];
    for (int j = 0; j < w.length; j++) {
      wb[j] = w[j];
    }
    wb[w.length] = b;
    return wb;
  }

  /** The three answers of {@link #separability}. */
  public enum Verdict {
    /** Some (w, b) has {@code y_i (w . x_i + b) > 0} for every example; the separator is given. */
    SEPARABLE,
    /** No (w, b) separates the data; the Farkas certificate is given. */
    NOT_SEPARABLE,
    /** Neither could be proven. */
    UNKNOWN
  }

  /**
   * The answer of {@link #separability}: the verdict and its proof. Immutable; arrays are copied
   * out.
   */
  public static final class Separability {
    private final Verdict verdict;
    private final boolean exact;
    private final double[] separator;
    private final double margin;
    private final double radius;
    private final long perceptronUpdates;
    private final int perceptronEpochs;
    private final FarkasCertificate.Found certificate;
    private final String message;

    Separability(Verdict verdict, boolean exact, double[] separator, double margin, double radius,
        long perceptronUpdates, int perceptronEpochs, FarkasCertificate.Found certificate, String message) {
      this.verdict = verdict;
      this.exact = exact;
      this.separator = separator;
      this.margin = margin;
      this.radius = radius;
      this.perceptronUpdates = perceptronUpdates;
      this.perceptronEpochs = perceptronEpochs;
      this.certificate = certificate;
      this.message = message;
    }

    /** The answer. */
    public Verdict verdict() {
      return verdict;
    }

    /** {@code true} for SEPARABLE, {@code false} for NOT_SEPARABLE, null for UNKNOWN. */
    public Boolean separable() {
      return verdict == Verdict.UNKNOWN ? null : verdict == Verdict.SEPARABLE;
    }

    /**
     * Whether the programs were solved (so a SEPARABLE margin is the largest one, gamma*), rather
     * than the PLA run alone.
     */
    public boolean exact() {
      return exact;
    }

    /** The separator's weights w (a copy) for SEPARABLE, else null. */
    public double[] weights() {
      return separator == null ? null : Arrays.copyOf(separator, separator.length - 1);
    }

    /** The separator's bias b for SEPARABLE, else NaN. */
    public double bias() {
      return separator == null ? Double.NaN : separator[separator.length - 1];
    }

    /**
     * The proven margin {@code min_i y_i (w . x_i + b) / ||(w, b)||} of the separator for
     * SEPARABLE (when {@link #exact()}, gamma* to the solver's tolerance, never above it), else
     * NaN.
     */
    public double margin() {
      return margin;
    }

    /** {@code R = max_i ||(x_i, 1)||}. */
    public double radius() {
      return radius;
    }

    /** Novikoff's bound {@code (R / margin)^2} on the perceptron's mistakes for SEPARABLE, else NaN. */
    public double novikoffBound() {
      return separator == null ? Double.NaN : (radius / margin) * (radius / margin);
    }

    /** The PLA's updates until it halted; -1 when it did not halt or did not run. */
    public long perceptronUpdates() {
      return perceptronUpdates;
    }

    /** The epochs the PLA ran; 0 when it did not run. */
    public int perceptronEpochs() {
      return perceptronEpochs;
    }

    /** The rows (0-based, increasing) carrying the certificate's weight for NOT_SEPARABLE; else empty. */
    public int[] certificateRows() {
      return certificate == null ? new int[0] : certificate.rows().clone();
    }

    /**
     * The certificate's weights lambda on {@link #certificateRows()}, all positive, scaled so the
     * largest is 1 (rounded to double from the exact ones that were checked); else empty.
     */
    public double[] certificateWeights() {
      return certificate == null ? new double[0] : certificate.weights().clone();
    }

    /** How the verdict was reached, one sentence. */
    public String message() {
      return message;
    }

    @Override
    public String toString() {
      return verdict + ": " + message;
    }
  }

  /**
   * The radius {@code R = max_i ||x_i||}, or {@code max_i sqrt(||x_i||^2 + 1)} with the bias,
   * from {@link Dataset#squaredNorm(int)} widened to double.
   */
  public static double radius(Dataset data, boolean bias) {
    Objects.requireNonNull(data, "data");
    double max = 0d;
    for (int i = 0; i < data.size(); i++) {
      double sq = (double) data.squaredNorm(i) + (bias ? 1d : 0d);
      max = Math.max(max, sq);
    }
    return Math.sqrt(max);
  }

  /**
   * Whether (w, b) separates the data: {@code y_i a_i > 0} for every example, i.e. a learner
   * holding these weights would make no mistake ({@code y a <= 0}) on any of them.
   *
   * @param w weights, length {@code data.dimension()}, finite
   * @param b bias, finite; must be 0 when {@code bias} is false
   * @throws IllegalArgumentException on a wrong length, a non-finite value, or b != 0 without bias
   */
  public static boolean separates(Dataset data, float[] w, float b, boolean bias) {
    return minFunctionalMargin(data, w, b, bias) > 0d;
  }

  /**
   * The (geometric) margin of the data under (w, b):
   * {@code min_i y_i (w . x_i + b) / ||(w, b)||}, the bias included in the norm when {@code bias}
   * is on; {@link Double#NEGATIVE_INFINITY} when (w, b) does not separate the data (some
   * {@code y_i a_i <= 0}, which includes w = 0, b = 0).
   *
   * @throws IllegalArgumentException as {@link #separates}
   */
  public static double margin(Dataset data, float[] w, float b, boolean bias) {
    double min = minFunctionalMargin(data, w, b, bias);
    if (!(min > 0d)) {
      return Double.NEGATIVE_INFINITY;
    }
    return min / norm(w, b);
  }

  /**
   * Novikoff's bound {@code (R / gamma)^2} on the number of mistakes.
   *
   * @param radius R, finite and {@code >= 0}
   * @param gamma the margin, finite and {@code > 0}
   * @throws IllegalArgumentException otherwise
   */
  public static double novikoffBound(double radius, double gamma) {
    checkRadius(radius);
    checkGamma(gamma);
    double q = radius / gamma;
    return q * q;
  }

  /**
   * Novikoff's bound for the data with the margin of a given separator:
   * {@code (radius(data, bias) / margin(data, w, b, bias))^2}, or
   * {@link Double#POSITIVE_INFINITY} when (w, b) does not separate the data (no bound follows).
   *
   * @throws IllegalArgumentException as {@link #separates}
   */
  public static double novikoffBound(Dataset data, float[] w, float b, boolean bias) {
    double gamma = margin(data, w, b, bias);
    if (gamma == Double.NEGATIVE_INFINITY) {
      return Double.POSITIVE_INFINITY;
    }
    return novikoffBound(radius(data, bias), gamma);
  }

  /**
   * The deviation {@code D = sqrt(sum_i max(0, gamma - y_i (u . x_i + bu))^2)} of the data from
   * margin gamma under the direction (u, bu). <b>u is normalised here:</b> (u, bu) may have any
   * non-zero norm and is divided by {@code ||(u, bu)||} (bu included with the bias) before the
   * margins are taken, so gamma is a margin of the unit vector.
   *
   * @param u direction, length {@code data.dimension()}, finite, not zero together with bu
   * @param bu its bias, finite; must be 0 when {@code bias} is false
   * @param gamma target margin, finite and {@code > 0}
   * @throws IllegalArgumentException on a wrong length, a non-finite value, a zero direction,
   *     bu != 0 without bias, or a gamma that is not finite and positive
   */
  public static double deviation(Dataset data, float[] u, float bu, boolean bias, double gamma) {
    checkGamma(gamma);
    float[] activations = activations(data, u, bu, bias);
    double norm = norm(u, bu);
    if (norm == 0d) {
      throw new IllegalArgumentException("u is zero: a direction needs a non-zero norm");
    }
    double sum = 0d;
    for (int i = 0; i < activations.length; i++) {
      double di = Math.max(0d, gamma - data.label(i) * (double) activations[i] / norm);
      sum += di * di;
    }
    return Math.sqrt(sum);
  }

  /**
   * The Freund–Schapire bound {@code ((R + D) / gamma)^2} from its parts.
   *
   * @param radius R, finite and {@code >= 0}
   * @param deviation D, finite and {@code >= 0}
   * @param gamma finite and {@code > 0}
   * @throws IllegalArgumentException otherwise
   */
  public static double freundSchapireBound(double radius, double deviation, double gamma) {
    checkRadius(radius);
    if (!(deviation >= 0d) || deviation == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("deviation must be finite and >= 0, got " + deviation);
    }
    checkGamma(gamma);
    double q = (radius + deviation) / gamma;
    return q * q;
  }

  /**
   * The Freund–Schapire bound for one pass over the data:
   * {@code ((radius(data, bias) + deviation(data, u, bu, bias, gamma)) / gamma)^2}, u normalised
   * as in {@link #deviation}. When (u, bu) separates the data with margin at least gamma, D = 0
   * and this is Novikoff's bound.
   *
   * @throws IllegalArgumentException as {@link #deviation}
   */
  public static double freundSchapireBound(Dataset data, float[] u, float bu, boolean bias, double gamma) {
    double d = deviation(data, u, bu, bias, gamma);
    return freundSchapireBound(radius(data, bias), d, gamma);
  }

  /** min_i y_i a_i in double (a_i from the float kernel). */
  private static double minFunctionalMargin(Dataset data, float[] w, float b, boolean bias) {
    float[] activations = activations(data, w, b, bias);
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < activations.length; i++) {
      min = Math.min(min, data.label(i) * (double) activations[i]);
    }
    return min;
  }

  private static float[] activations(Dataset data, float[] w, float b, boolean bias) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(w, "weights");
    if (w.length != data.dimension()) {
      throw new IllegalArgumentException("weights have length " + w.length + ", the data dimension "
          + data.dimension());
    }
    for (int j = 0; j < w.length; j++) {
      if (!Float.isFinite(w[j])) {
        throw new IllegalArgumentException("weight " + j + " is " + w[j] + ", not finite");
      }
    }
    if (!Float.isFinite(b)) {
      throw new IllegalArgumentException("bias is " + b + ", not finite");
    }
    if (!bias && b != 0f) {
      throw new IllegalArgumentException("bias is " + b + " but bias is off: it must be 0");
    }
    float[] out = new float[data.size()];
    DataAccess.margins(data, w, b, out);
    return out;
  }

  /** ||(w, b)|| in double (b is 0 without the bias). */
  private static double norm(float[] w, float b) {
    double sq = (double) b * b;
    for (float x : w) {
      sq += (double) x * x;
    }
    return Math.sqrt(sq);
  }

  private static void checkRadius(double radius) {
    if (!(radius >= 0d) || radius == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("radius must be finite and >= 0, got " + radius);
    }
  }

  private static void checkGamma(double gamma) {
    if (!(gamma > 0d) || gamma == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("gamma must be finite and > 0, got " + gamma);
    }
  }
}
