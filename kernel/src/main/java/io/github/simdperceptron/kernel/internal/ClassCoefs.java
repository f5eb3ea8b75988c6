package io.github.simdperceptron.kernel.internal;

/**
 * K-class coefficients of support vectors: the coefficient of SV s for class c at
 * {@code coef[s * kp + c]}, kp the padded class count ({@link ClassScores#paddedClasses}) and k
 * the classes that count (lanes c in [k, kp) are padding). Holds the array, does not copy it.
 */
public final class ClassCoefs {
  final float[] coef;
  final int kp;
  final int k;

  /** k classes in rows of kp floats of coef. */
  public ClassCoefs(float[] coef, int kp, int k) {
    assert k <= kp : "k " + k + " > kp " + kp;
    this.coef = coef;
    this.kp = kp;
    this.k = k;
  }
}
