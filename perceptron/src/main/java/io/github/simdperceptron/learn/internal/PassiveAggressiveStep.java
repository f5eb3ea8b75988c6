package io.github.simdperceptron.learn.internal;

import io.github.simdperceptron.learn.Algorithm;

/**
 * The step size tau of the passive-aggressive learners (Crammer, Dekel, Keshet, Shalev-Shwartz and
 * Singer 2006), linear and kernel, binary and multi-class, in float and in this order:
 * PA {@code loss / q}, PA-I {@code min(C, loss / q)}, PA-II {@code loss / (q + h)} with
 * {@code h = 1f / (2f * C)} computed once. q is the squared norm of the update direction: for a
 * binary learner {@code |x|^2} (plus 1 with the bias, which is a feature of value 1), for the
 * multi-class learner twice that (two classes move), for a kernel learner K(x, x) (plus 1, twice
 * for K classes). The callers skip the update when q is 0 (x is zero and there is no bias).
 */
public final class PassiveAggressiveStep {
  private final Algorithm algorithm;
  private final float c;
  private final float h;

  private PassiveAggressiveStep(Algorithm algorithm, float c) {
    this.algorithm = algorithm;
    this.c = c;
    this.h = 1f / (2f * c);
  }

  /** The step of a passive-aggressive algorithm with aggressiveness c (&gt; 0); null for another algorithm. */
  public static PassiveAggressiveStep of(Algorithm algorithm, float c) {
    return algorithm.passiveAggressive() ? new PassiveAggressiveStep(algorithm, c) : null;
  }

  /** tau for a loss &gt; 0 and q &gt; 0. */
  public float tau(float loss, float q) {
    switch (algorithm) {
      case PA1:
        return Math.min(c, loss / q);
      case PA2:
        return loss / (q + h);
      default:
        return loss / q;
    }
  }
}
