package io.github.simdperceptron.theory;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
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
 */
public final class Theory {
  private Theory() {}

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
