package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.Checks.count;
import static io.github.simdperceptron.kernel.Checks.range;

/**
 * Dense vector operations over {@code float[]}, run by the active kernel ({@link Kernel}).
 *
 * <p>Every method takes a whole-array form and an {@code (array, offset, length)} form. Arguments
 * are checked once here: a null array throws {@link NullPointerException}, a negative count or
 * whole arrays of different lengths {@link IllegalArgumentException}, a range outside its array
 * {@link IndexOutOfBoundsException};
 * every message names the argument and the value, and nothing is written when a check fails.
 * NaN and infinities propagate as IEEE 754 says.
 *
 * <p>Rounding: reductions ({@code dot}, {@code squaredNorm}, {@code multiDot},
 * {@code batchMargins}) sum in an implementation-defined order, possibly with FMA; each result
 * lies within {@code n * 2^-24 * sum|a_i b_i|} (first order) of the exact value, and is exact when
 * every product and partial sum is an integer below 2^24. Within one implementation the order is
 * fixed: {@code multiDot} and {@code batchMargins} compute every row exactly as {@code dot} does
 * (bit for bit), so a score from a multi-row pass equals the single dot. Element-wise updates ({@code scale},
 * {@code axpy}, {@code dualAxpy}) round the product and then the sum, never fused, so they equal
 * the plain Java expression {@code y[i] + alpha * x[i]} bit for bit. Arrays passed as outputs
 * must not overlap the inputs, except that {@code axpy}'s {@code x} and {@code y} may be the very
 * same range; {@code dualAxpy}'s x must overlap neither w nor u.
 */
public final class DenseOps {
  private static final VectorOps OPS = VectorOpsProvider.INSTANCE;

  private DenseOps() {}

  /** Returns {@code sum_i a[i] * b[i]}. Neither array is modified. */
  public static float dot(float[] a, float[] b) {
    Checks.notNull(a, "a");
    Checks.notNull(b, "b");
    Checks.sameLength(a.length, "a", b.length, "b");
    return OPS.dot(a, 0, b, 0, a.length);
  }

  /** Returns {@code sum_{i<length} a[aOffset+i] * b[bOffset+i]}. Neither array is modified. */
  public static float dot(float[] a, int aOffset, float[] b, int bOffset, int length) {
    count(length, "length");
    range(a, "a", aOffset, length);
    range(b, "b", bOffset, length);
    return OPS.dot(a, aOffset, b, bOffset, length);
  }

  /** Returns {@code sum_i x[i]^2}. Not modified. */
  public static float squaredNorm(float[] x) {
    Checks.notNull(x, "x");
    return OPS.squaredNorm(x, 0, x.length);
  }

  /** Returns {@code sum_{i<length} x[offset+i]^2}. Not modified. */
  public static float squaredNorm(float[] x, int offset, int length) {
    count(length, "length");
    range(x, "x", offset, length);
    return OPS.squaredNorm(x, offset, length);
  }

  /** {@code x[i] = alpha * x[i]}. x is modified. */
  public static void scale(float alpha, float[] x) {
    Checks.notNull(x, "x");
    OPS.scale(alpha, x, 0, x.length);
  }

  /** {@code x[offset+i] = alpha * x[offset+i]} for i &lt; length. x is modified in that range only. */
  public static void scale(float alpha, float[] x, int offset, int length) {
    count(length, "length");
    range(x, "x", offset, length);
    OPS.scale(alpha, x, offset, length);
  }

  /** {@code y[i] += alpha * x[i]}. y is modified, x is not. */
  public static void axpy(float alpha, float[] x, float[] y) {
    Checks.notNull(x, "x");
    Checks.notNull(y, "y");
    Checks.sameLength(x.length, "x", y.length, "y");
    OPS.axpy(alpha, x, 0, y, 0, x.length);
  }

  /** {@code y[yOffset+i] += alpha * x[xOffset+i]} for i &lt; length. y is modified, x is not. */
  public static void axpy(float alpha, float[] x, int xOffset, float[] y, int yOffset, int length) {
    count(length, "length");
    range(x, "x", xOffset, length);
    range(y, "y", yOffset, length);
    OPS.axpy(alpha, x, xOffset, y, yOffset, length);
  }

  /**
   * The averaged perceptron's fused update, one pass over x: {@code w[i] += a * x[i]} and
   * {@code u[i] += b * x[i]}. w and u are modified, x is not.
   */
  public static void dualAxpy(float a, float b, float[] x, float[] w, float[] u) {
    Checks.notNull(x, "x");
    Checks.notNull(w, "w");
    Checks.notNull(u, "u");
    Checks.sameLength(x.length, "x", w.length, "w");
    Checks.sameLength(x.length, "x", u.length, "u");
    OPS.dualAxpy(a, b, x, 0, w, 0, u, 0, x.length);
  }

  /** Offset form of {@link #dualAxpy(float, float, float[], float[], float[])}. w and u are modified. */
  public static void dualAxpy(float a, float b, float[] x, int xOffset, float[] w, int wOffset, float[] u,
      int uOffset, int length) {
    count(length, "length");
    range(x, "x", xOffset, length);
    range(w, "w", wOffset, length);
    range(u, "u", uOffset, length);
    OPS.dualAxpy(a, b, x, xOffset, w, wOffset, u, uOffset, length);
  }

  /**
   * The fused update with a double accumulator, for long averaged runs where a float sum would
   * lose the average to cancellation: {@code w[i] += a * x[i]} (float) and
   * {@code u[i] += b * (double) x[i]} (double). w and u are modified, x is not.
   */
  public static void dualAxpy(float a, double b, float[] x, int xOffset, float[] w, int wOffset, double[] u,
      int uOffset, int length) {
    count(length, "length");
    range(x, "x", xOffset, length);
    range(w, "w", wOffset, length);
    range(u, "u", uOffset, length);
    OPS.dualAxpy(a, b, x, xOffset, w, wOffset, u, uOffset, length);
  }

  /**
   * The scores of k weight rows against one x, in one pass over x:
   * {@code out[r] = sum_j rows[r*d + j] * x[j]} for r &lt; k, where {@code d = x.length} and rows is
   * row-major with at least k*d elements. Each out[r] equals {@code dot} of row r and x bit for bit.
   * Only out is modified.
   */
  public static void multiDot(float[] rows, int k, float[] x, float[] out) {
    Checks.notNull(rows, "rows");
    Checks.notNull(x, "x");
    multiDot(rows, 0, k, x.length, x, 0, out, 0);
  }

  /**
   * Offset form: {@code out[outOffset+r] = sum_{j<d} rows[rowsOffset + r*d + j] * x[xOffset+j]}
   * for r &lt; k. Only out is modified.
   */
  public static void multiDot(float[] rows, int rowsOffset, int k, int d, float[] x, int xOffset, float[] out,
      int outOffset) {
    count(k, "k");
    count(d, "d");
    range(rows, "rows", rowsOffset, (long) k * d);
    range(x, "x", xOffset, d);
    range(out, "out", outOffset, k);
    OPS.multiDot(rows, rowsOffset, k, d, x, xOffset, out, outOffset);
  }

  /**
   * Batch margins: {@code out[i] = dot(row_i, w) + bias} for every row of the row-major n x d
   * matrix, {@code d = w.length}. Splits the rows across the common fork-join pool when n*d is
   * large; every out[i] is computed by the same code whatever the split, so results do not depend
   * on the number of threads. Only out is modified.
   */
  public static void batchMargins(float[] matrix, int n, float[] w, float bias, float[] out) {
    Checks.notNull(matrix, "matrix");
    Checks.notNull(w, "w");
    batchMargins(matrix, 0, n, w.length, w, 0, bias, out, 0);
  }

  /** Offset form of {@link #batchMargins(float[], int, float[], float, float[])}. Only out is modified. */
  public static void batchMargins(float[] matrix, int matrixOffset, int n, int d, float[] w, int wOffset, float bias,
      float[] out, int outOffset) {
    count(n, "n");
    count(d, "d");
    range(matrix, "matrix", matrixOffset, (long) n * d);
    range(w, "w", wOffset, d);
    range(out, "out", outOffset, n);
    RowBlocks.forEach(n, (long) n * d, (from, to) -> {
      OPS.multiDot(matrix, matrixOffset + from * d, to - from, d, w, wOffset, out, outOffset + from);
      for (int i = outOffset + from, end = outOffset + to; i < end; i++) {
        out[i] += bias;
      }
    });
  }
}
