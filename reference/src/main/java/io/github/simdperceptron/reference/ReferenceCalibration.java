package io.github.simdperceptron.reference;

/**
 * Literal twins of the calibration fits. {@link #platt} is the pseudo-code of Lin, Lin and Weng,
 * "A note on Platt's probabilistic outputs for support vector machines" (Machine Learning 68,
 * 2007), appendix, line by line. {@link #inverseTemperature} minimises the mean log-loss of
 * softmax(beta s) by golden-section search over log beta, a method of its own (the library uses
 * Newton's method on beta). {@link #coupleExactly} solves Wu, Lin and Weng's second pairwise
 * coupling problem directly, by Gaussian elimination on its optimality conditions (the library
 * iterates to a fixed point).
 */
public final class ReferenceCalibration {
  private ReferenceCalibration() {}

  /**
   * The note's (A, B): P(y = 1 | f) = 1 / (1 + exp(A f + B)), fitted on the decision values deci
   * of examples whose label[i] says whether they are positive. Not modified.
   */
  public static double[] platt(double[] deci, boolean[] label) {
    int prior1 = 0;
    int prior0 = 0;
    for (boolean l : label) {
      if (l) {
        prior1++;
      } else {
        prior0++;
      }
    }
    int maxiter = 100;
    double minstep = 1e-10;
    double sigma = 1e-12;
    double hiTarget = (prior1 + 1.0) / (prior1 + 2.0);
    double loTarget = 1 / (prior0 + 2.0);
    int len = prior1 + prior0;
    double[] t = new double[len];
    for (int i = 0; i < len; i++) {
      if (label[i]) {
        t[i] = hiTarget;
      } else {
        t[i] = loTarget;
      }
    }
    double a = 0.0;
    double b = Math.log((prior0 + 1.0) / (prior1 + 1.0));
    double fval = 0.0;
    for (int i = 0; i < len; i++) {
      double fApB = deci[i] * a + b;
      if (fApB >= 0) {
        fval += t[i] * fApB + Math.log(1 + Math.exp(-fApB));
      } else {
        fval += (t[i] - 1) * fApB + Math.log(1 + Math.exp(fApB));
      }
    }
    for (int it = 1; it <= maxiter; it++) {
      double h11 = sigma;
      double h22 = sigma;
      double h21 = 0.0;
      double g1 = 0.0;
      double g2 = 0.0;
      for (int i = 0; i < len; i++) {
        double fApB = deci[i] * a + b;
        double p;
        double q;
        if (fApB >= 0) {
          p = Math.exp(-fApB) / (1.0 + Math.exp(-fApB));
          q = 1.0 / (1.0 + Math.exp(-fApB));
        } else {
          p = 1.0 / (1.0 + Math.exp(fApB));
          q = Math.exp(fApB) / (1.0 + Math.exp(fApB));
        }
        double d2 = p * q;
        h11 += deci[i] * deci[i] * d2;
        h22 += d2;
        h21 += deci[i] * d2;
        double d1 = t[i] - p;
        g1 += deci[i] * d1;
        g2 += d1;
      }
      if (Math.abs(g1) < 1e-5 && Math.abs(g2) < 1e-5) {
        break;
      }
      double det = h11 * h22 - h21 * h21;
      double dA = -(h22 * g1 - h21 * g2) / det;
      double dB = -(-h21 * g1 + h11 * g2) / det;
      double gd = g1 * dA + g2 * dB;
      double stepsize = 1;
      while (stepsize >= minstep) {
        double newA = a + stepsize * dA;
        double newB = b + stepsize * dB;
        double newf = 0.0;
        for (int i = 0; i < len; i++) {
          double fApB = deci[i] * newA + newB;
          if (fApB >= 0) {
            newf += t[i] * fApB + Math.log(1 + Math.exp(-fApB));
          } else {
            newf += (t[i] - 1) * fApB + Math.log(1 + Math.exp(fApB));
          }
        }
        if (newf < fval + 0.0001 * stepsize * gd) {
          a = newA;
          b = newB;
          fval = newf;
          break;
        } else {
          stepsize /= 2.0;
        }
      }
      if (stepsize < minstep) {
        break;
      }
    }
    return new double[] {a, b};
  }

  /**
   * The mean log-loss of softmax(beta s_i) at the true classes y_i, each row's softmax taken
   * after subtracting its largest beta s_ik. Not modified.
   */
  public static double logLoss(float[][] s, int[] y, double beta) {
    double total = 0;
    for (int i = 0; i < s.length; i++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < s[i].length; k++) {
        if (beta * s[i][k] > max) {
          max = beta * s[i][k];
        }
      }
      double sum = 0;
      for (int k = 0; k < s[i].length; k++) {
        sum += Math.exp(beta * s[i][k] - max);
      }
      double p = Math.exp(beta * s[i][y[i]] - max) / sum;
      total += -Math.log(p);
    }
    return total / s.length;
  }

  /**
   * The inverse temperature minimising {@link #logLoss} over [0, betaMax], betaMax = 1000 /
   * spread, spread the mean of each row's largest minus smallest score (0 when spread is 0): 300
   * golden-section steps on log beta over [log betaMax - 60, log betaMax]; the loss is convex in
   * beta, so unimodal in log beta; on ties the search moves towards the larger beta, so a loss that
   * is 0 to double precision beyond some beta ends at betaMax. Not modified.
   */
  public static double inverseTemperature(float[][] s, int[] y) {
    double spread = 0;
    for (float[] row : s) {
      double lo = row[0];
      double hi = row[0];
      for (float v : row) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      spread += hi - lo;
    }
    spread /= s.length;
    if (spread == 0) {
      return 0;
    }
    double hiT = Math.log(1000 / spread);
    double loT = hiT - 60;
    double r = (Math.sqrt(5) - 1) / 2;
    double c = hiT - r * (hiT - loT);
    double d = loT + r * (hiT - loT);
    double fc = logLoss(s, y, Math.exp(c));
    double fd = logLoss(s, y, Math.exp(d));
    for (int step = 0; step < 300; step++) {
      if (fc < fd) {
        hiT = d;
        d = c;
        fd = fc;
        c = hiT - r * (hiT - loT);
        fc = logLoss(s, y, Math.exp(c));
      } else {
        loT = c;
        c = d;
        fc = fd;
        d = loT + r * (hiT - loT);
        fd = logLoss(s, y, Math.exp(d));
      }
    }
    double best = Math.exp((loT + hiT) / 2);
    double top = 1000 / spread;
    return logLoss(s, y, top) < logLoss(s, y, best) ? top : best;
  }

  /**
   * The p that minimises sum_i sum_{j != i} (r[j][i] p_i - r[i][j] p_j)^2 over sum p = 1 (Wu, Lin
   * and Weng, JMLR 5, 2004, equation (18)): with Q[i][i] = sum_{j != i} r[j][i]^2 and
   * Q[i][j] = -r[j][i] r[i][j], the solution of the linear system [Q 1; 1' 0] [p; b] = [0; 1], by
   * Gaussian elimination with partial pivoting. r[i][j] + r[j][i] = 1; r is not modified.
   */
  public static double[] coupleExactly(double[][] r) {
    int k = r.length;
    int n = k + 1;
    double[][] a = new double[n][n + 1];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        if (i == j) {
          double sum = 0;
          for (int m = 0; m < k; m++) {
            if (m != i) {
              sum += r[m][i] * r[m][i];
            }
          }
          a[i][j] = sum;
        } else {
          a[i][j] = -r[j][i] * r[i][j];
        }
      }
      a[i][k] = 1;
      a[k][i] = 1;
    }
    a[k][n] = 1;
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int row = col + 1; row < n; row++) {
        if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
          pivot = row;
        }
      }
      double[] swap = a[col];
      a[col] = a[pivot];
      a[pivot] = swap;
      for (int row = col + 1; row < n; row++) {
        double f = a[row][col] / a[col][col];
        for (int c = col; c <= n; c++) {
          a[row][c] -= f * a[col][c];
        }
      }
    }
    double[] x = new double[n];
    for (int row = n - 1; row >= 0; row--) {
      double sum = a[row][n];
      for (int c = row + 1; c < n; c++) {
        sum -= a[row][c] * x[c];
      }
      x[row] = sum / a[row][row];
    }
    double[] p = new double[k];
    System.arraycopy(x, 0, p, 0, k);
    return p;
  }
}
