package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;

/**
 * K-class scores and updates over feature-major weights, unchecked, for the learners.
 *
 * <p>Layout: a weight matrix for K classes and d features is {@code float[d * kp]} with
 * {@code kp = paddedClasses(K)}; the weight of class c for feature j is {@code w[j * kp + c]}, and
 * the lanes c in [K, kp) are padding that the learners keep at zero. A row is its non-zeros
 * {@code (idx[t], val[t])}, t in [from, to), indices in [0, d); {@code val == null} means every
 * value is 1 (binary rows).
 *
 * <p>Scores: {@code out[c] = sum_t val[t] * w[idx[t] * kp + c]} for every c in [0, kp), summed in
 * the fixed order described in {@code ClassScoreOps} (four chains over the non-zeros), so the
 * scalar and the Vector API implementations give the same bits. On integer-valued data whose
 * partial sums stay below 2^24 every sum is exact and equals the reference's.
 *
 * <p>Updates: {@code w[idx[t] * kp + c] += val[t] * delta[c]} (the product rounded, then the sum),
 * and with {@code u}: {@code u[idx[t] * kp + c] += (double) val[t] * deltaU[c]} in double. With
 * {@code delta} in {-1, 0, 1} every product is exact, so an update equals the reference's
 * {@code w_c += x} or {@code w_c -= x} bit for bit.
 */
public final class ClassScores {
  private static final ClassScoreOps OPS = OpsProvider.ACTIVE.classScores;
  private static final ClassScoreOps SCALAR = new ScalarClassScoreOps(Kernel.usesFma());

  private ClassScores() {}


  /** The padded class count kp for k classes: k rounded up to a whole number of float vectors (at least 8). */
  public static int paddedClasses(int k) {
    int lanes = Math.max(8, Kernel.floatLanes());
    return (k + lanes - 1) / lanes * lanes;
  }

  /** Which implementation runs: {@code "panama"} or {@code "scalar"}. */
  public static String implementation() {
    return OPS instanceof ScalarClassScoreOps ? "scalar" : "panama";
  }

  /**
   * {@code out[c] = sum_t val[t] * w[idx[t] * kp + c]}, c in [0, kp), w and kp those of m. Only out
   * is modified.
   */
  public static void scores(ClassMatrix m, int[] idx, float[] val, int from, int to, float[] out) {
    OPS.scores(m, idx, val, from, to, out);
  }

  /**
   * As {@link #scores}, the same bits, always from the scalar code: for a one-off pass at start-up,
   * which the Vector API would run uncompiled (many times slower than scalar code) until the JIT
   * compiler has compiled its methods. Only out is modified.
   */
  public static void scoresScalar(ClassMatrix m, int[] idx, float[] val, int from, int to, float[] out) {
    SCALAR.scores(m, idx, val, from, to, out);
  }

  /**
   * The update of the marked steps, then no step marked: {@code w[idx[t] * kp + c] += val[t] * delta[c]}
   * and, when m has sums, {@code u[idx[t] * kp + c] += (double) val[t] * deltaU[c]}, for every t
   * in [from, to) and every class c (the steps' delta and deltaU). With one or two classes marked,
   * the lanes of those classes alone are updated (their steps the only ones not zero), at one or
   * two scalar updates per non-zero instead of kp lanes. Only w and u (m's) and steps are modified.
   */
  public static void update(ClassMatrix m, int[] idx, float[] val, int from, int to, ClassSteps steps) {
    float[] w = m.w;
    double[] u = m.u;
    int kp = m.kp;
    float[] delta = steps.delta;
    double[] deltaU = steps.deltaU;
    int marked = steps.marked;
    if (marked == 1) {
      int a = steps.first;
      float step = delta[a];
      if (u == null) {
        for (int t = from; t < to; t++) {
          w[idx[t] * kp + a] += (val == null ? 1f : val[t]) * step;
        }
      } else {
        double uStep = deltaU[a];
        for (int t = from; t < to; t++) {
          int j = idx[t] * kp + a;
          float x = val == null ? 1f : val[t];
          w[j] += x * step;
          u[j] += (double) x * uStep;
        }
      }
    } else if (marked == 2) {
      int a = steps.first;
      int b = steps.second;
      float stepA = delta[a];
      float stepB = delta[b];
      if (u == null) {
        for (int t = from; t < to; t++) {
          int j = idx[t] * kp;
          float x = val == null ? 1f : val[t];
          w[j + a] += x * stepA;
          w[j + b] += x * stepB;
        }
      } else {
        double uStepA = deltaU[a];
        double uStepB = deltaU[b];
        for (int t = from; t < to; t++) {
          int j = idx[t] * kp;
          float x = val == null ? 1f : val[t];
          w[j + a] += x * stepA;
          w[j + b] += x * stepB;
          double xd = x;
          u[j + a] += xd * uStepA;
          u[j + b] += xd * uStepB;
        }
      }
    } else {
      OPS.update(m, idx, val, from, to, steps);
    }
    steps.clear();
  }
}
