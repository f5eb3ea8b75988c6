package io.github.simdperceptron.kernel.internal;

import static io.github.simdperceptron.kernel.internal.GramBlocks.PANEL;

/** The scalar implementation: the chains of {@link GramOps} in locals, one row and one panel at a time. */
final class ScalarGramOps implements GramOps {
  private final boolean fma;

  ScalarGramOps(boolean fma) {
    this.fma = fma;
  }

  private static float madd(float a, float b, float c, boolean fma) {
    return fma ? Math.fma(a, b, c) : a * b + c;
  }

  @Override
  public void gram(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff) {
    float[][] rowArrays = query.arrays;
    int[] rowOffsets = query.offsets;
    int[] rows = query.ids;
    int d = query.d;
    float[] panels = svs.panels;
    int panelCount = svs.panelCount;
    float[] g = target.values;
    int gStride = target.stride;
    float[] acc = new float[PANEL];
    for (int t = from; t < to; t++) {
      float[] x = rowArrays[rows[t]];
      int xOff = rowOffsets[rows[t]];
      int out = gOff + (t - from) * gStride;
      for (int p = 0; p < panelCount; p++) {
        java.util.Arrays.fill(acc, 0f);
        int base = p * d * PANEL;
        for (int j = 0; j < d; j++) {
          float xj = x[xOff + j];
          int pj = base + j * PANEL;
          for (int l = 0; l < PANEL; l++) {
            acc[l] = madd(xj, panels[pj + l], acc[l], fma);
          }
        }
        System.arraycopy(acc, 0, g, out + p * PANEL, PANEL);
      }
    }
  }

  @Override
  public void gramSparse(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff) {
    int[] ptr = query.ptr;
    int[] idx = query.idx;
    float[] val = query.val;
    int[] rows = query.ids;
    int d = query.d;
    float[] panels = svs.panels;
    int panelCount = svs.panelCount;
    float[] g = target.values;
    int gStride = target.stride;
    float[] acc = new float[PANEL];
    for (int t = from; t < to; t++) {
      int r = rows[t];
      int out = gOff + (t - from) * gStride;
      for (int p = 0; p < panelCount; p++) {
        java.util.Arrays.fill(acc, 0f);
        int base = p * d * PANEL;
        for (int q = ptr[r]; q < ptr[r + 1]; q++) {
          float v = val == null ? 1f : val[q];
          int pj = base + idx[q] * PANEL;
          for (int l = 0; l < PANEL; l++) {
            acc[l] = madd(v, panels[pj + l], acc[l], fma);
          }
        }
        System.arraycopy(acc, 0, g, out + p * PANEL, PANEL);
      }
    }
  }

  @Override
  public void gramQuads(RowQuads quads, int qFrom, int qTo, SvBlock svs, FloatRows target, int gOff) {
    int[] start = quads.start;
    int[] feature = quads.feature;
    float[] values = quads.values;
    int group = quads.group;
    float[] block = svs.block;
    int width = svs.width;
    float[] g = target.values;
    int gStride = target.stride;
    float[] acc = new float[PANEL];
    for (int q = qFrom; q < qTo; q++) {
      for (int i = 0; i < RowQuads.ROWS; i++) {
        quadRow(start, feature, values, group, q, i, block, width, width, g,
            gOff + ((q - qFrom) * RowQuads.ROWS + i) * gStride, acc);
      }
    }
  }

  @Override
  public void gramQuadRow(RowQuads quads, int p, SvBlock svs, int lanes, float[] g, int gOff) {
    int[] start = quads.start;
    int[] feature = quads.feature;
    float[] values = quads.values;
    int group = quads.group;
    float[] block = svs.block;
    int width = svs.width;
    int q = p / RowQuads.ROWS;
    int i = p % RowQuads.ROWS;
    quadRow(start, feature, values, group, q, i, block, width, lanes, g, gOff, new float[PANEL]);
  }

  /** {@link #gramQuadRow} with the caller's accumulator of PANEL floats. */
  private void quadRow(int[] start, int[] feature, float[] values, int group, int q, int i, float[] block,
      int width, int lanes, float[] g, int gOff, float[] acc) {
    int list = group == RowQuads.ROWS ? q : q * RowQuads.ROWS + i;
    int lane = group == RowQuads.ROWS ? i : 0;
    for (int o = 0; o < lanes; o += PANEL) {
      java.util.Arrays.fill(acc, 0f);
      for (int k = start[list]; k < start[list + 1]; k++) {
        float v = values[k * group + lane];
        int at = feature[k] * width + o;
        for (int l = 0; l < PANEL; l++) {
          acc[l] = madd(v, block[at + l], acc[l], fma);
        }
      }
      System.arraycopy(acc, 0, g, gOff + o, PANEL);
    }
  }

  @Override
  public void rbf(float[] g, int gOff, int m, float xNorm, float[] svNorms, float gamma) {
    for (int s = 0; s < m; s++) {
      g[gOff + s] = rbf(g[gOff + s], xNorm, svNorms[s], gamma, fma);
    }
  }

  /** One RBF value from the dot product and the two squared norms, as {@link GramOps#rbf} computes it. */
  static float rbf(float dot, float xNorm, float svNorm, float gamma, boolean fma) {
    float dist = Math.max((xNorm + svNorm) - 2f * dot, 0f);
    return exp(-gamma * dist, fma);
  }

  @Override
  public void poly(float[] g, int gOff, int m, float gamma, float coef0, int degree) {
    for (int s = 0; s < m; s++) {
      g[gOff + s] = poly(g[gOff + s], gamma, coef0, degree);
    }
  }

  /** One polynomial value, as {@link GramOps#poly} computes it. */
  static float poly(float dot, float gamma, float coef0, int degree) {
    float t = gamma * dot + coef0;
    float p = t;
    for (int k = 1; k < degree; k++) {
      p = p * t;
    }
    return p;
  }

  @Override
  public void exp(float[] a, int off, int n) {
    for (int i = off; i < off + n; i++) {
      a[i] = exp(a[i], fma);
    }
  }

  /**
   * exp(x): Cody-Waite range reduction x = n ln2 + r, |r| &lt;= ln2 / 2, Cephes' degree-5 minimax
   * polynomial for (exp(r) - 1 - r) / r^2, and the scale 2^n built from its exponent bits. Below
   * {@link GramBlocks#EXP_LOW} the result is 0, above {@link GramBlocks#EXP_HIGH} the argument is
   * clamped. The Vector API implementation runs the very same operations lane by lane.
   */
  static float exp(float x, boolean fma) {
    if (x < GramBlocks.EXP_LOW) {
      return 0f;
    }
    float xc = Math.min(Math.max(x, GramBlocks.EXP_LOW), GramBlocks.EXP_HIGH);
    float n = (xc * GramBlocks.LOG2E + GramBlocks.ROUNDER) - GramBlocks.ROUNDER;
    float r = madd(n, -GramBlocks.LN2_HI, xc, fma);
    r = madd(n, -GramBlocks.LN2_LO, r, fma);
    float z = r * r;
    float p = madd(GramBlocks.P0, r, GramBlocks.P1, fma);
    p = madd(p, r, GramBlocks.P2, fma);
    p = madd(p, r, GramBlocks.P3, fma);
    p = madd(p, r, GramBlocks.P4, fma);
    p = madd(p, r, GramBlocks.P5, fma);
    float y = madd(p, z, r, fma) + 1f;
    return y * Float.intBitsToFloat(((int) n + 127) << 23);
  }

  @Override
  public void classScores(float[] g, int gOff, int m, ClassCoefs coefs, float[] out, int outOff) {
    float[] coef = coefs.coef;
    int kp = coefs.kp;
    for (int c = 0; c < kp; c++) {
      float acc = out[outOff + c];
      for (int s = 0; s < m; s++) {
        acc = madd(g[gOff + s], coef[s * kp + c], acc, fma);
      }
      out[outOff + c] = acc;
    }
  }

  /** Rows of a block in {@link #columnScores}: their running sums (ROW_BLOCK x k floats) stay in L1. */
  private static final int ROW_BLOCK = 256;

  @Override
  public void columnScores(float[][] columns, int m, int from, int to, ClassCoefs coefs, FloatRows sums) {
    float[] coef = coefs.coef;
    int kp = coefs.kp;
    int k = coefs.k;
    float[] acc = sums.values;
    int stride = sums.stride;
    // The rows of a block side by side: the loop over rows is element-wise, one chain per (row, class).
    for (int lo = from; lo < to; lo += ROW_BLOCK) {
      int hi = Math.min(to, lo + ROW_BLOCK);
      for (int s = 0; s < m; s++) {
        float[] column = columns[s];
        for (int c = 0; c < k; c++) {
          float w = coef[s * kp + c];
          int a = c * stride;
          if (fma) {
            for (int t = lo; t < hi; t++) {
              acc[a + t] = Math.fma(column[t], w, acc[a + t]);
            }
          } else {
            for (int t = lo; t < hi; t++) {
              acc[a + t] = column[t] * w + acc[a + t];
            }
          }
        }
      }
    }
  }
}
