package io.github.simdperceptron.kernel.internal;

/**
 * The Gram-block kernels behind {@link GramBlocks}: support vectors packed in panels of
 * {@link GramBlocks#PANEL} (the value of SV {@code p * PANEL + l} at feature j lies at
 * {@code panels[p * d * PANEL + j * PANEL + l]}), dense rows as (array, offset) pairs.
 *
 * <p>Summation order, the same in every implementation, so that they agree bit for bit: each
 * {@code G[r][s]} is one chain over the features j in increasing order, starting from +0, each
 * term {@code x_r[j] * S[s][j]} fused into the chain when the kernel uses FMA. The finishing
 * steps (RBF, polynomial, class scores) are element-wise in a fixed order as well.
 */
interface GramOps {

  /** {@code g[gOff + (t - from) * gStride + s] = x_rows[t] . S[s]} for t in [from, to), s in [0, panelCount * PANEL). */
  void gram(float[][] rowArrays, int[] rowOffsets, int[] rows, int from, int to, int d, float[] panels,
      int panelCount, float[] g, int gOff, int gStride);

  /**
   * Sparse rows: {@code g[gOff + (t - from) * gStride + s] = x_{rows[t]} . S[s]}, row r being the
   * non-zeros {@code (idx[p], val[p])} for p in [ptr[r], ptr[r + 1]) (val == null: every value 1);
   * the same bits as the row's dense form, since a zero term adds nothing to a chain.
   */
  void gramSparse(int[] ptr, int[] idx, float[] val, int[] rows, int from, int to, int d, float[] panels,
      int panelCount, float[] g, int gOff, int gStride);

  /**
   * Row quads ({@link RowQuads}) against SVs in a wide block (SV s at feature j at
   * {@code block[j * width + s]}, width a multiple of {@link GramBlocks#PANEL}):
   * {@code g[gOff + (4 (q - qFrom) + i) * gStride + s] = x_{4q+i} . S[s]} for quads q in
   * [qFrom, qTo), i &lt; 4, s &lt; width. With group 4, the features of quad q are
   * {@code feature[k]}, k in [start[q], start[q + 1]), with row i's value {@code values[4 k + i]};
   * with group 1, row p = 4q + i has its own, k in [start[p], start[p + 1]), value {@code values[k]}.
   * The same bits as the rows' dense form.
   */
  void gramQuads(int[] start, int[] feature, float[] values, int group, int qFrom, int qTo, float[] block,
      int width, float[] g, int gOff, int gStride);

  /**
   * One row, row i of quad q, as {@link #gramQuads}, against the block's first lanes (a multiple of
   * PANEL, at most width): {@code g[gOff + s] = x_{4q+i} . S[s]}, s &lt; lanes.
   */
  void gramQuadRow(int[] start, int[] feature, float[] values, int group, int q, int i, float[] block, int width,
      int lanes, float[] g, int gOff);

  /** In place: {@code g[s] = exp(-gamma * max(0, (xNorm + svNorms[s]) - 2 g[s]))} for s in [0, m). */
  void rbf(float[] g, int gOff, int m, float xNorm, float[] svNorms, float gamma);

  /** In place: {@code g[s] = (gamma * g[s] + coef0)^degree} (product rounded, then the sum; the power by repeated products). */
  void poly(float[] g, int gOff, int m, float gamma, float coef0, int degree);

  /** In place: {@code a[i] = exp(a[i])} for i in [off, off + n), as {@link GramBlocks#exp(float)}. */
  void exp(float[] a, int off, int n);

  /** {@code out[outOff + c] += sum_{s<m} g[gOff + s] * coef[s * kp + c]} for c in [0, kp), one chain per c over s ascending. */
  void classScores(float[] g, int gOff, int m, float[] coef, int kp, float[] out, int outOff);

  /**
   * Kernel columns times coefficients added to class-major sums in place:
   * {@code acc[c * stride + t]} becomes the chain from its value over s in [0, m) ascending of
   * {@code columns[s][t] * coef[s * kp + c]} (each term fused when the kernel uses FMA), for t in
   * [from, to) and c in [0, k); acc holds kp rows of stride floats, and rows c in [k, kp) are left
   * as they are.
   */
  void columnScores(float[][] columns, int m, int from, int to, float[] coef, int kp, int k, float[] acc,
      int stride);
}
