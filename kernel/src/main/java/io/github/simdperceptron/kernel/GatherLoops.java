package io.github.simdperceptron.kernel;

/**
 * Sparse dot loops shared by both implementations. The Vector API gather ({@code fromArray} with
 * an index map) lost to a plain loop on Zen 3 with JDK 17: JMH, one run, random indices into 1M
 * floats, gather / two-chain loop / reference: nnz 100: 459 / 93 / 112 ns; nnz 1,000: 3,305 /
 * 1,445 / 1,439 ns; nnz 100,000: 158 / 130 / 159 us (docs/kernel-benchmarks.md). Four chains
 * instead of two so the add latency limits even less than in the reference's single chain.
 */
final class GatherLoops {
  private GatherLoops() {}

  static float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
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

  static float sparseDotBinary(int[] idx, int off, int nnz, float[] w, int wOff) {
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
}
