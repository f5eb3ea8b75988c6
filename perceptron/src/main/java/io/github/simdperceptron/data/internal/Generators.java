package io.github.simdperceptron.data.internal;

import io.github.simdperceptron.data.Dataset;
import java.util.Random;

/**
 * Built-in datasets that need nothing from outside: linearly separable data with a planted
 * margin, the same with label noise, and Boolean k-literal conjunctions (Example 2.12 of the
 * course notes). Deterministic for a given seed.
 */
public final class Generators {
  private Generators() {}

  /** A generated dataset and the planted separator it was drawn around. */
  public static final class Planted {
    private final Dataset data;
    private final float[] u;
    private final double margin;

    Planted(Dataset data, float[] u, double margin) {
      this.data = data;
      this.u = u;
      this.margin = margin;
    }

    /** The examples. */
    public Dataset data() {
      return data;
    }

    /** The planted direction, unit norm (in double), no bias. A copy. */
    public float[] u() {
      return u.clone();
    }

    /**
     * The planted margin actually achieved: min over the examples of y u.x / ||u||, computed in
     * double from the stored floats (negative when label noise flipped some example).
     */
    public double margin() {
      return margin;
    }
  }

  /**
   * n examples in R^d separable through the origin by a random unit u with margin at least
   * {@code gamma}: each x is Gaussian noise orthogonal to u, scaled to norm {@code radius}, plus
   * {@code y (gamma + s) u} with s uniform in [0, gamma), and y = +-1 with equal odds.
   */
  public static Planted separable(int n, int d, double gamma, double radius, long seed) {
    return noisy(n, d, gamma, radius, 0.0, seed);
  }

  /** {@link #separable} with each label flipped with probability {@code flip}. */
  public static Planted noisy(int n, int d, double gamma, double radius, double flip, long seed) {
    if (n < 1 || d < 2) {
      throw new IllegalArgumentException("need n >= 1 and d >= 2, got n = " + n + ", d = " + d);
    }
    if (!(gamma > 0) || !(radius >= 0) || !(flip >= 0 && flip < 1)) {
      throw new IllegalArgumentException("need gamma > 0, radius >= 0, 0 <= flip < 1; got gamma = " + gamma
          + ", radius = " + radius + ", flip = " + flip);
    }
    Random rnd = new Random(seed);
    double[] ud = new double[d];
    double norm = 0;
    for (int j = 0; j < d; j++) {
      ud[j] = rnd.nextGaussian();
      norm += ud[j] * ud[j];
    }
    norm = Math.sqrt(norm);
    float[] u = new float[d];
    for (int j = 0; j < d; j++) {
      u[j] = (float) (ud[j] / norm);
    }
    double uNorm = 0;
    for (float v : u) {
      uNorm += (double) v * v;
    }
    uNorm = Math.sqrt(uNorm);
    Dataset.Builder b = Dataset.builder(d);
    double[] z = new double[d];
    float[] x = new float[d];
    double minMargin = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double y = rnd.nextBoolean() ? 1.0 : -1.0;
      double uz = 0;
      for (int j = 0; j < d; j++) {
        z[j] = rnd.nextGaussian();
        uz += z[j] * u[j];
      }
      double zn = 0;
      for (int j = 0; j < d; j++) {
        z[j] -= uz * u[j] / (uNorm * uNorm);
        zn += z[j] * z[j];
      }
      double scale = zn > 0 ? radius / Math.sqrt(zn) : 0;
      double along = y * (gamma + rnd.nextDouble() * gamma);
      for (int j = 0; j < d; j++) {
        x[j] = (float) (z[j] * scale + along * u[j] / uNorm);
      }
      if (flip > 0 && rnd.nextDouble() < flip) {
        y = -y;
      }
      double m = 0;
      for (int j = 0; j < d; j++) {
        m += (double) u[j] * x[j];
      }
      minMargin = Math.min(minMargin, y * m / uNorm);
      b.add(x, y);
    }
    return new Planted(b.build(), u, minMargin);
  }

  /**
   * n examples drawn uniformly from {-1, 1}^d labelled by the conjunction of the first k
   * variables being +1 (label +1 when x_0 = ... = x_{k-1} = +1, else -1). Each of those k
   * variables is +1 with probability {@code 2^(-1/k)}, so about half of the examples are
   * positive whatever k is; the other d - k variables are fair coins.
   */
  public static Dataset conjunction(int n, int d, int k, long seed) {
    if (n < 1 || d < 1 || k < 1 || k > d) {
      throw new IllegalArgumentException("need n >= 1 and 1 <= k <= d, got n = " + n + ", d = " + d + ", k = " + k);
    }
    Random rnd = new Random(seed);
    double pRelevant = Math.pow(0.5, 1.0 / k);
    Dataset.Builder b = Dataset.builder(d);
    float[] x = new float[d];
    for (int i = 0; i < n; i++) {
      boolean all = true;
      for (int j = 0; j < d; j++) {
        boolean one = rnd.nextDouble() < (j < k ? pRelevant : 0.5);
        x[j] = one ? 1f : -1f;
        if (j < k && !one) {
          all = false;
        }
      }
      b.add(x, all ? 1.0 : -1.0);
    }
    return b.build();
  }
}
