package io.github.simdperceptron.kernel.internal;

/**
 * The weights of K classes in the feature-major layout of {@link ClassScores}: the weight of class
 * c for feature j at {@code w[j * kp + c]}, kp the padded class count
 * ({@link ClassScores#paddedClasses}), and, for the averaged learners, their running sums in double
 * in the same layout ({@code u}, else null). Holds the arrays, does not copy them: the updates of
 * {@link ClassScores} write them in place.
 */
public final class ClassMatrix {
  final float[] w;
  final double[] u;
  final int kp;

  /** The weights w in rows of kp floats, without sums. */
  public ClassMatrix(float[] w, int kp) {
    this(w, null, kp);
  }

  /** The weights w in rows of kp floats and their sums u (the same length; null for none). */
  public ClassMatrix(float[] w, double[] u, int kp) {
    assert kp > 0 : "kp " + kp;
    assert u == null || u.length == w.length : u.length + " sums for " + w.length + " weights";
    this.w = w;
    this.u = u;
    this.kp = kp;
  }
}
