package io.github.simdperceptron.kernel.internal;

/**
 * The entries of a voted model as {@link VotePasses#run} reads them: entry e names the stored row
 * {@code rows[e]} (negative for an anchor, which the pass never reads), whose label
 * {@code signs[rows[e]]} is +1 or -1, and votes with {@code counts[e]}; with {@code biasSteps}
 * every entry also moves the margin by its label. Holds the arrays, does not copy them.
 */
public final class VoteEntries {
  final int[] rows;
  final float[] signs;
  final double[] counts;
  final boolean biasSteps;

  /** Entries rows[e] with counts[e], labels signs[rows[e]], with or without the bias steps. */
  public VoteEntries(int[] rows, float[] signs, double[] counts, boolean biasSteps) {
    assert counts.length >= rows.length : counts.length + " counts for " + rows.length + " entries";
    this.rows = rows;
    this.signs = signs;
    this.counts = counts;
    this.biasSteps = biasSteps;
  }
}
