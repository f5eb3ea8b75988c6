package io.github.simdperceptron.learn.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.reference.ReferenceCalibration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fits against their literal twins in {@code reference}. Platt: the same algorithm and the same
 * double operations in the same order, so the parameters agree bit for bit.
 * Temperature: two different minimisers of one convex loss, so their losses agree to 1e-10
 * relative and their betas to 1e-4 relative (the loss is flat to second order at its minimum:
 * a relative beta error e changes it by about (e beta)^2 L''/2).
 */
class CalibrationTwinTest {
  private static final double COUPLING_TOLERANCE = 0.01;
  private static final double LOSS_TOLERANCE = 1e-10;
  private static final double BETA_TOLERANCE = 1e-4;

  @Test
  void plattMatchesTheNotesPseudoCode() {
    long seed = seed();
    Random rnd = new Random(seed);
    int[] sizes = {1, 2, 3, 7, 50, 333, 2000};
    int compared = 0;
    for (int n : sizes) {
      for (int trial = 0; trial < 6; trial++) {
        double scale = Math.pow(10, rnd.nextInt(7) - 3);
        double slope = rnd.nextGaussian() * 3;
        double[] s = new double[n];
        boolean[] positive = new boolean[n];
        for (int i = 0; i < n; i++) {
          s[i] = (float) (rnd.nextGaussian() * scale);
          boolean separable = trial == 5;
          positive[i] = separable ? s[i] > 0
              : rnd.nextDouble() < Calibration.sigmoid(slope * s[i] / scale + 0.3 * rnd.nextGaussian());
        }
        double[] fast = Platt.fit(s, positive);
        double[] twin = ReferenceCalibration.platt(s, positive);
        String at = "seed " + seed + ", n " + n + ", trial " + trial;
        assertEquals(-twin[0], fast[0], at + ": a");
        assertEquals(-twin[1], fast[1], at + ": b");
        compared++;
      }
    }
    assertEquals(sizes.length * 6, compared);
  }

  @Test
  void oneVsRestPlattIsThePlattOfEachClassAgainstTheRest() {
    long seed = seed();
    Random rnd = new Random(seed);
    int k = 4;
    float[][] s = new float[300][k];
    int[] y = new int[300];
    fill(rnd, s, y, 2.0);
    Calibration c = Calibration.fit(Calibration.Method.OVR_PLATT, k, s, y);
    double[] p = c.parameters();
    for (int cls = 0; cls < k; cls++) {
      double[] deci = new double[s.length];
      boolean[] label = new boolean[s.length];
      for (int i = 0; i < s.length; i++) {
        deci[i] = s[i][cls];
        label[i] = y[i] == cls;
      }
      double[] twin = ReferenceCalibration.platt(deci, label);
      assertEquals(-twin[0], p[2 * cls], "seed " + seed);
      assertEquals(-twin[1], p[2 * cls + 1], "seed " + seed);
    }
  }

  @Test
  void pairwiseFitsThePlattOfEachPairOnItsScoreDifferences() {
    long seed = seed();
    Random rnd = new Random(seed);
    int k = 4;
    float[][] s = new float[300][k];
    int[] y = new int[300];
    fill(rnd, s, y, 2.0);
    double[] p = Calibration.fit(Calibration.Method.PAIRWISE, k, s, y).parameters();
    assertEquals(k * (k - 1), p.length);
    int at = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++, at += 2) {
        java.util.List<Double> deci = new java.util.ArrayList<>();
        java.util.List<Boolean> label = new java.util.ArrayList<>();
        for (int row = 0; row < s.length; row++) {
          if (y[row] == i || y[row] == j) {
            deci.add((double) s[row][i] - (double) s[row][j]);
            label.add(y[row] == i);
          }
        }
        double[] d = deci.stream().mapToDouble(Double::doubleValue).toArray();
        boolean[] l = new boolean[label.size()];
        for (int m = 0; m < l.length; m++) {
          l[m] = label.get(m);
        }
        double[] twin = ReferenceCalibration.platt(d, l);
        assertEquals(-twin[0], p[at], "seed " + seed + " pair " + i + "," + j + ": a");
        assertEquals(-twin[1], p[at + 1], "seed " + seed + " pair " + i + "," + j + ": b");
      }
    }
  }

  /**
   * The coupled probabilities against the exact minimiser of the coupling problem: the library
   * stops its fixed-point iteration when every |(Qp)_t - p'Qp| is below 0.005 / K, which this test
   * checks from r itself; at that point each probability lies within COUPLING_TOLERANCE of the
   * exact one on these rows (the bound is the test's, stated before it ran).
   */
  @Test
  void pairwiseCouplingIsNearTheExactSolution() {
    long seed = seed();
    Random rnd = new Random(seed);
    for (int k : new int[] {2, 3, 5, 10}) {
      float[][] s = new float[40 * k][k];
      int[] y = new int[s.length];
      fill(rnd, s, y, 1.5);
      Calibration c = Calibration.fit(Calibration.Method.PAIRWISE, k, s, y);
      double[] a = c.parameters();
      for (int row = 0; row < 20; row++) {
        float[] x = s[rnd.nextInt(s.length)];
        double[][] r = new double[k][k];
        int at = 0;
        for (int i = 0; i < k; i++) {
          for (int j = i + 1; j < k; j++, at += 2) {
            double z = a[at] * ((double) x[i] - x[j]) + a[at + 1];
            double rij = Math.min(Math.max(1 / (1 + Math.exp(-z)), 1e-7), 1 - 1e-7);
            r[i][j] = rij;
            r[j][i] = 1 - rij;
          }
        }
        double[] exact = ReferenceCalibration.coupleExactly(r);
        double[] fast = c.probabilities(x);
        double sum = 0;
        for (int t = 0; t < k; t++) {
          sum += fast[t];
          assertEquals(exact[t], fast[t], COUPLING_TOLERANCE, "seed " + seed + " k " + k + " class " + t);
        }
        assertEquals(1.0, sum, 1e-9, "seed " + seed + " k " + k);
        // The stopping rule, from r: Q as the paper defines it.
        double[] qp = new double[k];
        double pqp = 0;
        for (int t = 0; t < k; t++) {
          for (int j = 0; j < k; j++) {
            double q = 0;
            if (j == t) {
              for (int m = 0; m < k; m++) {
                q += m == t ? 0 : r[m][t] * r[m][t];
              }
            } else {
              q = -r[j][t] * r[t][j];
            }
            qp[t] += q * fast[j];
          }
          pqp += fast[t] * qp[t];
        }
        for (int t = 0; t < k; t++) {
          assertTrue(Math.abs(qp[t] - pqp) < 0.005 / k + 1e-12, "seed " + seed + " k " + k + " residual " + t);
        }
      }
    }
  }

  @Test
  void temperatureMatchesTheGoldenSectionTwin() {
    long seed = seed();
    Random rnd = new Random(seed);
    int compared = 0;
    for (int k : new int[] {2, 3, 5, 10}) {
      for (double sharpness : new double[] {0.05, 0.5, 1, 4}) {
        int n = 20 + rnd.nextInt(400);
        float[][] s = new float[n][k];
        int[] y = new int[n];
        double scale = Math.pow(10, rnd.nextInt(5) - 2);
        fill(rnd, s, y, sharpness);
        for (float[] row : s) {
          for (int j = 0; j < k; j++) {
            row[j] *= (float) scale;
          }
        }
        double fast = Temperature.fit(s, y);
        double twin = ReferenceCalibration.inverseTemperature(s, y);
        double lossFast = ReferenceCalibration.logLoss(s, y, fast);
        double lossTwin = ReferenceCalibration.logLoss(s, y, twin);
        String at = "seed " + seed + ", k " + k + ", sharpness " + sharpness + ": beta " + fast + " vs " + twin;
        assertEquals(lossTwin, lossFast, LOSS_TOLERANCE * Math.max(1, lossTwin), at);
        if (lossTwin < 1e-9) {
          // Rows the scores separate: both go far out towards the cap, where the loss is flat at 0.
          continue;
        }
        double spread = Temperature.spread(s);
        if (twin * spread < 1e-6) {
          // The loss is smallest at beta = 0 (labels unrelated to the scores): both end next to it.
          assertTrue(fast * spread < 1e-6, at);
        } else {
          assertEquals(twin, fast, BETA_TOLERANCE * twin, at);
        }
        compared++;
      }
    }
    assertTrue(compared >= 12, "compared " + compared + " of 16 (seed " + seed + ")");
  }

  @Test
  void temperatureGrowsUntilTheLossVanishesWhenTheScoresSeparateTheClasses() {
    float[][] s = {{2, 0, 0}, {0, 3, 0}, {0, 0, 1}, {4, 1, 0}};
    int[] y = {0, 1, 2, 0};
    double spread = (2 + 3 + 1 + 4) / 4.0;
    double fast = Temperature.fit(s, y);
    double twin = ReferenceCalibration.inverseTemperature(s, y);
    // Both grow beta far beyond 1/spread, not past the cap, until the loss is 0 to double precision.
    assertTrue(twin > 10 / spread && twin <= 1000 / spread, "twin " + twin);
    assertTrue(fast > 10 / spread && fast <= 1000 / spread, "fit " + fast);
    assertTrue(ReferenceCalibration.logLoss(s, y, twin) < 1e-15, "twin's loss " + ReferenceCalibration.logLoss(s, y, twin));
    assertTrue(ReferenceCalibration.logLoss(s, y, fast) < 1e-15, "fit's loss " + ReferenceCalibration.logLoss(s, y, fast));
  }

  /** Scores N(0, 1) per class with the true class's raised by 1, the class drawn from softmax(sharpness s). */
  private static void fill(Random rnd, float[][] s, int[] y, double sharpness) {
    int k = s[0].length;
    for (int i = 0; i < s.length; i++) {
      int c = rnd.nextInt(k);
      for (int j = 0; j < k; j++) {
        s[i][j] = (float) (rnd.nextGaussian() + (j == c ? 1 : 0));
      }
      double[] p = new double[k];
      double z = 0;
      for (int j = 0; j < k; j++) {
        p[j] = Math.exp(sharpness * s[i][j]);
        z += p[j];
      }
      double u = rnd.nextDouble() * z;
      int pick = 0;
      while (pick < k - 1 && (u -= p[pick]) > 0) {
        pick++;
      }
      y[i] = pick;
    }
  }

  /** {@code -Dtests.seed=N} replays a run; else a new seed, printed. */
  static long seed() {
    long seed = Long.getLong("tests.seed", System.nanoTime());
    System.out.println("seed " + seed + " (replay with -Dtests.seed=" + seed + ")");
    return seed;
  }
}
