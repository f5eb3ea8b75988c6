package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;

/**
 * The four op families of this package ({@link GramOps}, {@link ClassScoreOps}, {@link ViterbiOps},
 * {@link VoteOps}), chosen once, together: the Vector API implementations when the kernel runs on
 * Panama, the scalar ones otherwise. The decision is the public kernel's
 * ({@link Kernel#implementation()}: its system property {@code simdperceptron.impl}, its checks and
 * its one warning), so the facades here never run another implementation than the kernel's. The
 * Panama families are built by {@code PanamaOps}, loaded reflectively, so that nothing links
 * {@code jdk.incubator.vector} when the scalar kernel runs.
 */
final class OpsProvider {
  /** The families every facade of this package runs. */
  static final OpsProvider ACTIVE = choose();

  final GramOps gram;
  final ClassScoreOps classScores;
  final ViterbiOps viterbi;
  final VoteOps vote;

  OpsProvider(GramOps gram, ClassScoreOps classScores, ViterbiOps viterbi, VoteOps vote) {
    this.gram = gram;
    this.classScores = classScores;
    this.viterbi = viterbi;
    this.vote = vote;
  }

  /** The scalar families, reductions fused when fma. */
  static OpsProvider scalar(boolean fma) {
    return new OpsProvider(new ScalarGramOps(fma), new ScalarClassScoreOps(fma), new ScalarViterbiOps(),
        new ScalarVoteOps());
  }

  private static OpsProvider choose() {
    if (!"panama".equals(Kernel.implementation())) {
      return scalar(Kernel.usesFma());
    }
    try {
      return (OpsProvider) Class.forName(OpsProvider.class.getPackageName() + ".PanamaOps")
          .getDeclaredMethod("families").invoke(null);
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("the kernel runs on Panama but the Panama op families did not load", e);
    }
  }
}
