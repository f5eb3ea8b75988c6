package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import io.github.simdperceptron.learn.internal.VotedAccess;
import io.github.simdperceptron.kernel.internal.SparseLoops;
import io.github.simdperceptron.kernel.internal.VotePasses;
import java.util.Arrays;

/**
 * One thread's working arrays for scoring with a {@link VotedModel}: the dot product of x with
 * every anchor and every stored row, then the running-margin pass over the entries. Sparse stored
 * rows are reached through their transpose ({@link VotedModel#columns}): x's non-zero x_j adds
 * {@code x_j x_{r,j}} to the dot of every stored row r that has feature j (a scatter-add per
 * non-zero of x), so the work is the pairs of non-zeros x and a row share, not every stored
 * non-zero; a feature that many stored rows have is a dense column instead, added with one vector
 * axpy. Dense stored rows take one dot each. In a block, a binary document against binary
 * stored rows counts its dense features instead ({@link #countedRowDots}), with the same dots.
 * A block of documents ({@link #scoreBlock}) shares
 * one pass over the entries, in int lanes when the dots are integers small enough for the int
 * pass to be exact, else in double. Nothing here allocates per call.
 *
 * <p>It is longer than 600 lines because its paths (dots per document, and the double, int and
 * byte passes of a block) are one concept: they fill and read the same scratch arrays, choose
 * among themselves per block and give the same votes; the model's shared tables are
 * {@link VotedShared}'s.
 */
final class VotedScratch {
  /** The most non-zeros a document of {@link #countedRowDots} has: 2^24, so that every dot is exact in float. */
  static final int MAX_EXACT = 1 << 24;

  /** The largest magnitude of a margin or a vote of the integer pass: 2^31 - 1. */
  static final long INT_LIMIT = Integer.MAX_VALUE;

  private static final int B = VotePasses.BLOCK;

  private final VotedShared shared;
  private final VotedAccess.Parts p;
  private final Dataset columns;
  private final float[][] denseColumns;
  /** Zero between calls. */
  private final float[] dense;
  private final float[] anchorDots;
  /** The dots of the current document: one of {@link #laneDots} while a block is scored. */
  private float[] rowDots;
  /**
   * A block's dots as {@link #row} finds them, one array a document; null in a scratch that
   * scores one document at a time (as the block arrays below are).
   */
  private final float[][] laneDots;
  /** A block's dots, {@code [r * B + b]} for stored row r and document b. */
  private final double[] blockDots;
  private final double[] blockAnchors;
  private final double[] margin = new double[B];
  private final double[] votes = new double[B];
  /**
   * The integer pass's block: {@code [r * B + b]} the move of document b's margin on an entry of
   * stored row r, {@code y_r * dot (+ y_r)}; {@code [a * B + b]} its margin at anchor a. Null also
   * when the integer pass never applies ({@link VotedShared#intCounts} is null).
   */
  private final int[] intSteps;
  private final int[] intAnchors;
  private final int[] intMargin = new int[B];
  private final int[] intVotes = new int[B];
  /** The byte columns of the document in {@link #countedRowDots}, up to {@link VotePasses#MAX_COUNTED}. */
  private final byte[][] picked = new byte[VotePasses.MAX_COUNTED][];
  /** The byte counts of {@link #countedRowDots}, one a stored row; null without the block arrays. */
  private final byte[] countSums;
  /**
   * A block's dots as {@link #byteRowDots} finds them, one array a document; null without the
   * block arrays, and when the byte dots never apply (no byte columns, or no integer pass).
   */
  private final byte[][] laneCounts;
  /** The shortcuts a block may take: those of {@link VotedBlockPaths#ALL} but in tests. */
  private final boolean countedDots;
  private final boolean byteDots;
  private final boolean intPass;

  /** How a block of {@link #scoreBlock} was scored. */
  enum BlockPass {
    /** In double, from float dots. */
    DOUBLE,
    /** In int lanes, from float dots ({@link #intBlock}). */
    INT,
    /** In int lanes, from dots counted in bytes ({@link #byteBlock}). */
    BYTES
  }

  /** A scratch that scores one document at a time: it has no block arrays. */
  VotedScratch(VotedShared shared) {
    this(shared, false, VotedBlockPaths.ALL);
  }

  /** A scratch with the block arrays when blocks is true, its blocks taking every shortcut. */
  VotedScratch(VotedShared shared, boolean blocks) {
    this(shared, blocks, VotedBlockPaths.ALL);
  }

  /**
   * A scratch with the arrays of {@link #scoreBlock} when blocks is true, its blocks taking the
   * shortcuts of paths. The arrays are made here rather than on its first block, so that the
   * block methods test no array for null: the JIT compiles them from the profile of one scratch,
   * and a branch that profile never took would send them back to the interpreter on the first
   * block of every new one.
   */
  VotedScratch(VotedShared shared, boolean blocks, VotedBlockPaths paths) {
    this.countedDots = paths.countedDots;
    this.byteDots = paths.byteDots;
    this.intPass = paths.intPass;
    this.shared = shared;
    this.p = shared.p;
    this.columns = shared.columns;
    this.denseColumns = shared.denseColumns;
    this.dense = new float[p.dimension];
    this.anchorDots = new float[p.anchors.length];
    int n = p.rows == null ? 0 : p.rows.size();
    this.rowDots = new float[n];
    if (blocks) {
      laneDots = new float[B][];
      laneDots[0] = rowDots;
      for (int b = 1; b < B; b++) {
        laneDots[b] = new float[n];
      }
      blockDots = new double[n * B];
      blockAnchors = new double[anchorDots.length * B];
      countSums = shared.countColumns == null ? null : new byte[n];
    } else {
      laneDots = null;
      blockDots = null;
      blockAnchors = null;
      countSums = null;
    }
    boolean ints = blocks && shared.intCounts != null;
    intSteps = ints ? new int[n * B] : null;
    intAnchors = ints ? new int[anchorDots.length * B] : null;
    laneCounts = ints && shared.countColumns != null ? new byte[B][n] : null;
  }

  /**
   * {@code out[first + b]} = the score of row first + b of data, for b in [0, count), count at
   * most {@link VotePasses#BLOCK}: each row's dots as {@link #row} finds them, side by side, then
   * one pass over the entries for all of them ({@link VotePasses#run} between anchors, the
   * anchors here), making the one-document pass's operations in its order lane by lane. When the
   * model and the rows are integer-valued and the bound of {@link #intLane} holds for every row
   * of the block, the pass runs in int lanes instead ({@link #intBlock}), with the same result,
   * from dots counted in bytes when they are counts of at most {@link VotePasses#MAX_COUNTED}
   * ({@link #byteBlock}). This scratch must have the block arrays. Only out[first, first + count)
   * and this scratch are modified. Returns the pass that scored the block.
   */
  BlockPass scoreBlock(Dataset data, int first, int count, float[] out) {
    // The path of a block is chosen here, before any of its work, so that a rare row (a long one)
    // deoptimizes this small method rather than the compiled block methods, whose profile may
    // never have seen one.
    if (intPass && shared.intCounts != null && integralRows(data, first, count)) {
      if (byteDots && laneCounts != null && byteRows(data, first, count)) {
        if (byteBlock(data, first, count, out)) {
          return BlockPass.BYTES;
        }
      } else if (intBlock(data, first, count, out)) {
        return BlockPass.INT;
      }
    }
    double[] dots = blockDots;
    for (int b = 0; b < count; b++) {
      rowDots = laneDots[b];
      blockRow(data, first + b);
      for (int a = 0; a < anchorDots.length; a++) {
        blockAnchors[a * B + b] = anchorDots[a];
      }
    }
    // Row by row, so that the block is written in order; lanes past count keep the finite dots
    // of an earlier block, and their votes are not read.
    if (count == 8 && B == 8) {
      doubleDots(laneDots, dots);
    } else {
      for (int r = 0, at = 0; r < rowDots.length; r++, at += B) {
        for (int b = 0; b < count; b++) {
          dots[at + b] = laneDots[b][r];
        }
      }
    }
    Arrays.fill(votes, 0.0);
    int[] entries = p.entries;
    int[] anchorAt = shared.anchorEntries;
    double[] c = shared.counts;
    for (int k = 0; k < anchorAt.length; k++) {
      int e = anchorAt[k];
      int a = -1 - entries[e];
      for (int b = 0; b < B; b++) {
        margin[b] = blockAnchors[a * B + b] + p.anchorBiases[a];
        votes[b] += margin[b] > 0 ? c[e] : -c[e];
      }
      int end = k + 1 < anchorAt.length ? anchorAt[k + 1] : entries.length;
      if (e + 1 < end) {
        VotePasses.run(shared.voteEntries, e + 1, end, dots, margin, votes);
      }
    }
    for (int b = 0; b < count; b++) {
      out[first + b] = (float) votes[b];
    }
    return BlockPass.DOUBLE;
  }

  /**
   * The integer pass for rows [first, first + count) of data (integer-valued, as the model is),
   * when it applies: each row's dots as {@link #row} finds them, tested by {@link #intLane} (false,
   * out untouched, as soon as a row fails), folded into int steps, then
   * {@link VotePasses#runInt} between anchors.
   *
   * <p>Why the scores are those of the double pass, bit for bit. The dots are integers: a float
   * product or sum of integers is an integer rounded to float, and that is an integer (a float of
   * magnitude 2^24 or more is one, and a smaller integer is a float exactly), or infinite, or NaN.
   * {@link #intLane} admits a row when, with M a bound of the magnitude of its dots with the stored
   * rows and E the entries with a stored row, {@code E (M + 1) + max_a |anchor_a . x + b_a|} is at
   * most 2^31 - 1 (NaN and infinities fail). M is the row's number of non-zeros when its dots are
   * counts ({@link #countedRowDots}: each is the number of the row's features a stored row has),
   * else the largest magnitude of its dots. A margin of the pass is an anchor's term plus the
   * steps {@code y_r dot (+ y_r)} of some of the entries after it, each of magnitude at most
   * {@code M + 1}, so every margin and step is within 2^31 - 1; the counts total at most
   * 2^31 - 1 ({@link VotedShared#intCounts}), which bounds every vote. These are the conditions of
   * {@link VotePasses#runInt} for its equality with {@link VotePasses#run}: the double pass makes
   * only exact operations on these integers, the int pass the same operations without wrapping,
   * so the votes are the same integer, and {@code (float)} of an int and of a double that hold
   * the same integer round it alike. Each anchor's term {@code dot + b_a} is exact in double and
   * in int for the same reason.
   */
  boolean intBlock(Dataset data, int first, int count, float[] out) {
    for (int b = 0; b < count; b++) {
      rowDots = laneDots[b];
      boolean counted = blockRow(data, first + b);
      if (!intLane(b, counted ? data.nonZeros(first + b) : largest(rowDots))) {
        return false;
      }
    }
    // Row by row, so that the block is written in order; lanes past count keep the steps of an
    // earlier block (perhaps one that failed): an int add that wraps there harms nothing, and
    // their votes are not read. The casts are exact (integers below 2^31).
    if (count == 8 && B == 8) {
      intSteps(laneDots, shared.stepSign, shared.stepBias, intSteps);
    } else {
      int[] sign = shared.stepSign;
      int[] bias = shared.stepBias;
      for (int r = 0, at = 0; r < rowDots.length; r++, at += B) {
        for (int b = 0; b < count; b++) {
          intSteps[at + b] = sign[r] * (int) laneDots[b][r] + bias[r];
        }
      }
    }
    intVotes(first, count, out);
    return true;
  }

  /**
   * The integer pass of {@link #intBlock} for rows [first, first + count) of data, every one
   * admitted by {@link #byteRow}, when it applies (false, out untouched, as soon as a row fails
   * the bound): the dots are counts ({@link #byteRowDots}), folded into int steps from the bytes.
   * The same steps as {@link #intBlock}'s from the same integers, so the same scores; a count of
   * a row is at most its number of non-zeros, the bound M of {@link #intBlock}.
   */
  boolean byteBlock(Dataset data, int first, int count, float[] out) {
    for (int b = 0; b < count; b++) {
      int i = first + b;
      byteRowDots(data, i, laneCounts[b]);
      anchors(data, i);
      if (!intLane(b, data.nonZeros(i))) {
        return false;
      }
    }
    // As in intBlock: lanes past count keep an earlier block's steps, whose votes are not read.
    if (count == 8 && B == 8) {
      byteSteps(laneCounts, shared.stepSign, shared.stepBias, intSteps);
    } else {
      int[] sign = shared.stepSign;
      int[] bias = shared.stepBias;
      for (int r = 0, at = 0; r < sign.length; r++, at += B) {
        for (int b = 0; b < count; b++) {
          intSteps[at + b] = sign[r] * laneCounts[b][r] + bias[r];
        }
      }
    }
    intVotes(first, count, out);
    return true;
  }

  /**
   * The int pass between anchors over the steps and anchor terms of the block, its votes written
   * to out[first, first + count).
   */
  private void intVotes(int first, int count, float[] out) {
    Arrays.fill(intVotes, 0);
    int[] entries = p.entries;
    int[] anchorAt = shared.anchorEntries;
    int[] c = shared.intCounts;
    for (int k = 0; k < anchorAt.length; k++) {
      int e = anchorAt[k];
      int a = -1 - entries[e];
      for (int b = 0; b < B; b++) {
        int m = intAnchors[a * B + b];
        intMargin[b] = m;
        intVotes[b] += m > 0 ? c[e] : -c[e];
      }
      int end = k + 1 < anchorAt.length ? anchorAt[k + 1] : entries.length;
      if (e + 1 < end) {
        VotePasses.runInt(shared.intEntries, e + 1, end, intSteps, intMargin, intVotes);
      }
    }
    for (int b = 0; b < count; b++) {
      out[first + b] = (float) intVotes[b];
    }
  }

  /** {@code steps[r * B + b] = sign[r] * (int) lanes[b][r] + bias[r]} for a full block (B = 8). */
  private static void intSteps(float[][] lanes, int[] sign, int[] bias, int[] steps) {
    float[] l0 = lanes[0], l1 = lanes[1], l2 = lanes[2], l3 = lanes[3];
    float[] l4 = lanes[4], l5 = lanes[5], l6 = lanes[6], l7 = lanes[7];
    int n = sign.length;
    for (int r = 0, at = 0; r < n; r++, at += 8) {
      int y = sign[r];
      int yb = bias[r];
      steps[at] = y * (int) l0[r] + yb;
      steps[at + 1] = y * (int) l1[r] + yb;
      steps[at + 2] = y * (int) l2[r] + yb;
      steps[at + 3] = y * (int) l3[r] + yb;
      steps[at + 4] = y * (int) l4[r] + yb;
      steps[at + 5] = y * (int) l5[r] + yb;
      steps[at + 6] = y * (int) l6[r] + yb;
      steps[at + 7] = y * (int) l7[r] + yb;
    }
  }

  /** {@code steps[r * B + b] = sign[r] * lanes[b][r] + bias[r]} for a full block (B = 8). */
  private static void byteSteps(byte[][] lanes, int[] sign, int[] bias, int[] steps) {
    byte[] l0 = lanes[0], l1 = lanes[1], l2 = lanes[2], l3 = lanes[3];
    byte[] l4 = lanes[4], l5 = lanes[5], l6 = lanes[6], l7 = lanes[7];
    int n = sign.length;
    for (int r = 0, at = 0; r < n; r++, at += 8) {
      int y = sign[r];
      int yb = bias[r];
      steps[at] = y * l0[r] + yb;
      steps[at + 1] = y * l1[r] + yb;
      steps[at + 2] = y * l2[r] + yb;
      steps[at + 3] = y * l3[r] + yb;
      steps[at + 4] = y * l4[r] + yb;
      steps[at + 5] = y * l5[r] + yb;
      steps[at + 6] = y * l6[r] + yb;
      steps[at + 7] = y * l7[r] + yb;
    }
  }

  /** {@code dots[r * B + b] = lanes[b][r]} for a full block (B = 8). */
  private static void doubleDots(float[][] lanes, double[] dots) {
    float[] l0 = lanes[0], l1 = lanes[1], l2 = lanes[2], l3 = lanes[3];
    float[] l4 = lanes[4], l5 = lanes[5], l6 = lanes[6], l7 = lanes[7];
    int n = l0.length;
    for (int r = 0, at = 0; r < n; r++, at += 8) {
      dots[at] = l0[r];
      dots[at + 1] = l1[r];
      dots[at + 2] = l2[r];
      dots[at + 3] = l3[r];
      dots[at + 4] = l4[r];
      dots[at + 5] = l5[r];
      dots[at + 6] = l6[r];
      dots[at + 7] = l7[r];
    }
  }

  /** The largest magnitude of dots, 0 when there is none, NaN when one is NaN. */
  private static float largest(float[] dots) {
    float largest = 0f;
    for (float d : dots) {
      // NaN sticks (Math.max).
      largest = Math.max(largest, Math.abs(d));
    }
    return largest;
  }

  /**
   * Whether the dots of an integer-valued row admit the integer pass, by the bound of
   * {@link #intBlock} with M = largest (at least the magnitude of each of its dots with the stored
   * rows, or NaN, which fails) and its anchor dots in anchorDots; writes the anchors' terms of
   * lane b.
   */
  boolean intLane(int b, float largest) {
    double anchors = 0;
    int[] ab = shared.anchorBiasInts;
    boolean exact = true;
    for (int a = 0; a < anchorDots.length; a++) {
      float d = anchorDots[a];
      int v = (int) d;
      exact &= v == (double) d;
      long term = (long) v + ab[a];
      anchors = Math.max(anchors, Math.abs(term));
      intAnchors[a * B + b] = (int) term;
    }
    // Exact when the bound is at most 2^31 - 1, and above it when the true value is (rounding is
    // monotone and every integer up to 2^53 is a double).
    return exact && (double) shared.rowEntries * ((double) largest + 1) + anchors <= INT_LIMIT;
  }

  /** Whether rows [first, first + count) of data have integer values only. */
  private static boolean integralRows(Dataset data, int first, int count) {
    boolean integral = true;
    for (int i = first; i < first + count && integral; i++) {
      integral = integralRow(data, i);
    }
    return integral;
  }

  /** Whether row i of data has integer values only (a binary sparse row has). */
  static boolean integralRow(Dataset data, int i) {
    boolean integral = true;
    if (data.isSparse()) {
      float[] values = DataAccess.values(data);
      if (values != null) {
        for (int t = DataAccess.rowStart(data, i), end = t + data.nonZeros(i); t < end; t++) {
          integral &= Math.rint(values[t]) == values[t];
        }
      }
    } else {
      float[] x = DataAccess.rowArray(data, i);
      for (int j = DataAccess.rowOffset(data, i), end = j + data.dimension(); j < end; j++) {
        integral &= Math.rint(x[j]) == x[j];
      }
    }
    return integral;
  }

  /** {@code rowDots += alpha x_{., j}}: column j of the transpose, dense or a scatter-add. */
  private void addColumn(int j, float alpha) {
    float[] column = denseColumns[j];
    if (column != null) {
      DenseOps.axpy(alpha, column, rowDots);
    } else {
      DataAccess.addTo(columns, j, alpha, rowDots);
    }
  }

  /** The dots of a dense x of length d. Returns this. */
  VotedScratch dense(float[] x) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : DenseOps.dot(p.anchors[a], x);
    }
    denseRowDots(x, 0, x.length);
    return this;
  }

  /** The dots of a sparse x (indices in [0, d), values null for binary). Returns this. */
  VotedScratch sparse(int[] indices, float[] values) {
    for (int a = 0; a < anchorDots.length; a++) {
      // The zero scratch stands for a zero anchor, so that x is checked in every case (entry 0 is
      // an anchor).
      anchorDots[a] = SparseOps.dot(indices, values, p.anchors[a] == null ? dense : p.anchors[a]);
    }
    sparseRowDots(indices, values, 0, indices.length);
    return this;
  }

  /**
   * The dots of row i of data for a block: those of {@link #row}, bit for bit, by
   * {@link #countedRowDots} when it applies. Returns whether it did.
   */
  private boolean blockRow(Dataset data, int i) {
    if (countedDots && countedRowDots(data, i)) {
      anchors(data, i);
      return true;
    }
    row(data, i);
    return false;
  }

  /**
   * The dots of row i of data when it is sparse, the row and the stored rows are binary (every
   * value 1; the stored rows have {@link VotedShared#countColumns}) and the row has at most
   * {@link #MAX_EXACT} non-zeros, else false (rowDots untouched): the
   * scatter-adds of its features without a byte column, then, for the others, how many of them
   * each stored row has ({@link VotePasses#addCounts} in bytes, up to {@link VotePasses#MAX_COUNTED}
   * byte columns at a time, added to the dots). Only a scratch with the block arrays takes this
   * path.
   *
   * <p>Why these are the dots of {@link #row} bit for bit. There, every add is of
   * {@code 1 * 1 = 1} or {@code 1 * 0 = +0}, so the dot of stored row r is a float sum, from +0, of
   * ones and zeros, at most 2^24 of them: each partial sum is an integer of at most 2^24, which a
   * float holds exactly, so the sum is exact whatever the order, the number of x's features that
   * row r has, and it is +0 (never -0) when there is none. The same integer is found here: the
   * scatter-adds of 1 and the counts, converted exactly and added, are exact by the same bound.
   */
  boolean countedRowDots(Dataset data, int i) {
    byte[][] counted = shared.countColumns;
    if (counted == null || !data.isSparse()) {
      return false;
    }
    int from = DataAccess.rowStart(data, i);
    int nonZeros = data.nonZeros(i);
    float[] values = DataAccess.values(data);
    if (nonZeros > MAX_EXACT) {
      return false;
    }
    if (values != null) {
      for (int t = from; t < from + nonZeros; t++) {
        if (values[t] != 1f) {
          return false;
        }
      }
    }
    int[] indices = DataAccess.indices(data);
    int[] rowOf = DataAccess.indices(columns);
    float[] dots = rowDots;
    Arrays.fill(dots, 0f);
    int k = 0;
    for (int t = from; t < from + nonZeros; t++) {
      int j = indices[t];
      byte[] column = counted[j];
      if (column == null) {
        SparseLoops.scatterAdd(1f, rowOf, null, DataAccess.rowStart(columns, j), columns.nonZeros(j), dots, 0);
      } else {
        picked[k++] = column;
        if (k == picked.length) {
          addPicked(k, dots);
          k = 0;
        }
      }
    }
    if (k > 0) {
      addPicked(k, dots);
    }
    return true;
  }

  /**
   * {@code dots[r] += } how many of the first k picked columns have row r, k at most
   * {@link VotePasses#MAX_COUNTED} (exact: the count is a byte, then an integer float add).
   */
  private void addPicked(int k, float[] dots) {
    byte[] sums = countSums;
    Arrays.fill(sums, (byte) 0);
    VotePasses.addCounts(picked, k, sums.length, sums);
    for (int r = 0; r < dots.length; r++) {
      dots[r] += sums[r];
    }
  }

  /** Whether {@link #byteRow} admits every row of [first, first + count) of data. */
  private boolean byteRows(Dataset data, int first, int count) {
    boolean all = true;
    for (int i = first; i < first + count && all; i++) {
      all = byteRow(data, i);
    }
    return all;
  }

  /**
   * Whether row i of data takes its dots in bytes ({@link #byteRowDots}): the stored rows are
   * binary ({@link VotedShared#countColumns}), and the row is sparse, with every value 1 and at most
   * {@link VotePasses#MAX_COUNTED} non-zeros.
   */
  boolean byteRow(Dataset data, int i) {
    if (shared.countColumns == null || !data.isSparse() || data.nonZeros(i) > VotePasses.MAX_COUNTED) {
      return false;
    }
    float[] values = DataAccess.values(data);
    boolean ones = true;
    for (int t = DataAccess.rowStart(data, i), end = t + data.nonZeros(i); values != null && t < end; t++) {
      ones &= values[t] == 1f;
    }
    return ones;
  }

  /**
   * {@code counts[r]} = how many of the features of row i of data (a row {@link #byteRow} admits)
   * stored row r has: the dots of {@link #row}, which are these counts exactly (see
   * {@link #countedRowDots}), each at most the row's number of non-zeros and so a byte. Ones
   * through the short lists of the features without a byte column, then the byte columns of the
   * others summed in ({@link VotePasses#addCounts}). counts has one byte a stored row; only it is
   * modified.
   */
  void byteRowDots(Dataset data, int i, byte[] counts) {
    byte[][] counted = shared.countColumns;
    int from = DataAccess.rowStart(data, i);
    int nonZeros = data.nonZeros(i);
    int[] indices = DataAccess.indices(data);
    int[] rowOf = DataAccess.indices(columns);
    Arrays.fill(counts, (byte) 0);
    int k = 0;
    for (int t = from; t < from + nonZeros; t++) {
      int j = indices[t];
      byte[] column = counted[j];
      if (column == null) {
        for (int q = DataAccess.rowStart(columns, j), end = q + columns.nonZeros(j); q < end; q++) {
          counts[rowOf[q]]++;
        }
      } else {
        picked[k++] = column;
      }
    }
    VotePasses.addCounts(picked, k, counts.length, counts);
  }

  /** The dots of the current document with the stored rows (for tests). */
  float[] dots() {
    return rowDots;
  }

  /** The anchors' dots of row i of data (dimension at most d), in anchorDots. */
  private void anchors(Dataset data, int i) {
    for (int a = 0; a < anchorDots.length; a++) {
      anchorDots[a] = p.anchors[a] == null ? 0f : data.dot(i, p.anchors[a]);
    }
  }

  /** The dots of row i of data (dimension at most d). Returns this. */
  VotedScratch row(Dataset data, int i) {
    anchors(data, i);
    if (data.isSparse()) {
      Dataset s = data;
      sparseRowDots(DataAccess.indices(s), DataAccess.values(s), DataAccess.rowStart(s, i), s.nonZeros(i));
    } else {
      Dataset dd = data;
      denseRowDots(DataAccess.rowArray(dd, i), DataAccess.rowOffset(dd, i), data.dimension());
    }
    return this;
  }

  /** rowDots[r] = x_r . x for the dense x in x[offset, offset + length), length at most d. */
  private void denseRowDots(float[] x, int offset, int length) {
    if (rowDots.length == 0) {
      return;
    }
    if (columns != null) {
      Arrays.fill(rowDots, 0f);
      for (int j = 0; j < length; j++) {
        if (x[offset + j] != 0f) {
          addColumn(j, x[offset + j]);
        }
      }
    } else if (length == p.dimension) {
      for (int r = 0; r < rowDots.length; r++) {
        rowDots[r] = DataAccess.dot(p.rows, r, x, offset);
      }
    } else {
      // A narrower row: padded with zeros to d in the scratch.
      System.arraycopy(x, offset, dense, 0, length);
      denseRowDots(dense, 0, p.dimension);
      Arrays.fill(dense, 0, length, 0f);
    }
  }

  /** rowDots[r] = x_r . x for the sparse x in indices/values [offset, offset + count). */
  private void sparseRowDots(int[] indices, float[] values, int offset, int count) {
    if (columns != null) {
      Arrays.fill(rowDots, 0f);
      for (int t = offset; t < offset + count; t++) {
        addColumn(indices[t], values == null ? 1f : values[t]);
      }
    } else if (rowDots.length > 0) {
      Dataset rows = p.rows;
      for (int r = 0; r < rowDots.length; r++) {
        rowDots[r] = SparseOps.dot(indices, values, offset, count, DataAccess.rowArray(rows, r),
            DataAccess.rowOffset(rows, r), p.dimension);
      }
    }
  }

  /**
   * The vote from the dots: the margin s of the current vector, set by an anchor to
   * {@code anchor . x + b} and moved by a mistake on row r by {@code y_r (x_r . x)} (+ y_r with
   * the bias steps), all in double; {@code sum c_e sgn(s_e)} over the entries, in double. Each
   * s_e is written to {@code margins[e]} unless margins is null.
   */
  float vote(double[] margins) {
    int[] entries = p.entries;
    long[] counts = p.counts;
    double s = 0;
    double vote = 0;
    for (int e = 0; e < entries.length; e++) {
      int r = entries[e];
      if (r >= 0) {
        double y = p.rowLabels[r];
        s += y * rowDots[r];
        if (p.biasSteps) {
          s += y;
        }
      } else {
        s = (double) anchorDots[-1 - r] + p.anchorBiases[-1 - r];
      }
      if (counts[e] > 0) {
        vote += counts[e] * (s > 0 ? 1.0 : -1.0);
      }
      if (margins != null) {
        margins[e] = s;
      }
    }
    return (float) vote;
  }
}
