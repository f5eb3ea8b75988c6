package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.assertSameBits;

import io.github.simdperceptron.kernel.KernelTestSupport.Data;
import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The dense dot sums its products in one documented order, and saved models depend on its last
 * bits: a change of order (an unrolling, a reduction written another way) must be a deliberate
 * one. This test spells the order out in scalar code, written from the description rather than
 * from the implementation, and asks for the same bits on real-valued data, where any other order
 * rounds differently.
 *
 * <p>The Vector API order (lane count L): four accumulators of L lanes take the vectors at 4kL,
 * 4kL + L, 4kL + 2L, 4kL + 3L; up to three whole vectors left go into the first; the n mod L last
 * elements are the vector that ends at n with its other lanes +0 in both operands, also into the
 * first; then (acc0 + acc1) + (acc2 + acc3) lane by lane, and the lanes pairwise: lane j with lane
 * j + L/2, then with j + L/4, ..., down to lane 0. Fewer than L elements: one scalar chain. The
 * scalar implementation: four chains by index mod 4 over the first n - n mod 4, the rest into the
 * first, then (s0 + s1) + (s2 + s3). From 2^20 elements the Vector API dot reads four streams
 * (docs/kernel-benchmarks.md), another order, which this test does not cover.
 */
class DotSummationOrderTest {

  @Test
  void dotSumsInTheDocumentedOrder(TestInfo info) {
    Seeded seeded = Seeded.forTest(info);
    Random r = seeded.random;
    int lanes = KernelTestSupport.L;
    boolean vector = Kernel.vectorBits() != 0;
    boolean fma = Kernel.usesFma();
    KernelTestSupport.forAllSizes(false, n -> {
      for (int trial = 0; trial < 3; trial++) {
        float[] a = KernelTestSupport.array(r, Data.REAL, 1, n);
        float[] b = KernelTestSupport.array(r, Data.REAL, 1, n);
        float expected = vector ? vectorOrder(a, b, n, lanes, fma) : scalarOrder(a, b, n, fma);
        assertSameBits(expected, DenseOps.dot(a, b), () -> seeded + " n=" + n + " lanes " + lanes + " fma " + fma);
      }
    });
  }

  private static float step(float x, float y, float acc, boolean fma) {
    return fma ? Math.fma(x, y, acc) : acc + x * y;
  }

  private static float vectorOrder(float[] a, float[] b, int n, int lanes, boolean fma) {
    if (n < lanes) {
      float s = 0f;
      for (int i = 0; i < n; i++) {
        s = step(a[i], b[i], s, fma);
      }
      return s;
    }
    float[][] acc = new float[4][lanes];
    int i = 0;
    for (; i + 4 * lanes <= n; i += 4 * lanes) {
      for (int k = 0; k < 4; k++) {
        for (int j = 0; j < lanes; j++) {
          acc[k][j] = step(a[i + k * lanes + j], b[i + k * lanes + j], acc[k][j], fma);
        }
      }
    }
    for (; i + lanes <= n; i += lanes) {
      for (int j = 0; j < lanes; j++) {
        acc[0][j] = step(a[i + j], b[i + j], acc[0][j], fma);
      }
    }
    if (i < n) {
      int cleared = lanes - (n - i);
      for (int j = 0; j < lanes; j++) {
        float x = j < cleared ? 0f : a[n - lanes + j];
        float y = j < cleared ? 0f : b[n - lanes + j];
        acc[0][j] = step(x, y, acc[0][j], fma);
      }
    }
    float[] v = new float[lanes];
    for (int j = 0; j < lanes; j++) {
      v[j] = (acc[0][j] + acc[1][j]) + (acc[2][j] + acc[3][j]);
    }
    for (int half = lanes / 2; half >= 1; half /= 2) {
      for (int j = 0; j < half; j++) {
        v[j] = v[j] + v[j + half];
      }
    }
    return v[0];
  }

  private static float scalarOrder(float[] a, float[] b, int n, boolean fma) {
    float[] s = new float[4];
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      for (int k = 0; k < 4; k++) {
        s[k] = step(a[i + k], b[i + k], s[k], fma);
      }
    }
    for (; i < n; i++) {
      s[0] = step(a[i], b[i], s[0], fma);
    }
    return (s[0] + s[1]) + (s[2] + s[3]);
  }
}
