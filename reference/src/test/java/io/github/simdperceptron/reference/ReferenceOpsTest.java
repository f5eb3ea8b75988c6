package io.github.simdperceptron.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.CommonOps_FDRM;
import org.ejml.dense.row.mult.VectorVectorMult_FDRM;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The oracle checked by a second opinion and by exact arithmetic: {@link ReferenceOps} against
 * EJML (inner product, matrix-vector product, add and scale; sparse vectors densified) on random
 * inputs, and against double arithmetic: exact on integer data, within gamma_n on real data.
 *
 * <p>EJML's float kernels accumulate in float, left to right, like the reference, so most
 * comparisons are bit for bit; {@code MatrixVectorMult_FDRM} starts a row's sum with its first
 * product instead of 0 + that product, which can only change the sign of a zero, so the
 * matrix-vector comparisons use {@code ==}. Replay a run with {@code -Dtests.seed=0x...}.
 */
class ReferenceOpsTest {

  private static final int[] SIZES = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1021, 4099};
  private static final int LARGE = 1 << 20;
  private static final double U = 0x1p-24;
  private static final long MASTER_SEED = masterSeed();

  private String seed;
  private Random r;

  private static long masterSeed() {
    String s = System.getProperty("tests.seed");
    if (s == null || s.isBlank()) {
      return new Random().nextLong();
    }
    s = s.trim();
    return s.startsWith("0x") || s.startsWith("0X") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }

  @BeforeEach
  void seed(TestInfo info) {
    String name = getClass().getSimpleName() + "." + info.getTestMethod().map(m -> m.getName()).orElse("?");
    r = new Random(MASTER_SEED ^ (0x9E3779B97F4A7C15L * name.hashCode()));
    seed = "[" + name + ", replay with -Dtests.seed=0x" + Long.toHexString(MASTER_SEED) + "]";
    System.out.println("seed " + seed);
  }

  // ---------------------------------------------------------------- data

  /** A uniform value in (-1, 1) times 2^e, e in [-6, 6]; no product or sum here underflows or overflows. */
  private float real() {
    return Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
  }

  private float[] reals(int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = real();
    }
    return a;
  }

  /** Integers in [-m, m]. */
  private float[] ints(int n, int m) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(2 * m + 1) - m;
    }
    return a;
  }

  /** The largest m <= 8 with terms * m^2 <= 2^24: every partial sum is an exactly representable integer. */
  private static int intBound(long terms) {
    int m = 8;
    while (m > 1 && terms * m * m > (1 << 24)) {
      m--;
    }
    return m;
  }

  private static FMatrixRMaj column(float[] a) {
    return FMatrixRMaj.wrap(a.length, 1, a);
  }

  /** count distinct sorted indices in [0, dim). */
  private int[] distinctSorted(int count, int dim) {
    return r.ints(0, dim).distinct().limit(count).sorted().toArray();
  }

  private static float[] densify(int[] idx, float[] val, int dim) {
    float[] dense = new float[dim];
    for (int i = 0; i < idx.length; i++) {
      dense[idx[i]] = val == null ? 1f : val[i];
    }
    return dense;
  }

  // ---------------------------------------------------------------- assertions

  private static boolean sameBits(float a, float b) {
    return Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b);
  }

  private static void assertSameBits(float expected, float actual, Supplier<String> ctx) {
    if (!sameBits(expected, actual)) {
      fail(ctx.get() + ": expected " + expected + " but was " + actual);
    }
  }

  private static void assertSameBits(float[] expected, float[] actual, Supplier<String> ctx) {
    assertEquals(expected.length, actual.length, ctx);
    for (int i = 0; i < expected.length; i++) {
      final int at = i;
      assertSameBits(expected[i], actual[i], () -> ctx.get() + " at [" + at + "]");
    }
  }

  /** Equal as numbers (0.0 == -0.0): for EJML's matrix-vector product, see the class comment. */
  private static void assertNumericallyEqual(float[] expected, float[] actual, Supplier<String> ctx) {
    assertEquals(expected.length, actual.length, ctx);
    for (int i = 0; i < expected.length; i++) {
      if (expected[i] != actual[i]) {
        fail(ctx.get() + " at [" + i + "]: expected " + expected[i] + " but was " + actual[i]);
      }
    }
  }

  /**
   * |actual - exact| <= (gamma_n + 2 gamma53_n) * absSum with gamma_n = n u / (1 - n u), u = 2^-24:
   * n roundings of the n products' paths (one multiplication, at most n - 1 additions) in float,
   * plus the n roundings of computing exact and absSum in double (Higham, Lemma 3.1, eq. (3.5)).
   */
  private static void assertWithinBound(float actual, double exact, double absSum, int n, Supplier<String> ctx) {
    double nu = n * U;
    assertTrue(nu < 0.5, "too many terms");
    double nuDouble = n * 0x1p-53;
    double tolerance = (nu / (1 - nu) + 2 * nuDouble / (1 - nuDouble)) * absSum;
    if (!(Math.abs(actual - exact) <= tolerance)) {
      fail(ctx.get() + ": |" + actual + " - " + exact + "| exceeds " + tolerance);
    }
  }

  private static double[] exactDot(float[] a, int aOff, float[] b, int bOff, int n) {
    double sum = 0;
    double abs = 0;
    for (int i = 0; i < n; i++) {
      double p = (double) a[aOff + i] * b[bOff + i];
      sum += p;
      abs += Math.abs(p);
    }
    return new double[] {sum, abs};
  }

  // ---------------------------------------------------------------- against EJML

  @Test
  void dotAndSquaredNormMatchEjmlInnerProduct() {
    for (int n : SIZES) {
      for (boolean integer : new boolean[] {true, false}) {
        float[] a = integer ? ints(n, intBound(n)) : reals(n);
        float[] b = integer ? ints(n, intBound(n)) : reals(n);
        Supplier<String> c = () -> seed + " n=" + n + (integer ? " integer" : " real");
        assertSameBits(VectorVectorMult_FDRM.innerProd(column(a), column(b)), ReferenceOps.dot(a, 0, b, 0, n), c);
        assertSameBits(VectorVectorMult_FDRM.innerProd(column(a), column(a)), ReferenceOps.squaredNorm(a, 0, n), c);
        // With offsets: the same as on the copied ranges.
        int ao = r.nextInt(5);
        int bo = r.nextInt(5);
        float[] x = reals(ao + n + 2);
        float[] y = reals(bo + n + 2);
        assertSameBits(
            VectorVectorMult_FDRM.innerProd(column(Arrays.copyOfRange(x, ao, ao + n)),
                column(Arrays.copyOfRange(y, bo, bo + n))),
            ReferenceOps.dot(x, ao, y, bo, n), () -> c.get() + " aOff=" + ao + " bOff=" + bo);
      }
    }
  }

  @Test
  void multiDotAndBatchMarginsMatchEjmlMatrixVectorProduct() {
    for (int d : SIZES) {
      for (int k : new int[] {0, 1, 3, 4, 7}) {
        int ro = r.nextInt(5);
        int xo = r.nextInt(5);
        int oo = r.nextInt(5);
        float[] rows = reals(ro + k * d + 1);
        float[] x = reals(xo + d + 1);
        FMatrixRMaj a = FMatrixRMaj.wrap(k, d, Arrays.copyOfRange(rows, ro, ro + k * d));
        FMatrixRMaj xv = column(Arrays.copyOfRange(x, xo, xo + d));
        FMatrixRMaj ejml = new FMatrixRMaj(k, 1);
        CommonOps_FDRM.mult(a, xv, ejml);
        Supplier<String> c = () -> seed + " k=" + k + " d=" + d;

        float[] out = reals(oo + k + 1);
        float[] expected = out.clone();
        System.arraycopy(ejml.data, 0, expected, oo, k);
        ReferenceOps.multiDot(rows, ro, k, d, x, xo, out, oo);
        assertNumericallyEqual(expected, out, () -> c.get() + " multiDot");

        float bias = real();
        CommonOps_FDRM.add(ejml, bias);
        float[] margins = reals(oo + k + 1);
        float[] expectedMargins = margins.clone();
        System.arraycopy(ejml.data, 0, expectedMargins, oo, k);
        ReferenceOps.batchMargins(rows, ro, k, d, x, xo, bias, margins, oo);
        assertNumericallyEqual(expectedMargins, margins, () -> c.get() + " batchMargins bias=" + bias);
      }
    }
  }

  @Test
  void axpyScaleAndDualAxpyMatchEjmlAddAndScale() {
    for (int n : SIZES) {
      float alpha = real();
      float beta = real();
      float[] x = reals(n);
      float[] y = reals(n);
      Supplier<String> c = () -> seed + " n=" + n + " alpha=" + alpha;

      FMatrixRMaj sum = new FMatrixRMaj(n, 1);
      CommonOps_FDRM.add(column(y), alpha, column(x), sum);
      float[] axpy = y.clone();
      ReferenceOps.axpy(alpha, x, 0, axpy, 0, n);
      assertSameBits(sum.data, axpy, () -> c.get() + " axpy vs add(a, beta, b, c)");

      float[] scaled = x.clone();
      CommonOps_FDRM.scale(alpha, column(scaled));
      float[] scale = x.clone();
      ReferenceOps.scale(alpha, scale, 0, n);
      assertSameBits(scaled, scale, () -> c.get() + " scale");

      float[] w = y.clone();
      float[] u = x.clone();
      CommonOps_FDRM.addEquals(column(w), alpha, column(x));
      CommonOps_FDRM.addEquals(column(u), beta, column(x));
      float[] rw = y.clone();
      float[] ru = x.clone();
      float[] xCopy = x.clone();
      ReferenceOps.dualAxpy(alpha, beta, xCopy, 0, rw, 0, ru, 0, n);
      assertSameBits(w, rw, () -> c.get() + " dualAxpy w");
      assertSameBits(u, ru, () -> c.get() + " dualAxpy u");

      // The double accumulator: w as above, u in plain double arithmetic.
      double b = r.nextDouble() * 1000;
      double[] ud = new double[n];
      double[] udExpected = new double[n];
      for (int i = 0; i < n; i++) {
        ud[i] = r.nextDouble();
        udExpected[i] = ud[i] + b * (double) x[i];
      }
      float[] rw2 = y.clone();
      ReferenceOps.dualAxpy(alpha, b, x, 0, rw2, 0, ud, 0, n);
      assertSameBits(w, rw2, () -> c.get() + " dualAxpy(double) w");
      assertTrue(Arrays.equals(udExpected, ud), () -> c.get() + " dualAxpy(double) u");
    }
  }

  /**
   * Sparse ops against EJML on the densified vector. With distinct sorted indices the dense sum
   * adds the same products in the same order plus zeros, and adding a zero never changes a float
   * sum that starts at +0, so the dot products agree bit for bit.
   */
  @Test
  void sparseOpsMatchEjmlOnDensifiedVectors() {
    for (int nnz : SIZES) {
      int dim = nnz + 1 + r.nextInt(2 * nnz + 8);
      int[] idx = distinctSorted(nnz, dim);
      float[] val = reals(nnz);
      float[] w = reals(dim);
      Supplier<String> c = () -> seed + " nnz=" + nnz + " dim=" + dim;
      FMatrixRMaj dense = column(densify(idx, val, dim));
      FMatrixRMaj ones = column(densify(idx, null, dim));
      assertSameBits(VectorVectorMult_FDRM.innerProd(dense, column(w)), ReferenceOps.sparseDot(idx, val, 0, nnz, w), c);
      assertSameBits(VectorVectorMult_FDRM.innerProd(ones, column(w)), ReferenceOps.sparseDotBinary(idx, 0, nnz, w), c);

      float alpha = real();
      float[] scattered = w.clone();
      ReferenceOps.scatterAdd(alpha, idx, val, 0, nnz, scattered);
      float[] added = w.clone();
      CommonOps_FDRM.addEquals(column(added), alpha, dense);
      assertSameBits(added, scattered, () -> c.get() + " scatterAdd");
      float[] scatteredBinary = w.clone();
      ReferenceOps.scatterAddBinary(alpha, idx, 0, nnz, scatteredBinary);
      float[] addedBinary = w.clone();
      CommonOps_FDRM.addEquals(column(addedBinary), alpha, ones);
      assertSameBits(addedBinary, scatteredBinary, () -> c.get() + " scatterAddBinary");

      int k = 3;
      float[] rows = reals(k * dim);
      for (float[] values : new float[][] {val, null}) {
        FMatrixRMaj ejml = new FMatrixRMaj(k, 1);
        CommonOps_FDRM.mult(FMatrixRMaj.wrap(k, dim, rows), values == null ? ones : dense, ejml);
        float[] out = new float[k + 1];
        ReferenceOps.sparseMultiDot(rows, k, dim, idx, values, 0, nnz, out, 1);
        assertNumericallyEqual(ejml.data, Arrays.copyOfRange(out, 1, k + 1),
            () -> c.get() + " sparseMultiDot" + (values == null ? " binary" : ""));
        // The same rows as a CSR matrix of k copies of x.
        int[] rowPtr = new int[k + 1];
        int[] csrIdx = new int[k * nnz];
        float[] csrVal = new float[k * nnz];
        float[] wRows = Arrays.copyOfRange(rows, 0, dim);
        for (int i = 0; i < k; i++) {
          rowPtr[i + 1] = rowPtr[i] + nnz;
          System.arraycopy(idx, 0, csrIdx, i * nnz, nnz);
          System.arraycopy(val, 0, csrVal, i * nnz, nnz);
        }
        float bias = real();
        float[] margins = new float[k];
        ReferenceOps.sparseBatchMargins(rowPtr, csrIdx, values == null ? null : csrVal, k, wRows, bias, margins);
        float expected = VectorVectorMult_FDRM.innerProd(values == null ? ones : dense, column(wRows)) + bias;
        for (int i = 0; i < k; i++) {
          final int row = i;
          assertSameBits(expected, margins[i], () -> c.get() + " sparseBatchMargins row " + row);
        }
      }
      assertSameBits(VectorVectorMult_FDRM.innerProd(column(val), column(val)),
          ReferenceOps.sparseSquaredNorm(val, 0, nnz), () -> c.get() + " sparseSquaredNorm");

      double b = r.nextDouble();
      float a = real();
      float[] dw = w.clone();
      double[] du = new double[dim];
      ReferenceOps.dualScatterAdd(a, b, idx, val, 0, nnz, dw, du);
      float[] aw = w.clone();
      CommonOps_FDRM.addEquals(column(aw), a, dense);
      assertSameBits(aw, dw, () -> c.get() + " dualScatterAdd w");
      for (int i = 0; i < nnz; i++) {
        assertEquals(b * (double) val[i], du[idx[i]], () -> c.get() + " dualScatterAdd u");
      }
    }
  }

  // ---------------------------------------------------------------- against exact arithmetic

  @Test
  void dotIsExactOnIntegerDataAndWithinTheBoundOnRealData() {
    int[] sizes = Arrays.copyOf(SIZES, SIZES.length + 1);
    sizes[SIZES.length] = LARGE;
    for (int n : sizes) {
      int m = intBound(n);
      float[] a = ints(n, m);
      float[] b = ints(n, m);
      double[] exact = exactDot(a, 0, b, 0, n);
      assertTrue(exact[1] <= 1 << 24, "integer data too large");
      assertEquals(exact[0], ReferenceOps.dot(a, 0, b, 0, n), () -> seed + " integer dot n=" + n);
      assertEquals(exactDot(a, 0, a, 0, n)[0], ReferenceOps.squaredNorm(a, 0, n), () -> seed + " integer n=" + n);

      float[] x = reals(n);
      float[] y = reals(n);
      double[] e = exactDot(x, 0, y, 0, n);
      assertWithinBound(ReferenceOps.dot(x, 0, y, 0, n), e[0], e[1], n, () -> seed + " real dot n=" + n);
      double[] s = exactDot(x, 0, x, 0, n);
      assertWithinBound(ReferenceOps.squaredNorm(x, 0, n), s[0], s[1], n, () -> seed + " real squaredNorm n=" + n);
    }
  }

  @Test
  void sparseOpsWithDuplicatesAgainstExactArithmetic() {
    for (int nnz : SIZES) {
      int dim = 1 + r.nextInt(nnz / 2 + 1); // many duplicate indices
      int[] idx = r.ints(nnz, 0, dim).toArray();
      int m = intBound(nnz);
      float[] val = ints(nnz, m);
      float[] w = ints(dim, m);
      Supplier<String> c = () -> seed + " nnz=" + nnz + " dim=" + dim;
      double exact = 0;
      double exactBinary = 0;
      double[] scattered = new double[dim];
      for (int i = 0; i < nnz; i++) {
        exact += (double) val[i] * w[idx[i]];
        exactBinary += w[idx[i]];
        scattered[idx[i]] += 3.0 * val[i];
      }
      assertEquals(exact, ReferenceOps.sparseDot(idx, val, 0, nnz, w), c);
      assertEquals(exactBinary, ReferenceOps.sparseDotBinary(idx, 0, nnz, w), c);
      float[] target = w.clone();
      ReferenceOps.scatterAdd(3f, idx, val, 0, nnz, target);
      for (int j = 0; j < dim; j++) {
        assertEquals(w[j] + scattered[j], target[j], c);
      }

      float[] x = reals(nnz);
      float[] wr = reals(dim);
      double sum = 0;
      double abs = 0;
      for (int i = 0; i < nnz; i++) {
        double p = (double) x[i] * wr[idx[i]];
        sum += p;
        abs += Math.abs(p);
      }
      assertWithinBound(ReferenceOps.sparseDot(idx, x, 0, nnz, wr), sum, abs, nnz, () -> c.get() + " real");
    }
  }

  @Test
  void batchMarginsAgainstExactArithmetic() {
    for (int d : SIZES) {
      int n = 5;
      int m = intBound(d + 1);
      float[] matrix = ints(n * d, m);
      float[] w = ints(d, m);
      float bias = r.nextInt(2 * m + 1) - m;
      float[] out = new float[n];
      ReferenceOps.batchMargins(matrix, 0, n, d, w, 0, bias, out, 0);
      for (int i = 0; i < n; i++) {
        final int row = i;
        assertEquals(exactDot(matrix, i * d, w, 0, d)[0] + bias, out[i], () -> seed + " d=" + d + " row " + row);
      }
      float[] rm = reals(n * d);
      float[] rw = reals(d);
      float rb = real();
      ReferenceOps.batchMargins(rm, 0, n, d, rw, 0, rb, out, 0);
      for (int i = 0; i < n; i++) {
        double[] e = exactDot(rm, i * d, rw, 0, d);
        final int row = i;
        assertWithinBound(out[i], e[0] + rb, e[1] + Math.abs(rb), d + 1, () -> seed + " real d=" + d + " row " + row);
      }
    }
  }

  @Test
  void classScoresAndUpdatesMatchEjmlOnFeatureMajorMatrices() {
    for (int nnz : SIZES) {
      int dim = nnz + 1 + r.nextInt(2 * nnz + 8);
      int[] idx = distinctSorted(nnz, dim);
      float[] val = reals(nnz);
      for (int kp : new int[] {1, 8, 16}) {
        // Feature-major weights are a row-major d x kp matrix: the scores are the row vector x^T W.
        float[] w = reals(dim * kp);
        Supplier<String> c = () -> seed + " nnz=" + nnz + " dim=" + dim + " kp=" + kp;
        for (float[] values : new float[][] {val, null}) {
          FMatrixRMaj x = FMatrixRMaj.wrap(1, dim, densify(idx, values, dim));
          FMatrixRMaj ejml = new FMatrixRMaj(1, kp);
          CommonOps_FDRM.mult(x, FMatrixRMaj.wrap(dim, kp, w), ejml);
          float[] out = new float[kp];
          ReferenceOps.classScores(w, kp, idx, values, 0, nnz, out);
          assertNumericallyEqual(ejml.data, out, () -> c.get() + (values == null ? " binary" : "") + " classScores");

          // The update adds the outer product x delta^T to W.
          float[] delta = reals(kp);
          float[] updated = w.clone();
          ReferenceOps.classUpdate(updated, kp, idx, values, 0, nnz, delta);
          FMatrixRMaj outer = new FMatrixRMaj(dim, kp);
          CommonOps_FDRM.multTransA(x, FMatrixRMaj.wrap(1, kp, delta), outer);
          FMatrixRMaj sum = new FMatrixRMaj(dim, kp);
          CommonOps_FDRM.add(FMatrixRMaj.wrap(dim, kp, w), outer, sum);
          assertNumericallyEqual(sum.data, updated, () -> c.get() + (values == null ? " binary" : "") + " classUpdate");
        }
      }
    }
  }
}
