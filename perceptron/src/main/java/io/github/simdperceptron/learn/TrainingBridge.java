package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.TrainingAccess;

/** The training loop, handed to {@link TrainingAccess} when {@link FitResult} loads. */
final class TrainingBridge implements TrainingAccess.Bridge {
  @Override
  public <M extends Model> FitResult<M> fit(TrainingAccess.Rule<M> rule, Dataset data, TrainingOptions options) {
    return Trainer.fit(new AccessRule<>(rule), data, options);
  }

  /** A rule of a learner outside this package as the loop runs it. */
  private static final class AccessRule<M extends Model> extends UpdateRule<M> {
    private final TrainingAccess.Rule<M> rule;

    AccessRule(TrainingAccess.Rule<M> rule) {
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
}
