package io.github.simdperceptron.theory;

import io.github.simdperceptron.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import org.ojalgo.array.ArrayR064;
import org.ojalgo.matrix.store.R064Store;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.convex.ConvexSolver;
import org.ojalgo.optimisation.linear.LinearSolver;
import org.ojalgo.structure.Access2D;

/**
 * The exact separability verdict (see {@link Theory#separability}): two programs solved by ojAlgo
 * in double, each answer then checked by this class before it is believed. Both go to ojAlgo's
 * solver builders as dense matrices (rather than through its modelling layer, which builds an
 * expression object per constraint and presolves them).
 *
 * <ol>
 *   <li>The LP {@code find lambda >= 0 with sum_i lambda_i y_i z_i = 0 and sum_i lambda_i = 1},
 *       {@code z_i = (x_i, 1)}: n variables, d + 2 equations. The simplex method returns a vertex,
 *       whose support holds at most d + 2 rows; {@link FarkasCertificate} recomputes the weights
 *       on that support exactly.
 *   <li>When the LP is infeasible (or its answer does not check), the hard-margin QP in its
 *       primal form {@code min ||w~||^2 subject to y_i w~ . z_i >= 1}: d + 1 variables and n
 *       inequalities (the dual would have n variables and an n x n matrix), which ojAlgo's
 *       active-set method solves with about as many steps as there are support vectors, at most
 *       d + 1 of them.
 * </ol>
 */
final class Separation {
  private Separation() {}

  /** Unit roundoff of double. */
  private static final double U = Math.ulp(1d) / 2;

  /** The certificate the LP leads to, or null when the LP is infeasible or its answer does not check. */
  static FarkasCertificate.Found certificate(Dataset data) {
    int n = data.size();
    int d = data.dimension();
    // Standard form: min 0 . lambda subject to A lambda = (0, ..., 0, 1) and lambda >= 0, column i of A
    // being (y_i z_i, 1).
    double[][] a = new double[d + 2][n];
    for (int i = 0; i < n; i++) {
      float y = data.label(i);
      float[] x = data.denseRow(i);
      for (int j = 0; j < d; j++) {
        a[j][i] = (double) y * x[j];
      }
      a[d][i] = y;
      a[d + 1][i] = 1d;
    }
    double[] rhs = new double[d + 2];
    rhs[d + 1] = 1d;
    Optimisation.Result result = LinearSolver.newBuilder(new double[n]).lower(0d)
        .equalities(Access2D.wrap(a), ArrayR064.wrap(rhs)).solve();
    if (!result.getState().isFeasible()) {
      return null;
    }
    List<Integer> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (result.doubleValue(i) > 0d) {
        rows.add(i);
      }
    }
    if (rows.size() < 2) {
      return null;
    }
    int[] support = rows.stream().mapToInt(Integer::intValue).toArray();
    double[] weights = new double[support.length];
    for (int c = 0; c < support.length; c++) {
      weights[c] = result.doubleValue(support[c]);
    }
    return FarkasCertificate.find(data, support, weights);
  }

  /**
   * The hard-margin separator (w, b) from the QP, as {@code {w_0, ..., w_{d-1}, b}}, or null when
   * the solver reports no feasible answer.
   */
  static double[] maximumMargin(Dataset data) {
    int n = data.size();
    int d = data.dimension();
    // min ||w~||^2 = 1/2 w~' (2 I) w~, and y_i w~ . z_i >= 1 as -y_i z_i . w~ <= -1.
    double[][] g = new double[n][d + 1];
    double[] h = new double[n];
    for (int i = 0; i < n; i++) {
      float y = data.label(i);
      float[] x = data.denseRow(i);
      for (int j = 0; j < d; j++) {
        g[i][j] = -(double) y * x[j];
      }
      g[i][d] = -y;
      h[i] = -1d;
    }
    R064Store q = R064Store.FACTORY.make(d + 1, d + 1);
    for (int j = 0; j <= d; j++) {
      q.set(j, j, 2d);
    }
    Optimisation.Result result = ConvexSolver.newBuilder().objective(q, R064Store.FACTORY.make(d + 1, 1))
        .inequalities(Access2D.wrap(g), ArrayR064.wrap(h)).solve();
    if (!result.getState().isFeasible()) {
      return null;
    }
    double[] out = new double[d + 1];
    for (int j = 0; j <= d; j++) {
      out[j] = result.doubleValue(j);
    }
    return out;
  }

  /**
   * A proven lower bound on the margin {@code min_i y_i (w . x_i + b) / ||(w, b)||} of the given
   * separator, or a value {@code <= 0} when separation cannot be proven in double. Each dot product
   * of n = d + 1 terms is off by at most {@code gamma_n sum_j |w_j x_ij|} with
   * {@code gamma_n = n u / (1 - n u)} (Higham, Accuracy and Stability of Numerical Algorithms,
   * 2nd ed., eq. 3.5); the sum of |terms| is itself computed with relative error below gamma_n, so
   * {@code 1.01 (n + 1) u} times the computed sum bounds it for {@code n u < 0.001}. The norm is
   * rounded up by the same relative amount.
   */
  static double provenMargin(Dataset data, double[] wb) {
    int d = data.dimension();
    double slack = 1.01 * (d + 2) * U;
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      double s = 0d;
      double abs = 0d;
      for (int j = 0; j < d; j++) {
        double t = wb[j] * x[j];
        s += t;
        abs += Math.abs(t);
      }
      s += wb[d];
      abs += Math.abs(wb[d]);
      double margin = data.label(i) * s - slack * abs;
      min = Math.min(min, margin);
    }
    if (!(min > 0d)) {
      return min;
    }
    double sq = 0d;
    for (double v : wb) {
      sq += v * v;
    }
    double norm = Math.sqrt(sq) * (1 + slack);
    // Round the quotient down: the bound stays a lower bound.
    return Math.nextDown(min / norm);
  }
}
