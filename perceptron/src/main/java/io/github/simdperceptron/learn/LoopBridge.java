package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.TrainingLoop;

/** The training loop, handed to {@link TrainingLoop} when {@link Learner} loads. */
final class LoopBridge implements TrainingLoop.Bridge {
  @Override
  public <S> TrainingLoop.Result<S> fit(TrainingLoop.Rule<S> rule, int examples, TrainingOptions options) {
    return Trainer.fit(rule, examples, options);
  }

  @Override
  public <M extends Model> FitResult<M> fit(TrainingLoop.DatasetRule<M> rule, Dataset data, TrainingOptions options) {
    return Trainer.fit(new ForeignDatasetRule<>(rule), data, options);
  }
}
