package io.github.simdperceptron.kernel.internal;

/**
 * The voted perceptron's running-margin pass over a block of {@link #BLOCK} documents at once,
 * unchecked, for the voted model.
 *
 * <p>Layout: the dot of stored row r with document b of the block is {@code dots[r * BLOCK + b]}
 * (row-major, a block's documents side by side). Entry e names the stored row {@code rows[e]},
 * whose label {@code y = signs[rows[e]]} is +1 or -1, and votes with {@code counts[e] >= 0}
 * ({@link VoteEntries}, {@link IntVoteEntries}).
 *
 * <p>Pass: for e in [from, to) in order and every lane b,
 * {@code s[b] = s[b] + y * dots[r * BLOCK + b]}, then {@code s[b] = s[b] + y} with the bias
 * steps, then {@code vote[b] = vote[b] + (s[b] > 0 ? counts[e] : -counts[e])}, all in double.
 * Every implementation makes exactly these rounded operations in this order (y times a dot is
 * exact), so they give the same bits on any finite input, and the same bits as the one-document
 * pass that skips the entries with a zero count: adding -0 or +0 leaves a vote that is not -0
 * unchanged, and a vote that starts at +0 and adds only integers is never -0.
 */
public final class VotePasses {
  /** The documents of a block: the lanes of the pass. */
  public static final int BLOCK = 8;

  private static final VoteOps OPS = OpsProvider.ACTIVE.vote;

  private VotePasses() {}


  /** Which implementation runs: {@code "panama"} or {@code "scalar"}. */
  public static String implementation() {
    return OPS instanceof ScalarVoteOps ? "scalar" : "panama";
  }

  /**
   * The pass above over entries [from, to), every {@code rows[e] >= 0}, with the bias steps when
   * the entries have them; s and vote (length at least {@link #BLOCK}) hold the margins and votes
   * so far and are updated in place. Only s and vote are modified.
   */
  public static void run(VoteEntries entries, int from, int to, double[] dots, double[] s, double[] vote) {
    OPS.run(entries, from, to, dots, s, vote);
  }

  /**
   * The same pass in int lanes, for dots that are integers: {@code steps[r * BLOCK + b]} is the
   * whole move of the margin of document b on an entry of stored row r, {@code y_r * dot (+ y_r)
   * with the bias steps}, already folded in. For e in [from, to) in order and every lane b,
   * {@code s[b] = s[b] + steps[rows[e] * BLOCK + b]}, then
   * {@code vote[b] = vote[b] + (s[b] > 0 ? counts[e] : -counts[e])}, in int arithmetic (modulo
   * 2^32, so every implementation gives the same bits whatever it groups). s and vote (length at
   * least {@link #BLOCK}) are updated in place; only they are modified.
   *
   * <p>Equal to {@link #run}: let every dot, every starting margin and every count be an integer,
   * every partial margin (the start of a lane plus any prefix of its steps) at most 2^31 - 1 in
   * magnitude, and the counts of the range plus the magnitude of the starting vote at most
   * 2^31 - 1. Then {@link #run} computes only integers below 2^53 in magnitude, which a double
   * holds exactly, so each of its adds is exact: its margins are the exact sums, and so are the
   * int margins here (no int add wraps, since every partial sum is in range). The two passes
   * compare the same margins with 0, add the same counts with the same signs, and their votes
   * are the same integer, exactly (a double vote that starts at +0 and adds integers is never -0).
   * The caller checks these bounds.
   */
  public static void runInt(IntVoteEntries entries, int from, int to, int[] steps, int[] s, int[] vote) {
    OPS.runInt(entries, from, to, steps, s, vote);
  }

  /**
   * {@code sums[r] = (byte) (sums[r] + columns[0][r] + ... + columns[count - 1][r])} for r in
   * [0, length): with columns of 0s and 1s, how many of the first count columns have row r, added
   * to sums[r]. Exact when the caller keeps every such total within a byte (at most
   * {@link #MAX_COUNTED}, as when sums starts at 0 and count is at most {@link #MAX_COUNTED});
   * in any case every implementation gives the same bytes (byte arithmetic wraps the same whatever
   * the order of the adds). Only sums is modified.
   */
  public static void addCounts(byte[][] columns, int count, int length, byte[] sums) {
    OPS.addCounts(columns, count, length, sums);
  }

  /** The largest count a byte holds: 127, the most columns {@link #addCounts} sums from 0 exactly. */
  public static final int MAX_COUNTED = Byte.MAX_VALUE;
}
