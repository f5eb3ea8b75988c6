package io.github.simdperceptron.learn.internal;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;

/**
 * The one training loop (epochs, example order, stopping, early stopping on a validation split,
 * progress, the report; docs/learners.md) for a learner outside the learn package, such as the
 * kernel perceptron: it hands the loop its update rule as a {@link Rule}. Not part of the API.
 */
public final class TrainingAccess {
  /**
   * What differs between algorithms, as the learn package's own update rules give it: how one
   * visit changes the state, and which model the state stands for. Not thread-safe: one loop
   * runs it.
   */
  public abstract static class Rule<M extends Model> {
    /** Outcome of a visit that found no mistake and made no update. */
    public static final int CORRECT = 0;
    /** Outcome flag: the visit found a mistake. */
    public static final int MISTAKE = 1;
    /** Outcome flag: the visit changed the state. */
    public static final int UPDATED = 2;

    protected Rule() {}

    /** Visits example i of data; returns {@link #CORRECT} or a combination of {@link #MISTAKE} and {@link #UPDATED}. */
    public abstract int visit(Dataset data, int i);

    /** The model the current state stands for (a snapshot: later visits do not change it). */
    public abstract M model();

    /**
     * The model at the end of training, which the fit returns without a validation split (with
     * one it returns its best epoch's {@link #model()}): {@link #model()} unless the rule computes
     * something only the end is worth computing.
     */
    public M finalModel() {
      return model();
    }

    /** The algorithm's name in reports. */
    public abstract String name();

    /** Number of stored vectors, for rules whose memory grows (the support vectors); 0 otherwise. */
    public int storedVectors() {
      return 0;
    }

    /**
     * The predicted classes of the training rows (the data of the visits, in its row order) under
     * {@code model}, the model this rule returned last from {@link #model()} or
     * {@link #finalModel()}, when the rule knows them without scoring the rows; else null. The
     * report's training error is then computed from them. The caller may keep the array;
     * neither side modifies it.
     */
    public int[] trainingClasses(M model) {
      return null;
    }
  }

  /** The operations behind this class, implemented in the learn package. */
  public interface Bridge {
    <M extends Model> FitResult<M> fit(Rule<M> rule, Dataset data, TrainingOptions options);
  }

  private static Bridge installed;

  private TrainingAccess() {}

  /** Called once by the learn package when {@link FitResult} is initialized; any other call throws. */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(FitResult.class.getPackageName())
        || c.getClassLoader() != FitResult.class.getClassLoader()) {
      throw new IllegalStateException("the training bridge is installed by the learn package, once");
    }
    installed = bridge;
  }

  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(FitResult.class.getName(), true, FitResult.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (TrainingAccess.class) {
        return installed;
      }
    }
  }

  /**
   * Fits from scratch with {@code rule}, as the learn package's batch fits do: the options'
   * validation split, epochs, seeded order, stopping and progress; the rule is used by this one
   * fit. Cancellable: throws {@link java.util.concurrent.CancellationException} at a visit once
   * the thread is interrupted. Neither data nor options are modified.
   */
  public static <M extends Model> FitResult<M> fit(Rule<M> rule, Dataset data, TrainingOptions options) {
    return Holder.BRIDGE.fit(rule, data, options);
  }
}
