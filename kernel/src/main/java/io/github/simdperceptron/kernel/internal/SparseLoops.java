package io.github.simdperceptron.kernel.internal;

/**
 * The sparse loops, shared by both implementations (they are the default methods of the kernel's
 * SPI), unchecked: the public facades in {@code SparseOps} check their arguments and call these,
 * and the datasets call them directly on their validated rows. Measured reasons below.
 *
 * <p>Dot products: the Vector API gather ({@code fromArray} with an index map) lost to a plain
 * loop on Zen 3 with JDK 17 (JMH, one run, random indices into 1M floats, gather / two-chain loop /
 * reference: nnz 100: 459 / 93 / 112 ns; nnz 1,000: 3,305 / 1,445 / 1,439 ns; nnz 100,000:
 * 158 / 130 / 159 us; docs/kernel-benchmarks.md). Four chains, so the add latency limits even
 * less than in the reference's single chain; but below {@link #FEW} non-zeros the four-chain
 * loop's setup costs more than the latency it hides (JMH {@code SparseLoopShapes}, JDK 17, nnz 8:
 * one chain 6.4 ns, four chains 7.8 ns, one chain behind the {@code nnz < 16} test 6.9 ns, the
 * reference 7.0 ns; nnz 100: 79, 62, 58 and 74 ns), so short vectors take the one textbook chain.
 *
 * <p>Scatters: on AVX2 HotSpot does not compile a vector scatter to SIMD (it is emulated lane by
 * lane, 3-4x slower than this loop), and duplicate indices inside one vector would lose updates,
 * so both implementations scatter in scalar order.
 */
public final class SparseLoops {
  /** Fewer non-zeros than this are summed in one chain. */
  public static final int FEW = 16;

  private SparseLoops() {}

  public static float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    if (nnz < FEW) {
      float s = 0f;
      for (int i = off, end = off + nnz; i < end; i++) {
        s += val[i] * w[wOff + idx[i]];
      }
      return s;
    }
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f;
    int i = off;
    final int end = off + nnz;
    for (int bound = off + (nnz & ~3); i < bound; i += 4) {
      s0 += val[i] * w[wOff + idx[i]];
      s1 += val[i + 1] * w[wOff + idx[i + 1]];
      s2 += val[i + 2] * w[wOff + idx[i + 2]];
      s3 += val[i + 3] * w[wOff + idx[i + 3]];
    }
    for (; i < end; i++) {
      s0 += val[i] * w[wOff + idx[i]];
    }
    return (s0 + s1) + (s2 + s3);
  }

  public static float sparseDotBinary(int[] idx, int off, int nnz, float[] w, int wOff) {
    if (nnz < FEW) {
      float s = 0f;
      for (int i = off, end = off + nnz; i < end; i++) {
        s += w[wOff + idx[i]];
      }
      return s;
    }
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f;
    int i = off;
    final int end = off + nnz;
    for (int bound = off + (nnz & ~3); i < bound; i += 4) {
      s0 += w[wOff + idx[i]];
      s1 += w[wOff + idx[i + 1]];
      s2 += w[wOff + idx[i + 2]];
      s3 += w[wOff + idx[i + 3]];
    }
    for (; i < end; i++) {
      s0 += w[wOff + idx[i]];
    }
    return (s0 + s1) + (s2 + s3);
  }

  public static void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha * val[i];
    }
  }

  public static void scatterAddBinary(float alpha, int[] idx, int off, int nnz, float[] w, int wOff) {
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha;
    }
  }

  public static void dualScatterAdd(float a, double b, int[] idx, float[] val, int off, int nnz, float[] w, double[] u,
      int wOff) {
    if (val == null) {
      for (int i = off, end = off + nnz; i < end; i++) {
        int j = wOff + idx[i];
        w[j] += a;
        u[j] += b;
      }
    } else {
      for (int i = off, end = off + nnz; i < end; i++) {
        int j = wOff + idx[i];
        float v = val[i];
        w[j] += a * v;
        u[j] += b * v;
      }
    }
  }
}
