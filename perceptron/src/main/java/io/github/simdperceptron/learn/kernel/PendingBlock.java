package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.kernel.internal.ClassCoefs;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.SvPanels;
import java.util.Arrays;

/**
 * The updates not yet committed: each a training row and its coefficient changes (kp floats), the
 * rows packed as one panel as wide as the cap ({@link GramBlocks#pack}: feature j of pending row u
 * at {@code j * width + u}) with their squared norms. A visit's scores take the pending updates from
 * one small Gram block of its row against this one ({@link #addScores}); a commit takes their
 * kernel columns against every training row at once ({@link TrainingScores}).
 */
final class PendingBlock {
  private final int cap;
  private final int kp;
  /** Lanes of a feature in the block: cap rounded up to whole {@link GramBlocks#LANES}. */
  private final int width;
  private final int[] row;
  private final float[] delta;
  private final float[] block;
  /** The block as the kernel's Gram blocks take it. */
  private final SvPanels svBlock;
  /** The coefficient changes as the kernel's class scores take them (every padded class: a row's kp scores). */
  private final ClassCoefs deltaCoefs;
  /** The row each lane of the block holds, or -1 while it is all zeros. */
  private final int[] packedRow;
  private final float[] norms;
  /** A visit's Gram row against the block. */
  private final float[] gRow;
  private int count;

  /** Room for cap updates of kp coefficient changes each, rows of d features. */
  PendingBlock(int cap, int kp, int d) {
    this.cap = cap;
    this.kp = kp;
    this.width = GramBlocks.lanes(cap);
    this.row = new int[cap];
    this.delta = new float[cap * kp];
    this.block = new float[Math.multiplyExact(width, d)];
    this.svBlock = new SvPanels(block, d, width, width);
    this.deltaCoefs = new ClassCoefs(delta, kp, kp);
    this.packedRow = new int[cap];
    Arrays.fill(packedRow, -1);
    this.norms = new float[width];
    this.gRow = new float[width];
  }

  /** Updates pending. */
  int count() {
    return count;
  }

  /** Updates that wait before a commit. */
  int cap() {
    return cap;
  }

  /** Lanes of a feature in the block. */
  int width() {
    return width;
  }

  /** The row of pending update u. */
  int row(int u) {
    return row[u];
  }

  /** The first pending update of r, or -1. */
  int indexOf(int r) {
    for (int u = 0; u < count; u++) {
      if (row[u] == r) {
        return u;
      }
    }
    return -1;
  }

  /** The block (shared: read it, never modify it). */
  SvPanels block() {
    return svBlock;
  }

  /** The squared norms of the block's rows, by lane (shared). */
  float[] norms() {
    return norms;
  }

  /** The coefficient changes, kp per pending update (shared). */
  float[] deltas() {
    return delta;
  }

  /**
   * Adds an update: r's kernel times change[off, off + kp) on every row's scores. Returns whether
   * cap updates now wait (commit them). Only this block changes.
   */
  boolean add(KernelRows rows, int r, float[] change, int off) {
    row[count] = r;
    System.arraycopy(change, off, delta, count * kp, kp);
    rows.pack(r, packedRow[count], block, width, count);
    packedRow[count] = r;
    norms[count] = rows.norm(r);
    count++;
    return count == cap;
  }

  /** Forgets the updates (committed); the block's lanes keep their rows, to be overwritten. */
  void clear() {
    count = 0;
  }

  /**
   * Adds the pending updates to the scores of training row i (at layout position at) in
   * out[0, kp): its finished kernel values against the pending rows times their coefficient
   * changes. Only out is modified.
   */
  void addScores(KernelRows rows, int i, int at, KernelModel.Function kernel, float[] out) {
    // Only the panels that hold pending rows (the lanes after count are never read): on average half
    // the block's loads of a pass over all of it, each lane's chain and bits unchanged.
    rows.gramRow(i, at, svBlock, GramBlocks.lanes(count), gRow, 0);
    kernel.finish(gRow, 0, count, kernel.usesNorms() ? rows.norm(i) : 0f, norms);
    GramBlocks.classScores(gRow, 0, count, deltaCoefs, out, 0);
  }
}
