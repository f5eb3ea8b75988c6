package io.github.simdperceptron.kernel.internal;

/**
 * K-class scores and updates over feature-major weights: the {@code kp} class weights of feature
 * j lie at {@code w[j * kp .. j * kp + kp)}. A row is given as the non-zeros
 * {@code (idx[t], val[t])} for t in [from, to), {@code val == null} meaning every value is 1.
 *
 * <p>Summation order, the same in every implementation, so that they agree bit for bit: for each
 * class c, non-zero t is added to chain {@code t mod 4}; each chain adds its terms in increasing
 * t starting from +0, and {@code out[c] = (chain0 + chain1) + (chain2 + chain3)}. A term is
 * {@code val[t] * w[idx[t] * kp + c]}, fused into the chain's sum when the kernel uses FMA; with
 * {@code val == null} the term is the weight itself. Updates round the product, then the sum.
 */
interface ClassScoreOps {

  void scores(ClassMatrix m, int[] idx, float[] val, int from, int to, float[] out);

  /** Every lane: w += val * delta, and with m's sums u += (double) val * deltaU, the steps' delta and deltaU. */
  void update(ClassMatrix m, int[] idx, float[] val, int from, int to, ClassSteps steps);
}
