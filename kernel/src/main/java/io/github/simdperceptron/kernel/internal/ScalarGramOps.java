package io.github.simdperceptron.kernel.internal;

import java.util.Arrays;

/** The scalar implementation: the chains of {@link GramOps} in locals, one row and LANES SVs of a panel at a time. */
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
    float[] acc = new float[GramBlocks.LANES];
    for (int t = from; t < to; t++) {
      int r = query.ids[t];
      float[] x = query.arrays[r];
      int xOff = query.offsets[r];
      for (int p = 0; p < svs.panelCount(); p++) {
        int base = p * svs.d * svs.width;
        for (int o = 0; o < svs.lanes(p); o += GramBlocks.LANES) {
          Arrays.fill(acc, 0f);
          for (int j = 0; j < svs.d; j++) {
            addTerms(x[xOff + j], svs.panels, base + j * svs.width + o, acc);
          }
          System.arraycopy(acc, 0, target.values, gOff + (t - from) * target.stride + p * svs.width + o, acc.length);
        }
      }
    }
  }

  @Override
  public void gramSparse(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff) {
    float[] acc = new float[GramBlocks.LANES];
    for (int t = from; t < to; t++) {
      int r = query.ids[t];
      for (int p = 0; p < svs.panelCount(); p++) {
        int base = p * svs.d * svs.width;
        for (int o = 0; o < svs.lanes(p); o += GramBlocks.LANES) {
          Arrays.fill(acc, 0f);
          for (int q = query.ptr[r]; q < query.ptr[r + 1]; q++) {
            addTerms(query.val == null ? 1f : query.val[q], svs.panels, base + query.idx[q] * svs.width + o, acc);
          }
          System.arraycopy(acc, 0, target.values, gOff + (t - from) * target.stride + p * svs.width + o, acc.length);
        }
      }
    }
  }

  @Override
  public void gramQuads(RowQuads quads, int qFrom, int qTo, SvPanels svs, FloatRows target, int gOff) {
    float[] acc = new float[GramBlocks.LANES];
    for (int q = qFrom; q < qTo; q++) {
      for (int i = 0; i < RowQuads.ROWS; i++) {
        int out = gOff + ((q - qFrom) * RowQuads.ROWS + i) * target.stride;
        for (int p = 0; p < svs.panelCount(); p++) {
          quadRow(quads, q * RowQuads.ROWS + i, svs, p, svs.lanes(p), target.values, out + p * svs.width, acc);
        }
      }
    }
  }

  @Override
  public void gramQuadRow(RowQuads quads, int p, SvPanels svs, int lanes, float[] g, int gOff) {
    quadRow(quads, p, svs, 0, lanes, g, gOff, new float[GramBlocks.LANES]);
  }

  /** The row at layout position pos against lanes [0, lanes) of panel p, with the caller's accumulator of LANES floats. */
  private void quadRow(RowQuads quads, int pos, SvPanels svs, int p, int lanes, float[] g, int gOff, float[] acc) {
    int q = pos / RowQuads.ROWS;
    int i = pos % RowQuads.ROWS;
    int group = quads.group;
    int list = group == RowQuads.ROWS ? q : pos;
    int lane = group == RowQuads.ROWS ? i : 0;
    int base = p * svs.d * svs.width;
    for (int o = 0; o < lanes; o += GramBlocks.LANES) {
      Arrays.fill(acc, 0f);
      for (int k = quads.start[list]; k < quads.start[list + 1]; k++) {
        addTerms(quads.values[k * group + lane], svs.panels, base + quads.feature[k] * svs.width + o, acc);
      }
      System.arraycopy(acc, 0, g, gOff + o, acc.length);
    }
  }

  /** {@code acc[l] = x * panels[at + l] + acc[l]} for every lane l: one term of each lane's chain. */
  private void addTerms(float x, float[] panels, int at, float[] acc) {
    for (int l = 0; l < acc.length; l++) {
      acc[l] = madd(x, panels[at + l], acc[l], fma);
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
