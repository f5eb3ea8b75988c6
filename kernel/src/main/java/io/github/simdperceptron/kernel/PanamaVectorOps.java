package io.github.simdperceptron.kernel;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation. Loaded reflectively by {@link VectorOpsProvider} only when
 * {@code jdk.incubator.vector} is in the boot layer, so nothing else links against the module.
 *
 * <p>The species is {@code SPECIES_PREFERRED} unless the system property
 * {@code simdperceptron.vectorBits} names another width (64, 128, 256 or 512), which tests use to
 * exercise a second lane count. Both the species and the FMA choice are static finals, so C2
 * folds them as constants.
 */
final class PanamaVectorOps implements VectorOps {

  static final VectorSpecies<Float> F = floatSpecies();
  private static final int L = F.length();
  /** Below two vectors the setup and the lane reduction cost more than they save. */
  private static final int MIN_VECTOR_LENGTH = 2 * L;
  /** From 1M floats (4 MiB per operand, 8x the 512 KiB L2) the dot product streams from L3 or memory. */
  private static final int STREAMING_LENGTH = 1 << 20;
  private static final boolean FMA = VectorOpsProvider.fmaEnabled();

  private static VectorSpecies<Float> floatSpecies() {
    String bits = System.getProperty(VectorOpsProvider.VECTOR_BITS_PROPERTY, "").trim();
    switch (bits) {
      case "":
      case "preferred":
        return FloatVector.SPECIES_PREFERRED;
      case "64":
        return FloatVector.SPECIES_64;
      case "128":
        return FloatVector.SPECIES_128;
      case "256":
        return FloatVector.SPECIES_256;
      case "512":
        return FloatVector.SPECIES_512;
      default:
        throw new IllegalArgumentException(
            VectorOpsProvider.VECTOR_BITS_PROPERTY + " must be 64, 128, 256, 512 or preferred, got '" + bits + "'");
    }
  }

  PanamaVectorOps() {}

  @Override
  public String name() {
    return "panama";
  }

  @Override
  public int vectorBits() {
    return F.vectorBitSize();
  }

  @Override
  public boolean fma() {
    return FMA;
  }

  private static FloatVector fmaOrMulAdd(FloatVector a, FloatVector b, FloatVector acc) {
    return FMA ? a.fma(b, acc) : acc.add(a.mul(b));
  }

  private static float fmaOrMulAdd(float a, float b, float acc) {
    return FMA ? Math.fma(a, b, acc) : acc + a * b;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    return n >= STREAMING_LENGTH ? dotFourStreams(a, aOff, b, bOff, n) : dotInCache(a, aOff, b, bOff, n);
  }

  /**
   * Past the caches the two operands are read as four streams (both halves side by side) instead
   * of two: the hardware prefetchers follow each stream separately and stop at every 4 KiB page,
   * so more streams keep more cache-line misses in flight. JMH, Zen 3, JDK 17, one run
   * (docs/kernel-benchmarks.md): this loop over two 16M-float arrays took 5.10 ms, the two-stream
   * loop 6.14 ms.
   */
  private static float dotFourStreams(float[] a, int aOff, float[] b, int bOff, int n) {
    final int h = n / (4 * L) * (2 * L);
    FloatVector acc0 = FloatVector.zero(F);
    FloatVector acc1 = FloatVector.zero(F);
    FloatVector acc2 = FloatVector.zero(F);
    FloatVector acc3 = FloatVector.zero(F);
    for (int i = 0; i < h; i += 2 * L) {
      acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
      acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + h + i), FloatVector.fromArray(F, b, bOff + h + i), acc1);
      acc2 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc2);
      acc3 = fmaOrMulAdd(
          FloatVector.fromArray(F, a, aOff + h + i + L), FloatVector.fromArray(F, b, bOff + h + i + L), acc3);
    }
    float sum = acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
    return sum + dotInCache(a, aOff + 2 * h, b, bOff + 2 * h, n - 2 * h);
  }

  private static float dotInCache(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= MIN_VECTOR_LENGTH) {
      // Four accumulators hide the FMA latency; one chain runs at half the speed.
      FloatVector acc0 = FloatVector.zero(F);
      FloatVector acc1 = FloatVector.zero(F);
      FloatVector acc2 = FloatVector.zero(F);
      FloatVector acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc1);
        acc2 = fmaOrMulAdd(
            FloatVector.fromArray(F, a, aOff + i + 2 * L), FloatVector.fromArray(F, b, bOff + i + 2 * L), acc2);
        acc3 = fmaOrMulAdd(
            FloatVector.fromArray(F, a, aOff + i + 3 * L), FloatVector.fromArray(F, b, bOff + i + 3 * L), acc3);
      }
      for (int bound = n - L; i <= bound; i += L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
      }
      sum = acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(VectorOperators.ADD);
    }
    for (; i < n; i++) {
      sum = fmaOrMulAdd(a[aOff + i], b[bOff + i], sum);
    }
    return sum;
  }

  @Override
  public float squaredNorm(float[] x, int off, int n) {
    return dot(x, off, x, off, n);
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector.fromArray(F, x, off + i).mul(alpha).intoArray(x, off + i);
    }
    for (; i < n; i++) {
      x[off + i] = alpha * x[off + i];
    }
  }

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    // mul then add, never fma: the result must equal the scalar y + alpha*x bit for bit.
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector xv = FloatVector.fromArray(F, x, xOff + i);
      FloatVector.fromArray(F, y, yOff + i).add(xv.mul(alpha)).intoArray(y, yOff + i);
    }
    for (; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  @Override
  public void dualAxpy(float a, float b, float[] x, int xOff, float[] w, int wOff, float[] u, int uOff, int n) {
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector xv = FloatVector.fromArray(F, x, xOff + i);
      FloatVector.fromArray(F, w, wOff + i).add(xv.mul(a)).intoArray(w, wOff + i);
      FloatVector.fromArray(F, u, uOff + i).add(xv.mul(b)).intoArray(u, uOff + i);
    }
    for (; i < n; i++) {
      float xi = x[xOff + i];
      w[wOff + i] += a * xi;
      u[uOff + i] += b * xi;
    }
  }

  @Override
  public void dualAxpy(float a, double b, float[] x, int xOff, float[] w, int wOff, double[] u, int uOff, int n) {
    // The double half stays a plain loop: C2 vectorizes the float-to-double widening itself,
    // and a hand-written F2D reshape is slower on JDK 17.
    axpy(a, x, xOff, w, wOff, n);
    for (int i = 0; i < n; i++) {
      u[uOff + i] += b * x[xOff + i];
    }
  }

  @Override
  public void multiDot(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out, int outOff) {
    if (d < MIN_VECTOR_LENGTH) {
      for (int r = 0; r < k; r++) {
        out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
      }
      return;
    }
    int r = 0;
    // Four rows per pass: each x vector is loaded once for four FMAs, and the two-vector unroll
    // gives eight independent chains, enough to cover the FMA latency.
    for (; r + 4 <= k; r += 4) {
      multiDot4(rows, rowsOff + r * d, d, x, xOff, out, outOff + r);
    }
    for (; r < k; r++) {
      out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }

  private static void multiDot4(float[] rows, int off, int d, float[] x, int xOff, float[] out, int outOff) {
    final int o0 = off, o1 = off + d, o2 = off + 2 * d, o3 = off + 3 * d;
    FloatVector a0 = FloatVector.zero(F), a1 = FloatVector.zero(F), a2 = FloatVector.zero(F), a3 = FloatVector.zero(F);
    FloatVector b0 = FloatVector.zero(F), b1 = FloatVector.zero(F), b2 = FloatVector.zero(F), b3 = FloatVector.zero(F);
    int i = 0;
    for (int bound = d - 2 * L; i <= bound; i += 2 * L) {
      FloatVector xa = FloatVector.fromArray(F, x, xOff + i);
      FloatVector xb = FloatVector.fromArray(F, x, xOff + i + L);
      a0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i), xa, a0);
      a1 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i), xa, a1);
      a2 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o2 + i), xa, a2);
      a3 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o3 + i), xa, a3);
      b0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i + L), xb, b0);
      b1 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i + L), xb, b1);
      b2 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o2 + i + L), xb, b2);
      b3 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o3 + i + L), xb, b3);
    }
    for (int bound = d - L; i <= bound; i += L) {
      FloatVector xa = FloatVector.fromArray(F, x, xOff + i);
      a0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i), xa, a0);
      a1 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i), xa, a1);
      a2 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o2 + i), xa, a2);
      a3 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o3 + i), xa, a3);
    }
    float s0 = a0.add(b0).reduceLanes(VectorOperators.ADD);
    float s1 = a1.add(b1).reduceLanes(VectorOperators.ADD);
    float s2 = a2.add(b2).reduceLanes(VectorOperators.ADD);
    float s3 = a3.add(b3).reduceLanes(VectorOperators.ADD);
    for (; i < d; i++) {
      float xi = x[xOff + i];
      s0 = fmaOrMulAdd(rows[o0 + i], xi, s0);
      s1 = fmaOrMulAdd(rows[o1 + i], xi, s1);
      s2 = fmaOrMulAdd(rows[o2 + i], xi, s2);
      s3 = fmaOrMulAdd(rows[o3 + i], xi, s3);
    }
    out[outOff] = s0;
    out[outOff + 1] = s1;
    out[outOff + 2] = s2;
    out[outOff + 3] = s3;
  }

  @Override
  public float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    return GatherLoops.sparseDot(idx, val, off, nnz, w, wOff);
  }

  @Override
  public float sparseDotBinary(int[] idx, int off, int nnz, float[] w, int wOff) {
    return GatherLoops.sparseDotBinary(idx, off, nnz, w, wOff);
  }

  @Override
  public void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    ScatterLoops.scatterAdd(alpha, idx, val, off, nnz, w, wOff);
  }

  @Override
  public void scatterAddBinary(float alpha, int[] idx, int off, int nnz, float[] w, int wOff) {
    ScatterLoops.scatterAddBinary(alpha, idx, off, nnz, w, wOff);
  }

  @Override
  public void dualScatterAdd(float a, double b, int[] idx, float[] val, int off, int nnz, float[] w, double[] u) {
    ScatterLoops.dualScatterAdd(a, b, idx, val, off, nnz, w, u);
  }

}
