package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.SeededRandom;
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

  @Override
  public <M extends Model> FitResult<M> resume(TrainingLoop.DatasetRule<M> rule, Dataset data, TrainingOptions options,
      int epochs, TrainingLoop.Continuation at) {
    SeededRandom rnd = new SeededRandom(options.seed());
    rnd.restore(at.generator());
    UpdateRule<M> r = new ForeignDatasetRule<>(rule);
    Stopping stopped = new Stopping(1, data.size(), r.haltsAfterCleanCycle(), options.shuffle(),
        new byte[] {at.status()}, new int[] {at.clean()});
    FitResult<M> fit = Trainer.resume(r, data, options, epochs, rnd, stopped);
    at.ran(rnd.state(), r.stopping.status()[0], r.stopping.clean()[0], fit.report().epochs());
    return fit;
  }

  @Override
  public long fingerprint(Dataset data) {
    return TrainingRows.fingerprint(data);
  }
}
