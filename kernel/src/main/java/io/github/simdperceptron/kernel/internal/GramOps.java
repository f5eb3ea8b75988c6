package io.github.simdperceptron.kernel.internal;

/**
 * The Gram-block kernels behind {@link GramBlocks}: support vectors packed in panels
 * ({@link SvPanels}), rows as {@link QueryRows} or {@link RowQuads}, each operand's arrays read
 * into locals at the method's entry.
 *
 * <p>Summation order, the same in every implementation, so that they agree bit for bit: each
 * {@code G[r][s]} is one chain over the features j in increasing order, starting from +0, each
 * term {@code x_r[j] * S[s][j]} fused into the chain when the kernel uses FMA. The finishing
 * steps (RBF, polynomial, class scores) are element-wise in a fixed order as well.
 */
interface GramOps {

  /**
   * Dense rows: {@code target[gOff + (t - from) * stride + s] = x_{ids[t]} . S[s]} for t in [from, to),
   * s &lt; {@code lanes(count)}.
   */
  void gram(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff);

  /**
   * Sparse rows, as {@link #gram}: the same bits as the rows' dense form, since a zero term adds
   * nothing to a chain.
   */
  void gramSparse(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff);

  /**
   * Row quads ({@link RowQuads}) against SVs in panels:
   * {@code target[gOff + (4 (q - qFrom) + i) * stride + s] = x_{4q+i} . S[s]} for quads q in
   * [qFrom, qTo), i &lt; 4, s &lt; {@code lanes(count)}. With group 4, the features of quad q are
   * {@code feature[k]}, k in [start[q], start[q + 1]), with row i's value {@code values[4 k + i]};
   * with group 1, row p = 4q + i has its own, k in [start[p], start[p + 1]), value {@code values[k]}.
   * The same bits as the rows' dense form.
   */
  void gramQuads(RowQuads quads, int qFrom, int qTo, SvPanels svs, FloatRows target, int gOff);

  /**
   * One row, the row at position p = 4q + i, as {@link #gramQuads}, against the first panel's
   * first lanes SVs (a multiple of LANES, at most its width): {@code g[gOff + s] = x_p . S[s]}, s &lt; lanes.
   */
  void gramQuadRow(RowQuads quads, int p, SvPanels svs, int lanes, float[] g, int gOff);

  /** In place: {@code g[s] = exp(-gamma * max(0, (xNorm + svNorms[s]) - 2 g[s]))} for s in [0, m). */
  void rbf(float[] g, int gOff, int m, float xNorm, float[] svNorms, float gamma);

  /** In place: {@code g[s] = (gamma * g[s] + coef0)^degree} (product rounded, then the sum; the power by repeated products). */
  void poly(float[] g, int gOff, int m, float gamma, float coef0, int degree);

  /** In place: {@code a[i] = exp(a[i])} for i in [off, off + n), as {@link GramBlocks#exp(float)}. */
  void exp(float[] a, int off, int n);

  /** {@code out[outOff + c] += sum_{s<m} g[gOff + s] * coef[s * kp + c]} for c in [0, kp), one chain per c over s ascending. */
  void classScores(float[] g, int gOff, int m, ClassCoefs coefs, float[] out, int outOff);

  /**
   * Kernel columns times coefficients added to class-major sums in place:
   * {@code sums[c * stride + t]} becomes the chain from its value over s in [0, m) ascending of
   * {@code columns[s][t] * coef[s * kp + c]} (each term fused when the kernel uses FMA), for t in
   * [from, to) and c in [0, k); sums holds kp rows of stride floats, and rows c in [k, kp) are left
   * as they are.
   */
  void columnScores(float[][] columns, int m, int from, int to, ClassCoefs coefs, FloatRows sums);
}
