package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.L;
import static io.github.simdperceptron.kernel.KernelTestSupport.array;
import static io.github.simdperceptron.kernel.KernelTestSupport.assertReduction;
import static io.github.simdperceptron.kernel.KernelTestSupport.assertSameBits;
import static io.github.simdperceptron.kernel.KernelTestSupport.coefficient;
import static io.github.simdperceptron.kernel.KernelTestSupport.doubles;
import static io.github.simdperceptron.kernel.KernelTestSupport.exactDot;
import static io.github.simdperceptron.kernel.KernelTestSupport.forAllSizes;
import static io.github.simdperceptron.kernel.KernelTestSupport.intBound;
import static io.github.simdperceptron.kernel.KernelTestSupport.offset;
import static io.github.simdperceptron.kernel.KernelTestSupport.real;
import static io.github.simdperceptron.kernel.KernelTestSupport.sizes;
import static io.github.simdperceptron.kernel.KernelTestSupport.trials;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.KernelTestSupport.Data;
import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Every {@link DenseOps} method against {@link ReferenceOps} on the active implementation, over
 * the sizes of {@link KernelTestSupport#sizes()} with random offsets: reductions bit for bit on
 * integer data and within the rounding bound of the exact value on real data, updates bit for bit
 * on both.
 */
class DenseOpsDifferentialTest {

  private static final int[] ROW_COUNTS = {0, 1, 2, 3, 4, 5, 7, 8, 9};

  private Seeded seed;
  private Random r;

  @BeforeEach
  void seed(TestInfo info) {
    seed = Seeded.forTest(info);
    r = seed.random;
  }

  private Supplier<String> ctx(Data data, String what, Object... values) {
    return () -> {
      StringBuilder sb = new StringBuilder().append(seed).append(' ').append(data).append(' ').append(what);
      for (int i = 0; i + 1 < values.length; i += 2) {
        sb.append(' ').append(values[i]).append('=').append(values[i + 1]);
      }
      return sb.toString();
    };
  }

  @Test
  @Covers({"DenseOps.dot(float[],float[])", "DenseOps.dot(float[],int,float[],int,int)"})
  void dot() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        int m = intBound(n);
        float[] a = array(r, data, m, n);
        float[] b = array(r, data, m, n);
        float[] a0 = a.clone();
        float[] b0 = b.clone();
        Supplier<String> c = ctx(data, "dot(a, b)", "n", n);
        assertReduction(data, DenseOps.dot(a, b), ReferenceOps.dot(a, 0, b, 0, n), exactDot(a, 0, b, 0, n), n, c);
        assertSameBits(a0, a, c);
        assertSameBits(b0, b, c);
        for (int t = 0; t < trials(n); t++) {
          int ao = offset(r);
          int bo = offset(r);
          float[] x = array(r, data, m, ao, n);
          float[] y = array(r, data, m, bo, n);
          assertReduction(data, DenseOps.dot(x, ao, y, bo, n), ReferenceOps.dot(x, ao, y, bo, n),
              exactDot(x, ao, y, bo, n), n, ctx(data, "dot", "n", n, "aOffset", ao, "bOffset", bo));
        }
      });
    }
  }

  @Test
  @Covers({"DenseOps.squaredNorm(float[])", "DenseOps.squaredNorm(float[],int,int)"})
  void squaredNorm() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        int m = intBound(n);
        float[] x = array(r, data, m, n);
        float[] x0 = x.clone();
        Supplier<String> c = ctx(data, "squaredNorm(x)", "n", n);
        assertReduction(data, DenseOps.squaredNorm(x), ReferenceOps.squaredNorm(x, 0, n), exactDot(x, 0, x, 0, n),
            n, c);
        assertSameBits(x0, x, c);
        for (int t = 0; t < trials(n); t++) {
          int o = offset(r);
          float[] y = array(r, data, m, o, n);
          assertReduction(data, DenseOps.squaredNorm(y, o, n), ReferenceOps.squaredNorm(y, o, n),
              exactDot(y, o, y, o, n), n, ctx(data, "squaredNorm", "n", n, "offset", o));
        }
      });
    }
  }

  @Test
  @Covers({"DenseOps.scale(float,float[])", "DenseOps.scale(float,float[],int,int)"})
  void scale() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        float alpha = coefficient(r, data);
        float[] x = array(r, data, 8, n);
        float[] expected = x.clone();
        ReferenceOps.scale(alpha, expected, 0, n);
        DenseOps.scale(alpha, x);
        assertSameBits(expected, x, ctx(data, "scale(alpha, x)", "n", n, "alpha", alpha));
        for (int t = 0; t < trials(n); t++) {
          int o = offset(r);
          float[] y = array(r, data, 8, o, n);
          float[] yExpected = y.clone();
          ReferenceOps.scale(alpha, yExpected, o, n);
          DenseOps.scale(alpha, y, o, n);
          assertSameBits(yExpected, y, ctx(data, "scale", "n", n, "offset", o, "alpha", alpha));
        }
      });
    }
  }

  @Test
  @Covers({"DenseOps.axpy(float,float[],float[])", "DenseOps.axpy(float,float[],int,float[],int,int)"})
  void axpy() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        float alpha = coefficient(r, data);
        float[] x = array(r, data, 8, n);
        float[] y = array(r, data, 8, n);
        float[] x0 = x.clone();
        float[] expected = y.clone();
        ReferenceOps.axpy(alpha, x, 0, expected, 0, n);
        DenseOps.axpy(alpha, x, y);
        Supplier<String> c = ctx(data, "axpy(alpha, x, y)", "n", n, "alpha", alpha);
        assertSameBits(expected, y, c);
        assertSameBits(x0, x, c);
        for (int t = 0; t < trials(n); t++) {
          int xo = offset(r);
          int yo = offset(r);
          float[] u = array(r, data, 8, xo, n);
          float[] v = array(r, data, 8, yo, n);
          float[] vExpected = v.clone();
          ReferenceOps.axpy(alpha, u, xo, vExpected, yo, n);
          DenseOps.axpy(alpha, u, xo, v, yo, n);
          assertSameBits(vExpected, v, ctx(data, "axpy", "n", n, "xOffset", xo, "yOffset", yo, "alpha", alpha));
          // x and y may be the very same range.
          float[] same = v.clone();
          float[] sameExpected = v.clone();
          ReferenceOps.axpy(alpha, sameExpected, yo, sameExpected, yo, n);
          DenseOps.axpy(alpha, same, yo, same, yo, n);
          assertSameBits(sameExpected, same, ctx(data, "axpy, x == y", "n", n, "offset", yo, "alpha", alpha));
        }
      });
    }
  }

  @Test
  @Covers({"DenseOps.dualAxpy(float,float,float[],float[],float[])",
      "DenseOps.dualAxpy(float,float,float[],int,float[],int,float[],int,int)"})
  void dualAxpy() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        float a = coefficient(r, data);
        float b = coefficient(r, data);
        float[] x = array(r, data, 8, n);
        float[] w = array(r, data, 8, n);
        float[] u = array(r, data, 8, n);
        float[] x0 = x.clone();
        float[] wExpected = w.clone();
        float[] uExpected = u.clone();
        ReferenceOps.dualAxpy(a, b, x, 0, wExpected, 0, uExpected, 0, n);
        DenseOps.dualAxpy(a, b, x, w, u);
        Supplier<String> c = ctx(data, "dualAxpy(a, b, x, w, u)", "n", n, "a", a, "b", b);
        assertSameBits(wExpected, w, c);
        assertSameBits(uExpected, u, c);
        assertSameBits(x0, x, c);
        for (int t = 0; t < trials(n); t++) {
          int xo = offset(r);
          int wo = offset(r);
          int uo = offset(r);
          float[] xs = array(r, data, 8, xo, n);
          float[] ws = array(r, data, 8, wo, n);
          float[] us = array(r, data, 8, uo, n);
          float[] wsExpected = ws.clone();
          float[] usExpected = us.clone();
          ReferenceOps.dualAxpy(a, b, xs, xo, wsExpected, wo, usExpected, uo, n);
          DenseOps.dualAxpy(a, b, xs, xo, ws, wo, us, uo, n);
          Supplier<String> co = ctx(data, "dualAxpy", "n", n, "xOffset", xo, "wOffset", wo, "uOffset", uo);
          assertSameBits(wsExpected, ws, co);
          assertSameBits(usExpected, us, co);
        }
      });
    }
  }

  @Test
  @Covers("DenseOps.dualAxpy(float,double,float[],int,float[],int,double[],int,int)")
  void dualAxpyWithDoubleAccumulator() {
    for (Data data : Data.values()) {
      forAllSizes(true, n -> {
        for (int t = 0; t < trials(n); t++) {
          float a = coefficient(r, data);
          double b = data == Data.INTEGER ? r.nextInt(2001) - 1000 : r.nextDouble() * 1e6;
          int xo = offset(r);
          int wo = offset(r);
          int uo = offset(r);
          float[] x = array(r, data, 8, xo, n);
          float[] w = array(r, data, 8, wo, n);
          double[] u = doubles(r, uo + n + r.nextInt(L + 2));
          float[] x0 = x.clone();
          float[] wExpected = w.clone();
          double[] uExpected = u.clone();
          ReferenceOps.dualAxpy(a, b, x, xo, wExpected, wo, uExpected, uo, n);
          DenseOps.dualAxpy(a, b, x, xo, w, wo, u, uo, n);
          Supplier<String> c = ctx(data, "dualAxpy(double u)", "n", n, "xOffset", xo, "wOffset", wo, "uOffset", uo);
          assertSameBits(wExpected, w, c);
          assertSameBits(uExpected, u, c);
          assertSameBits(x0, x, c);
        }
      });
    }
  }

  @Test
  @Covers({"DenseOps.multiDot(float[],int,float[],float[])",
      "DenseOps.multiDot(float[],int,int,int,float[],int,float[],int)"})
  void multiDot() {
    for (Data data : Data.values()) {
      for (int d : sizes()) {
        int m = intBound(d);
        for (int k : ROW_COUNTS) {
          // Whole arrays: rows of exactly k*d, out longer than k (the rest must stay as it was).
          float[] rows = array(r, data, m, k * d);
          float[] x = array(r, data, m, d);
          float[] out = array(r, data, m, k + 2);
          checkMultiDot(data, rows, 0, k, d, x, 0, out, 0, () -> DenseOps.multiDot(rows, k, x, out));
          int ro = offset(r);
          int xo = offset(r);
          int oo = offset(r);
          float[] rowsO = array(r, data, m, ro, k * d);
          float[] xO = array(r, data, m, xo, d);
          float[] outO = array(r, data, m, oo, k);
          checkMultiDot(data, rowsO, ro, k, d, xO, xo, outO, oo,
              () -> DenseOps.multiDot(rowsO, ro, k, d, xO, xo, outO, oo));
        }
      }
    }
  }

  private void checkMultiDot(Data data, float[] rows, int ro, int k, int d, float[] x, int xo, float[] out, int oo,
      Runnable call) {
    float[] rows0 = rows.clone();
    float[] x0 = x.clone();
    float[] expected = out.clone();
    ReferenceOps.multiDot(rows, ro, k, d, x, xo, expected, oo);
    float[] before = out.clone();
    call.run();
    Supplier<String> c = ctx(data, "multiDot", "k", k, "d", d, "rowsOffset", ro, "xOffset", xo, "outOffset", oo);
    for (int i = 0; i < out.length; i++) {
      int row = i - oo;
      if (row < 0 || row >= k) {
        assertSameBits(before[i], out[i], () -> c.get() + " outside the output range at [" + (row + oo) + "]");
      } else {
        assertReduction(data, out[i], expected[i], exactDot(rows, ro + row * d, x, xo, d), d,
            () -> c.get() + " row " + row);
      }
    }
    assertSameBits(rows0, rows, c);
    assertSameBits(x0, x, c);
  }

  @Test
  @Covers({"DenseOps.batchMargins(float[],int,float[],float,float[])",
      "DenseOps.batchMargins(float[],int,int,int,float[],int,float,float[],int)"})
  void batchMargins() {
    for (Data data : Data.values()) {
      for (int d : sizes()) {
        for (int n : ROW_COUNTS) {
          checkBatchMargins(data, n, d);
        }
      }
      // Large enough for the fork-join split (n * d >= RowBlocks.PARALLEL_THRESHOLD).
      int d = 1021;
      int n = (int) (RowBlocks.PARALLEL_THRESHOLD / d) + 3;
      checkBatchMargins(data, n, d);
      checkBatchMargins(data, (int) (RowBlocks.PARALLEL_THRESHOLD / (8 * L)), 8 * L);
    }
  }

  private void checkBatchMargins(Data data, int n, int d) {
    // The bias is one more term of the sum: out[i] = dot((row_i, 1), (w, bias)).
    int m = intBound(d + 1);
    float bias = data == Data.INTEGER ? r.nextInt(2 * m * m + 1) - m * m : real(r);
    float[] matrix = array(r, data, m, n * d);
    float[] w = array(r, data, m, d);
    float[] out = array(r, data, m, n + 2);
    checkBatchMargins(data, matrix, 0, n, d, w, 0, bias, out, 0,
        () -> DenseOps.batchMargins(matrix, n, w, bias, out));
    int mo = offset(r);
    int wo = offset(r);
    int oo = offset(r);
    float[] matrixO = array(r, data, m, mo, n * d);
    float[] wO = array(r, data, m, wo, d);
    float[] outO = array(r, data, m, oo, n);
    checkBatchMargins(data, matrixO, mo, n, d, wO, wo, bias, outO, oo,
        () -> DenseOps.batchMargins(matrixO, mo, n, d, wO, wo, bias, outO, oo));
  }

  private void checkBatchMargins(Data data, float[] matrix, int mo, int n, int d, float[] w, int wo, float bias,
      float[] out, int oo, Runnable call) {
    float[] matrix0 = matrix.clone();
    float[] w0 = w.clone();
    float[] expected = out.clone();
    ReferenceOps.batchMargins(matrix, mo, n, d, w, wo, bias, expected, oo);
    float[] before = out.clone();
    call.run();
    Supplier<String> c = ctx(data, "batchMargins", "n", n, "d", d, "matrixOffset", mo, "wOffset", wo,
        "outOffset", oo, "bias", bias);
    for (int i = 0; i < out.length; i++) {
      int row = i - oo;
      if (row < 0 || row >= n) {
        assertSameBits(before[i], out[i], () -> c.get() + " outside the output range at [" + (row + oo) + "]");
      } else {
        double[] exact = exactDot(matrix, mo + row * d, w, wo, d);
        exact[0] += bias;
        exact[1] += Math.abs(bias);
        assertReduction(data, out[i], expected[i], exact, d + 1, () -> c.get() + " row " + row);
      }
    }
    assertSameBits(matrix0, matrix, c);
    assertSameBits(w0, w, c);
  }

  /**
   * The FMA-or-not choice, made explicit: on inputs where a fused multiply-add and the separately
   * rounded {@code y + alpha * x} differ in every element, the updates give the latter.
   */
  @Test
  void updatesRoundTheProductThenTheSum() {
    int n = 16 * L + 3;
    // An odd 24-bit significand: alpha * x is inexact unless x is a power of two (redrawn below).
    float alpha = Math.scalb(Float.intBitsToFloat(0x3f800001 | (r.nextInt() & 0x7ffffe)), r.nextInt(7) - 3);
    float[] x = new float[n];
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      int tries = 0;
      do {
        assertTrue(++tries < 10_000, () -> seed + " no input found where fma and mul-add differ");
        x[i] = real(r);
        y[i] = real(r);
      } while (Math.fma(alpha, x[i], y[i]) == y[i] + alpha * x[i]);
    }
    float[] ax = y.clone();
    DenseOps.axpy(alpha, x, ax);
    float[] w = y.clone();
    float[] u = y.clone();
    DenseOps.dualAxpy(alpha, alpha, x, w, u);
    for (int i = 0; i < n; i++) {
      float separate = y[i] + alpha * x[i];
      String c = seed + " i=" + i + " alpha=" + alpha + " x=" + x[i] + " y=" + y[i];
      assertNotEquals(Math.fma(alpha, x[i], y[i]), separate, c);
      assertSameBits(separate, ax[i], () -> c + " axpy");
      assertSameBits(separate, w[i], () -> c + " dualAxpy w");
      assertSameBits(separate, u[i], () -> c + " dualAxpy u");
    }
    // The double accumulator of the other dualAxpy: u + b * (double) x, also not fused. An odd
    // 53-bit b makes b * x inexact (x is no power of two: alpha * x above is inexact); u of the
    // product's magnitude and opposite sign exposes the product's rounding error in the sum. A
    // random u can miss when that error is tiny (seed 0x7042bd71ec398173: 10,000 draws missed),
    // so after 100 draws u = -round(b * x): the separate sum is then 0, the fused one the
    // product's rounding error, which is not 0.
    double b = Double.longBitsToDouble(0x3ff0000000000001L | (r.nextLong() & 0x000ffffffffffffeL));
    double[] ud = new double[n];
    for (int i = 0; i < n; i++) {
      int tries = 0;
      do {
        ud[i] = ++tries <= 100 ? -b * x[i] * (0.5 + r.nextDouble()) : -(b * (double) x[i]);
      } while (Math.fma(b, x[i], ud[i]) == ud[i] + b * (double) x[i] && tries <= 100);
      final int at = i;
      assertNotEquals(Math.fma(b, x[at], ud[at]), ud[at] + b * (double) x[at],
          () -> seed + " b=" + b + " x[" + at + "]=" + x[at] + " u=" + ud[at] + ": fused and separate agree");
    }
    double[] udExpected = new double[n];
    for (int i = 0; i < n; i++) {
      udExpected[i] = ud[i] + b * (double) x[i];
    }
    DenseOps.dualAxpy(alpha, b, x, 0, y.clone(), 0, ud, 0, n);
    KernelTestSupport.assertSameBits(udExpected, ud, () -> seed + " dualAxpy(double u), b=" + b);
  }

  /** NaN and infinities propagate as IEEE 754 says, on the vector paths and the tails. */
  @Test
  void specialValuesPropagate() {
    for (int n : sizes()) {
      if (n == 0) {
        continue;
      }
      int p = r.nextInt(n);
      int q = (p + 1 + r.nextInt(Math.max(1, n - 1))) % n;
      float[] a = array(r, Data.REAL, 1, n);
      float[] b = array(r, Data.REAL, 1, n);
      for (int i = 0; i < n; i++) {
        b[i] = Math.abs(b[i]) + 1f;
      }
      Supplier<String> c = () -> seed + " n=" + n + " p=" + p + " q=" + q;

      float[] nan = a.clone();
      nan[p] = Float.NaN;
      assertTrue(Float.isNaN(DenseOps.dot(nan, b)), () -> c.get() + " dot with a NaN");
      assertTrue(Float.isNaN(DenseOps.squaredNorm(nan)), () -> c.get() + " squaredNorm with a NaN");

      float[] inf = a.clone();
      inf[p] = Float.POSITIVE_INFINITY;
      assertSameBits(Float.POSITIVE_INFINITY, DenseOps.dot(inf, b), () -> c.get() + " dot with +Inf");
      assertSameBits(Float.POSITIVE_INFINITY, DenseOps.squaredNorm(inf), () -> c.get() + " squaredNorm with +Inf");
      float[] zeroB = b.clone();
      zeroB[p] = 0f;
      assertTrue(Float.isNaN(DenseOps.dot(inf, zeroB)), () -> c.get() + " Inf * 0");
      if (n > 1) {
        float[] both = inf.clone();
        both[q] = Float.NEGATIVE_INFINITY;
        assertTrue(Float.isNaN(DenseOps.dot(both, b)), () -> c.get() + " +Inf and -Inf");
      }
      float[] huge = new float[n];
      java.util.Arrays.fill(huge, 0x1p64f);
      assertSameBits(Float.POSITIVE_INFINITY, DenseOps.dot(huge, huge), () -> c.get() + " overflow");

      // Element-wise: the NaN and the infinity land where the reference puts them.
      float[] y = array(r, Data.REAL, 1, n);
      float[] yExpected = y.clone();
      ReferenceOps.axpy(2f, nan, 0, yExpected, 0, n);
      DenseOps.axpy(2f, nan, y);
      assertSameBits(yExpected, y, () -> c.get() + " axpy with a NaN");
      ReferenceOps.axpy(-1f, inf, 0, yExpected, 0, n);
      DenseOps.axpy(-1f, inf, y);
      assertSameBits(yExpected, y, () -> c.get() + " axpy with +Inf");
      float[] z = inf.clone();
      float[] zExpected = inf.clone();
      ReferenceOps.scale(0f, zExpected, 0, n);
      DenseOps.scale(0f, z);
      assertTrue(Float.isNaN(z[p]), () -> c.get() + " 0 * Inf");
      assertSameBits(zExpected, z, () -> c.get() + " scale by 0 with +Inf");

      float[] out = new float[2];
      float[] rows = new float[2 * n];
      System.arraycopy(nan, 0, rows, 0, n);
      System.arraycopy(a, 0, rows, n, n);
      DenseOps.multiDot(rows, 2, b, out);
      assertTrue(Float.isNaN(out[0]) && !Float.isNaN(out[1]), () -> c.get() + " multiDot " + out[0] + ", " + out[1]);
      DenseOps.batchMargins(rows, 2, b, Float.POSITIVE_INFINITY, out);
      assertTrue(Float.isNaN(out[0]), () -> c.get() + " batchMargins NaN row");
      assertSameBits(Float.POSITIVE_INFINITY, out[1], () -> c.get() + " batchMargins with bias +Inf");
    }
  }
}
