package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.internal.ClassCoefs;
import io.github.simdperceptron.kernel.internal.FloatRows;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.RowQuads;
import io.github.simdperceptron.kernel.internal.SvPanels;
import java.util.Arrays;

/**
 * Every training row's scores under the updates so far, as LIBSVM's solver keeps its gradient up
 * to date from kernel columns (docs/kernel-perceptron.md). The committed scores are kept in
 * {@code f} (kp x positions, class-major). An update (a mistake, or a budget removal) is first
 * pending ({@link PendingBlock}): a visit's scores are its committed scores plus the kernel values
 * of the pending rows (one small Gram block) times their coefficient changes. When
 * {@code pendingCap} updates are pending, they are committed: the kernel values of the pending rows
 * against all training rows as one Gram block (compute-bound, split over threads), added to every
 * row's scores. A fit thus computes each update's kernel column once instead of every support
 * vector's kernel values once per visit; a support vector's column is kept after its commit while
 * the {@link ColumnCache} has room, and a later update of it is added from the cache
 * ({@link DeferredTerms}, in order). With integer data and the linear or polynomial kernel every
 * sum is exact, so the mistakes do not depend on pendingCap (1 is the literal
 * one-visit-at-a-time perceptron); on real data they agree unless a score lies within rounding of
 * a tie.
 */
final class TrainingScores {
  /**
   * Training rows per Gram block of a commit: the Gram block interleaves as many rows at a time,
   * and its COMMIT_ROWS x pendingCap floats (32 KB) are still in cache when the rows are finished.
   */
  private static final int COMMIT_ROWS = 128;
  /** Quads of training rows per Gram block of a commit: COMMIT_ROWS rows. */
  private static final int COMMIT_QUADS = COMMIT_ROWS / RowQuads.ROWS;

  private final KernelModel.Function kernel;
  private final int k;
  private final int kp;
  private final int d;
  /** Whether a row is a support vector when a commit computes its column (then the cache may keep it). */
  private final Coefficients supportVectors;
  private final KernelRows rows;
  /** The training rows as row quads: the layout of the commits' Gram blocks, of f and of the cached columns. */
  private final RowQuads quads;
  /** Positions in the quads' layout (rows and padding): f and every cached column have one entry per position. */
  private final int positions;
  /** The layout position of each training row. */
  private final int[] positionOf;
  /**
   * The committed scores, class-major: class cl's score of the row at layout position pos at
   * {@code f[cl * positions + pos]}, so that adding a cached column to one class's scores runs
   * along both arrays.
   */
  private final float[] f;
  /** f as the kernel's column scores take it: kp rows of positions floats. */
  private final FloatRows fRows;
  /** The pending block's coefficient changes as the kernel's column scores take them. */
  private final ClassCoefs pendingCoefs;
  private final ColumnCache cache;
  private final DeferredTerms deferred;
  private final PendingBlock pending;
  /** Columns for the pending updates whose row has no cached column of its own in a commit. */
  private final float[][] scratch;

  /**
   * The scores of train's rows under no update, for k classes (kp padded; 1 for binary), sized by
   * settings; a commit asks supportVectors whether a pending row is a support vector.
   */
  TrainingScores(Dataset train, KernelModel.Function kernel, int k, int kp, KernelSettings settings,
      Coefficients supportVectors) {
    this.kernel = kernel;
    this.k = k;
    this.kp = kp;
    this.d = train.dimension();
    this.supportVectors = supportVectors;
    this.pending = new PendingBlock(settings.pendingCap, kp, d);
    this.scratch = new float[settings.pendingCap][];
    // The rows as they came (sparse rows stay sparse): training reads them only through the quads.
    this.rows = new KernelRows(train);
    int n = train.size();
    this.quads = rows.quads();
    this.positions = quads.quads() * RowQuads.ROWS;
    this.positionOf = new int[n];
    for (int pos = 0; pos < positions; pos++) {
      if (quads.row(pos) >= 0) {
        positionOf[quads.row(pos)] = pos;
      }
    }
    this.f = new float[kp * positions];
    this.fRows = new FloatRows(f, positions);
    this.pendingCoefs = new ClassCoefs(pending.deltas(), kp, k);
    this.cache = new ColumnCache(n, positions, settings.cacheBudget());
    this.deferred = new DeferredTerms(settings.deferCap, k, kp);
  }

  /**
   * Training row i's scores from the updates so far, without the biases, into out[0, kp): the
   * committed ones, then the deferred terms, then the pending updates. Only out is modified.
   */
  void scoresOf(int i, float[] out) {
    int at = positionOf[i];
    scoresAt(at, out, 0);
    if (deferred.count() > 0) {
      deferred.addTo(out, 0, at);
    }
    if (pending.count() > 0) {
      pending.addScores(rows, i, at, kernel, out);
    }
  }

  /** K(x_i, x_i): the row's squared norm as the Gram blocks sum it, finished as a Gram value. */
  float selfKernel(int i) {
    float norm = rows.norm(i);
    float[] g = {norm};
    kernel.finish(g, 0, 1, norm, new float[] {norm});
    return g[0];
  }

  /**
   * Adds row's kernel times change[0, kp) to every row's scores: from row's cached column,
   * deferred, when it has one; else pending (committed when pendingCap wait). change is not
   * modified.
   */
  void add(int row, float[] change) {
    float[] column = cache.column(row);
    if (column != null) {
      apply(column, change);
    } else {
      pend(row, change);
    }
  }

  /** {@link #add} for a support vector that leaves: its cached column, if any, leaves the cache. */
  void remove(int row, float[] change) {
    float[] column = cache.column(row);
    if (column != null) {
      apply(column, change);
      cache.release(row);
    } else {
      pend(row, change);
    }
  }

  /**
   * Adds a cached kernel column times a coefficient change to every row's committed scores: the
   * same terms a commit would add (change * K(x_row, x_t)), so no Gram block is computed again;
   * deferred ({@link DeferredTerms}), a visit adding the waiting terms to its own scores first.
   */
  private void apply(float[] column, float[] change) {
    for (int cl = 0; cl < k; cl++) {
      float step = change[cl];
      if (step != 0f && deferred.add(column, cl, step)) {
        deferred.flushInto(fRows, positions);
      }
    }
  }

  private void pend(int row, float[] change) {
    if (pending.add(rows, row, change, 0)) {
      commit();
    }
  }

  /** Copies the kp committed scores of layout position pos to out[off, off + kp). Only out is modified. */
  private void scoresAt(int pos, float[] out, int off) {
    for (int cl = 0; cl < kp; cl++) {
      out[off + cl] = f[cl * positions + pos];
    }
  }

  /**
   * The pending updates' kernel columns against all training rows, added to f after the deferred
   * terms; the columns of rows that are support vectors are kept while the cache has room, so a
   * later update of the same support vector needs no Gram block. The training rows are taken as
   * row quads ({@link KernelRows#quads}, laid out once per fit), split over threads, each running,
   * per block of COMMIT_ROWS rows, the Gram block, its finish, the copy into the columns and the
   * column scores: the work of a row does not depend on the others'.
   */
  private void commit() {
    int np = pending.count();
    float[][] fill = new float[np][];
    for (int u = 0; u < np; u++) {
      int row = pending.row(u);
      if (supportVectors.holds(row)) {
        cache.admit(row);
      }
      // The commit writes every pending row's values into a column (a row updated twice while
      // pending fills its cached column twice, with the same values): the column scores read them.
      fill[u] = cache.column(row) != null ? cache.column(row) : scratchColumn(u);
    }
    // The deferred terms first, then the pending ones: the order of the updates. A pass of its
    // own: training's first commits have none, and a loop for them in pendingColumns, never
    // entered there, had the JIT compile it (with the vector code it inlines) again once it was.
    if (deferred.count() > 0) {
      deferred.flushInto(fRows, positions);
    }
    pendingColumns(fill, true);
    pending.clear();
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
  void pendingColumns(float[][] into, boolean addToScores) {
    blockColumns(pending.block(), pending.norms(), pending.count(), into, addToScores);
  }

  /**
   * {@link #pendingColumns} for the first {@code lanes} rows of a block (one panel) of {@link #width()}
   * lanes and their norms; {@code addToScores} only for the pending block, whose coefficient
   * changes it adds.
   */
  void blockColumns(SvPanels block, float[] norms, int lanes, float[][] into, boolean addToScores) {
    if (kernel.usesNorms()) {
      rows.norm(0); // computed once, before the threads read them
    }
    int width = pending.width();
    GramBlocks.forRanges(0, quads.quads(), (long) positions * width * d, COMMIT_QUADS, (lo, hi) -> {
      FloatRows g = new FloatRows(new float[Math.min(COMMIT_QUADS, hi - lo) * RowQuads.ROWS * width], width);
      for (int a = lo; a < hi; a += COMMIT_QUADS) {
        int b = Math.min(hi, a + COMMIT_QUADS);
        blockKernels(block, norms, lanes, a, b, g);
        copyColumns(g.values(), a, b, into);
        if (addToScores) {
          GramBlocks.columnScores(into, lanes, a * RowQuads.ROWS, b * RowQuads.ROWS, pendingCoefs, fRows);
        }
      }
    });
  }

  /**
   * The finished kernel values of a block's first lanes rows (the pending rows, norms
   * their squared norms) against the rows of quads [a, b): {@code g[(pos - 4a) * width + u]} for
   * the layout's positions pos and u &lt; lanes (a padding position's as of a zero row). All the
   * block's lanes, filled or not, as every commit computes them. Only g is modified.
   */
  private void blockKernels(SvPanels block, float[] norms, int lanes, int a, int b, FloatRows gram) {
    int width = pending.width();
    GramBlocks.gramQuads(quads, a, b, block, gram, 0);
    float[] g = gram.values();
    boolean usesNorms = kernel.usesNorms();
    int first = a * RowQuads.ROWS;
    for (int pos = first; pos < b * RowQuads.ROWS; pos++) {
      int t = quads.row(pos);
      kernel.finish(g, (pos - first) * width, lanes, usesNorms && t >= 0 ? rows.norm(t) : 0f, norms);
    }
  }

  /** {@code columns[u][pos] = g[(pos - 4a) * width + u]} for the positions of quads [a, b), where columns[u] is not null. */
  private void copyColumns(float[] g, int a, int b, float[][] columns) {
    int width = pending.width();
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

  /**
   * Copies every row's committed scores as a visit sees them (the deferred terms added, k a row),
   * the cached rows and the pending updates into s; nothing here changes.
   */
  void capture(KernelRuleState s) {
    int n = positionOf.length;
    float[] all = committedScores();
    s.scores = new float[n * k];
    for (int t = 0; t < n; t++) {
      System.arraycopy(all, t * kp, s.scores, t * k, k);
    }
    s.cachedRows = cache.rows();
    int np = pending.count();
    s.pendingRows = new int[np];
    for (int u = 0; u < np; u++) {
      s.pendingRows[u] = pending.row(u);
    }
    s.pendingChanges = new float[np * k];
    for (int u = 0; u < np; u++) {
      System.arraycopy(pending.deltas(), u * kp, s.pendingChanges, u * k, k);
    }
  }

  /**
   * Puts the scores, the cache and the pending updates of s back into this engine, made for the
   * same rows and still without an update: the scores as committed ones (no deferred term), the
   * cached rows' columns computed again as commits compute them (so the same bits), the pending
   * updates added in order. Throws {@link IllegalArgumentException} when a cached or pending row is
   * out of range, or the cache's budget has no room for a column.
   */
  void restore(KernelRuleState s) {
    int n = positionOf.length;
    for (int t = 0; t < n; t++) {
      for (int cl = 0; cl < k; cl++) {
        f[cl * positions + positionOf[t]] = s.scores[t * k + cl];
      }
    }
    int width = pending.width();
    float[] block = new float[Math.multiplyExact(width, d)];
    SvPanels svBlock = new SvPanels(block, d, width, width);
    float[] norms = new float[width];
    int[] packed = new int[width];
    Arrays.fill(packed, -1);
    for (int first = 0; first < s.cachedRows.length; first += width) {
      int lanes = Math.min(width, s.cachedRows.length - first);
      float[][] into = new float[lanes][];
      for (int u = 0; u < lanes; u++) {
        int row = s.cachedRows[first + u];
        // Not always a support vector: a removal whose own update fills the pending block commits
        // it while the row still holds its slot, and its column stays.
        if (row < 0 || row >= n) {
          throw new IllegalArgumentException("cached column " + (first + u) + ": row " + row
              + " is not one of the " + n + " training rows");
        }
        cache.admit(row);
        into[u] = cache.column(row);
        if (into[u] == null) {
          throw new IllegalArgumentException("cached column " + (first + u) + ": the cache's budget of "
              + s.cacheBudget + " bytes has no room for it");
        }
        rows.pack(row, packed[u], block, width, u);
        packed[u] = row;
        norms[u] = rows.norm(row);
      }
      blockColumns(svBlock, norms, lanes, into, false);
    }
    if (s.pendingRows.length >= pending.cap()) {
      throw new IllegalArgumentException(s.pendingRows.length + " pending updates, more than the "
          + (pending.cap() - 1) + " that wait between commits");
    }
    float[] change = new float[kp];
    for (int u = 0; u < s.pendingRows.length; u++) {
      int row = s.pendingRows[u];
      if (row < 0 || row >= n) {
        throw new IllegalArgumentException("pending update " + u + ": row " + row + " is not one of the " + n
            + " training rows");
      }
      System.arraycopy(s.pendingChanges, u * k, change, 0, k);
      pending.add(rows, row, change, 0);
    }
  }

  /** The training rows as the Gram blocks take them. */
  KernelRows rows() {
    return rows;
  }

  /** Positions of the layout: a column's length. */
  int positions() {
    return positions;
  }

  /** The layout position of training row t. */
  int positionOf(int t) {
    return positionOf[t];
  }

  /** The training row at a layout position, or -1 for padding. */
  int rowAt(int position) {
    return quads.row(position);
  }

  /** Training rows. */
  int size() {
    return positionOf.length;
  }

  /** Lanes of a block ({@link #blockColumns}): the pending block's. */
  int width() {
    return pending.width();
  }

  /** Features of a row. */
  int dimension() {
    return d;
  }

  /** Row's cached column, or null. */
  float[] cachedColumn(int row) {
    return cache.column(row);
  }

  /** The pending updates. */
  PendingBlock pending() {
    return pending;
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
      deferred.addTo(out, t * kp, positionOf[t]);
    }
    return out;
  }
}
