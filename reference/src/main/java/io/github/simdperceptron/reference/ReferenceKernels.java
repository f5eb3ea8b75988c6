package io.github.simdperceptron.reference;

/**
 * The literal twin of the kernel perceptron's kernel operations: every kernel value from the
 * reference dot product, one at a time, in textbook order. Deliberately naive.
 */
public final class ReferenceKernels {
  private ReferenceKernels() {}

  /** G[r][s] = x[r] . sv[s] with {@link ReferenceOps#dot}. */
  public static float[][] gram(float[][] x, float[][] sv) {
    float[][] g = new float[x.length][sv.length];
    for (int r = 0; r < x.length; r++) {
      for (int s = 0; s < sv.length; s++) {
        g[r][s] = ReferenceOps.dot(x[r], 0, sv[s], 0, x[r].length);
      }
    }
    return g;
  }

  /** The linear kernel: x . s. */
  public static float linear(float[] x, float[] s) {
    return ReferenceOps.dot(x, 0, s, 0, x.length);
  }

  /** The polynomial kernel (gamma x.s + coef0)^degree, the power as degree - 1 products of float. */
  public static float poly(float[] x, float[] s, float gamma, float coef0, int degree) {
    float t = gamma * ReferenceOps.dot(x, 0, s, 0, x.length) + coef0;
    float p = t;
    for (int k = 1; k < degree; k++) {
      p = p * t;
    }
    return p;
  }

  /**
   * The RBF kernel exp(-gamma |x - s|^2), the squared distance as |x|^2 + |s|^2 - 2 x.s in float
   * (clamped at 0), the exponential by Math.exp rounded to float.
   */
  public static float rbf(float[] x, float[] s, float gamma) {
    float xn = ReferenceOps.squaredNorm(x, 0, x.length);
    float sn = ReferenceOps.squaredNorm(s, 0, s.length);
    float dist = xn + sn - 2f * ReferenceOps.dot(x, 0, s, 0, x.length);
    if (dist < 0f) {
      dist = 0f;
    }
    return (float) Math.exp(-gamma * dist);
  }

  /** scores[c] = sum_s g[s] * coef[s][c], s ascending, in float. */
  public static float[] classScores(float[] g, float[][] coef, int k) {
    float[] scores = new float[k];
    for (int c = 0; c < k; c++) {
      for (int s = 0; s < g.length; s++) {
        scores[c] = scores[c] + g[s] * coef[s][c];
      }
    }
    return scores;
  }
}
