package io.github.simdperceptron.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.theory.Theory.Separability;
import io.github.simdperceptron.theory.Theory.Verdict;
import java.math.BigInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The separability verdict on data whose answer is known: every separator and every certificate is
 * checked here with this test's own arithmetic, not the production checker.
 */
class SeparabilityTest {

  /** XOR on {0, 1}^2: the classic data no line separates. */
  static Dataset xor() {
    return Dataset.of(new float[][] {{0, 0}, {1, 1}, {0, 1}, {1, 0}}, new double[] {-1, -1, 1, 1});
  }

  /**
   * Asserts a separator: {@code y_i (w . x_i + b) > 0} for every i, recomputed in double, and a
   * margin of its own at least the reported one (to 1e-9 relative: the reported one is proven
   * with rounding slack, so it is never above).
   */
  private static double checkSeparator(Dataset data, Separability s) {
    double[] w = s.weights();
    double b = s.bias();
    double norm = b * b;
    for (double v : w) {
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      double a = b;
      for (int j = 0; j < x.length; j++) {
        a += w[j] * x[j];
      }
      min = Math.min(min, data.label(i) * a / norm);
    }
    assertTrue(min > 0, "the separator misclassifies an example: min margin " + min);
    assertTrue(min >= s.margin() * (1 - 1e-9), "own margin " + min + " below the reported " + s.margin());
    return min;
  }

  /**
   * Asserts a certificate: positive weights on distinct rows, at most d + 2 of them, and
   * {@code sum_i lambda_i y_i (x_i, 1) = 0} to 1e-12 of {@code sum_i lambda_i ||(x_i, 1)||_1} (the
   * weights are the exact ones rounded to double, a relative error of 1e-16 each).
   */
  private static void checkCertificate(Dataset data, Separability s) {
    int[] rows = s.certificateRows();
    double[] lambda = s.certificateWeights();
    assertEquals(rows.length, lambda.length);
    assertTrue(rows.length >= 2 && rows.length <= data.dimension() + 2, "support size " + rows.length);
    assertEquals(rows.length, IntStream.of(rows).distinct().count());
    int d = data.dimension();
    double[] sum = new double[d + 1];
    double scale = 0;
    for (int c = 0; c < rows.length; c++) {
      assertTrue(lambda[c] > 0 && lambda[c] <= 1, "weight " + lambda[c]);
      float[] x = data.denseRow(rows[c]);
      float y = data.label(rows[c]);
      for (int j = 0; j < d; j++) {
        sum[j] += lambda[c] * y * x[j];
        scale += lambda[c] * Math.abs(x[j]);
      }
      sum[d] += lambda[c] * y;
      scale += lambda[c];
    }
    for (int j = 0; j <= d; j++) {
      assertTrue(Math.abs(sum[j]) <= 1e-12 * scale, "component " + j + " of the weighted sum is " + sum[j]);
    }
  }

  @Test
  void xorIsNotSeparableWithItsFourPointsWeightedOne() {
    Separability s = Theory.separability(xor());
    assertEquals(Verdict.NOT_SEPARABLE, s.verdict());
    assertEquals(Boolean.FALSE, s.separable());
    assertTrue(s.exact());
    assertArrayEquals(new int[] {0, 1, 2, 3}, s.certificateRows());
    assertArrayEquals(new double[] {1, 1, 1, 1}, s.certificateWeights());
    checkCertificate(xor(), s);
    assertNull(s.weights());
    assertTrue(Double.isNaN(s.margin()) && Double.isNaN(s.novikoffBound()));
  }

  @Test
  void oneExampleWithBothLabelsIsCertifiedByTwoRows() {
    Dataset d = Dataset.of(new float[][] {{0.1f, 3}, {2, 2}, {0.1f, 3}, {-1, 5}},
        new double[] {1, 1, -1, -1});
    Separability s = Theory.separability(d);
    assertEquals(Verdict.NOT_SEPARABLE, s.verdict());
    assertArrayEquals(new int[] {0, 2}, s.certificateRows());
    assertArrayEquals(new double[] {1, 1}, s.certificateWeights());
  }

  @Test
  void twoPointsHaveTheirHalfDistanceAsMargin() {
    // (0, 0) -> -1 and (2, 0) -> +1 in the augmented space: the best w~ = (w, b) solves
    // min ||w~||^2 with 2 w_1 + b >= 1 and -b >= 1: w_1 = 1, b = -1, gamma* = 1 / sqrt(2).
    Dataset d = Dataset.of(new float[][] {{0, 0}, {2, 0}}, new double[] {-1, 1});
    Separability s = Theory.separability(d);
    assertEquals(Verdict.SEPARABLE, s.verdict());
    assertEquals(1 / Math.sqrt(2), s.margin(), 1e-7);
    assertTrue(s.margin() <= 1 / Math.sqrt(2));
    assertArrayEquals(new double[] {1, 0}, s.weights(), 1e-7);
    assertEquals(-1, s.bias(), 1e-7);
    checkSeparator(d, s);
    assertEquals(s.radius() * s.radius() / (s.margin() * s.margin()), s.novikoffBound(), 1e-9);
  }

  @Test
  void oneClassIsSeparable() {
    Dataset d = Dataset.of(new float[][] {{1, 2}, {3, -4}}, new double[] {1, 1});
    Separability s = Theory.separability(d);
    assertEquals(Verdict.SEPARABLE, s.verdict());
    checkSeparator(d, s);
  }

  @Test
  void theSeedsConjunctionsAreSeparableWithAtLeastThePlantedMargin() {
    for (int k = 1; k <= 4; k++) {
      for (int d : new int[] {10, 30}) {
        long seed = 100L * k + d;
        Dataset data = Generators.conjunction(4 * d, d, k, seed);
        Separability s = Theory.separability(data);
        String where = "k = " + k + ", d = " + d + ", seed " + seed;
        assertEquals(Verdict.SEPARABLE, s.verdict(), where);
        double planted = 1 / Math.sqrt(k * k - k + 1);
        double own = checkSeparator(data, s);
        assertTrue(own >= planted * (1 - 1e-7), where + ": margin " + own + " below the planted " + planted);
        // Novikoff with gamma*: the PLA halted within it.
        assertTrue(s.perceptronUpdates() >= 0 && s.perceptronUpdates() <= s.novikoffBound(), where);
        assertEquals(d + 1, s.radius() * s.radius(), 1e-9, where);
      }
    }
  }

  @Test
  void theDemosSeparableSetsAreSeparableWithAtLeastThePlantedMargin() {
    long seed = 1;
    Generators.Planted sep = Generators.separable(2000, 100, 0.05, 1.0, seed);
    Separability s = Theory.separability(sep.data());
    assertEquals(Verdict.SEPARABLE, s.verdict());
    double own = checkSeparator(sep.data(), s);
    assertTrue(own >= sep.margin() * (1 - 1e-7), "margin " + own + " below the planted " + sep.margin());

    Dataset conj = Generators.conjunction(2000, 30, 4, seed + 2);
    Separability c = Theory.separability(conj);
    assertEquals(Verdict.SEPARABLE, c.verdict());
    assertTrue(checkSeparator(conj, c) >= (1 / Math.sqrt(13)) * (1 - 1e-7));
  }

  @Test
  void theDemosNoisySetIsNotSeparableWithACertificate() {
    for (long seed : new long[] {2}) {
      Generators.Planted noisy = Generators.noisy(2000, 100, 0.05, 1.0, 0.05, seed);
      Separability s = Theory.separability(noisy.data());
      assertEquals(Verdict.NOT_SEPARABLE, s.verdict(), "seed " + seed);
      checkCertificate(noisy.data(), s);
    }
  }

  @Test
  void aCertificateCancelsExactlyInThisTestsOwnIntegers() {
    // XOR's certificate summed in this test's own integers: exactly zero, component by component.
    Dataset d = xor();
    Separability s = Theory.separability(d);
    BigInteger[] sum = new BigInteger[3];
    java.util.Arrays.fill(sum, BigInteger.ZERO);
    int[] rows = s.certificateRows();
    for (int c = 0; c < rows.length; c++) {
      BigInteger w = BigInteger.valueOf(Math.round(s.certificateWeights()[c]));
      float[] x = d.denseRow(rows[c]);
      int y = (int) d.label(rows[c]);
      for (int j = 0; j < 2; j++) {
        sum[j] = sum[j].add(w.multiply(BigInteger.valueOf(y * (long) x[j])));
      }
      sum[2] = sum[2].add(w.multiply(BigInteger.valueOf(y)));
    }
    for (BigInteger v : sum) {
      assertEquals(BigInteger.ZERO, v);
    }
  }

  @Test
  void twoThousandRowsOfFiftyFeaturesGetAnExactVerdict() {
    Generators.Planted sep = Generators.separable(2000, 50, 0.02, 1.0, 7);
    Separability s = Theory.separability(sep.data());
    assertTrue(s.exact());
    assertEquals(Verdict.SEPARABLE, s.verdict());
    checkSeparator(sep.data(), s);
    Generators.Planted noisy = Generators.noisy(2000, 50, 0.02, 1.0, 0.02, 8);
    Separability n = Theory.separability(noisy.data());
    assertEquals(Verdict.NOT_SEPARABLE, n.verdict());
    checkCertificate(noisy.data(), n);
  }

  @Test
  void aboveTheLimitThePerceptronDecidesOrNothingDoes() {
    Generators.Planted sep = Generators.separable(300, 10, 0.1, 1.0, 5);
    Separability s = Theory.separability(sep.data(), 0, 1000);
    assertEquals(Verdict.SEPARABLE, s.verdict());
    assertTrue(!s.exact() && s.perceptronUpdates() > 0, s.toString());
    assertTrue(s.message().contains("above the exact limit") && s.message().contains("the PLA halted after "
        + s.perceptronUpdates() + " updates"), s.message());
    checkSeparator(sep.data(), s);

    Separability u = Theory.separability(xor(), 7, 50);
    assertEquals(Verdict.UNKNOWN, u.verdict());
    assertNull(u.separable());
    assertEquals(50, u.perceptronEpochs());
    assertTrue(u.message().contains("did not halt in 50 epochs"), u.message());
  }

  @Test
  void moreThanTwoClassesIsAnError() {
    Dataset d = Dataset.of(new float[][] {{0}, {1}, {2}}, new double[] {1, 2, 3});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Theory.separability(d));
    assertTrue(e.getMessage().contains("3 classes"), e.getMessage());
  }
}
