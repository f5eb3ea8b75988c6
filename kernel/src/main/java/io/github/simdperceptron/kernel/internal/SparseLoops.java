package io.github.simdperceptron.kernel.internal;

/**
 * The sparse loops, shared by both implementations (they are the default methods of the kernel's
 * SPI), unchecked: the public facades in {@code SparseOps} check their arguments and call these,
 * and the datasets call them directly on their validated rows.
 *
 * <p>Dot products: a plain loop, not the Vector API gather ({@code fromArray} with an index map),
 * which lost to it at every size measured. Four chains, so the add latency limits less than in the
 * reference's single chain; below {@link #FEW} non-zeros the four-chain loop's setup costs more
 * than the latency it hides, so short vectors take the one textbook chain. Both choices:
 * docs/kernel-benchmarks.md, design decisions.
 *
 * <p>A {@code val} of null means every value is 1 (a binary row), as everywhere in the library; the
 * binary loops are separate methods so that the loop with values stays small enough to inline.
 *
 * <p>Scatters: on AVX2 HotSpot does not compile a vector scatter to SIMD (it is emulated lane by
 * lane), and duplicate indices inside one vector would lose updates, so both implementations
 * scatter in scalar order.
 */
public final class SparseLoops {
  /** Fewer non-zeros than this are summed in one chain. */
  public static final int FEW = 16;

  private SparseLoops() {}

  /** Sum of val[off+i] * w[wOff + idx[off+i]] for i &lt; nnz; val null means every value is 1. */
  public static float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    if (val == null) {
      return sparseDotOnes(idx, off, nnz, w, wOff);
    }
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

  private static float sparseDotOnes(int[] idx, int off, int nnz, float[] w, int wOff) {
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

  /** w[wOff + idx[off+i]] += alpha * val[off+i] for i &lt; nnz, in order; val null means every value is 1. */
  public static void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    if (val == null) {
      scatterAddOnes(alpha, idx, off, nnz, w, wOff);
      return;
    }
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha * val[i];
    }
  }

  private static void scatterAddOnes(float alpha, int[] idx, int off, int nnz, float[] w, int wOff) {
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha;
    }
  }

  /** w[wOff + idx] += a * val and u[wOff + idx] += b * (double) val, in order; val null means every value is 1. */
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
