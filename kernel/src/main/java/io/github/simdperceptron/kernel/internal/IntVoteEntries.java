package io.github.simdperceptron.kernel.internal;

/**
 * The entries of a voted model as {@link VotePasses#runInt} reads them: entry e names the stored
 * row {@code rows[e]} (negative for an anchor, which the pass never reads) and votes with the
 * integer {@code counts[e]}; the labels and bias steps are folded into the pass's steps. Holds the
 * arrays, does not copy them.
 */
public final class IntVoteEntries {
  final int[] rows;
  final int[] counts;

  /** Entries rows[e] with counts[e]. */
  public IntVoteEntries(int[] rows, int[] counts) {
    assert counts.length >= rows.length : counts.length + " counts for " + rows.length + " entries";
    this.rows = rows;
    this.counts = counts;
  }
}
