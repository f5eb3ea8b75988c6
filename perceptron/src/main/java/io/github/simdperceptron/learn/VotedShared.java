package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.internal.IntVoteEntries;
import io.github.simdperceptron.kernel.internal.VoteEntries;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Arrays;
import java.util.stream.IntStream;

/** A model's read-only tables, shared by the scratches of all threads. */
final class VotedShared {
  final VotedAccess.Parts p;
  /** The transposed sparse rows, or null when there are none or they are dense. */
  final Dataset columns;
  /** Per feature: its column written out dense ({@link VotedModel#denseColumns}), or null. */
  final float[][] denseColumns;
  /** The entries that are anchors, in order (entry 0 first). */
  final int[] anchorEntries;
  /** Each entry's count as a double, for the blocked pass. */
  final double[] counts;
  /**
   * Each entry's count as an int for the integer pass, or null when that pass never applies:
   * a stored row, an anchor or an anchor bias is not integer-valued, an anchor bias exceeds
   * {@link VotedScratch#INT_LIMIT} in magnitude, or the counts total more than
   * {@link VotedScratch#INT_LIMIT}.
   */
  final int[] intCounts;
  /** The entries with their double counts, as the blocked pass reads them. */
  final VoteEntries voteEntries;
  /** The entries with their int counts, as the integer pass reads them; null with intCounts. */
  final IntVoteEntries intEntries;
  /** How many entries name a stored row. */
  final long rowEntries;
  /** Per stored row, its label as an int, and the label again with the bias steps (else 0). */
  final int[] stepSign;
  final int[] stepBias;
  /** The anchor biases as ints (meaningful when intCounts is not null). */
  final int[] anchorBiasInts;
  /**
   * Per feature with a dense column: that column as bytes (0 or 1), when every stored value is 1
   * (the transpose has no values); null otherwise, and null for the other features.
   */
  final byte[][] countColumns;

  VotedShared(VotedAccess.Parts p, Dataset columns, float[][] denseColumns) {
    this.p = p;
    this.columns = columns;
    this.denseColumns = denseColumns;
    this.countColumns = countColumns(columns, denseColumns);
    this.anchorEntries = IntStream.range(0, p.entries.length).filter(e -> p.entries[e] < 0).toArray();
    this.counts = Arrays.stream(p.counts).asDoubleStream().toArray();
    int n = p.rows == null ? 0 : p.rows.size();
    this.stepSign = new int[n];
    this.stepBias = new int[n];
    boolean integral = true;
    for (int r = 0; r < n; r++) {
      stepSign[r] = (int) p.rowLabels[r];
      stepBias[r] = p.biasSteps ? stepSign[r] : 0;
      integral &= VotedScratch.integralRow(p.rows, r);
    }
    long total = 0;
    long uses = 0;
    for (int e = 0; e < p.entries.length; e++) {
      uses += p.entries[e] >= 0 ? 1 : 0;
      total += p.counts[e];
    }
    this.rowEntries = uses;
    this.anchorBiasInts = new int[p.anchors.length];
    for (int a = 0; a < p.anchors.length; a++) {
      float ab = p.anchorBiases[a];
      integral &= Math.rint(ab) == ab && Math.abs(ab) <= VotedScratch.INT_LIMIT;
      anchorBiasInts[a] = (int) ab;
      if (p.anchors[a] != null) {
        for (float v : p.anchors[a]) {
          integral &= Math.rint(v) == v;
        }
      }
    }
    // Every count is >= 0, so the total bounds every partial vote.
    this.intCounts = integral && total <= VotedScratch.INT_LIMIT
        ? Arrays.stream(p.counts).mapToInt(c -> (int) c).toArray() : null;
    this.voteEntries = new VoteEntries(p.entries, p.rowLabels, counts, p.biasSteps);
    this.intEntries = intCounts == null ? null : new IntVoteEntries(p.entries, intCounts);
  }

  /** The dense columns of a binary transpose as bytes, or null when the transpose has values. */
  private static byte[][] countColumns(Dataset columns, float[][] denseColumns) {
    if (columns == null || DataAccess.values(columns) != null) {
      return null;
    }
    byte[][] out = new byte[denseColumns.length][];
    for (int j = 0; j < out.length; j++) {
      float[] column = denseColumns[j];
      if (column != null) {
        out[j] = new byte[column.length];
        for (int r = 0; r < column.length; r++) {
          out[j][r] = (byte) column[r];
        }
      }
    }
    return out;
  }
}
