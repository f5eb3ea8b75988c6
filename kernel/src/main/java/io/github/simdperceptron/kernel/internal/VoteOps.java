package io.github.simdperceptron.kernel.internal;

/** The running-margin pass of {@link VotePasses#run}, over the {@link VotePasses#BLOCK} lanes. */
interface VoteOps {

  void run(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots, boolean biasSteps,
      double[] s, double[] vote);

  /** The integer pass of {@link VotePasses#runInt}, over the {@link VotePasses#BLOCK} lanes. */
  void runInt(int[] rows, int[] counts, int from, int to, int[] steps, int[] s, int[] vote);

  /** The column counts of {@link VotePasses#addCounts}. */
  void addCounts(byte[][] columns, int count, int length, byte[] sums);
}
