package io.github.simdperceptron.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.reference.ReferenceData;
import io.github.simdperceptron.reference.ReferenceLearners;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed radius, margins and bounds. The running example, in 2-D:
 * x1 = (3, 4) y = +1; x2 = (-1, 0) y = -1; x3 = (0, -2) y = -1.
 * Squared norms 25, 1, 4: R = 5; with the bias, sqrt(25 + 1) = sqrt(26).
 */
class TheoryTest {
  private static final double TOL = 1e-12;
  private static final double SQRT2 = Math.sqrt(2);

  private static Dataset dense() {
    return Dataset.of(new float[] {3, 4, -1, 0, 0, -2}, 2, new double[] {1, -1, -1});
  }

  private static Dataset sparse() {
    return Dataset.of(new int[] {0, 2, 3, 4}, new int[] {0, 1, 0, 1}, new float[] {3, 4, -1, -2}, 2,
        new double[] {1, -1, -1});
  }

  private static List<Dataset> both() {
    return List.of(dense(), sparse());
  }

  @Test
  void radius() {
    for (Dataset d : both()) {
      assertEquals(5d, Theory.radius(d, false), TOL);
      assertEquals(Math.sqrt(26), Theory.radius(d, true), TOL);
    }
  }

  @Test
  void marginWithoutBias() {
    // w = (1, 1): activations 7, -1, -2; y a = 7, 1, 2; min 1; ||w|| = sqrt 2: margin 1/sqrt 2.
    // Novikoff: (R / gamma)^2 = 25 / (1/2) = 50.
    for (Dataset d : both()) {
      float[] w = {1, 1};
      assertTrue(Theory.separates(d, w, 0f, false));
      assertEquals(1 / SQRT2, Theory.margin(d, w, 0f, false), TOL);
      assertEquals(50d, Theory.novikoffBound(d, w, 0f, false), 1e-9);
      assertEquals(50d, Theory.novikoffBound(5, 1 / SQRT2), 1e-9);
      // A scaled separator has the same margin.
      assertEquals(1 / SQRT2, Theory.margin(d, new float[] {3, 3}, 0f, false), TOL);
    }
  }

  @Test
  void marginWithBias() {
    // (w, b) = (1, 1, -0.5): activations 6.5, -1.5, -2.5; y a = 6.5, 1.5, 2.5; min 1.5;
    // ||(1, 1, -0.5)|| = sqrt(2.25) = 1.5: margin 1. Novikoff: (sqrt 26 / 1)^2 = 26.
    for (Dataset d : both()) {
      float[] w = {1, 1};
      assertEquals(1d, Theory.margin(d, w, -0.5f, true), TOL);
      assertEquals(26d, Theory.novikoffBound(d, w, -0.5f, true), 1e-9);
      // b = 0 with the bias on: the norm is still sqrt 2, margin 1/sqrt 2, but R = sqrt 26.
      assertEquals(1 / SQRT2, Theory.margin(d, w, 0f, true), TOL);
      assertEquals(52d, Theory.novikoffBound(d, w, 0f, true), 1e-9);
    }
  }

  @Test
  void notSeparating() {
    for (Dataset d : both()) {
      // w = (1, -1): x1 has a = -1, y a = -1 <= 0.
      assertFalse(Theory.separates(d, new float[] {1, -1}, 0f, false));
      assertEquals(Double.NEGATIVE_INFINITY, Theory.margin(d, new float[] {1, -1}, 0f, false));
      assertEquals(Double.POSITIVE_INFINITY, Theory.novikoffBound(d, new float[] {1, -1}, 0f, false));
      // w = (0, 1): x2 lies on the hyperplane, a = 0, which is a mistake.
      assertFalse(Theory.separates(d, new float[] {0, 1}, 0f, false));
      assertEquals(Double.NEGATIVE_INFINITY, Theory.margin(d, new float[] {0, 1}, 0f, false));
      // The zero vector separates nothing.
      assertEquals(Double.NEGATIVE_INFINITY, Theory.margin(d, new float[] {0, 0}, 0f, true));
      // (0, 1, b = 0.5): a = 4.5, 0.5, -1.5: x2 (y = -1) gets y a = -0.5 with the bias.
      assertEquals(Double.NEGATIVE_INFINITY, Theory.margin(d, new float[] {0, 1}, 0.5f, true));
      // (0, 1, b = -0.5): a = 3.5, -0.5, -2.5: y a = 3.5, 0.5, 2.5, norm sqrt(1.25): separates.
      assertEquals(0.5 / Math.sqrt(1.25), Theory.margin(d, new float[] {0, 1}, -0.5f, true), TOL);
    }
  }

  @Test
  void freundSchapireOnASeparator() {
    // u = (1, 1) normalised to (1, 1)/sqrt 2: y u.x = 7/sqrt 2, 1/sqrt 2, 2/sqrt 2.
    // gamma = 1: d = (0, 1 - 1/sqrt 2, 0), D = 1 - 1/sqrt 2; bound (5 + 1 - 1/sqrt 2)^2 ~ 28.0147.
    // gamma = 1/sqrt 2 (the margin): D = 0 and the bound is Novikoff's 50.
    for (Dataset d : both()) {
      float[] u = {1, 1};
      assertEquals(1 - 1 / SQRT2, Theory.deviation(d, u, 0f, false, 1), TOL);
      assertEquals(Math.pow(6 - 1 / SQRT2, 2), Theory.freundSchapireBound(d, u, 0f, false, 1), 1e-9);
      assertEquals(0d, Theory.deviation(d, u, 0f, false, 1 / SQRT2), TOL);
      assertEquals(50d, Theory.freundSchapireBound(d, u, 0f, false, 1 / SQRT2), 1e-9);
      // u is normalised: any positive multiple gives the same D.
      assertEquals(1 - 1 / SQRT2, Theory.deviation(d, new float[] {0.25f, 0.25f}, 0f, false, 1), TOL);
    }
  }

  @Test
  void freundSchapireWithBias() {
    // (u, bu) = (1, 1, -0.5), norm 1.5: y (u.x + bu) / 1.5 = 6.5/1.5, 1, 2.5/1.5.
    // gamma = 1: every d_i = 0, D = 0: bound R^2 = 26.
    // gamma = 2: d = (0, 1, 2 - 5/3 = 1/3), D = sqrt(1 + 1/9) = sqrt(10)/3;
    //   bound ((sqrt 26 + sqrt(10)/3) / 2)^2 ~ 9.4652.
    for (Dataset d : both()) {
      float[] u = {1, 1};
      assertEquals(0d, Theory.deviation(d, u, -0.5f, true, 1), TOL);
      assertEquals(26d, Theory.freundSchapireBound(d, u, -0.5f, true, 1), 1e-9);
      assertEquals(Math.sqrt(10) / 3, Theory.deviation(d, u, -0.5f, true, 2), TOL);
      assertEquals(Math.pow((Math.sqrt(26) + Math.sqrt(10) / 3) / 2, 2),
          Theory.freundSchapireBound(d, u, -0.5f, true, 2), 1e-9);
    }
  }

  @Test
  void freundSchapireWithoutSeparation() {
    // u = (1, -1)/sqrt 2, gamma = 1: y u.x = -1/sqrt 2, 1/sqrt 2, -sqrt 2;
    // d = (1 + 1/sqrt 2, 1 - 1/sqrt 2, 1 + sqrt 2); d1^2 + d2^2 = 2 (1 + 1/2) = 3,
    // d3^2 = 3 + 2 sqrt 2: D = sqrt(6 + 2 sqrt 2) ~ 2.9713; bound (5 + D)^2 ~ 63.54.
    for (Dataset d : both()) {
      double dev = Math.sqrt(6 + 2 * SQRT2);
      assertEquals(dev, Theory.deviation(d, new float[] {1, -1}, 0f, false, 1), TOL);
      assertEquals(Math.pow(5 + dev, 2), Theory.freundSchapireBound(d, new float[] {1, -1}, 0f, false, 1), 1e-9);
      assertEquals(Math.pow((5 + dev) / 1, 2), Theory.freundSchapireBound(5, dev, 1), 1e-9);
    }
  }

  @Test
  void argumentsAreChecked() {
    Dataset d = dense();
    float[] w = {1, 1};
    for (double gamma : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThrows(IllegalArgumentException.class, () -> Theory.deviation(d, w, 0f, false, gamma));
      assertThrows(IllegalArgumentException.class, () -> Theory.freundSchapireBound(d, w, 0f, false, gamma));
      assertThrows(IllegalArgumentException.class, () -> Theory.novikoffBound(1, gamma));
      assertThrows(IllegalArgumentException.class, () -> Theory.freundSchapireBound(1, 0, gamma));
    }
    assertThrows(IllegalArgumentException.class, () -> Theory.novikoffBound(-1, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.novikoffBound(Double.NaN, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.freundSchapireBound(1, -1, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.margin(d, w, 0.5f, false));
    assertThrows(IllegalArgumentException.class, () -> Theory.separates(d, new float[] {1}, 0f, false));
    assertThrows(IllegalArgumentException.class, () -> Theory.margin(d, new float[] {1, 1, 1}, 0f, true));
    assertThrows(IllegalArgumentException.class, () -> Theory.margin(d, new float[] {Float.NaN, 1}, 0f, false));
    assertThrows(IllegalArgumentException.class, () -> Theory.margin(d, w, Float.POSITIVE_INFINITY, true));
    assertThrows(IllegalArgumentException.class, () -> Theory.deviation(d, new float[] {0, 0}, 0f, true, 1));
    assertThrows(NullPointerException.class, () -> Theory.radius(null, false));
    assertThrows(NullPointerException.class, () -> Theory.margin(d, null, 0f, false));
  }

  /**
   * Example 2.12 of the 582669 notes: the conjunction z1 AND z2 (k = 2) over {-1, 1}^4 (d = 4),
   * 16 examples. With the constant feature, w~ = (1, 1, 0, 0, -(k - 1) = -1) has activation
   * z1 + z2 - 1 = 1 on the positive example and -1 or -3 otherwise: unnormalised margin 1.
   * ||w~||^2 = k + (k - 1)^2 = 3, so the margin is 1/sqrt 3 (not the text's (2k^2 - 2k + 1)^(-1/2)
   * = 1/sqrt 5); ||z~||^2 = d + 1 = 5; Novikoff gives (d + 1)(k^2 - k + 1) = 15 (not d (2k^2 - 2k + 1)
   * = 20). The reference perceptron stays within 15 mistakes in every order tried.
   */
  @Test
  void booleanConjunctionOfExample212() {
    int dim = 4;
    int n = 1 << dim;
    float[] rows = new float[n * dim];
    double[] labels = new double[n];
    float[][] refRows = new float[n][dim];
    float[] refLabels = new float[n];
    for (int m = 0; m < n; m++) {
      for (int j = 0; j < dim; j++) {
        rows[m * dim + j] = ((m >> j) & 1) == 1 ? 1f : -1f;
        refRows[m][j] = rows[m * dim + j];
      }
      labels[m] = rows[m * dim] == 1f && rows[m * dim + 1] == 1f ? 1 : -1;
      refLabels[m] = (float) labels[m];
    }
    Dataset d = Dataset.of(rows, dim, labels);
    float[] w = {1, 1, 0, 0};
    assertEquals(1 / Math.sqrt(3), Theory.margin(d, w, -1f, true), TOL);
    assertEquals(Math.sqrt(5), Theory.radius(d, true), TOL);
    assertEquals(15d, Theory.novikoffBound(d, w, -1f, true), 1e-9);

    ReferenceData ref = ReferenceData.dense(refRows, refLabels);
    for (long seed = 0; seed < 20; seed++) {
      int mistakes = ReferenceLearners.perceptron(ref, 1000, seed, seed > 0, true).updateLog.length;
      assertTrue(mistakes <= 15, "seed " + seed + ": " + mistakes + " mistakes");
    }
  }

  /** On random separable data the reference perceptron never exceeds the bounds computed here. */
  @Test
  void theReferencePerceptronRespectsTheBounds() {
    for (long seed = 0; seed < 20; seed++) {
      Random rnd = new Random(seed);
      int n = 10 + rnd.nextInt(40);
      int dim = 2 + rnd.nextInt(6);
      float[] u = new float[dim];
      for (int j = 0; j < dim; j++) {
        u[j] = rnd.nextInt(7) - 3;
      }
      u[0] = 2;
      float bu = rnd.nextInt(3) - 1;
      float[] rows = new float[n * dim];
      double[] labels = new double[n];
      float[][] refRows = new float[n][dim];
      float[] refLabels = new float[n];
      for (int i = 0; i < n; i++) {
        float s;
        do {
          s = bu;
          for (int j = 0; j < dim; j++) {
            refRows[i][j] = rnd.nextInt(5) - 2;
            s += u[j] * refRows[i][j];
          }
        } while (s == 0);
        System.arraycopy(refRows[i], 0, rows, i * dim, dim);
        labels[i] = s > 0 ? 1 : -1;
        refLabels[i] = (float) labels[i];
      }
      Dataset d = Dataset.of(rows, dim, labels);
      String msg = "seed " + seed;
      assertTrue(Theory.separates(d, u, bu, true), msg);
      double novikoff = Theory.novikoffBound(d, u, bu, true);
      int mistakes = ReferenceLearners.perceptron(ReferenceData.dense(refRows, refLabels), 100_000, seed, true, true)
          .updateLog.length;
      assertTrue(mistakes <= novikoff, msg + ": " + mistakes + " > " + novikoff);
      // One pass: Freund–Schapire with any gamma bounds the mistakes of the first epoch.
      double gamma = 2 * Theory.margin(d, u, bu, true);
      int firstEpoch = ReferenceLearners.perceptron(ReferenceData.dense(refRows, refLabels), 1, seed, false, true)
          .updateLog.length;
      assertTrue(firstEpoch <= Theory.freundSchapireBound(d, u, bu, true, gamma), msg);
    }
  }
}
