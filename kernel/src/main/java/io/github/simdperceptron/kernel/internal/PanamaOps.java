package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;

/** The Vector API families, loaded reflectively by {@link OpsProvider} only when the kernel runs on Panama. */
final class PanamaOps {
  private PanamaOps() {}

  /**
   * The Panama implementation of every family; the vote pass only from 128-bit vectors on (its
   * lanes are a block's eight documents in double: a 64-bit vector holds one), scalar below.
   */
  static OpsProvider families() {
    VoteOps vote = Kernel.vectorBits() >= 128 ? new PanamaVoteOps() : new ScalarVoteOps();
    return new OpsProvider(new PanamaGramOps(), new PanamaClassScoreOps(), new PanamaViterbiOps(), vote);
  }
}
