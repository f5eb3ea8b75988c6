package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.TrainingLoop;

/**
 * A learner of another package ({@link TrainingLoop.Rule}) as an update rule of the loop: the
 * loop's example i is the learner's training example {@code rows[i]}; there is no dataset.
 */
final class ForeignRule<S> extends UpdateRule<S> {
  private final TrainingLoop.Rule<S> learner;
  private final int[] rows;

  ForeignRule(TrainingLoop.Rule<S> learner, int[] rows) {
    this.learner = learner;
    this.rows = rows;
  }

  @Override
  int visit(Dataset none, int i) {
    int outcome = learner.visit(rows[i]);
    return ((outcome & TrainingLoop.MISTAKE) != 0 ? MISTAKE : CORRECT)
        | ((outcome & TrainingLoop.UPDATED) != 0 ? UPDATED : CORRECT);
  }

  @Override
  void epochStarting() {
    learner.epochStarting();
  }

  @Override
  S model() {
    return learner.model();
  }

  @Override
  S finalModel() {
    return learner.finalModel();
  }

  @Override
  String name() {
    return learner.name();
  }
}
