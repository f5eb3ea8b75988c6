package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.TrainingLoop;

/**
 * A learner of another package on a dataset's rows ({@link TrainingLoop.DatasetRule}) as an
 * update rule of the loop.
 */
final class ForeignDatasetRule<M extends Model> extends UpdateRule<M> {
  private final TrainingLoop.DatasetRule<M> rule;

  ForeignDatasetRule(TrainingLoop.DatasetRule<M> rule) {
    this.rule = rule;
  }

  @Override
  int visit(Dataset data, int i) {
    return rule.visit(data, i);
  }

  @Override
  M model() {
    return rule.model();
  }

  @Override
  M finalModel() {
    return rule.finalModel();
  }

  @Override
  String name() {
    return rule.name();
  }

  @Override
  int storedVectors() {
    return rule.storedVectors();
  }

  @Override
  int[] trainingClasses(M model) {
    return rule.trainingClasses(model);
  }
}
