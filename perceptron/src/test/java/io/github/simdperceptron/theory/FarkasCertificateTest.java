package io.github.simdperceptron.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The exact recomputation of a certificate on a support the LP suggests. */
class FarkasCertificateTest {

  private static BigInteger[] ints(long... v) {
    BigInteger[] b = new BigInteger[v.length];
    for (int i = 0; i < v.length; i++) {
      b[i] = BigInteger.valueOf(v[i]);
    }
    return b;
  }

  @Test
  void theNullVectorOfARankDeficientMatrixIsExact() {
    // Columns (1, 0), (0, 1), (-1, -1): the null space is spanned by (1, 1, 1).
    BigInteger[][] a = {ints(1, 0, -1), ints(0, 1, -1)};
    assertArrayEquals(ints(1, 1, 1), FarkasCertificate.nullVector(a));
    // Full column rank: no null vector; two free columns: dimension 2, reported as an empty array.
    assertNull(FarkasCertificate.nullVector(new BigInteger[][] {ints(1, 0), ints(0, 1)}));
    assertEquals(0, FarkasCertificate.nullVector(new BigInteger[][] {ints(1, 1, 1)}).length);
  }

  @Test
  void floatsScaleToExactIntegersPerFeature() {
    // y x = 0.5 and -0.375 = -3/8 in feature 1: integers in the exact ratio 4 : -3 (both times the same
    // power of two); the bias row is y itself, 1 : -1.
    Dataset d = Dataset.of(new float[][] {{0.5f}, {0.375f}}, new double[] {1, -1});
    BigInteger[][] a = FarkasCertificate.columns(d, new int[] {0, 1});
    assertTrue(a[0][0].signum() > 0);
    assertEquals(BigInteger.ZERO, a[0][0].multiply(BigInteger.valueOf(3)).add(a[0][1].multiply(BigInteger.valueOf(4))));
    assertTrue(a[1][0].signum() > 0);
    assertEquals(BigInteger.ZERO, a[1][0].add(a[1][1]));
  }

  @Test
  void aSupportWithASurplusRowDropsItsLightestRow() {
    // XOR plus a second copy of (0, 0) labelled -1: five columns in R^3, a null space of dimension 2.
    Dataset d = Dataset.of(new float[][] {{0, 0}, {1, 1}, {0, 1}, {1, 0}, {0, 0}},
        new double[] {-1, -1, 1, 1, -1});
    FarkasCertificate.Found f = FarkasCertificate.find(d, new int[] {0, 1, 2, 3, 4},
        new double[] {0.24, 0.25, 0.25, 0.25, 0.01});
    assertArrayEquals(new int[] {0, 1, 2, 3}, f.rows());
    assertArrayEquals(new double[] {1, 1, 1, 1}, f.weights());
  }

  @Test
  void aSeparableSupportHasNoCertificate() {
    // Two points, one per class, apart: their columns are independent; no weights cancel them.
    Dataset d = Dataset.of(new float[][] {{0, 0}, {2, 0}}, new double[] {-1, 1});
    assertNull(FarkasCertificate.find(d, new int[] {0, 1}, new double[] {0.5, 0.5}));
    // A null vector of mixed signs is no certificate: x = 1, 2 labelled +1 and x = 3 labelled -1 give
    // y (x, 0, 1) = (1, 0, 1), (2, 0, 1), (-3, 0, -1), whose null space is spanned by (-1, 2, 1).
    Dataset line = Dataset.of(new float[][] {{1, 0}, {2, 0}, {3, 0}}, new double[] {1, 1, -1});
    assertNull(FarkasCertificate.find(line, new int[] {0, 1, 2}, new double[] {0.3, 0.3, 0.4}));
    assertTrue(Theory.separability(line).separable());
  }
}
