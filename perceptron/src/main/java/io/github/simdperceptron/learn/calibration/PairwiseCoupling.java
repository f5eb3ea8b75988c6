package io.github.simdperceptron.learn.calibration;

/**
 * {@link Calibration.Method#PAIRWISE}: a Platt map per pair of classes on the difference of their
 * scores, and the coupling of the pairwise probabilities into K class probabilities (Wu, Lin and
 * Weng 2004, second method). The parameters are laid out as {@link Calibration} documents them.
 */
final class PairwiseCoupling {
  /** Pairwise probabilities are kept inside (0, 1), so every diagonal entry of Q is positive. */
  private static final double CLAMP = 1e-7;

  private PairwiseCoupling() {}

  /** The pairs' (a, b), fitted on the rows of either class of each pair. Neither array is modified. */
  static double[] fit(int classes, float[][] scores, int[] truth) {
    double[] p = new double[classes * (classes - 1)];
    int[] count = new int[classes];
    for (int t : truth) {
      count[t]++;
    }
    int at = 0;
    for (int i = 0; i < classes; i++) {
      for (int j = i + 1; j < classes; j++, at += 2) {
        int n = count[i] + count[j];
        if (n == 0) {
          continue;
        }
        double[] d = new double[n];
        boolean[] positive = new boolean[n];
        int r = 0;
        for (int row = 0; row < truth.length; row++) {
          if (truth[row] == i || truth[row] == j) {
            d[r] = (double) scores[row][i] - scores[row][j];
            positive[r] = truth[row] == i;
            r++;
          }
        }
        double[] ab = Platt.fit(d, positive);
        p[at] = ab[0];
        p[at + 1] = ab[1];
      }
    }
    return p;
  }

  /** The coupled probabilities of one row's K scores into out[0, classes). Only out is modified. */
  static void probabilities(double[] parameters, int classes, float[] scores, double[] out) {
    // r[i][j]: the probability of class i given that the row is of class i or j.
    double[][] r = new double[classes][classes];
    int at = 0;
    for (int i = 0; i < classes; i++) {
      for (int j = i + 1; j < classes; j++, at += 2) {
        double z = parameters[at] * ((double) scores[i] - scores[j]) + parameters[at + 1];
        double rij = Math.min(Math.max(Calibration.sigmoid(z), CLAMP), 1 - CLAMP);
        r[i][j] = rij;
        r[j][i] = 1 - rij;
      }
    }
    couple(r, classes, out);
  }

  /**
   * Minimises p'Qp over sum p = 1, Q[t][t] = sum_{j != t} r[j][t]^2 and Q[t][j] = -r[j][t] r[t][j]:
   * the fixed point of p_t <- p_t + ((p'Qp) - (Qp)_t) / Q[t][t], one class after another, p
   * renormalised after each (Qp and p'Qp updated for the change rather than recomputed), until
   * every |(Qp)_t - p'Qp| is below 0.005 / K.
   */
  private static void couple(double[][] r, int k, double[] p) {
    double[][] q = new double[k][k];
    for (int t = 0; t < k; t++) {
      for (int j = 0; j < k; j++) {
        if (j != t) {
          q[t][t] += r[j][t] * r[j][t];
          q[t][j] = -r[j][t] * r[t][j];
        }
      }
      p[t] = 1.0 / k;
    }
    double[] qp = new double[k];
    double tolerance = 0.005 / k;
    int sweeps = Math.max(100, k);
    for (int sweep = 0; sweep < sweeps; sweep++) {
      double pqp = 0;
      for (int t = 0; t < k; t++) {
        double sum = 0;
        for (int j = 0; j < k; j++) {
          sum += q[t][j] * p[j];
        }
        qp[t] = sum;
        pqp += p[t] * sum;
      }
      double worst = 0;
      for (int t = 0; t < k; t++) {
        worst = Math.max(worst, Math.abs(qp[t] - pqp));
      }
      if (worst < tolerance) {
        return;
      }
      for (int t = 0; t < k; t++) {
        double step = (pqp - qp[t]) / q[t][t];
        p[t] += step;
        double scale = 1 + step;
        pqp = (pqp + step * (step * q[t][t] + 2 * qp[t])) / (scale * scale);
        for (int j = 0; j < k; j++) {
          qp[j] = (qp[j] + step * q[t][j]) / scale;
          p[j] /= scale;
        }
      }
    }
  }
}
