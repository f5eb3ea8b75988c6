package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;

/**
 * The voted kernel perceptron: every intermediate classifier votes with the number of visits it
 * survived ({@link VoteLog}); no budget.
 */
final class VotedKernelRule extends KernelRule {
  private final VoteLog log = new VoteLog();

  VotedKernelRule(KernelModel.Function kernel, Labels labels, TrainingOptions options, KernelSettings settings) {
    super(Algorithm.VOTED, kernel, null, labels, options, settings, false);
  }

  @Override
  void survived() {
    log.survived();
  }

  @Override
  void mistake(int plus, int minus) {
    log.mistake(plus, minus);
  }

  @Override
  void updated(int slot) {
    log.updated(slot);
  }

  @Override
  void captureLog(KernelRuleState s) {
    log.capture(s);
  }

  @Override
  void restoreLog(KernelRuleState s) {
    if (s.voteSlots == null) {
      throw new IllegalArgumentException("the voted form's log is missing");
    }
    log.restore(s);
  }

  /** The votes need every kernel value of a row at once: no batches of columns. */
  @Override
  boolean batches() {
    return false;
  }

  @Override
  KernelModel snapshot(Dataset supportVectors) {
    return log.model(kernel, labels, supportVectors, bias);
  }
}
