package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassCoefs;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.FloatRows;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.QueryRows;
import java.util.Arrays;

/**
 * How a kernel model scores rows, in dual form: the Gram block of rows against its support
 * vectors (packed once, {@link SupportVectorPanels}), finished by the kernel, times the
 * coefficients plus the biases, or through the votes; or the same from kernel columns that
 * training computed ({@link #scoresFromColumns}), with the same bits. Scores of a row take kp
 * floats (the padded score count). Immutable but for the panels, packed at the first Gram block.
 */
final class DualScores {
  /** Rows scored at once by {@link #predictClasses}: bounds the Gram block to BLOCK x |S| floats. */
  private static final int BLOCK = 128;

  private final KernelModel.Function kernel;
  private final Labels labels;
  private final int m;
  private final int k;
  private final int kp;
  private final float[] coef;
  /** coef as the kernel's class scores take it (null with votes). */
  private final ClassCoefs coefs;
  private final float[] bias;
  private final Votes votes;
  private final SupportVectorPanels svPanels;

  /** The scores of a model's parts (shared, never modified): coef m x kp and bias kp, or votes. */
  DualScores(KernelModel.Function kernel, Labels labels, Dataset sv, float[] coef, float[] bias, Votes votes) {
    this.kernel = kernel;
    this.labels = labels;
    this.m = sv.size();
    this.k = KernelModel.classes(labels);
    this.kp = ClassScores.paddedClasses(k);
    this.coef = coef;
    this.coefs = coef == null ? null : new ClassCoefs(coef, kp, k);
    this.bias = bias;
    this.votes = votes;
    this.svPanels = new SupportVectorPanels(sv);
  }

  /** The padded score count: a row's scores take this many floats. */
  int paddedScores() {
    return kp;
  }

  /** The kp scores of row i of rows. */
  float[] scoresOfRow(KernelRows rows, int i) {
    float[] s = new float[kp];
    int[] ids = {i};
    scoreRows(rows, rows.query(ids), ids, 0, 1, new FloatRows(new float[stride()], stride()), s);
    return s;
  }

  /** The predicted classes of all rows of data, scored in blocks of rows against all support vectors at once. */
  int[] predictClasses(Dataset data) {
    KernelRows rows = KernelRows.forBlocks(data);
    int n = data.size();
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    QueryRows query = rows.query(ids);
    FloatRows g = new FloatRows(new float[BLOCK * stride()], stride());
    float[] s = new float[BLOCK * kp];
    int[] out = new int[n];
    for (int lo = 0; lo < n; lo += BLOCK) {
      int hi = Math.min(n, lo + BLOCK);
      Arrays.fill(s, 0f);
      scoreRows(rows, query, ids, lo, hi, g, s);
      for (int t = lo; t < hi; t++) {
        out[t] = classOf(s, (t - lo) * kp);
      }
    }
    return out;
  }

  private int stride() {
    return Math.max(GramBlocks.lanes(m), GramBlocks.LANES);
  }

  /**
   * Scores of query's positions [from, to) (rows ids[t]) into s[(t - from) * kp ..] (zeroed by the
   * caller), gram a scratch of (to - from) rows of stride() floats.
   */
  private void scoreRows(KernelRows rows, QueryRows query, int[] ids, int from, int to, FloatRows gram, float[] s) {
    int stride = stride();
    SupportVectorPanels packed = svPanels.packed();
    float[] svNorms = packed.norms();
    GramBlocks.gram(query, from, to, packed.panels(), gram, 0);
    float[] g = gram.values();
    for (int t = from; t < to; t++) {
      int go = (t - from) * stride;
      int so = (t - from) * kp;
      kernel.finish(g, go, m, kernel.usesNorms() ? rows.norm(ids[t]) : 0f, svNorms);
      scoreFinished(g, go, s, so);
    }
  }

  /** A row's scores (s[so, so + kp)) from its kernel values against the support vectors, g[go, go + m). */
  private void scoreFinished(float[] g, int go, float[] s, int so) {
    if (votes != null) {
      votes.scores(g, go, s, so);
    } else {
      System.arraycopy(bias, 0, s, so, kp);
      GramBlocks.classScores(g, go, m, coefs, s, so);
    }
  }

  /**
   * The scores of n rows from their kernel values, given per support vector:
   * {@code columns[s][t] = K(S[s], x_t)}, the finished kernel value of row t against support
   * vector s. Row t's scores land in {@code out[t * kp, t * kp + k)} ({@code out.length >= n * kp}).
   * A plain or averaged model sums, for each row and class, {@code b_c} and then
   * {@code K(S[s], x_t) * alpha_{s,c}} over the support vectors in order, fused when the kernel
   * uses FMA: the chain the Gram block's class scores run ({@code GramBlocks.classScores}), here
   * by the kernel's {@code GramBlocks.columnScores}, with the rows in the vector lanes. A voted
   * model gathers each row's kernel values into a Gram row and votes as for a Gram block. When
   * the columns hold the bits the Gram block computes, so do the scores. Only out is modified.
   */
  void scoresFromColumns(float[][] columns, int n, float[] out) {
    if (votes != null) {
      int stride = stride();
      float[] g = new float[stride];
      for (int t = 0; t < n; t++) {
        for (int s = 0; s < m; s++) {
          g[s] = columns[s][t];
        }
        scoreFinished(g, 0, out, t * kp);
      }
      return;
    }
    float[] sums = columnSums(n);
    addColumnScores(columns, 0, m, sums, n);
    scoresOfSums(sums, n, out);
  }

  /**
   * The start of {@link #scoresFromColumns} for a plain or averaged model whose columns come in
   * batches: class-major sums of n rows, class c's at {@code [c * n, (c + 1) * n)}, each the class's
   * bias. {@link #addColumnScores} then adds the batches in support-vector order and
   * {@link #scoresOfSums} gives the scores, the bits of one call with every column.
   */
  float[] columnSums(int n) {
    float[] sums = new float[kp * n];
    for (int c = 0; c < k; c++) {
      Arrays.fill(sums, c * n, (c + 1) * n, bias[c]);
    }
    return sums;
  }

  /**
   * Adds the kernel columns of support vectors [first, first + count) to the class-major sums of
   * {@link #columnSums} ({@code columns[u]} that of support vector first + u): each row's sum of
   * each class continues its chain over the support vectors in order. Only sums is modified.
   */
  void addColumnScores(float[][] columns, int first, int count, float[] sums, int n) {
    ClassCoefs c = first == 0 && count == m ? coefs
        : new ClassCoefs(Arrays.copyOfRange(coef, first * kp, (first + count) * kp), kp, k);
    GramBlocks.columnScores(columns, count, 0, n, c, new FloatRows(sums, n));
  }

  /**
   * The row-major scores of {@link #scoresFromColumns} from finished class-major sums. Only out is
   * modified.
   */
  void scoresOfSums(float[] sums, int n, float[] out) {
    for (int c = 0; c < k; c++) {
      for (int t = 0; t < n; t++) {
        out[t * kp + c] = sums[c * n + t];
      }
    }
  }

  /** The classes of n rows from their scores as {@link #scoresFromColumns} writes them. */
  int[] classesOfScores(float[] scores, int n) {
    int[] out = new int[n];
    for (int t = 0; t < n; t++) {
      out[t] = classOf(scores, t * kp);
    }
    return out;
  }

  /** The scores of every row of data by Gram blocks, laid out as {@link #scoresFromColumns} lays them out. */
  float[] scoresByGram(Dataset data) {
    KernelRows rows = KernelRows.forBlocks(data);
    int n = data.size();
    int[] ids = new int[n];
    Arrays.setAll(ids, i -> i);
    float[] out = new float[n * kp];
    QueryRows query = rows.query(ids);
    FloatRows g = new FloatRows(new float[BLOCK * stride()], stride());
    float[] s = new float[BLOCK * kp];
    for (int lo = 0; lo < n; lo += BLOCK) {
      int hi = Math.min(n, lo + BLOCK);
      Arrays.fill(s, 0f);
      scoreRows(rows, query, ids, lo, hi, g, s);
      System.arraycopy(s, 0, out, lo * kp, (hi - lo) * kp);
    }
    return out;
  }

  /**
   * The class of the scores at s[so, so + k): the arg max, or for a binary model class 1 when the
   * score is positive (-1 when the model has no name for the class it predicts).
   */
  int classOf(float[] s, int so) {
    if (k > 1) {
      return argMax(Arrays.copyOfRange(s, so, so + k), k);
    }
    float score = s[so];
    if (labels.size() == 2) {
      return score > 0f ? 1 : 0;
    }
    return labels.binaryLabel(0) == (score > 0f ? 1f : -1f) ? 0 : -1;
  }

  /**
   * The index of the largest of {@code scores[0, k)}, the first one on ties: the decision rule of
   * every multi-class model and rule of the library.
   */
  static int argMax(float[] scores, int k) {
    int best = 0;
    for (int r = 1; r < k; r++) {
      if (scores[r] > scores[best]) {
        best = r;
      }
    }
    return best;
  }
}
