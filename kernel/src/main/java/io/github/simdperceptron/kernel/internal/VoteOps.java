package io.github.simdperceptron.kernel.internal;

/** The running-margin pass of {@link VotePasses#run}, over the {@link VotePasses#BLOCK} lanes. */
interface VoteOps {

  void run(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots, boolean biasSteps,
      double[] s, double[] vote);
}
