package io.github.simdperceptron.kernel.internal;

/**
 * The transition weights of K tags as {@link ViterbiSteps#step} reads them: j-major, the weight of
 * moving from tag j to tag c at {@code trans[j * kp + c]} for c in [0, kp), kp the padded tag count
 * ({@link ClassScores#paddedClasses}), with an upper and a lower bound of each row,
 * {@code rowMin[j] <= trans[j * kp + c] <= rowMax[j]} ({@link ViterbiSteps#rowBounds}), that the
 * step prunes with. Holds the arrays, does not copy them: the trainer updates the weights and their
 * bounds in place between steps.
 */
public final class Transitions {
  final float[] trans;
  final int k;
  final int kp;
  final float[] rowMax;
  final float[] rowMin;

  /** The k rows of kp lanes of trans, bounded by rowMax[0, k) and rowMin[0, k). */
  public Transitions(float[] trans, int k, int kp, float[] rowMax, float[] rowMin) {
    assert k >= 1 && k <= kp && (long) k * kp <= trans.length : "k " + k + ", kp " + kp + ", " + trans.length;
    assert rowMax.length >= k && rowMin.length >= k : "bounds of " + rowMax.length + " and " + rowMin.length;
    this.trans = trans;
    this.k = k;
    this.kp = kp;
    this.rowMax = rowMax;
    this.rowMin = rowMin;
  }
}
