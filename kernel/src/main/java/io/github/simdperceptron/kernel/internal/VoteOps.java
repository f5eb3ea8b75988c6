package io.github.simdperceptron.kernel.internal;

/** The running-margin pass of {@link VotePasses#run}, over the {@link VotePasses#BLOCK} lanes. */
interface VoteOps {

  void run(VoteEntries entries, int from, int to, double[] dots, double[] s, double[] vote);

  /** The integer pass of {@link VotePasses#runInt}, over the {@link VotePasses#BLOCK} lanes. */
  void runInt(IntVoteEntries entries, int from, int to, int[] steps, int[] s, int[] vote);

  /** The column counts of {@link VotePasses#addCounts}. */
  void addCounts(byte[][] columns, int count, int length, byte[] sums);
}
