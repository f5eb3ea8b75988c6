package io.github.simdperceptron.reference;

/**
 * The literal scalar twin of every kernel operation: one accumulator, textbook order, no tricks,
 * no argument checks beyond what Java does. This is the oracle the fast paths are diffed against;
 * it is deliberately naive and must stay that way.
 *
 * <p>Element-wise updates are written as {@code y = y + alpha * x} (the product rounded, then the
 * sum), the same rounding the kernel promises.
 */
public final class ReferenceOps {
  private ReferenceOps() {}

  /** sum_{i&lt;n} a[aOff+i] * b[bOff+i], summed left to right in float. */
  public static float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    float sum = 0f;
    for (int i = 0; i < n; i++) {
      sum = sum + a[aOff + i] * b[bOff + i];
    }
    return sum;
  }

  /** sum_{i&lt;n} x[off+i]^2. */
  public static float squaredNorm(float[] x, int off, int n) {
    float sum = 0f;
    for (int i = 0; i < n; i++) {
      sum = sum + x[off + i] * x[off + i];
    }
    return sum;
  }

  /** x[off+i] = alpha * x[off+i]. */
  public static void scale(float alpha, float[] x, int off, int n) {
    for (int i = 0; i < n; i++) {
      x[off + i] = alpha * x[off + i];
    }
  }

  /** y[yOff+i] = y[yOff+i] + alpha * x[xOff+i]. */
  public static void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = y[yOff + i] + alpha * x[xOff + i];
    }
  }

  /** w = w + a x; u = u + b x (float). */
  public static void dualAxpy(float a, float b, float[] x, int xOff, float[] w, int wOff, float[] u, int uOff, int n) {
    for (int i = 0; i < n; i++) {
      w[wOff + i] = w[wOff + i] + a * x[xOff + i];
    }
    for (int i = 0; i < n; i++) {
      u[uOff + i] = u[uOff + i] + b * x[xOff + i];
    }
  }

  /** w = w + a x (float); u = u + b x (double). */
  public static void dualAxpy(float a, double b, float[] x, int xOff, float[] w, int wOff, double[] u, int uOff,
      int n) {
    for (int i = 0; i < n; i++) {
      w[wOff + i] = w[wOff + i] + a * x[xOff + i];
    }
    for (int i = 0; i < n; i++) {
      u[uOff + i] = u[uOff + i] + b * (double) x[xOff + i];
    }
  }

  /** out[outOff+r] = dot(row r, x) for the k row-major rows of length d starting at rowsOff. */
  public static void multiDot(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out, int outOff) {
    for (int r = 0; r < k; r++) {
      out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }

  /** out[outOff+i] = dot(row i, w) + bias for the n row-major rows of length d starting at mOff. */
  public static void batchMargins(float[] m, int mOff, int n, int d, float[] w, int wOff, float bias, float[] out,
      int outOff) {
    for (int i = 0; i < n; i++) {
      out[outOff + i] = dot(m, mOff + i * d, w, wOff, d) + bias;
    }
  }

  /** sum_{i&lt;nnz} val[off+i] * w[idx[off+i]]. */
  public static float sparseDot(int[] idx, float[] val, int off, int nnz, float[] w) {
    float sum = 0f;
    for (int i = off; i < off + nnz; i++) {
      sum = sum + val[i] * w[idx[i]];
    }
    return sum;
  }

  /** sum_{i&lt;nnz} w[idx[off+i]]. */
  public static float sparseDotBinary(int[] idx, int off, int nnz, float[] w) {
    float sum = 0f;
    for (int i = off; i < off + nnz; i++) {
      sum = sum + w[idx[i]];
    }
    return sum;
  }

  /** sum_{i&lt;nnz} val[off+i]^2. */
  public static float sparseSquaredNorm(float[] val, int off, int nnz) {
    return squaredNorm(val, off, nnz);
  }

  /** w[idx[i]] = w[idx[i]] + alpha * val[i], in order. */
  public static void scatterAdd(float alpha, int[] idx, float[] val, int off, int nnz, float[] w) {
    for (int i = off; i < off + nnz; i++) {
      w[idx[i]] = w[idx[i]] + alpha * val[i];
    }
  }

  /** w[idx[i]] = w[idx[i]] + alpha, in order. */
  public static void scatterAddBinary(float alpha, int[] idx, int off, int nnz, float[] w) {
    for (int i = off; i < off + nnz; i++) {
      w[idx[i]] = w[idx[i]] + alpha;
    }
  }

  /** w[idx[i]] += a * v (float), u[idx[i]] += b * v (double); val null means v = 1. */
  public static void dualScatterAdd(float a, double b, int[] idx, float[] val, int off, int nnz, float[] w,
      double[] u) {
    for (int i = off; i < off + nnz; i++) {
      float v = val == null ? 1f : val[i];
      w[idx[i]] = w[idx[i]] + a * v;
      u[idx[i]] = u[idx[i]] + b * (double) v;
    }
  }

  /** out[outOff+r] = sparse x . (row r of the k x d row-major rows); val null means binary. */
  public static void sparseMultiDot(float[] rows, int k, int d, int[] idx, float[] val, int off, int nnz,
      float[] out, int outOff) {
    for (int r = 0; r < k; r++) {
      float sum = 0f;
      for (int i = off; i < off + nnz; i++) {
        float v = val == null ? 1f : val[i];
        sum = sum + v * rows[r * d + idx[i]];
      }
      out[outOff + r] = sum;
    }
  }

  /** out[i] = (CSR row i) . w + bias; val null means binary. */
  public static void sparseBatchMargins(int[] rowPtr, int[] idx, float[] val, int n, float[] w, float bias,
      float[] out) {
    for (int i = 0; i < n; i++) {
      float sum = 0f;
      for (int p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        float v = val == null ? 1f : val[p];
        sum = sum + v * w[idx[p]];
      }
      out[i] = sum + bias;
    }
  }

  /**
   * K-class scores over feature-major weights ({@code w[j * kp + c]} is the weight of class c for
   * feature j): {@code out[c] = sum_t val[t] * w[idx[t] * kp + c]} for c in [0, kp), each class
   * summed over t = from..to-1 left to right in float; {@code val == null} means every value is 1.
   */
  public static void classScores(float[] w, int kp, int[] idx, float[] val, int from, int to, float[] out) {
    for (int c = 0; c < kp; c++) {
      float sum = 0f;
      for (int t = from; t < to; t++) {
        float x = val == null ? 1f : val[t];
        sum = sum + x * w[idx[t] * kp + c];
      }
      out[c] = sum;
    }
  }

  /** {@code w[idx[t] * kp + c] = w[idx[t] * kp + c] + val[t] * delta[c]} for every t and c in [0, kp). */
  public static void classUpdate(float[] w, int kp, int[] idx, float[] val, int from, int to, float[] delta) {
    for (int t = from; t < to; t++) {
      float x = val == null ? 1f : val[t];
      for (int c = 0; c < kp; c++) {
        w[idx[t] * kp + c] = w[idx[t] * kp + c] + x * delta[c];
      }
    }
  }

  /**
   * {@link #classUpdate(float[], int, int[], float[], int, int, float[])} on w, and in double
   * {@code u[idx[t] * kp + c] = u[idx[t] * kp + c] + (double) val[t] * deltaU[c]}.
   */
  public static void classUpdate(float[] w, double[] u, int kp, int[] idx, float[] val, int from, int to,
      float[] delta, double[] deltaU) {
    classUpdate(w, kp, idx, val, from, to, delta);
    for (int t = from; t < to; t++) {
      double x = val == null ? 1.0 : val[t];
      for (int c = 0; c < kp; c++) {
        u[idx[t] * kp + c] = u[idx[t] * kp + c] + x * deltaU[c];
      }
    }
  }

  /**
   * One Viterbi step, the naive K x K double loop: for every current tag c in [0, kp), the best
   * previous tag j in [0, k) maximises {@code prev[j] + trans[j * kp + c]} (the first j found wins a
   * tie), {@code back[c] = j} and {@code delta[c] = (prev[j] + trans[j * kp + c]) + emit[c]}.
   */
  public static void viterbiStep(float[] prev, int k, float[] trans, int kp, float[] emit, float[] delta,
      int[] back) {
    for (int c = 0; c < kp; c++) {
      int bestJ = 0;
      float best = prev[0] + trans[c];
      for (int j = 0; j < k; j++) {
        float candidate = prev[j] + trans[j * kp + c];
        if (candidate > best) {
          best = candidate;
          bestJ = j;
        }
      }
      back[c] = bestJ;
      delta[c] = best + emit[c];
    }
  }
}
