package io.github.simdperceptron.kernel.internal;

/**
 * The Viterbi step of {@link ViterbiSteps} over the previous tags it kept: per lane k a running
 * maximum that starts at {@code prev[0] + trans[k]} and goes through rows[0, n) (increasing),
 * replaced only by a strictly greater candidate {@code prev[j] + trans[j * kp + k]}, then the
 * emission added once.
 */
interface ViterbiOps {

  /**
   * The rows the pruned step goes through, in rows[0, n), increasing; returns n. With j* the
   * smallest j in [0, k) whose prev[j] no other exceeds ({@code >}), and
   * {@code floor = min_c (prev[j*] + trans[j* * kp + c])} over c in [0, kp), they are the j in
   * [1, k) with {@code prev[j] + rowMax[j] >= floor}. Reads prev[0, k) and rowMax[0, k) only; only
   * rows is modified.
   */
  int keep(float[] prev, int k, float[] trans, int kp, float[] rowMax, int[] rows);

  void step(float[] prev, float[] trans, int kp, int[] rows, int n, float[] emit, float[] delta, int[] back);
}
