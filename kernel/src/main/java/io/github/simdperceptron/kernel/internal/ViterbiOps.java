package io.github.simdperceptron.kernel.internal;

/**
 * The Viterbi step of {@link ViterbiSteps} over the previous tags it kept: per lane k a running
 * maximum that starts at {@code prev[0] + trans[k]} and goes through rows[0, n) (increasing),
 * replaced only by a strictly greater candidate {@code prev[j] + trans[j * kp + k]}, then the
 * emission added once.
 */
interface ViterbiOps {

  /**
   * The rows {@link ViterbiSteps#step} keeps, in increasing order, into rows; returns their number:
   * the j in [1, k) with {@code prev[j] + rowMax[j] >= prev[top] + rowMin[top]}, top the smallest arg
   * max of prev[0, k). Every implementation keeps the same rows. Only rows is modified.
   */
  int keep(float[] prev, int k, float[] rowMax, float[] rowMin, int[] rows);

  void step(float[] prev, float[] trans, int kp, int[] rows, int n, float[] emit, float[] delta, int[] back);
}
