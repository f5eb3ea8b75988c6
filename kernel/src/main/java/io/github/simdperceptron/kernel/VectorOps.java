package io.github.simdperceptron.kernel;

import io.github.simdperceptron.kernel.internal.SparseLoops;

/**
 * The operations every implementation provides. Arguments are trusted: the public facades
 * ({@link DenseOps}, {@link SparseOps}) check them once before calling in.
 *
 * <p>Element-wise updates ({@code scale}, {@code axpy}, {@code dualAxpy}, the scatter-adds) round
 * the product and then the sum (never a fused multiply-add), so every implementation and the
 * reference produce bit-identical arrays. Reductions may use FMA and any summation order.
 */
interface VectorOps {

  /** Implementation name: {@code "panama"} or {@code "scalar"}. */
  String name();

  /** Width of the vectors in bits, or 0 for the scalar implementation. */
  int vectorBits();

  /** Whether reductions use fused multiply-add. */
  boolean fma();

  /** Sum of a[aOff+i] * b[bOff+i], i in [0, n). */
  float dot(float[] a, int aOff, float[] b, int bOff, int n);

  /** Sum of x[off+i]^2. */
  float squaredNorm(float[] x, int off, int n);

  /** x[off+i] = alpha * x[off+i]. */
  void scale(float alpha, float[] x, int off, int n);

  /** y[yOff+i] += alpha * x[xOff+i]. */
  void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n);

  /** w[wOff+i] += a * x[xOff+i] and u[uOff+i] += b * x[xOff+i]. */
  void dualAxpy(float a, float b, float[] x, int xOff, float[] w, int wOff, float[] u, int uOff, int n);

  /** w[wOff+i] += a * x[xOff+i] in float and u[uOff+i] += b * (double) x[xOff+i] in double. */
  void dualAxpy(float a, double b, float[] x, int xOff, float[] w, int wOff, double[] u, int uOff, int n);

  /**
   * out[outOff+r] = dot(rows[rowsOff + r*d ..], x[xOff ..]) for r in [0, k): k row-major rows of
   * length d against one x. Each out[r] must equal {@link #dot} of that row and x bit for bit.
   */
  void multiDot(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out, int outOff);

  /** Sum of val[off+i] * w[wOff + idx[off+i]]; val null means every value is 1. */
  default float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    return SparseLoops.sparseDot(idx, val, off, nnz, w, wOff);
  }

  /**
   * w[wOff + idx[off+i]] += alpha * val[off+i], in order (duplicates accumulate); val null means
   * every value is 1.
   */
  default void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w, int wOff) {
    SparseLoops.scatterAdd(alpha, idx, val, off, nnz, w, wOff);
  }

  /**
   * w[wOff + idx] += a * val and u[wOff + idx] += b * (double) val, in order; val null means
   * every value is 1.
   */
  default void dualScatterAdd(float a, double b, int[] idx, float[] val, int off, int nnz, float[] w, double[] u,
      int wOff) {
    SparseLoops.dualScatterAdd(a, b, idx, val, off, nnz, w, u, wOff);
  }
}
