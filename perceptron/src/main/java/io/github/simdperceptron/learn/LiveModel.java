package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import java.util.Objects;

/**
 * A model that goes on learning while others predict with it. One writer at a time learns a
 * batch of examples through an online pass of a {@link TrainingState} ({@link TrainingState#pass()}:
 * each example predicted, counted, then learnt); after the batch the model is published as an
 * immutable {@link Snapshot}, which readers take with {@link #snapshot()} without waiting for the
 * writer. Writers ({@link #learn}, {@link #checkpoint}, {@link #finish}) are serialised; readers
 * never lock.
 *
 * <p>Staleness: a snapshot is the model after the last completed batch, so a prediction made while
 * a batch is being learnt does not see any example of that batch: it is at most one batch behind
 * the examples accepted. It never sees part of a batch.
 *
 * <p>Learning batches b_1..b_m equals one pass over their examples in that order, bit for bit
 * (so {@link #finish()} equals {@link TrainingState.Pass#finish()} after the same examples).
 */
public final class LiveModel {
  /**
   * The model after {@code examples} examples learnt in this pass, {@code mistakes} of them
   * progressive mistakes (the model before the update got them wrong).
   */
  public record Snapshot(Model model, long examples, long mistakes) {}

  private final TrainingState state;
  private final TrainingState.Pass pass;
  private volatile Snapshot current;
  private boolean finished;

  private LiveModel(TrainingState state) {
    this.state = state;
    this.pass = state.pass();
    this.current = new Snapshot(pass.model(), 0, 0);
  }

  /**
   * Starts an online pass of {@code state} (not modified until a batch is learnt); throws as
   * {@link TrainingState#pass()} does for a state before its first run or a learner that cannot
   * learn online.
   */
  public static LiveModel of(TrainingState state) {
    return new LiveModel(Objects.requireNonNull(state, "state"));
  }

  /**
   * Learns every example of {@code batch} in order (predict, count, learn) and publishes the
   * model after them; returns the batch's progressive mistakes. The whole batch is checked first:
   * a dimension above the model's or a class the model does not have throws
   * {@link IllegalArgumentException} naming the row, and nothing is learnt. Throws
   * {@link IllegalStateException} after {@link #finish()}. batch is not modified.
   */
  public synchronized long learn(Dataset batch) {
    Objects.requireNonNull(batch, "batch");
    if (finished) {
      throw new IllegalStateException("the pass is finished");
    }
    Model m = current.model();
    if (batch.dimension() > m.dimension()) {
      throw new IllegalArgumentException("batch: dimension " + batch.dimension() + " is above the model's "
          + m.dimension());
    }
    // Equal labels: every class index of the batch is one of the model's.
    boolean ours = batch.labels().equals(m.labels());
    for (int i = 0; !ours && i < batch.size(); i++) {
      String name = batch.labels().name(batch.classOf(i));
      if (TrainingState.indexOf(m.labels(), name) < 0) {
        throw new IllegalArgumentException("batch: row " + i + ": class '" + name + "' is not one of the model's "
            + m.labels());
      }
    }
    long wrong = pass.learnAll(batch);
    current = new Snapshot(pass.model(), pass.examples(), pass.mistakes());
    return wrong;
  }

  /** The model after the last completed batch, and the pass's counts then; never blocks. */
  public Snapshot snapshot() {
    return current;
  }

  /**
   * The training state after the batches learnt, the pass going on (as
   * {@link TrainingState.Pass#checkpoint()}): to save it, e.g. {@code ModelFile.of(checkpoint())}.
   * The state is this model's own: read it before the next batch.
   */
  public synchronized TrainingState checkpoint() {
    return finished ? state : pass.checkpoint();
  }

  /**
   * Ends the pass as an epoch ends ({@link TrainingState.Pass#finish()}) and returns the state;
   * later calls return the same state, and {@link #learn} throws.
   */
  public synchronized TrainingState finish() {
    if (!finished) {
      finished = true;
      pass.finish();
      current = new Snapshot(state.model(), pass.examples(), pass.mistakes());
    }
    return state;
  }
}
