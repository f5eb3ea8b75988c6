package io.github.simdperceptron.kernel.internal;

/**
 * The Viterbi step of {@link ViterbiSteps} over the previous tags it kept: per lane k a running
 * maximum that starts at {@code prev[0] + trans[k]} and goes through rows[0, n) (increasing),
 * replaced only by a strictly greater candidate {@code prev[j] + trans[j * kp + k]}, then the
 * emission added once.
 */
interface ViterbiOps {

  void step(float[] prev, float[] trans, int kp, int[] rows, int n, float[] emit, float[] delta, int[] back);
}
