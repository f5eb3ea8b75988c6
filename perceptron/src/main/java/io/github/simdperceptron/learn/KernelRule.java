package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.RowQuads;
import java.util.Arrays;
import java.util.Random;

/**
 * The kernel perceptron in dual form, binary or K-class, plain, averaged or voted, with an
 * optional budget (docs/kernel-perceptron.md).
 *
 * <p>Scoring: every training row's scores from the committed updates are kept up to date in
 * {@code f} (kp x n, class-major). An update (a mistake, or a budget removal) is first pending: a visit's
 * scores are its committed scores plus the kernel values of the pending rows (one small Gram
 * block) times their coefficient changes. When {@code pendingCap} updates are pending, they are
 * committed: the kernel values of the pending rows against all n training rows as one Gram block
 * (compute-bound, split over two threads), added to every row's scores. A fit thus computes each
 * update's kernel column once instead of every SV's kernel values once per visit; a support
 * vector's column is kept after its commit while a quarter of the heap has room, and a later
 * update of it is added from the cache (deferred, in order, see {@link #apply}). With integer
 * data and the linear or polynomial kernel every sum is exact, so the mistakes do not depend on
 * pendingCap (1 is the literal one-visit-at-a-time perceptron); on real data they agree unless a
 * score lies within rounding of a tie.
 */
final class KernelRule extends UpdateRule<KernelModel> {
  private static final boolean FMA = Kernel.usesFma();
  /** Updates pending before a commit: 4 panels; a commit's Gram block is then compute-bound. */
  static final int PENDING = 64;
  /**
   * Training rows per Gram block of a commit: the Gram block interleaves as many rows at a time,
   * and its COMMIT_ROWS x pendingCap floats (32 KB) are still in cache when the rows are finished.
   */
  private static final int COMMIT_ROWS = 128;
  /** Quads of training rows per Gram block of a commit: COMMIT_ROWS rows. */
  private static final int COMMIT_QUADS = COMMIT_ROWS / RowQuads.ROWS;
  /** Terms (column, class, step) of updates from cached columns deferred before they are added to every row's scores. */
  static final int DEFERRED = 64;

  private final KernelModel.Function kernel;
  private final Algorithm algorithm;
  private final Labels labels;
  private final int k;
  private final int kp;
  private final boolean bias;
  private final int budget;
  private final Random removal;
  private final int pendingCap;
  private final int d;
  /** Whether {@link #finalModel} computes the training classes in batches when the cache lacks columns. */
  private final boolean trainingClassesInBatches;

  private Dataset data;
  private KernelRows rows;
  /** The training rows as row quads: the layout of the commits' Gram blocks, of f and of the cached columns. */
  private RowQuads quads;
  /** Positions in the quads' layout (rows and padding): f and every cached column have one entry per position. */
  private int positions;
  /** The layout position of each training row. */
  private int[] positionOf;
  /**
   * The committed scores, class-major: class cl's score of the row at layout position pos at
   * {@code f[cl * positions + pos]}, so that adding a cached column to one class's scores runs
   * along both arrays.
   */
  private float[] f;

  private int m;
  private int[] svRow = new int[16];
  private int[] slotOf;
  private float[] alpha;
  private double[] beta;
  private final float[] b;
  private final double[] betaB;
  /** The averaged form's counter: visits so far, plus one (CIML Algorithm 7). */
  private long c = 1;

  private int updates;
  private int[] logSv = new int[16];
  private int[] logPlus = new int[16];
  private int[] logMinus = new int[16];
  private long[] counts = new long[17];
  private long survived;

  private int np;
  private final int[] pendRow;
  private final float[] pendDelta;
  /** The pending rows as a wide block ({@link GramBlocks#packWide}): feature j of pending row u at {@code j * width + u}. */
  private final float[] pendBlock;
  /** The row each lane of the pending block holds, or -1 while it is all zeros. */
  private final int[] packedRow;
  /** Lanes of a feature in the pending block: pendingCap rounded up to whole panels. */
  private final int width;
  private final float[] pendNorms;
  private final float[] gRow;
  /**
   * The kernel column K(x_row, x_t) of support vectors whose column a commit computed, at the
   * layout position of each training row t (see {@link #positionOf}); else null.
   */
  private float[][] columnOf;
  /** Floats the cached columns may still take (a quarter of the heap at the start). */
  private long cacheLeft;
  /** Floats the cache may take, or -1 for a quarter of the heap (tests set it). */
  private long cacheLimit = -1;
  /**
   * The terms of updates from cached columns not yet added to f, in order: deferStep[e] times the
   * column deferCol[e], to be added to class deferClass[e]'s scores (one term per class an update
   * changes). A visit adds them to its row's committed scores; a commit (or a flush when deferCap
   * are waiting) adds them to every row's, in one pass over f.
   */
  private float[][] deferCol;
  private int[] deferClass;
  private float[] deferStep;
  private int nd;
  /** The flush's columns (one per run of terms from the same column) and their coefficients (kp a column). */
  private float[][] flushCol;
  private float[] flushCoef;
  private int deferCap = DEFERRED;
  private final float[] score;
  private final float[] delta;
  /** Columns for the pending updates whose row has no cached column of its own in a commit. */
  private final float[][] scratch;

  KernelRule(Algorithm algorithm, KernelModel.Function kernel, int budget, int dimension, Labels labels,
      TrainingOptions options, int pendingCap) {
    this.kernel = kernel;
    this.algorithm = algorithm;
    this.labels = labels;
    this.k = labels.size() <= 2 ? 1 : labels.size();
    this.kp = ClassScores.paddedClasses(k);
    this.bias = options.bias();
    this.budget = budget;
    this.removal = new SeededRandom(options.seed() ^ 0x5DEECE66DL);
    this.pendingCap = pendingCap;
    this.d = dimension;
    this.trainingClassesInBatches = options.trainingClasses() && algorithm != Algorithm.VOTED;
    this.alpha = new float[16 * kp];
    this.beta = algorithm == Algorithm.AVERAGED ? new double[16 * kp] : null;
    this.b = new float[kp];
    this.betaB = new double[kp];
    this.pendRow = new int[pendingCap];
    this.pendDelta = new float[pendingCap * kp];
    this.width = GramBlocks.panels(pendingCap) * GramBlocks.PANEL;
    this.pendBlock = new float[Math.multiplyExact(width, dimension)];
    this.packedRow = new int[pendingCap];
    Arrays.fill(packedRow, -1);
    this.pendNorms = new float[width];
    this.gRow = new float[width];
    this.score = new float[kp];
    this.delta = new float[kp];
    this.scratch = new float[pendingCap][];
  }

  /** Binds the rule to its training set at the first visit; the kernel perceptron trains on one set. */
  private void bind(Dataset train) {
    if (data != null) {
      throw new IllegalStateException("the kernel perceptron trains on one dataset; got another after "
          + data.size() + " rows");
    }
    data = train;
    // The rows as they came (sparse rows stay sparse): training reads them only through the quads.
    rows = new KernelRows(train);
    int n = train.size();
    quads = rows.quads();
    positions = quads.quads() * RowQuads.ROWS;
    positionOf = new int[n];
    for (int pos = 0; pos < positions; pos++) {
      if (quads.row(pos) >= 0) {
        positionOf[quads.row(pos)] = pos;
      }
    }
    f = new float[kp * positions];
    slotOf = new int[n];
    Arrays.fill(slotOf, -1);
    columnOf = new float[n][];
    deferCol = new float[deferCap][];
    deferClass = new int[deferCap];
    deferStep = new float[deferCap];
    flushCol = new float[deferCap][];
    flushCoef = new float[deferCap * kp];
    cacheLeft = cacheLimit >= 0 ? cacheLimit : Runtime.getRuntime().maxMemory() / 4 / Float.BYTES;
  }

  @Override
  int visit(Dataset train, int i) {
    if (train != data) {
      bind(train);
    }
    int at = positionOf[i];
    scoresAt(at, score, 0);
    if (nd > 0) {
      addDeferred(score, 0, at);
    }
    if (np > 0) {
      // Only the panels that hold pending rows (the lanes after np are never read): on average half
      // the block's loads of a pass over all of it, each lane's chain and bits unchanged.
      rows.gramWide(i, at, pendBlock, width, GramBlocks.panels(np) * GramBlocks.PANEL, gRow, 0);
      kernel.finish(gRow, 0, np, kernel.usesNorms() ? rows.norm(i) : 0f, pendNorms);
      GramBlocks.classScores(gRow, 0, np, pendDelta, kp, score, 0);
    }
    for (int cl = 0; cl < k; cl++) {
      score[cl] += b[cl];
    }
    int plus;
    int minus;
    if (k == 1) {
      float y = train.label(i);
      if (y * score[0] > 0f) {
        return correct();
      }
      plus = y > 0f ? 1 : 0;
      minus = 1 - plus;
    } else {
      plus = train.classOf(i);
      minus = MulticlassModel.argMax(score, k);
      if (plus == minus) {
        return correct();
      }
    }
    update(i, plus, minus);
    c++;
    return MISTAKE | UPDATED;
  }

  private int correct() {
    c++;
    survived++;
    return CORRECT;
  }

  /** Adds example i's kernel to class plus's score and subtracts it from minus's (binary: y = +1 for plus 1). */
  private void update(int i, int plus, int minus) {
    if (algorithm == Algorithm.VOTED) {
      log(plus, minus);
    }
    int slot = slotOf[i];
    if (slot < 0) {
      if (budget > 0 && m == budget) {
        removeRandom();
      }
      slot = newSlot(i);
    }
    Arrays.fill(delta, 0f);
    if (k == 1) {
      delta[0] = plus == 1 ? 1f : -1f;
    } else {
      delta[plus] = 1f;
      delta[minus] = -1f;
    }
    int base = slot * kp;
    for (int cl = 0; cl < k; cl++) {
      if (delta[cl] != 0f) {
        alpha[base + cl] += delta[cl];
        if (beta != null) {
          beta[base + cl] += delta[cl] * (double) c;
        }
        if (bias) {
          b[cl] += delta[cl];
          betaB[cl] += delta[cl] * (double) c;
        }
      }
    }
    if (algorithm == Algorithm.VOTED) {
      logSv[updates - 1] = slot;
    }
    if (columnOf[i] != null) {
      apply(columnOf[i], delta);
    } else {
      pend(i, delta, 0);
    }
  }

  /**
   * Adds a cached kernel column times a coefficient change to every row's committed scores: the
   * same terms a commit would add (change * K(x_row, x_t)), so no Gram block is computed again.
   * The update is deferred: its terms (one per class it changes) wait in order, up to deferCap,
   * and are added to every row's scores in one pass (with the next commit, or by {@link #flush}),
   * each row's scores receiving the same additions in the same order as if each had been added
   * at once; a visit adds the waiting ones to its own scores first ({@link #addDeferred}). One
   * pass over f for many updates instead of one per class each.
   */
  private void apply(float[] column, float[] change) {
    for (int cl = 0; cl < k; cl++) {
      float step = change[cl];
      if (step != 0f) {
        deferCol[nd] = column;
        deferClass[nd] = cl;
        deferStep[nd] = step;
        nd++;
        if (nd == deferCap) {
          flush();
        }
      }
    }
  }

  /**
   * Adds the deferred terms, in order, to row t's scores at out[off, off + k):
   * {@code out[off + class] += step * column[t]} (fused when the kernel uses FMA), the addition an
   * update from a cached column makes to every row's scores for each class whose coefficient it
   * changes.
   */
  private void addDeferred(float[] out, int off, int t) {
    for (int e = 0; e < nd; e++) {
      int at = off + deferClass[e];
      out[at] = FMA ? Math.fma(deferCol[e][t], deferStep[e], out[at]) : deferCol[e][t] * deferStep[e] + out[at];
    }
  }

  /**
   * Adds the deferred terms to every row's committed scores, in order, as the kernel's column
   * scores ({@link GramBlocks#columnScores}) with f as the running sums: one column per run of
   * terms from the same column (an update's terms, one per class it changes), its coefficient of
   * each class the term's step or 0. Every row's score of a class receives the terms of that class
   * in their order, each fused when the kernel uses FMA, as {@link #addDeferred} adds them (a
   * coefficient of 0 adds a zero, which changes no score but a zero's sign). The same pass,
   * started from the biases, scores the training rows at the end of the fit
   * ({@link #withTrainingClasses}), which so runs code the fit has compiled.
   */
  private void flush() {
    int runs = 0;
    for (int e = 0; e < nd; e++) {
      int cl = deferClass[e];
      if (runs == 0 || flushCol[runs - 1] != deferCol[e] || flushCoef[(runs - 1) * kp + cl] != 0f) {
        flushCol[runs] = deferCol[e];
        Arrays.fill(flushCoef, runs * kp, (runs + 1) * kp, 0f);
        runs++;
      }
      flushCoef[(runs - 1) * kp + cl] = deferStep[e];
    }
    GramBlocks.columnScores(flushCol, runs, 0, positions, flushCoef, kp, k, f, positions);
    Arrays.fill(flushCol, 0, runs, null);
    clearDeferred();
  }

  /** Copies the kp committed scores of layout position pos to out[off, off + kp). Only out is modified. */
  private void scoresAt(int pos, float[] out, int off) {
    for (int cl = 0; cl < kp; cl++) {
      out[off + cl] = f[cl * positions + pos];
    }
  }

  private void clearDeferred() {
    Arrays.fill(deferCol, 0, nd, null);
    nd = 0;
  }

  /** Records the classifier that just erred (with its survival count) and the update that replaces it. */
  private void log(int plus, int minus) {
    if (updates == logSv.length) {
      logSv = Arrays.copyOf(logSv, updates * 2);
      logPlus = Arrays.copyOf(logPlus, updates * 2);
      logMinus = Arrays.copyOf(logMinus, updates * 2);
      counts = Arrays.copyOf(counts, updates * 2 + 1);
    }
    counts[updates] = survived;
    logPlus[updates] = plus;
    logMinus[updates] = minus;
    updates++;
    survived = 1;
  }

  private int newSlot(int i) {
    if (m == svRow.length) {
      svRow = Arrays.copyOf(svRow, m * 2);
      alpha = Arrays.copyOf(alpha, m * 2 * kp);
      if (beta != null) {
        beta = Arrays.copyOf(beta, m * 2 * kp);
      }
    }
    svRow[m] = i;
    slotOf[i] = m;
    return m++;
  }

  /**
   * The budget's removal (Cavallanti, Cesa-Bianchi and Gentile 2007): a support vector drawn
   * uniformly from the seeded stream leaves with its coefficients; the last one takes its place.
   */
  private void removeRandom() {
    int r = removal.nextInt(m);
    int row = svRow[r];
    for (int cl = 0; cl < kp; cl++) {
      delta[cl] = -alpha[r * kp + cl];
    }
    if (columnOf[row] != null) {
      apply(columnOf[row], delta);
      cacheLeft += columnOf[row].length;
      columnOf[row] = null;
    } else {
      pend(row, delta, 0);
    }
    slotOf[row] = -1;
    int last = m - 1;
    if (r != last) {
      svRow[r] = svRow[last];
      slotOf[svRow[r]] = r;
      System.arraycopy(alpha, last * kp, alpha, r * kp, kp);
      if (beta != null) {
        System.arraycopy(beta, last * kp, beta, r * kp, kp);
      }
    }
    Arrays.fill(alpha, last * kp, last * kp + kp, 0f);
    if (beta != null) {
      Arrays.fill(beta, last * kp, last * kp + kp, 0.0);
    }
    m = last;
  }

  /** Adds a pending update: row's kernel times change[off, off + kp) on every row's scores; commits when full. */
  private void pend(int row, float[] change, int off) {
    pendRow[np] = row;
    System.arraycopy(change, off, pendDelta, np * kp, kp);
    rows.packWide(row, packedRow[np], pendBlock, width, np);
    packedRow[np] = row;
    pendNorms[np] = rows.norm(row);
    np++;
    if (np == pendingCap) {
      commit();
    }
  }

  /**
   * The pending updates' kernel columns against all training rows, added to f after the deferred
   * updates ({@link #flush}); the columns of rows that are support vectors are kept while the cache has room, so a
   * later update of the same support vector needs no Gram block. The training rows are taken as
   * row quads ({@link KernelRows#quads}, laid out once per fit), split over threads, each running,
   * per block of COMMIT_ROWS rows, the Gram block, its finish, the copy into the columns and the
   * column scores: the work of a row does not depend on the others'.
   */
  private void commit() {
    int n = positions;
    float[][] fill = new float[np][];
    for (int u = 0; u < np; u++) {
      int row = pendRow[u];
      if (slotOf[row] >= 0 && columnOf[row] == null && cacheLeft >= n) {
        columnOf[row] = new float[n];
        cacheLeft -= n;
      }
      // The commit writes every pending row's values into a column (a row updated twice while
      // pending fills its cached column twice, with the same values): the column scores read them.
      fill[u] = columnOf[row] != null ? columnOf[row] : scratchColumn(u);
    }
    // The deferred terms first, then the pending ones: the order of the updates. A pass of its
    // own: training's first commits have none, and a loop for them in pendingColumns, never
    // entered there, had the JIT compile it (with the vector code it inlines) again once it was.
    if (nd > 0) {
      flush();
    }
    pendingColumns(fill, true);
    np = 0;
  }

  /**
   * The pending rows' finished kernel values against every training row, into {@code into[u]}
   * for the pending rows u whose entry is not null, and with {@code addToScores} also added times
   * the coefficient changes to f in place (a commit). Split over threads in blocks of
   * COMMIT_ROWS rows, each thread with its own scratch: per block the Gram block, its finish, the
   * copy into the columns and the column scores (each row's score of each class one chain over
   * the pending updates in order, as a visit adds them). A padding position's scores and column
   * entries are written and never read.
   */
  private void pendingColumns(float[][] into, boolean addToScores) {
    blockColumns(pendBlock, pendNorms, np, into, addToScores);
  }

  /**
   * {@link #pendingColumns} for the first {@code lanes} rows of a wide block of width lanes and
   * their norms; {@code addToScores} only for the pending block, whose coefficient changes it adds.
   */
  private void blockColumns(float[] block, float[] norms, int lanes, float[][] into, boolean addToScores) {
    if (kernel.usesNorms()) {
      rows.norm(0); // computed once, before the threads read them
    }
    GramBlocks.forRanges(0, quads.quads(), (long) positions * width * d, COMMIT_QUADS, (lo, hi) -> {
      float[] g = new float[Math.min(COMMIT_QUADS, hi - lo) * RowQuads.ROWS * width];
      for (int a = lo; a < hi; a += COMMIT_QUADS) {
        int b = Math.min(hi, a + COMMIT_QUADS);
        blockKernels(block, norms, lanes, a, b, g);
        copyColumns(g, a, b, into);
        if (addToScores) {
          GramBlocks.columnScores(into, lanes, a * RowQuads.ROWS, b * RowQuads.ROWS, pendDelta, kp, k, f, positions);
        }
      }
    });
  }

  /**
   * The finished kernel values of a wide block's first lanes rows (the pending rows, norms
   * their squared norms) against the rows of quads [a, b): {@code g[(pos - 4a) * width + u]} for
   * the layout's positions pos and u &lt; lanes (a padding position's as of a zero row). All the
   * block's lanes, filled or not, as every commit computes them. Only g is modified.
   */
  private void blockKernels(float[] block, float[] norms, int lanes, int a, int b, float[] g) {
    GramBlocks.gramQuads(quads, a, b, block, width, g, 0, width);
    boolean usesNorms = kernel.usesNorms();
    int first = a * RowQuads.ROWS;
    for (int pos = first; pos < b * RowQuads.ROWS; pos++) {
      int t = quads.row(pos);
      kernel.finish(g, (pos - first) * width, lanes, usesNorms && t >= 0 ? rows.norm(t) : 0f, norms);
    }
  }

  /** {@code columns[u][pos] = g[(pos - 4a) * width + u]} for the positions of quads [a, b), where columns[u] is not null. */
  private void copyColumns(float[] g, int a, int b, float[][] columns) {
    int first = a * RowQuads.ROWS;
    for (int u = 0; u < columns.length; u++) {
      float[] column = columns[u];
      if (column != null) {
        for (int pos = first; pos < b * RowQuads.ROWS; pos++) {
          column[pos] = g[(pos - first) * width + u];
        }
      }
    }
  }

  /** Pending index u's scratch column (positions floats, made at its first use and kept). */
  private float[] scratchColumn(int u) {
    if (scratch[u] == null) {
      scratch[u] = new float[positions];
    }
    return scratch[u];
  }

  /** Caps the column cache at this many floats (before the first visit; for tests). */
  void cacheLimit(long floats) {
    cacheLimit = floats;
  }

  /** Defers at most this many terms of updates from cached columns, 1 adding each at once (before the first visit; for tests). */
  void deferCap(int cap) {
    deferCap = cap;
  }

  /**
   * Every row's committed scores as a visit sees them before the pending updates (n x kp floats,
   * the deferred terms added; a copy, for tests).
   */
  float[] committedScores() {
    int n = positionOf.length;
    float[] out = new float[n * kp];
    for (int t = 0; t < n; t++) {
      scoresAt(positionOf[t], out, t * kp);
      addDeferred(out, t * kp, positionOf[t]);
    }
    return out;
  }

  @Override
  KernelModel model() {
    return withTrainingClasses(snapshot(), false);
  }

  /**
   * {@link #model()}; with the options' {@link TrainingOptions#trainingClasses}, its training
   * classes computed even when the cache lacks columns: from the cached columns and Gram blocks of
   * the rest ({@link #trainingScoresInBatches}), once, at the end of the fit, rather than by a Gram
   * block of every support vector at the first request. The voted form keeps {@link #model()}'s
   * rule (its scores need every column of a row at once).
   */
  @Override
  KernelModel finalModel() {
    return withTrainingClasses(snapshot(), trainingClassesInBatches);
  }

  private KernelModel snapshot() {
    Dataset sv = data == null ? null : data.subset(Arrays.copyOf(svRow, m));
    if (sv == null) {
      throw new IllegalStateException("no model before the first visit");
    }
    if (algorithm == Algorithm.VOTED) {
      long[] cs = Arrays.copyOf(counts, updates + 1);
      cs[updates] = survived;
      return new KernelModel(kernel, algorithm, labels, sv, null, new float[kp],
          Arrays.copyOf(logSv, updates), Arrays.copyOf(logPlus, updates), Arrays.copyOf(logMinus, updates), cs, bias);
    }
    float[] coef = Arrays.copyOf(alpha, m * kp);
    float[] biases = b.clone();
    if (beta != null) {
      for (int j = 0; j < coef.length; j++) {
        coef[j] = AveragedRule.average(alpha[j], beta[j], c);
      }
      for (int cl = 0; cl < kp; cl++) {
        biases[cl] = AveragedRule.average(b[cl], betaB[cl], c);
      }
    }
    return new KernelModel(kernel, algorithm, labels, sv, coef, biases, null, null, null, null, false);
  }

  /**
   * The model with the predicted classes of the training rows, computed from the kernel columns
   * of its support vectors against every training row (no Gram block of the whole set), when the
   * cache holds every column but those of pending updates (computed here, apart from the cache and
   * the committed scores, so training goes on unchanged), or with {@code inBatches} from the
   * cached columns and Gram blocks of the others; the model itself otherwise. A column
   * holds the bits the model's own Gram block gives for the row and the support vector (the same
   * chain over the features, the same finish with the same norms), and the scores are summed by
   * the model's own code, so the classes are those of {@link KernelModel#predictClasses}.
   */
  private KernelModel withTrainingClasses(KernelModel model, boolean inBatches) {
    float[][] columns = trainingColumns();
    float[] scores;
    if (columns != null) {
      scores = new float[positions * kp];
      model.scoresFromColumns(columns, positions, scores);
    } else if (inBatches) {
      scores = trainingScoresInBatches(model);
    } else {
      return model;
    }
    int[] byPosition = model.classesOfScores(scores, positions);
    int[] classes = new int[positionOf.length];
    for (int t = 0; t < classes.length; t++) {
      classes[t] = byPosition[positionOf[t]];
    }
    return model.withTrainingClasses(data, classes);
  }

  /**
   * The kernel columns of the support vectors in slot order (K(x_t, S[s]) for every training row
   * t, at t's layout position: {@link #rowAt} gives the row of a position), from the cache and,
   * for support vectors whose first update is still pending, from one Gram block of all rows
   * against the pending block ({@link #pendingColumns}, as a commit); null when a column is in neither.
   */
  float[][] trainingColumns() {
    float[][] columns = new float[m][];
    // The support vectors whose first update is still pending, and their pending indices.
    int[] slots = new int[Math.min(m, np)];
    int[] pendingIndices = new int[slots.length];
    int missing = 0;
    for (int s = 0; s < m; s++) {
      columns[s] = columnOf[svRow[s]];
      if (columns[s] == null) {
        int u = pendingIndex(svRow[s]);
        if (u < 0) {
          return null;
        }
        slots[missing] = s;
        pendingIndices[missing++] = u;
      }
    }
    if (missing == 0) {
      return columns;
    }
    float[][] byPending = new float[np][];
    for (int e = 0; e < missing; e++) {
      columns[slots[e]] = new float[positions];
      byPending[pendingIndices[e]] = columns[slots[e]];
    }
    pendingColumns(byPending, false);
    return columns;
  }

  /**
   * The training rows' scores as {@link KernelModel#scoresFromColumns} gives them from every
   * support vector's column (at each row's layout position, kp a row), with the columns taken in
   * batches of support vectors in slot order: a batch holds cached columns and at most width
   * others, computed as one wide block against every training row ({@link #blockColumns}, the
   * commits' Gram block and finish, so the same bits as a commit's column); each batch's columns
   * are added to the running class sums in order, so each row's chain of each class is the one a
   * single call with every column runs. The rows still pending are computed this way too. Neither
   * the cache nor the committed scores change. Not for the voted form.
   */
  float[] trainingScoresInBatches(KernelModel model) {
    float[] sums = model.columnSums(positions);
    float[] block = new float[width * d];
    float[] norms = new float[width];
    int[] packed = new int[width];
    Arrays.fill(packed, -1);
    float[][] computed = new float[width][];
    float[][] batch = new float[m][];
    for (int s = 0; s < m; ) {
      int first = s;
      int lanes = 0;
      for (; s < m; s++) {
        int row = svRow[s];
        float[] column = columnOf[row];
        if (column == null) {
          if (lanes == width) {
            break;
          }
          rows.packWide(row, packed[lanes], block, width, lanes);
          packed[lanes] = row;
          norms[lanes] = rows.norm(row);
          if (computed[lanes] == null) {
            computed[lanes] = new float[positions];
          }
          column = computed[lanes++];
        }
        batch[s - first] = column;
      }
      if (lanes > 0) {
        blockColumns(block, norms, lanes, Arrays.copyOf(computed, lanes), false);
      }
      model.addColumnScores(batch, first, s - first, sums, positions);
    }
    float[] scores = new float[positions * kp];
    model.scoresOfSums(sums, positions, scores);
    return scores;
  }

  /** The training row at a layout position of {@link #trainingColumns}, or -1 for padding. */
  int rowAt(int position) {
    return quads.row(position);
  }

  /** The first pending update of row, or -1. */
  private int pendingIndex(int row) {
    for (int u = 0; u < np; u++) {
      if (pendRow[u] == row) {
        return u;
      }
    }
    return -1;
  }

  @Override
  String name() {
    return "KERNEL(" + algorithm.name() + ", " + kernel + ")";
  }

  @Override
  int storedVectors() {
    return m;
  }
}
