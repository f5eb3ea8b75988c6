package io.github.simdperceptron.learn.calibration;

/**
 * Platt scaling fitted as Lin, Lin and Weng ("A note on Platt's probabilistic outputs for support
 * vector machines", Machine Learning 68, 2007) give it: with N+ positive and N- negative rows, the
 * targets t = (N+ + 1) / (N+ + 2) for a positive row and 1 / (N- + 2) for a negative one; the
 * parameters (A, B) minimise the cross-entropy of t against 1 / (1 + exp(A s + B)) by Newton's
 * method on the 2 x 2 Hessian (plus 1e-12 on its diagonal), each step halved until the
 * objective decreases by the Armijo amount, from A = 0, B = log((N- + 1) / (N+ + 1)); at most 100
 * iterations, stopping when both gradient entries are below 1e-5 or a step falls below 1e-10.
 * The objective is evaluated in the stable form the note gives, as it writes it (log(1 + exp(-|z|))
 * rather than log1p: the same doubles as the note's pseudo-code). Deterministic: one fixed
 * sequence of double operations over the rows in order.
 */
final class Platt {
  private static final int MAX_ITERATIONS = 100;
  private static final double MIN_STEP = 1e-10;
  private static final double SIGMA = 1e-12;
  private static final double EPS = 1e-5;

  private Platt() {}

  /**
   * The fitted (a, b) of p(positive | s) = sigmoid(a s + b) = 1 / (1 + exp(-(a s + b))): the
   * note's (A, B) negated. scores and positive have one entry per row; neither is modified.
   */
  static double[] fit(double[] scores, boolean[] positive) {
    int n = scores.length;
    int positives = 0;
    for (boolean p : positive) {
      positives += p ? 1 : 0;
    }
    int negatives = n - positives;
    double hi = (positives + 1.0) / (positives + 2.0);
    double lo = 1.0 / (negatives + 2.0);
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = positive[i] ? hi : lo;
    }
    double a = 0;
    double b = Math.log((negatives + 1.0) / (positives + 1.0));
    double f = objective(scores, t, a, b);
    for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      double h11 = SIGMA;
      double h22 = SIGMA;
      double h21 = 0;
      double g1 = 0;
      double g2 = 0;
      for (int i = 0; i < n; i++) {
        double z = scores[i] * a + b;
        double p;
        double q;
        // p = 1 / (1 + exp(z)) and q = 1 - p, each without overflow.
        if (z >= 0) {
          double e = Math.exp(-z);
          p = e / (1.0 + e);
          q = 1.0 / (1.0 + e);
        } else {
          double e = Math.exp(z);
          p = 1.0 / (1.0 + e);
          q = e / (1.0 + e);
        }
        double d2 = p * q;
        h11 += scores[i] * scores[i] * d2;
        h22 += d2;
        h21 += scores[i] * d2;
        double d1 = t[i] - p;
        g1 += scores[i] * d1;
        g2 += d1;
      }
      if (Math.abs(g1) < EPS && Math.abs(g2) < EPS) {
        break;
      }
      double det = h11 * h22 - h21 * h21;
      double da = -(h22 * g1 - h21 * g2) / det;
      double db = -(-h21 * g1 + h11 * g2) / det;
      double gd = g1 * da + g2 * db;
      double step = 1;
      while (step >= MIN_STEP) {
        double na = a + step * da;
        double nb = b + step * db;
        double nf = objective(scores, t, na, nb);
        if (nf < f + 0.0001 * step * gd) {
          a = na;
          b = nb;
          f = nf;
          break;
        }
        step /= 2;
      }
      if (step < MIN_STEP) {
        break;
      }
    }
    return new double[] {-a, -b};
  }

  /** The cross-entropy of targets t against 1 / (1 + exp(A s + B)), summed over the rows. */
  private static double objective(double[] scores, double[] t, double a, double b) {
    double f = 0;
    for (int i = 0; i < scores.length; i++) {
      double z = scores[i] * a + b;
      f += z >= 0 ? t[i] * z + Math.log(1 + Math.exp(-z)) : (t[i] - 1) * z + Math.log(1 + Math.exp(z));
    }
    return f;
  }
}
