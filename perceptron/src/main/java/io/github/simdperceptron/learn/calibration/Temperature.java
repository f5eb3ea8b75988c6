package io.github.simdperceptron.learn.calibration;

/**
 * The fitted inverse temperature beta = 1/T of softmax(beta s): the beta in [0, betaMax] that
 * minimises the mean log-loss L(beta) = mean_i (logsumexp_k(beta s_ik) - beta s_i,y_i) of the
 * rows' true classes. L is convex in beta (L'(beta) = E_p[s] - s_y, L''(beta) = Var_p[s] >= 0), so
 * Newton's method finds it: from beta = 1 / spread, each step halved until L decreases by the
 * Armijo amount, a step that would leave (0, betaMax] cut to it (towards 0: half of beta); at most
 * 100 steps, stopping when |L'| beta <= 1e-10 L (a relative change of beta no longer changes L
 * relatively) or a step moves beta by less than 1e-12 beta.
 * spread is the mean over the rows of max_k s_ik - min_k s_ik, and betaMax = 1000 / spread
 * keeps beta finite when the held-out rows are separated by their scores (L then keeps
 * decreasing as beta grows towards the cap, until L is 0 to double precision).
 * Deterministic: rows in order, doubles throughout.
 */
final class Temperature {
  private static final int MAX_ITERATIONS = 100;
  static final double MAX_SPREADS = 1000;

  private Temperature() {}

  /**
   * The fitted beta of rows scores[i] (K scores each) whose classes are classes[i] in [0, K).
   * Neither argument is modified.
   */
  static double fit(float[][] scores, int[] classes) {
    double spread = spread(scores);
    if (spread == 0) {
      return 0;
    }
    double max = MAX_SPREADS / spread;
    double beta = 1 / spread;
    double[] lgh = new double[3];
    evaluate(scores, classes, beta, lgh);
    for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      double loss = lgh[0];
      double g = lgh[1];
      double h = lgh[2];
      if (Math.abs(g) * beta <= 1e-10 * loss) {
        break;
      }
      double target = h > 0 ? beta - g / h : g < 0 ? max : 0;
      if (target > max) {
        target = max;
      } else if (target <= 0) {
        target = beta / 2;
      }
      double step = target - beta;
      if (Math.abs(step) < 1e-12 * beta) {
        break;
      }
      double[] next = new double[3];
      boolean moved = false;
      while (Math.abs(step) >= 1e-12 * beta) {
        evaluate(scores, classes, beta + step, next);
        if (next[0] <= loss + 1e-4 * g * step) {
          moved = true;
          break;
        }
        step /= 2;
      }
      if (!moved) {
        break;
      }
      beta += step;
      lgh = next;
    }
    return beta;
  }

  /** The mean over the rows of max_k s_ik - min_k s_ik. */
  static double spread(float[][] scores) {
    double sum = 0;
    for (float[] s : scores) {
      float lo = s[0];
      float hi = s[0];
      for (float v : s) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      sum += (double) hi - lo;
    }
    return scores.length == 0 ? 0 : sum / scores.length;
  }

  /** out = {L(beta), L'(beta), L''(beta)}. */
  private static void evaluate(float[][] scores, int[] classes, double beta, double[] out) {
    double loss = 0;
    double g = 0;
    double h = 0;
    for (int i = 0; i < scores.length; i++) {
      float[] s = scores[i];
      double top = Double.NEGATIVE_INFINITY;
      for (float v : s) {
        top = Math.max(top, beta * v);
      }
      double z = 0;
      double mean = 0;
      double square = 0;
      for (float v : s) {
        double e = Math.exp(beta * v - top);
        z += e;
        mean += e * v;
        square += e * v * (double) v;
      }
      mean /= z;
      square /= z;
      loss += top + Math.log(z) - beta * s[classes[i]];
      g += mean - s[classes[i]];
      h += Math.max(0, square - mean * mean);
    }
    int n = scores.length;
    out[0] = loss / n;
    out[1] = g / n;
    out[2] = h / n;
  }
}
