package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import java.util.concurrent.ForkJoinPool;

/**
 * Kernel values of rows against support vectors, unchecked, for the kernel perceptron.
 *
 * <p>Layout: one for every Gram block ({@link SvPanels}). The support vectors (SVs) are packed in
 * panels, feature-major within a panel: the value of SV s at feature j lies at
 * {@code panels[(s / width) * d * width + j * width + s % width]} ({@link #pack}); a model's
 * panels are {@link #PANEL} = 64 SVs wide, the few SVs of a training step lie in one panel as wide
 * as their cap; lanes with no SV are zero. The Gram block of rows against the SVs is then an outer
 * product per feature: a row's value x_r[j] broadcast against the panel's SV values at j,
 * accumulated in vector lanes. This layout was chosen over SVs row-major with dot products along d
 * because each G[r][s] becomes a lane of its own (no lane sums, one chain in feature order, the
 * same bits in every implementation and at every vector width), a panel is read sequentially, and
 * one broadcast serves a whole vector of SVs. The rows come four at a time, their values of a
 * feature side by side: dense rows interleaved so on the fly, or laid out once as {@link RowQuads}
 * (each quad over the features where one of its rows is non-zero); or one at a time over a feature
 * list (a sparse row's non-zeros, a dense row's every feature). One family of register tiles (four
 * rows or one row, by one, two or four vectors) serves them all, in two index
 * forms: over a feature list (quads), or over every feature of a model's panels (dense rows, whose
 * addresses step by a constant). The operands are small objects that carry their shape, made
 * once per fit or block set: the rows as {@link QueryRows} (dense (array, offset) pairs by row id,
 * or CSR) or {@link RowQuads}, the SVs as {@link SvPanels}, the Gram block as {@link FloatRows},
 * class coefficients as {@link ClassCoefs}.
 *
 * <p>Rounding: G[r][s] is one chain over j ascending from +0, each term {@code x_r[j] * S[s][j]}
 * fused when {@link Kernel#usesFma()}; exact when every product and partial sum is an integer
 * below 2^24, otherwise within {@code d * 2^-24 * sum_j |x_r[j] S[s][j]|} (first order) of the
 * exact value. A feature a row or a quad leaves out is zero in it, and a zero term adds nothing to
 * a chain, so every row form gives the bits of the dense row. RBF:
 * {@code exp(-gamma * max(0, (|x|^2 + |s|^2) - 2 x.s))} with {@link #exp}; polynomial:
 * {@code (gamma g + coef0)^degree} by repeated products; class scores: one chain per class over the
 * SVs in order. Every implementation gives the same bits for all of these.
 */
public final class GramBlocks {
  /**
   * SVs a Gram block computes at a time, the lanes of the widest vector: panel widths and lane
   * counts are multiples of it.
   */
  public static final int LANES = 16;
  /** SVs per panel of a model's packing: four of the widest vectors. */
  public static final int PANEL = 4 * LANES;
  /** Below this many multiply-adds a fork costs more than it saves. */
  static final long PARALLEL_THRESHOLD = 1L << 22;
  /** Chunks of a split per thread, taken one at a time: the threads end within a chunk of each other. */
  static final int CHUNKS_PER_THREAD = 16;

  static final float LOG2E = 1.44269504088896341f;
  /** 1.5 * 2^23: adding and subtracting it rounds a float of magnitude below 2^22 to an integer. */
  static final float ROUNDER = 0x1.8p23f;
  /** ln 2 = LN2_HI + LN2_LO; LN2_HI has 9 significant bits, so n * LN2_HI is exact for |n| &lt;= 128. */
  static final float LN2_HI = 0.693359375f;
  static final float LN2_LO = -2.12194440e-4f;
  /** Cephes expf's minimax coefficients, highest degree first. */
  static final float P0 = 1.9875691500e-4f;
  static final float P1 = 1.3981999507e-3f;
  static final float P2 = 8.3334519073e-3f;
  static final float P3 = 4.1665795894e-2f;
  static final float P4 = 1.6666665459e-1f;
  static final float P5 = 5.0000001201e-1f;
  /** Below this exp returns 0 (Math.exp(-87) is 1.6e-38, the edge of the normal floats). */
  public static final float EXP_LOW = -87f;
  /** Above this exp's argument is clamped (exp(88) is 1.65e38, near Float.MAX_VALUE). */
  public static final float EXP_HIGH = 88f;

  private static final GramOps OPS = OpsProvider.ACTIVE.gram;

  private GramBlocks() {}


  /** Which implementation runs: {@code "panama"} or {@code "scalar"}. */
  public static String implementation() {
    return OPS instanceof ScalarGramOps ? "scalar" : "panama";
  }

  /** Panels of {@link #PANEL} needed for m SVs. */
  public static int panels(int m) {
    return (m + PANEL - 1) / PANEL;
  }

  /** Floats needed to pack m SVs of dimension d in panels of {@link #PANEL}. */
  public static long packedLength(int m, int d) {
    return (long) panels(m) * PANEL * d;
  }

  /** m rounded up to whole {@link #LANES}: the SVs a Gram block computes for m (m &gt;= 0). */
  public static int lanes(int m) {
    return (m + LANES - 1) / LANES * LANES;
  }

  /** Where SV s's value at feature 0 lies in panels of width SVs of dimension d; feature j lies width floats further per j. */
  public static int svBase(int s, int d, int width) {
    return (s / width) * d * width + s % width;
  }

  /** Writes the dense x[xOff, xOff + d) as SV number s of panels of width SVs. Only panels is modified. */
  public static void pack(float[] x, int xOff, int d, float[] panels, int width, int s) {
    int base = svBase(s, d, width);
    for (int j = 0; j < d; j++) {
      panels[base + j * width] = x[xOff + j];
    }
  }

  /**
   * The Gram block: {@code out[gOff + (t - from) * stride + s] = x_{ids[t]} . S[s]} for t in
   * [from, to) and s &lt; {@code lanes(count)} (an SV past count is read as it lies in the panels:
   * zero), x's rows of the SVs' dimension. Sparse rows
   * give the same bits as their dense form (a zero term adds nothing to a chain) at the cost of
   * their non-zeros. Split over the common fork-join pool when large; any split gives the same
   * bits. Only out's array is modified.
   */
  public static void gram(QueryRows x, int from, int to, SvPanels s, FloatRows out, int gOff) {
    int stride = out.stride;
    if (!x.isSparse()) {
      split(from, to, (long) (to - from) * lanes(s.count) * x.d, 4, (lo, hi) ->
          OPS.gram(x, lo, hi, s, out, gOff + (lo - from) * stride));
      return;
    }
    int[] ptr = x.ptr;
    int[] ids = x.ids;
    long nnz = 0;
    for (int t = from; t < to && nnz < PARALLEL_THRESHOLD; t++) {
      nnz += ptr[ids[t] + 1] - ptr[ids[t]];
    }
    split(from, to, nnz * lanes(s.count), 4, (lo, hi) ->
        OPS.gramSparse(x, lo, hi, s, out, gOff + (lo - from) * stride));
  }

  /**
   * The Gram block of row quads (a layout of many rows made once, {@link RowQuads}) against SVs
   * (in training, the few SVs of a step, one panel) of the quads' dimension:
   * {@code out[gOff + (p - 4 qFrom) * stride + s] = x_{rows.row(p)} . S[s]} for the layout's
   * positions p in [4 qFrom, 4 qTo) and s &lt; {@code lanes(count)}; a padding position's row is zero. The same
   * bits as {@link #gram} on the rows' dense form (a feature left out of a quad is zero in its four
   * rows, and a zero term adds nothing to a chain), at the cost of the quads' features only. On the
   * calling thread; callers split the quads. Only out's array is modified.
   */
  public static void gramQuads(RowQuads rows, int qFrom, int qTo, SvPanels s, FloatRows out, int gOff) {
    OPS.gramQuads(rows, qFrom, qTo, s, out, gOff);
  }

  /**
   * One row of {@link #gramQuads}, the row at layout position p, against the first lanes SVs of
   * the first panel (a multiple of {@link #LANES}, at most its width): {@code g[gOff + s] = x_{rows.row(p)} . S[s]}
   * for s &lt; lanes, over its quad's features (or its own, when the layout keeps rows alone); the
   * bits of {@link #gramQuads}. Only g[gOff, gOff + lanes) is modified.
   */
  public static void gramQuadRow(RowQuads rows, int p, SvPanels s, int lanes, float[] g, int gOff) {
    checkLanes(s.width, lanes);
    OPS.gramQuadRow(rows, p, s, lanes, g, gOff);
  }

  private static void checkLanes(int width, int lanes) {
    assert lanes >= 0 && lanes <= width && lanes % LANES == 0 : "lanes " + lanes + " of width " + width;
  }

  /**
   * One sparse row against the first lanes SVs of the first panel (a multiple of {@link #LANES},
   * at most its width), over the row's own non-zeros:
   * {@code g[gOff + s] = x_row . S[s]} for s &lt; lanes, x sparse with values (not null), row the
   * row's id. The bits of {@link #gramQuadRow} for the same row (a feature the row lacks adds
   * nothing to a chain), at the cost of the row's non-zeros instead of its quad's. Only
   * g[gOff, gOff + lanes) is modified.
   */
  public static void gramSparseRow(QueryRows x, int row, SvPanels s, int lanes, float[] g, int gOff) {
    checkLanes(s.width, lanes);
    OPS.gramQuadRow(x.alone, row, s, lanes, g, gOff);
  }

  /** Work over a range of rows [from, to). */
  @FunctionalInterface
  public interface RangeTask {
    /** Does the work of rows [from, to). */
    void run(int from, int to);
  }

  /**
   * Runs task over [from, to) as the Gram blocks split their rows: on the calling thread when
   * {@code work} (multiply-adds) is below the threshold of a fork, else in chunks of whole tiles
   * of {@code tile} rows (about 16 per thread) that the calling thread and the common fork-join
   * pool's threads take one at a time. For callers whose work per row is independent of the other rows' (e.g. a Gram
   * block and its finish, row by row), so that any split gives the same result.
   */
  public static void forRanges(int from, int to, long work, int tile, RangeTask task) {
    split(from, to, work, tile, task);
  }

  /**
   * Runs task over [from, to) on the calling thread, or, when work (multiply-adds) is large, in
   * chunks of whole tiles of {@code tile} rows shared with the common fork-join pool
   * ({@link SharedChunks}); any split gives the same bits.
   */
  private static void split(int from, int to, long work, int tile, RangeTask task) {
    int n = to - from;
    int threads = ForkJoinPool.getCommonPoolParallelism() + 1;
    if (work < PARALLEL_THRESHOLD || threads < 2 || n < 2 * tile) {
      task.run(from, to);
      return;
    }
    SharedChunks.run(from, to, tile, Math.min(n / tile, threads * CHUNKS_PER_THREAD), threads - 1, task);
  }

  /**
   * {@code sum_j x[off + j]^2} summed as the Gram block sums {@code x . x} (one chain, j ascending,
   * FMA as the kernel uses it), so that {@code |x|^2 + |x|^2 - 2 x.x} is exactly 0 and K(x, x) = 1.
   */
  public static float squaredNorm(float[] x, int off, int d) {
    boolean fma = Kernel.usesFma();
    float sum = 0f;
    for (int j = off; j < off + d; j++) {
      sum = fma ? Math.fma(x[j], x[j], sum) : x[j] * x[j] + sum;
    }
    return sum;
  }

  /** {@link #squaredNorm(float[], int, int)} of a sparse row (val == null: every value 1): the same bits as its dense form. */
  public static float squaredNorm(int[] idx, float[] val, int from, int to) {
    boolean fma = Kernel.usesFma();
    float sum = 0f;
    for (int t = from; t < to; t++) {
      float v = val == null ? 1f : val[t];
      sum = fma ? Math.fma(v, v, sum) : v * v + sum;
    }
    return sum;
  }

  /**
   * {@link #gram} on the calling thread alone (benchmarks compare it with one core's FMA peak;
   * callers that split the rows themselves).
   */
  public static void gramOneThread(QueryRows x, int from, int to, SvPanels s, FloatRows out, int gOff) {
    if (x.isSparse()) {
      OPS.gramSparse(x, from, to, s, out, gOff);
    } else {
      OPS.gram(x, from, to, s, out, gOff);
    }
  }

  /** The RBF finish in place: {@code g[gOff + s] = exp(-gamma * max(0, (xNorm + svNorms[s]) - 2 g[gOff + s]))}, s &lt; m. */
  public static void rbf(float[] g, int gOff, int m, float xNorm, float[] svNorms, float gamma) {
    OPS.rbf(g, gOff, m, xNorm, svNorms, gamma);
  }

  /** The polynomial finish in place: {@code g[gOff + s] = (gamma * g[gOff + s] + coef0)^degree}, s &lt; m, degree &gt;= 1. */
  public static void poly(float[] g, int gOff, int m, float gamma, float coef0, int degree) {
    OPS.poly(g, gOff, m, gamma, coef0, degree);
  }

  /**
   * exp(x) in float, within 2 ulp of {@code (float) Math.exp(x)} for x in [{@link #EXP_LOW},
   * {@link #EXP_HIGH}] (GramOpsTest measures it); 0 below, exp(EXP_HIGH) above; NaN stays NaN.
   * Every implementation gives the same bits.
   */
  public static float exp(float x) {
    return ScalarGramOps.exp(x, Kernel.usesFma());
  }

  /** {@link #exp(float)} in place on {@code a[off, off + n)}. Only a is modified. */
  public static void exp(float[] a, int off, int n) {
    OPS.exp(a, off, n);
  }

  /**
   * K-class scores from a Gram row: {@code out[outOff + c] += sum_{s<m} g[gOff + s] * coef[s * kp + c]} for
   * c in [0, kp) ({@link ClassCoefs}), kp a multiple of the lane count
   * ({@link ClassScores#paddedClasses}). Only out is modified.
   */
  public static void classScores(float[] g, int gOff, int m, ClassCoefs coefs, float[] out, int outOff) {
    OPS.classScores(g, gOff, m, coefs, out, outOff);
  }

  /**
   * Class scores from kernel columns, {@code columns[s][t]} being the finished kernel value of row
   * t against support vector s, added in place to class-major sums:
   * {@code sums[c * stride + t] += sum_{s<m} columns[s][t] * coef[s * kp + c]} for t in [from, to)
   * and c in [0, k) ({@link ClassCoefs}), kp a multiple of the lane count
   * ({@link ClassScores#paddedClasses}), {@code coef} holding m x kp floats, sums kp rows of stride
   * floats (rows c in [k, kp) are left as they are). Each (t, c) is one chain from the value acc holds over s ascending, each term fused
   * when the kernel uses FMA: started from a class's bias, the chain of {@link #classScores}, so a
   * row's scores have the bits its Gram row gives when the columns hold the Gram block's bits;
   * started from training's running scores, the addition of updates from cached columns (a
   * column whose coefficient of a class is 0 adds a zero to that class's sums, which leaves them
   * as they are but for the sign of a zero sum). The rows lie
   * in the vector lanes (a column is read along the rows); split over the common fork-join pool
   * when large, any split giving the same bits. Only sums's array is modified.
   */
  public static void columnScores(float[][] columns, int m, int from, int to, ClassCoefs coefs, FloatRows sums) {
    // Each column element read counts as a vector of class lanes: the pass is bound by reading the columns.
    split(from, to, (long) (to - from) * m * Math.max(coefs.k, LANES), 128, (lo, hi) ->
        OPS.columnScores(columns, m, lo, hi, coefs, sums));
  }
}
