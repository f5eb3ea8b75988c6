package io.github.simdperceptron.kernel;

/**
 * Scatter loops shared by both implementations. On AVX2 HotSpot does not compile a vector
 * scatter to SIMD (it is emulated lane by lane, 3-4x slower than this loop), and duplicate
 * indices inside one vector would lose updates, so both implementations scatter in scalar order.
 */
final class ScatterLoops {
  private ScatterLoops() {}

  static void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha * val[i];
    }
  }

  static void scatterAddBinary(float alpha, int[] idx, int off, int nnz, float[] w, int wOff) {
    for (int i = off, end = off + nnz; i < end; i++) {
      w[wOff + idx[i]] += alpha;
    }
  }

  static void dualScatterAdd(float a, double b, int[] idx, float[] val, int off, int nnz, float[] w, double[] u,
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
