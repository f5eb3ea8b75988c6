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

  /** {@code out[c] = sum_t val[t] * w[idx[t] * kp + c]}, c in [0, kp). Only out is modified. */
  public static void scores(float[] w, int kp, int[] idx, float[] val, int from, int to, float[] out) {
    OPS.scores(w, kp, idx, val, from, to, out);
  }

  /**
   * As {@link #scores}, the same bits, always from the scalar code: for a one-off pass at start-up,
   * which the Vector API would run uncompiled (many times slower than scalar code) until the JIT
   * compiler has compiled its methods. Only out is modified.
   */
  public static void scoresScalar(float[] w, int kp, int[] idx, float[] val, int from, int to, float[] out) {
    SCALAR.scores(w, kp, idx, val, from, to, out);
  }

  /** {@code w[idx[t] * kp + c] += val[t] * delta[c]}. Only w is modified. */
  public static void update(float[] w, int kp, int[] idx, float[] val, int from, int to, float[] delta) {
    OPS.update(w, kp, idx, val, from, to, delta);
  }

  /**
   * The averaged learners' fused update: as {@link #update(float[], int, int[], float[], int, int, float[])}
   * on w, and {@code u[idx[t] * kp + c] += (double) val[t] * deltaU[c]}. Only w and u are modified.
   */
  public static void update(float[] w, double[] u, int kp, int[] idx, float[] val, int from, int to,
      float[] delta, double[] deltaU) {
    OPS.update(w, u, kp, idx, val, from, to, delta, deltaU);
  }

  /**
   * The update of two classes a and b only (a != b), as the multi-class perceptron makes it:
   * {@code w[idx[t] * kp + a] += val[t] * stepA} and likewise for b; equal, bit for bit, to
   * {@link #update(float[], int, int[], float[], int, int, float[])} with a delta that is zero but
   * at a and b, at two scalar updates per non-zero instead of kp lanes. Only w is modified.
   */
  public static void updateTwo(float[] w, int kp, int[] idx, float[] val, int from, int to, int a, float stepA,
      int b, float stepB) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp;
      float x = val == null ? 1f : val[t];
      w[j + a] += x * stepA;
      w[j + b] += x * stepB;
    }
  }

  /**
   * The update of class a only: {@code w[idx[t] * kp + a] += val[t] * step}; equal, bit for bit, to
   * {@link #update(float[], int, int[], float[], int, int, float[])} with a delta that is zero but
   * at a. Only w is modified.
   */
  public static void updateOne(float[] w, int kp, int[] idx, float[] val, int from, int to, int a, float step) {
    for (int t = from; t < to; t++) {
      w[idx[t] * kp + a] += (val == null ? 1f : val[t]) * step;
    }
  }

  /**
   * {@link #updateOne(float[], int, int[], float[], int, int, int, float)} on w, and
   * {@code u[idx[t] * kp + a] += (double) val[t] * uStep}. Only w and u are modified.
   */
  public static void updateOne(float[] w, double[] u, int kp, int[] idx, float[] val, int from, int to, int a,
      float step, double uStep) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp + a;
      float x = val == null ? 1f : val[t];
      w[j] += x * step;
      u[j] += (double) x * uStep;
    }
  }

  /**
   * {@link #updateTwo(float[], int, int[], float[], int, int, int, float, int, float)} on w, and
   * {@code u[idx[t] * kp + a] += (double) val[t] * uStepA} and likewise for b: the averaged
   * update of two classes, equal bit for bit to the general one with deltas zero but at a and b.
   * Only w and u are modified.
   */
  public static void updateTwo(float[] w, double[] u, int kp, int[] idx, float[] val, int from, int to, int a,
      float stepA, double uStepA, int b, float stepB, double uStepB) {
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
}
