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
   * the j in [1, k) with {@code prev[j] + rowMax[j] >= prev[top] + rowMin[top]} (k, rowMax and rowMin those of t), top the smallest arg
   * max of prev[0, k). Every implementation keeps the same rows. Only rows is modified.
   */
  int keep(Transitions t, float[] prev, int[] rows);

  /** {@link ViterbiSteps#step}: the rows of {@link #keep} into rows, then the step over them. */
  void step(Transitions t, float[] prev, float[] emit, float[] delta, int[] back, int[] rows);
}
