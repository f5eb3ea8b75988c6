package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, built by {@link PanamaOps} (loaded reflectively) only when the kernel
 * runs on Panama. The Gram block is an outer-product micro-kernel over the packed panels
 * ({@link SvPanels}): per feature, one broadcast of each row's value against one, two or four
 * vectors of a panel's SV values at that feature, so each G[r][s] is a lane of an accumulator and
 * no lane sums are needed. One family of register tiles does every Gram block: four rows whose
 * values of a feature lie side by side (a row quad's {@code x[4 k + i]} over the quad's feature
 * list; or four dense rows interleaved feature-major into a scratch, 128 rows at a time, over
 * every feature) or one row ({@code x[xBase + step * k]} over a feature list: a sparse row's
 * non-zeros, a quad's features; or a dense row over every feature). The tiles come in two index
 * forms: over a feature list, each step loads the index and then its vectors at constant
 * offsets from one address (one bounds check serves them); over every feature of a model's
 * panel, the address steps by a constant and C2 checks the bounds once per call instead of once
 * per feature, which dense rows, the prediction's common case, need to run at the FMA rate. Four
 * rows by two vectors keep 8 independent FMA chains (enough to hide the FMA latency on two FMA
 * pipes) in AVX2's 16 registers; on 512-bit vectors four rows by four vectors keep 16 in
 * AVX-512's 32. The loops are small static methods: C2 on JDK 17 boxes vectors in larger ones.
 *
 * <p>It is longer than 600 lines because it is one concept, the Gram kernels and their finishing
 * steps, written out tile by tile for the reason above.
 */
final class PanamaGramOps implements GramOps {
  private static final VectorSpecies<Float> F =
      VectorSpecies.of(float.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final int L = F.length();
  /** 2^23 + 127: added to a whole number n in [-126, 127], leaves n + 127 in the low mantissa bits. */
  private static final float EXP_BIAS_MAGIC = 0x1p23f + 127f;
  private static final boolean FMA = Kernel.usesFma();
  /** Tiles of four vectors only where there are 32 vector registers (512-bit vectors: AVX-512). */
  private static final boolean FOUR = L == GramBlocks.LANES;
  /** Rows interleaved at a time: the scratch stays small (d x 128 floats) while a panel serves 32 tiles. */
  private static final int ROW_CHUNK = 128;
  private static final ThreadLocal<float[]> SCRATCH = ThreadLocal.withInitial(() -> new float[0]);
  /** Ones, the values of a sparse row that has none. */
  private static final ThreadLocal<float[]> ONES = ThreadLocal.withInitial(() -> new float[0]);

  PanamaGramOps() {}

  private static FloatVector term(FloatVector x, FloatVector w, FloatVector sum) {
    return FMA ? x.fma(w, sum) : x.mul(w).add(sum);
  }

  /** Vectors in the widest tile that fits lanes [o, lanes): four (AVX-512), two or one. */
  private static int vectors(int o, int lanes) {
    return FOUR && o + 4 * L <= lanes ? 4 : o + 2 * L <= lanes ? 2 : 1;
  }

  @Override
  public void gram(QueryRows query, int from, int to, SvPanels svs, FloatRows target, int gOff) {
    assert svs.width == GramBlocks.PANEL : "dense rows run against a model's panels, width " + svs.width;
    float[][] rowArrays = query.arrays;
    int[] rowOffsets = query.offsets;
    int[] rows = query.ids;
    int d = query.d;
    float[] panels = svs.panels;
    int width = svs.width;
    int panelCount = svs.panelCount();
    float[] g = target.values;
    int gStride = target.stride;
    int tiled = from + (to - from) / 4 * 4;
    float[] packed = tiled > from ? scratch(Math.min(tiled - from, ROW_CHUNK) * d) : null;
    for (int c = from; c < tiled; c += ROW_CHUNK) {
      int end = Math.min(c + ROW_CHUNK, tiled);
      for (int t = c; t < end; t += 4) {
        for (int i = 0; i < 4; i++) {
          int r = rows[t + i];
          interleave(rowArrays[r], rowOffsets[r], d, packed, (t - c) * d + i);
        }
      }
      // Panels outer, and within a panel the tile's lanes: they stay in cache while every tile of rows passes.
      for (int p = 0; p < panelCount; p++) {
        int lanes = svs.lanes(p);
        for (int o = 0, v; o < lanes; o += v * L) {
          v = vectors(o, lanes);
          for (int t = c; t < end; t += 4) {
            denseRows(v, packed, (t - c) * d, d, panels, p * d * width + o, g,
                gOff + (t - from) * gStride + p * width + o, gStride);
          }
        }
      }
    }
    for (int t = tiled; t < to; t++) {
      int r = rows[t];
      for (int p = 0; p < panelCount; p++) {
        denseRow(rowArrays[r], rowOffsets[r], d, panels, p * d * width, svs.lanes(p), g,
            gOff + (t - from) * gStride + p * width);
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
    int width = svs.width;
    int panelCount = svs.panelCount();
    float[] g = target.values;
    int gStride = target.stride;
    float[] ones = val == null ? ones(ptr, rows, from, to) : null;
    // Panels outer: a panel stays in cache while every row passes over it.
    for (int p = 0; p < panelCount; p++) {
      int lanes = svs.lanes(p);
      for (int t = from; t < to; t++) {
        int r = rows[t];
        // Without values, the row's k-th non-zero reads ones[k - ptr[r]].
        oneRow(idx, val == null ? ones : val, val == null ? -ptr[r] : 0, 1, ptr[r], ptr[r + 1], panels,
            p * d * width, width, lanes, g, gOff + (t - from) * gStride + p * width);
      }
    }
  }

  @Override
  public void gramQuads(RowQuads quads, int qFrom, int qTo, SvPanels svs, FloatRows target, int gOff) {
    int[] start = quads.start;
    int[] feature = quads.feature;
    float[] values = quads.values;
    float[] panels = svs.panels;
    int d = svs.d;
    int width = svs.width;
    int panelCount = svs.panelCount();
    float[] g = target.values;
    int gStride = target.stride;
    if (quads.group != RowQuads.ROWS) {
      // Rows alone, each over its own features.
      for (int p = 0; p < panelCount; p++) {
        for (int q = qFrom; q < qTo; q++) {
          for (int i = 0; i < RowQuads.ROWS; i++) {
            int row = q * RowQuads.ROWS + i;
            oneRow(feature, values, 0, 1, start[row], start[row + 1], panels, p * d * width, width, svs.lanes(p), g,
                gOff + ((q - qFrom) * RowQuads.ROWS + i) * gStride + p * width);
          }
        }
      }
      return;
    }
    int quadStride = RowQuads.ROWS * gStride;
    // As in gram: a panel's lanes outer, the quads inner.
    for (int p = 0; p < panelCount; p++) {
      int lanes = svs.lanes(p);
      for (int o = 0, v; o < lanes; o += v * L) {
        v = vectors(o, lanes);
        for (int q = qFrom; q < qTo; q++) {
          fourRows(v, feature, values, start[q], start[q + 1], panels, p * d * width + o, width, g,
              gOff + (q - qFrom) * quadStride + p * width + o, gStride);
        }
      }
    }
  }

  @Override
  public void gramQuadRow(RowQuads quads, int p, SvPanels svs, int lanes, float[] g, int gOff) {
    int q = p / RowQuads.ROWS;
    int i = p % RowQuads.ROWS;
    if (quads.group == RowQuads.ROWS) {
      oneRow(quads.feature, quads.values, i, RowQuads.ROWS, quads.start[q], quads.start[q + 1], svs.panels, 0,
          svs.width, lanes, g, gOff);
    } else {
      oneRow(quads.feature, quads.values, 0, 1, quads.start[p], quads.start[p + 1], svs.panels, 0, svs.width, lanes,
          g, gOff);
    }
  }

  /**
   * A row quad's four rows, row i's value at feature[k] being x[4 k + i] for k in [from, to),
   * against lanes [o, o + v L) of a panel (at: the panel's start plus o): G row i's lanes at
   * go + i gStride.
   */
  private static void fourRows(int v, int[] feature, float[] x, int from, int to, float[] panels, int at, int width,
      float[] g, int go, int gStride) {
    if (v == 4) {
      tile4x4(feature, x, from, to, panels, at, width, g, go, gStride);
    } else if (v == 2) {
      tile4x2(feature, x, from, to, panels, at, width, g, go, gStride);
    } else {
      tile4x1(feature, x, from, to, panels, at, width, g, go, gStride);
    }
  }

  /**
   * Four dense rows interleaved feature-major (row i's feature j at x[xBase + 4 j + i]) against
   * lanes [o, o + v L) of a model's panel ({@link GramBlocks#PANEL} wide; at: its start plus o), every
   * feature in order: the addresses step by a constant, so C2 checks the bounds once per call
   * instead of once per feature, as a feature list needs.
   */
  private static void denseRows(int v, float[] x, int xBase, int d, float[] panels, int at, float[] g, int go,
      int gStride) {
    if (v == 4) {
      dense4x4(x, xBase, d, panels, at, g, go, gStride);
    } else if (v == 2) {
      dense4x2(x, xBase, d, panels, at, g, go, gStride);
    } else {
      dense4x1(x, xBase, d, panels, at, g, go, gStride);
    }
  }

  /**
   * One row, its value at feature[k] being x[xBase + step k] for k in [from, to), against lanes
   * [0, lanes) of the panel at base: G's lanes at go.
   */
  private static void oneRow(int[] feature, float[] x, int xBase, int step, int from, int to, float[] panels,
      int base, int width, int lanes, float[] g, int go) {
    for (int o = 0, v; o < lanes; o += v * L) {
      v = vectors(o, lanes);
      if (v == 4) {
        tile1x4(feature, x, xBase, step, from, to, panels, base + o, width, g, go + o);
      } else if (v == 2) {
        tile1x2(feature, x, xBase, step, from, to, panels, base + o, width, g, go + o);
      } else {
        tile1x1(feature, x, xBase, step, from, to, panels, base + o, width, g, go + o);
      }
    }
  }
  /** One dense row x[xBase + j], j &lt; d, against lanes [0, lanes) of the model's panel at base, every feature in order: G's lanes at go. */
  private static void denseRow(float[] x, int xBase, int d, float[] panels, int base, int lanes, float[] g, int go) {
    for (int o = 0, v; o < lanes; o += v * L) {
      v = vectors(o, lanes);
      if (v == 4) {
        dense1x4(x, xBase, d, panels, base + o, g, go + o);
      } else if (v == 2) {
        dense1x2(x, xBase, d, panels, base + o, g, go + o);
      } else {
        dense1x1(x, xBase, d, panels, base + o, g, go + o);
      }
    }
  }


  /** Four rows against four vectors at panels + at: sixteen chains. */
  private static void tile4x4(int[] feature, float[] x, int from, int to, float[] panels, int at, int width,
      float[] g, int go, int gStride) {
    FloatVector a00 = FloatVector.zero(F);
    FloatVector a01 = a00;
    FloatVector a02 = a00;
    FloatVector a03 = a00;
    FloatVector a10 = a00;
    FloatVector a11 = a00;
    FloatVector a12 = a00;
    FloatVector a13 = a00;
    FloatVector a20 = a00;
    FloatVector a21 = a00;
    FloatVector a22 = a00;
    FloatVector a23 = a00;
    FloatVector a30 = a00;
    FloatVector a31 = a00;
    FloatVector a32 = a00;
    FloatVector a33 = a00;
    for (int k = from; k < to; k++) {
      int pk = at + feature[k] * width;
      int xk = 4 * k;
      FloatVector s0 = FloatVector.fromArray(F, panels, pk);
      FloatVector s1 = FloatVector.fromArray(F, panels, pk + L);
      FloatVector s2 = FloatVector.fromArray(F, panels, pk + 2 * L);
      FloatVector s3 = FloatVector.fromArray(F, panels, pk + 3 * L);
      FloatVector b = FloatVector.broadcast(F, x[xk]);
      a00 = term(b, s0, a00);
      a01 = term(b, s1, a01);
      a02 = term(b, s2, a02);
      a03 = term(b, s3, a03);
      b = FloatVector.broadcast(F, x[xk + 1]);
      a10 = term(b, s0, a10);
      a11 = term(b, s1, a11);
      a12 = term(b, s2, a12);
      a13 = term(b, s3, a13);
      b = FloatVector.broadcast(F, x[xk + 2]);
      a20 = term(b, s0, a20);
      a21 = term(b, s1, a21);
      a22 = term(b, s2, a22);
      a23 = term(b, s3, a23);
      b = FloatVector.broadcast(F, x[xk + 3]);
      a30 = term(b, s0, a30);
      a31 = term(b, s1, a31);
      a32 = term(b, s2, a32);
      a33 = term(b, s3, a33);
    }
    a00.intoArray(g, go);
    a01.intoArray(g, go + L);
    a02.intoArray(g, go + 2 * L);
    a03.intoArray(g, go + 3 * L);
    a10.intoArray(g, go + gStride);
    a11.intoArray(g, go + gStride + L);
    a12.intoArray(g, go + gStride + 2 * L);
    a13.intoArray(g, go + gStride + 3 * L);
    a20.intoArray(g, go + 2 * gStride);
    a21.intoArray(g, go + 2 * gStride + L);
    a22.intoArray(g, go + 2 * gStride + 2 * L);
    a23.intoArray(g, go + 2 * gStride + 3 * L);
    a30.intoArray(g, go + 3 * gStride);
    a31.intoArray(g, go + 3 * gStride + L);
    a32.intoArray(g, go + 3 * gStride + 2 * L);
    a33.intoArray(g, go + 3 * gStride + 3 * L);
  }

  /** Four rows against two vectors at panels + at: eight chains. */
  private static void tile4x2(int[] feature, float[] x, int from, int to, float[] panels, int at, int width,
      float[] g, int go, int gStride) {
    FloatVector a00 = FloatVector.zero(F);
    FloatVector a01 = a00;
    FloatVector a10 = a00;
    FloatVector a11 = a00;
    FloatVector a20 = a00;
    FloatVector a21 = a00;
    FloatVector a30 = a00;
    FloatVector a31 = a00;
    for (int k = from; k < to; k++) {
      int pk = at + feature[k] * width;
      int xk = 4 * k;
      FloatVector s0 = FloatVector.fromArray(F, panels, pk);
      FloatVector s1 = FloatVector.fromArray(F, panels, pk + L);
      FloatVector b = FloatVector.broadcast(F, x[xk]);
      a00 = term(b, s0, a00);
      a01 = term(b, s1, a01);
      b = FloatVector.broadcast(F, x[xk + 1]);
      a10 = term(b, s0, a10);
      a11 = term(b, s1, a11);
      b = FloatVector.broadcast(F, x[xk + 2]);
      a20 = term(b, s0, a20);
      a21 = term(b, s1, a21);
      b = FloatVector.broadcast(F, x[xk + 3]);
      a30 = term(b, s0, a30);
      a31 = term(b, s1, a31);
    }
    a00.intoArray(g, go);
    a01.intoArray(g, go + L);
    a10.intoArray(g, go + gStride);
    a11.intoArray(g, go + gStride + L);
    a20.intoArray(g, go + 2 * gStride);
    a21.intoArray(g, go + 2 * gStride + L);
    a30.intoArray(g, go + 3 * gStride);
    a31.intoArray(g, go + 3 * gStride + L);
  }

  /** Four rows against one vector at panels + at: four chains. */
  private static void tile4x1(int[] feature, float[] x, int from, int to, float[] panels, int at, int width,
      float[] g, int go, int gStride) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    FloatVector a2 = a0;
    FloatVector a3 = a0;
    for (int k = from; k < to; k++) {
      FloatVector s = FloatVector.fromArray(F, panels, at + feature[k] * width);
      int xk = 4 * k;
      a0 = term(FloatVector.broadcast(F, x[xk]), s, a0);
      a1 = term(FloatVector.broadcast(F, x[xk + 1]), s, a1);
      a2 = term(FloatVector.broadcast(F, x[xk + 2]), s, a2);
      a3 = term(FloatVector.broadcast(F, x[xk + 3]), s, a3);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + gStride);
    a2.intoArray(g, go + 2 * gStride);
    a3.intoArray(g, go + 3 * gStride);
  }

  /** {@link #tile4x4} for four interleaved dense rows, every feature in order. */
  private static void dense4x4(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go,
      int gStride) {
    FloatVector a00 = FloatVector.zero(F);
    FloatVector a01 = a00;
    FloatVector a02 = a00;
    FloatVector a03 = a00;
    FloatVector a10 = a00;
    FloatVector a11 = a00;
    FloatVector a12 = a00;
    FloatVector a13 = a00;
    FloatVector a20 = a00;
    FloatVector a21 = a00;
    FloatVector a22 = a00;
    FloatVector a23 = a00;
    FloatVector a30 = a00;
    FloatVector a31 = a00;
    FloatVector a32 = a00;
    FloatVector a33 = a00;
    for (int k = 0; k < d; k++) {
      int pk = at + k * GramBlocks.PANEL;
      int xk = xBase + 4 * k;
      FloatVector s0 = FloatVector.fromArray(F, panels, pk);
      FloatVector s1 = FloatVector.fromArray(F, panels, pk + L);
      FloatVector s2 = FloatVector.fromArray(F, panels, pk + 2 * L);
      FloatVector s3 = FloatVector.fromArray(F, panels, pk + 3 * L);
      FloatVector b = FloatVector.broadcast(F, x[xk]);
      a00 = term(b, s0, a00);
      a01 = term(b, s1, a01);
      a02 = term(b, s2, a02);
      a03 = term(b, s3, a03);
      b = FloatVector.broadcast(F, x[xk + 1]);
      a10 = term(b, s0, a10);
      a11 = term(b, s1, a11);
      a12 = term(b, s2, a12);
      a13 = term(b, s3, a13);
      b = FloatVector.broadcast(F, x[xk + 2]);
      a20 = term(b, s0, a20);
      a21 = term(b, s1, a21);
      a22 = term(b, s2, a22);
      a23 = term(b, s3, a23);
      b = FloatVector.broadcast(F, x[xk + 3]);
      a30 = term(b, s0, a30);
      a31 = term(b, s1, a31);
      a32 = term(b, s2, a32);
      a33 = term(b, s3, a33);
    }
    a00.intoArray(g, go);
    a01.intoArray(g, go + L);
    a02.intoArray(g, go + 2 * L);
    a03.intoArray(g, go + 3 * L);
    a10.intoArray(g, go + gStride);
    a11.intoArray(g, go + gStride + L);
    a12.intoArray(g, go + gStride + 2 * L);
    a13.intoArray(g, go + gStride + 3 * L);
    a20.intoArray(g, go + 2 * gStride);
    a21.intoArray(g, go + 2 * gStride + L);
    a22.intoArray(g, go + 2 * gStride + 2 * L);
    a23.intoArray(g, go + 2 * gStride + 3 * L);
    a30.intoArray(g, go + 3 * gStride);
    a31.intoArray(g, go + 3 * gStride + L);
    a32.intoArray(g, go + 3 * gStride + 2 * L);
    a33.intoArray(g, go + 3 * gStride + 3 * L);
  }
  /** {@link #tile4x2} for four interleaved dense rows, every feature in order. */
  private static void dense4x2(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go,
      int gStride) {
    FloatVector a00 = FloatVector.zero(F);
    FloatVector a01 = a00;
    FloatVector a10 = a00;
    FloatVector a11 = a00;
    FloatVector a20 = a00;
    FloatVector a21 = a00;
    FloatVector a30 = a00;
    FloatVector a31 = a00;
    for (int k = 0; k < d; k++) {
      int pk = at + k * GramBlocks.PANEL;
      int xk = xBase + 4 * k;
      FloatVector s0 = FloatVector.fromArray(F, panels, pk);
      FloatVector s1 = FloatVector.fromArray(F, panels, pk + L);
      FloatVector b = FloatVector.broadcast(F, x[xk]);
      a00 = term(b, s0, a00);
      a01 = term(b, s1, a01);
      b = FloatVector.broadcast(F, x[xk + 1]);
      a10 = term(b, s0, a10);
      a11 = term(b, s1, a11);
      b = FloatVector.broadcast(F, x[xk + 2]);
      a20 = term(b, s0, a20);
      a21 = term(b, s1, a21);
      b = FloatVector.broadcast(F, x[xk + 3]);
      a30 = term(b, s0, a30);
      a31 = term(b, s1, a31);
    }
    a00.intoArray(g, go);
    a01.intoArray(g, go + L);
    a10.intoArray(g, go + gStride);
    a11.intoArray(g, go + gStride + L);
    a20.intoArray(g, go + 2 * gStride);
    a21.intoArray(g, go + 2 * gStride + L);
    a30.intoArray(g, go + 3 * gStride);
    a31.intoArray(g, go + 3 * gStride + L);
  }
  /** {@link #tile4x1} for four interleaved dense rows, every feature in order. */
  private static void dense4x1(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go,
      int gStride) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    FloatVector a2 = a0;
    FloatVector a3 = a0;
    for (int k = 0; k < d; k++) {
      FloatVector s = FloatVector.fromArray(F, panels, at + k * GramBlocks.PANEL);
      int xk = xBase + 4 * k;
      a0 = term(FloatVector.broadcast(F, x[xk]), s, a0);
      a1 = term(FloatVector.broadcast(F, x[xk + 1]), s, a1);
      a2 = term(FloatVector.broadcast(F, x[xk + 2]), s, a2);
      a3 = term(FloatVector.broadcast(F, x[xk + 3]), s, a3);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + gStride);
    a2.intoArray(g, go + 2 * gStride);
    a3.intoArray(g, go + 3 * gStride);
  }
  /** One row against four vectors at panels + at: four chains (a training visit, a row left over, a sparse row). */
  private static void tile1x4(int[] feature, float[] x, int xBase, int step, int from, int to, float[] panels,
      int at, int width, float[] g, int go) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    FloatVector a2 = a0;
    FloatVector a3 = a0;
    for (int k = from; k < to; k++) {
      int pk = at + feature[k] * width;
      FloatVector b = FloatVector.broadcast(F, x[xBase + step * k]);
      a0 = term(b, FloatVector.fromArray(F, panels, pk), a0);
      a1 = term(b, FloatVector.fromArray(F, panels, pk + L), a1);
      a2 = term(b, FloatVector.fromArray(F, panels, pk + 2 * L), a2);
      a3 = term(b, FloatVector.fromArray(F, panels, pk + 3 * L), a3);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + L);
    a2.intoArray(g, go + 2 * L);
    a3.intoArray(g, go + 3 * L);
  }

  /** One row against two vectors at panels + at, as {@link #tile1x4}: two chains. */
  private static void tile1x2(int[] feature, float[] x, int xBase, int step, int from, int to, float[] panels,
      int at, int width, float[] g, int go) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    for (int k = from; k < to; k++) {
      int pk = at + feature[k] * width;
      FloatVector b = FloatVector.broadcast(F, x[xBase + step * k]);
      a0 = term(b, FloatVector.fromArray(F, panels, pk), a0);
      a1 = term(b, FloatVector.fromArray(F, panels, pk + L), a1);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + L);
  }

  /** One row against one vector at panels + at, as {@link #tile1x4}: one chain. */
  private static void tile1x1(int[] feature, float[] x, int xBase, int step, int from, int to, float[] panels,
      int at, int width, float[] g, int go) {
    FloatVector a = FloatVector.zero(F);
    for (int k = from; k < to; k++) {
      a = term(FloatVector.broadcast(F, x[xBase + step * k]), FloatVector.fromArray(F, panels, at + feature[k] * width),
          a);
    }
    a.intoArray(g, go);
  }

  /** {@link #tile1x4} for a dense row, every feature in order. */
  private static void dense1x4(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    FloatVector a2 = a0;
    FloatVector a3 = a0;
    for (int k = 0; k < d; k++) {
      int pk = at + k * GramBlocks.PANEL;
      FloatVector b = FloatVector.broadcast(F, x[xBase + k]);
      a0 = term(b, FloatVector.fromArray(F, panels, pk), a0);
      a1 = term(b, FloatVector.fromArray(F, panels, pk + L), a1);
      a2 = term(b, FloatVector.fromArray(F, panels, pk + 2 * L), a2);
      a3 = term(b, FloatVector.fromArray(F, panels, pk + 3 * L), a3);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + L);
    a2.intoArray(g, go + 2 * L);
    a3.intoArray(g, go + 3 * L);
  }
  /** {@link #tile1x2} for a dense row, every feature in order. */
  private static void dense1x2(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go) {
    FloatVector a0 = FloatVector.zero(F);
    FloatVector a1 = a0;
    for (int k = 0; k < d; k++) {
      int pk = at + k * GramBlocks.PANEL;
      FloatVector b = FloatVector.broadcast(F, x[xBase + k]);
      a0 = term(b, FloatVector.fromArray(F, panels, pk), a0);
      a1 = term(b, FloatVector.fromArray(F, panels, pk + L), a1);
    }
    a0.intoArray(g, go);
    a1.intoArray(g, go + L);
  }
  /** {@link #tile1x1} for a dense row, every feature in order. */
  private static void dense1x1(float[] x, int xBase, int d, float[] panels, int at, float[] g, int go) {
    FloatVector a = FloatVector.zero(F);
    for (int k = 0; k < d; k++) {
      a = term(FloatVector.broadcast(F, x[xBase + k]), FloatVector.fromArray(F, panels, at + k * GramBlocks.PANEL),
          a);
    }
    a.intoArray(g, go);
  }
  /** This thread's scratch of at least n floats (kept: one allocation per thread, not one per call). */
  private static float[] scratch(int n) {
    float[] a = SCRATCH.get();
    if (a.length < n) {
      a = new float[n];
      SCRATCH.set(a);
    }
    return a;
  }

  /** This thread's ones, at least as many as the most non-zeros of the rows ids[from, to). */
  private static float[] ones(int[] ptr, int[] ids, int from, int to) {
    int most = 0;
    for (int t = from; t < to; t++) {
      most = Math.max(most, ptr[ids[t] + 1] - ptr[ids[t]]);
    }
    float[] a = ONES.get();
    if (a.length < most) {
      a = new float[most];
      Arrays.fill(a, 1f);
      ONES.set(a);
    }
    return a;
  }


  /** Writes x[xo + j] to packed[k + 4 j] for j in [0, d): one row of a tile, interleaved feature-major. */
  private static void interleave(float[] x, int xo, int d, float[] packed, int k) {
    for (int j = 0; j < d; j++) {
      packed[k + 4 * j] = x[xo + j];
    }
  }

  @Override
  public void rbf(float[] g, int gOff, int m, float xNorm, float[] svNorms, float gamma) {
    FloatVector xn = FloatVector.broadcast(F, xNorm);
    FloatVector minusGamma = FloatVector.broadcast(F, -gamma);
    int s = 0;
    for (; s + L <= m; s += L) {
      FloatVector dist = xn.add(FloatVector.fromArray(F, svNorms, s))
          .sub(FloatVector.fromArray(F, g, gOff + s).mul(2f)).max(0f);
      exp(minusGamma.mul(dist)).intoArray(g, gOff + s);
    }
    for (; s < m; s++) {
      g[gOff + s] = ScalarGramOps.rbf(g[gOff + s], xNorm, svNorms[s], gamma, FMA);
    }
  }

  @Override
  public void poly(float[] g, int gOff, int m, float gamma, float coef0, int degree) {
    int s = 0;
    for (; s + L <= m; s += L) {
      FloatVector t = FloatVector.fromArray(F, g, gOff + s).mul(gamma).add(coef0);
      FloatVector p = t;
      for (int k = 1; k < degree; k++) {
        p = p.mul(t);
      }
      p.intoArray(g, gOff + s);
    }
    for (; s < m; s++) {
      g[gOff + s] = ScalarGramOps.poly(g[gOff + s], gamma, coef0, degree);
    }
  }

  @Override
  public void exp(float[] a, int off, int n) {
    int i = off;
    for (; i + L <= off + n; i += L) {
      exp(FloatVector.fromArray(F, a, i)).intoArray(a, i);
    }
    for (; i < off + n; i++) {
      a[i] = ScalarGramOps.exp(a[i], FMA);
    }
  }

  private static FloatVector madd(FloatVector a, float b, float c) {
    return FMA ? a.fma(b, c) : a.mul(b).add(c);
  }

  private static FloatVector madd(FloatVector a, FloatVector b, FloatVector c) {
    return FMA ? a.fma(b, c) : a.mul(b).add(c);
  }

  /** {@link ScalarGramOps#exp(float, boolean)} lane by lane, the same operations in the same order. */
  private static FloatVector exp(FloatVector x) {
    VectorMask<Float> under = x.lt(GramBlocks.EXP_LOW);
    FloatVector xc = x.max(GramBlocks.EXP_LOW).min(GramBlocks.EXP_HIGH);
    FloatVector n = xc.mul(GramBlocks.LOG2E).add(GramBlocks.ROUNDER).sub(GramBlocks.ROUNDER);
    FloatVector r = madd(n, FloatVector.broadcast(F, -GramBlocks.LN2_HI), xc);
    r = madd(n, FloatVector.broadcast(F, -GramBlocks.LN2_LO), r);
    FloatVector z = r.mul(r);
    FloatVector p = madd(r, GramBlocks.P0, GramBlocks.P1);
    p = madd(p, r, FloatVector.broadcast(F, GramBlocks.P2));
    p = madd(p, r, FloatVector.broadcast(F, GramBlocks.P3));
    p = madd(p, r, FloatVector.broadcast(F, GramBlocks.P4));
    p = madd(p, r, FloatVector.broadcast(F, GramBlocks.P5));
    FloatVector y = madd(p, z, r).add(1f);
    // 2^n without a float-to-int conversion (C2 does not vectorise F2I on every x86 CPU): n is a whole
    // number in [-126, 127], so n + 2^23 + 127 is exact and its low mantissa bits are n + 127; the
    // shift moves them into the exponent field: the bits of ((int) n + 127) << 23, as the scalar twin.
    IntVector bits = n.add(EXP_BIAS_MAGIC).reinterpretAsInts().lanewise(VectorOperators.LSHL, 23);
    return y.mul(bits.reinterpretAsFloats()).blend(0f, under);
  }

  @Override
  public void classScores(float[] g, int gOff, int m, ClassCoefs coefs, float[] out, int outOff) {
    float[] coef = coefs.coef;
    int kp = coefs.kp;
    int o = 0;
    for (; o + 2 * L <= kp; o += 2 * L) {
      classScores2(g, gOff, m, coef, kp, o, out, outOff);
    }
    for (; o < kp; o += L) {
      classScores1(g, gOff, m, coef, kp, o, out, outOff);
    }
  }

  /** Lanes [o, o + 2L) of the class scores: two chains over the SVs. */
  private static void classScores2(float[] g, int gOff, int m, float[] coef, int kp, int o, float[] out,
      int outOff) {
    FloatVector a0 = FloatVector.fromArray(F, out, outOff + o);
    FloatVector a1 = FloatVector.fromArray(F, out, outOff + o + L);
    // Two loops rather than term(): this loop runs long enough to be compiled on its own, and a
    // term() compiled apart from it runs the vector operations without their intrinsics.
    if (FMA) {
      for (int s = 0; s < m; s++) {
        FloatVector b = FloatVector.broadcast(F, g[gOff + s]);
        a0 = b.fma(FloatVector.fromArray(F, coef, s * kp + o), a0);
        a1 = b.fma(FloatVector.fromArray(F, coef, s * kp + o + L), a1);
      }
    } else {
      for (int s = 0; s < m; s++) {
        FloatVector b = FloatVector.broadcast(F, g[gOff + s]);
        a0 = b.mul(FloatVector.fromArray(F, coef, s * kp + o)).add(a0);
        a1 = b.mul(FloatVector.fromArray(F, coef, s * kp + o + L)).add(a1);
      }
    }
    a0.intoArray(out, outOff + o);
    a1.intoArray(out, outOff + o + L);
  }

  private static void classScores1(float[] g, int gOff, int m, float[] coef, int kp, int o, float[] out,
      int outOff) {
    FloatVector a = FloatVector.fromArray(F, out, outOff + o);
    if (FMA) {
      for (int s = 0; s < m; s++) {
        a = FloatVector.broadcast(F, g[gOff + s]).fma(FloatVector.fromArray(F, coef, s * kp + o), a);
      }
    } else {
      for (int s = 0; s < m; s++) {
        a = FloatVector.broadcast(F, g[gOff + s]).mul(FloatVector.fromArray(F, coef, s * kp + o)).add(a);
      }
    }
    a.intoArray(out, outOff + o);
  }

  /** Rows per block of {@link #columnScores}: 1 KB of each column, the running sums (12 x 256 floats for 10 classes) in L1. */
  private static final int COL_ROWS = 256;
  /**
   * Support vectors per block of {@link #columnScores}: their pieces of a block of rows (128 KB)
   * stay in L2 and their pages in the TLB while every tile of the rows passes over them. Without
   * the blocking a tile of 16 rows touched a line and a page of every column (thousands), and the
   * pass ran at a tenth of its speed.
   */
  private static final int COL_SVS = 128;

  @Override
  public void columnScores(float[][] columns, int m, int from, int to, ClassCoefs coefs, FloatRows sums) {
    float[] coef = coefs.coef;
    int kp = coefs.kp;
    int k = coefs.k;
    float[] acc = sums.values;
    int stride = sums.stride;
    // Rows in the lanes, eight accumulators: one class and eight vectors of rows (binary), or four
    // classes and two vectors of rows. The running sums wait in acc between blocks of support
    // vectors, so each (row, class) is still one chain over s ascending; the classes of a group
    // past k are computed (acc and coef hold kp, a multiple of 4) and not stored.
    int tileRows = k == 1 ? 8 * L : 2 * L;
    int end = from + (to - from) / tileRows * tileRows;
    for (int rb = from; rb < end; rb += COL_ROWS) {
      int rows = Math.min(end, rb + COL_ROWS) - rb;
      for (int sb = 0; sb < m; sb += COL_SVS) {
        int se = Math.min(m, sb + COL_SVS);
        for (int t = rb; t < rb + rows; t += tileRows) {
          if (k == 1) {
            columnRows8(columns, sb, se, t, coef, kp, acc, t);
          } else {
            for (int c = 0; c < k; c += 4) {
              columnRows2x4(columns, sb, se, t, coef, kp, c, k, acc, c * stride + t, stride);
            }
          }
        }
      }
    }
    for (int t = end; t < to; t++) {
      for (int c = 0; c < k; c++) {
        float a = acc[c * stride + t];
        for (int s = 0; s < m; s++) {
          a = FMA ? Math.fma(columns[s][t], coef[s * kp + c], a) : columns[s][t] * coef[s * kp + c] + a;
        }
        acc[c * stride + t] = a;
      }
    }
  }

  /**
   * Rows [t, t + 8L) of class 0 over the support vectors [sb, se): eight chains, from and back to
   * acc[a, a + 8L).
   */
  private static void columnRows8(float[][] columns, int sb, int se, int t, float[] coef, int kp, float[] acc,
      int a) {
    FloatVector a0 = FloatVector.fromArray(F, acc, a);
    FloatVector a1 = FloatVector.fromArray(F, acc, a + L);
    FloatVector a2 = FloatVector.fromArray(F, acc, a + 2 * L);
    FloatVector a3 = FloatVector.fromArray(F, acc, a + 3 * L);
    FloatVector a4 = FloatVector.fromArray(F, acc, a + 4 * L);
    FloatVector a5 = FloatVector.fromArray(F, acc, a + 5 * L);
    FloatVector a6 = FloatVector.fromArray(F, acc, a + 6 * L);
    FloatVector a7 = FloatVector.fromArray(F, acc, a + 7 * L);
    for (int s = sb; s < se; s++) {
      float[] col = columns[s];
      FloatVector w = FloatVector.broadcast(F, coef[s * kp]);
      a0 = term(FloatVector.fromArray(F, col, t), w, a0);
      a1 = term(FloatVector.fromArray(F, col, t + L), w, a1);
      a2 = term(FloatVector.fromArray(F, col, t + 2 * L), w, a2);
      a3 = term(FloatVector.fromArray(F, col, t + 3 * L), w, a3);
      a4 = term(FloatVector.fromArray(F, col, t + 4 * L), w, a4);
      a5 = term(FloatVector.fromArray(F, col, t + 5 * L), w, a5);
      a6 = term(FloatVector.fromArray(F, col, t + 6 * L), w, a6);
      a7 = term(FloatVector.fromArray(F, col, t + 7 * L), w, a7);
    }
    a0.intoArray(acc, a);
    a1.intoArray(acc, a + L);
    a2.intoArray(acc, a + 2 * L);
    a3.intoArray(acc, a + 3 * L);
    a4.intoArray(acc, a + 4 * L);
    a5.intoArray(acc, a + 5 * L);
    a6.intoArray(acc, a + 6 * L);
    a7.intoArray(acc, a + 7 * L);
  }

  /**
   * Rows [t, t + 2L) of classes [c, c + 4) over the support vectors [sb, se): eight chains, from
   * and back to acc (class c + q's rows at {@code a + q * stride}; classes from k on are not stored).
   */
  private static void columnRows2x4(float[][] columns, int sb, int se, int t, float[] coef, int kp, int c, int k,
      float[] acc, int a, int stride) {
    FloatVector a00 = FloatVector.fromArray(F, acc, a);
    FloatVector a01 = FloatVector.fromArray(F, acc, a + L);
    FloatVector a10 = FloatVector.fromArray(F, acc, a + stride);
    FloatVector a11 = FloatVector.fromArray(F, acc, a + stride + L);
    FloatVector a20 = FloatVector.fromArray(F, acc, a + 2 * stride);
    FloatVector a21 = FloatVector.fromArray(F, acc, a + 2 * stride + L);
    FloatVector a30 = FloatVector.fromArray(F, acc, a + 3 * stride);
    FloatVector a31 = FloatVector.fromArray(F, acc, a + 3 * stride + L);
    for (int s = sb; s < se; s++) {
      float[] col = columns[s];
      FloatVector x0 = FloatVector.fromArray(F, col, t);
      FloatVector x1 = FloatVector.fromArray(F, col, t + L);
      int w = s * kp + c;
      FloatVector b = FloatVector.broadcast(F, coef[w]);
      a00 = term(x0, b, a00);
      a01 = term(x1, b, a01);
      b = FloatVector.broadcast(F, coef[w + 1]);
      a10 = term(x0, b, a10);
      a11 = term(x1, b, a11);
      b = FloatVector.broadcast(F, coef[w + 2]);
      a20 = term(x0, b, a20);
      a21 = term(x1, b, a21);
      b = FloatVector.broadcast(F, coef[w + 3]);
      a30 = term(x0, b, a30);
      a31 = term(x1, b, a31);
    }
    a00.intoArray(acc, a);
    a01.intoArray(acc, a + L);
    if (c + 1 < k) {
      a10.intoArray(acc, a + stride);
      a11.intoArray(acc, a + stride + L);
    }
    if (c + 2 < k) {
      a20.intoArray(acc, a + 2 * stride);
      a21.intoArray(acc, a + 2 * stride + L);
    }
    if (c + 3 < k) {
      a30.intoArray(acc, a + 3 * stride);
      a31.intoArray(acc, a + 3 * stride + L);
    }
  }
}
