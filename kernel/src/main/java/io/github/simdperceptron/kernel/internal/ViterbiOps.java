package io.github.simdperceptron.kernel.internal;

/**
 * The Viterbi step of {@link ViterbiSteps}: per lane k a running maximum over j in increasing
 * order, replaced only by a strictly greater candidate {@code prev[j] + trans[j * kp + k]}, then
 * the emission added once; rows that cannot reach a lane's maximum may be skipped (exact
 * pruning, see {@link ViterbiSteps}).
 */
interface ViterbiOps {

  void step(float[] prev, int k, float[] trans, int kp, float[] rowMax, float[] emit, float[] delta, int[] back);
}
