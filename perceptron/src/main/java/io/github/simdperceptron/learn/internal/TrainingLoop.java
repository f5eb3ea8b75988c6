package io.github.simdperceptron.learn.internal;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;

/**
 * The one training loop of the learn package, for a learner of another package; not part of the
 * API. The loop does for it what it does for the learners of {@link Learner}: the validation
 * split, the epochs, the seeded order of the examples, stopping after an epoch without an update,
 * early stopping, progress, cancellation and the {@link TrainingReport} (docs/learners.md). A
 * learner that trains on a {@link Dataset}'s rows and makes a {@link Model} (the kernel
 * perceptron) hands the loop a {@link DatasetRule}; one that holds its own examples (the
 * structured perceptron and its sentences) hands it a {@link Rule}.
 */
public final class TrainingLoop {
  /** A visit's outcome: the learner neither erred nor changed its state. */
  public static final int CORRECT = 0;
  /** A visit's outcome: the learner erred on the example. */
  public static final int MISTAKE = 1;
  /** A visit's outcome: the learner changed its state. */
  public static final int UPDATED = 2;

  /**
   * A learner on a dataset's rows, as the learn package's own update rules are: how one visit
   * changes the state, and which model the state stands for. Not thread-safe: one loop runs it.
   *
   * @param <M> the model
   */
  public abstract static class DatasetRule<M extends Model> {
    protected DatasetRule() {}

    /**
     * Visits example i of data; returns {@link #CORRECT} or a combination of {@link #MISTAKE}
     * and {@link #UPDATED}.
     */
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

  /**
   * A learner as the loop sees it: the examples are numbered 0 to n - 1, and a model of type S
   * stands for its state.
   *
   * @param <S> the model
   */
  public interface Rule<S> {
    /** The algorithm's name in the report, e.g. {@code "STRUCTURED(AVERAGED)"}. */
    String name();

    /** Called before each epoch's first visit. */
    void epochStarting();

    /** Visits example i; returns {@link #MISTAKE} and {@link #UPDATED} combined, or 0. */
    int visit(int i);

    /** The model the current state stands for, a snapshot that later visits do not change. */
    S model();

    /** The model at the end of training; training may not go on after this call. */
    S finalModel();

    /** The validation measure of model on the examples given (ascending; not modified): higher is better. */
    double accuracy(S model, int[] examples);

    /** The training error of model on the examples given (ascending; not modified), for the report. */
    double trainingError(S model, int[] examples);
  }

  /** A trained model and the report of the run that made it. */
  public static final class Result<S> {
    private final S model;
    private final TrainingReport report;

    public Result(S model, TrainingReport report) {
      this.model = model;
      this.report = report;
    }

    /** The model: the best epoch's on the validation examples when the options hold out some, else the final one. */
    public S model() {
      return model;
    }

    public TrainingReport report() {
      return report;
    }
  }

  /** The operations behind this class, implemented in the learn package. */
  public interface Bridge {
    <S> Result<S> fit(Rule<S> rule, int examples, TrainingOptions options);

    <M extends Model> FitResult<M> fit(DatasetRule<M> rule, Dataset data, TrainingOptions options);

    <M extends Model> FitResult<M> resume(DatasetRule<M> rule, Dataset data, TrainingOptions options, int epochs,
        Continuation at);

    long fingerprint(Dataset data);
  }

  /**
   * Where a training that goes on in several runs ({@link #resume}) stands between them: the
   * example-order generator's state ({@link SeededRandom#state()}), whether the learner has stopped
   * (the loop's status bits: 1 converged, 2 halted) and its run of visits without an update, and
   * the epochs run so far. A fresh one stands before the first run. Not thread-safe.
   */
  public static final class Continuation {
    private long generator;
    private byte status;
    private int clean;
    private int epochs;

    /** Before the first run of a training seeded by {@code seed}. */
    public Continuation(long seed) {
      this(new SeededRandom(seed).state(), (byte) 0, 0, 0);
    }

    /** A continuation as {@link #generator()}, {@link #status()}, {@link #clean()} and {@link #epochs()} gave it. */
    public Continuation(long generator, byte status, int clean, int epochs) {
      this.generator = generator;
      this.status = status;
      this.clean = clean;
      this.epochs = epochs;
    }

    /** The example-order generator's 48-bit state. */
    public long generator() {
      return generator;
    }

    /** The learner's status bits after the last run (0: still learning). */
    public byte status() {
      return status;
    }

    /** The learner's run of visits without an update at the end of the last run. */
    public int clean() {
      return clean;
    }

    /** Epochs run so far. */
    public int epochs() {
      return epochs;
    }

    /** Records a run's end: the generator's state, the stopping, and epochs more run. */
    public void ran(long generator, byte status, int clean, int epochs) {
      this.generator = generator;
      this.status = status;
      this.clean = clean;
      this.epochs += epochs;
    }
  }

  private static Bridge installed;

  private TrainingLoop() {}

  /** Called once by the learn package when {@link Learner} is initialized; any other call throws. */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(Learner.class.getPackageName())
        || c.getClassLoader() != Learner.class.getClassLoader()) {
      throw new IllegalStateException("the training loop bridge is installed by the learn package, once");
    }
    installed = bridge;
  }

  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(Learner.class.getName(), true, Learner.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (TrainingLoop.class) {
        return installed;
      }
    }
  }

  /**
   * Trains {@code rule} on its examples 0 to n - 1 with the options' epochs, seed, shuffling,
   * validation split and patience, update log and progress listener (the options of the linear
   * learners alone, such as the bias, tau or the vote cap, do not apply). With a validation
   * fraction, round(n * fraction) examples (at least 1) are held out, chosen as
   * {@code Learner.fit} chooses a dataset's rows, and the rule never visits them; the report's
   * mistakes and updates count visits whose outcome had {@link #MISTAKE} and {@link #UPDATED}.
   *
   * @throws IllegalArgumentException when the validation fraction leaves no training example
   * @throws java.util.concurrent.CancellationException when the thread is interrupted during the run
   */
  public static <S> Result<S> fit(Rule<S> rule, int n, TrainingOptions options) {
    return Holder.BRIDGE.fit(rule, n, options);
  }

  /**
   * Fits from scratch with {@code rule}, as the learn package's batch fits do: the options'
   * validation split, epochs, seeded order, stopping and progress; the rule is used by this one
   * fit. Cancellable: throws {@link java.util.concurrent.CancellationException} at a visit once
   * the thread is interrupted. Neither data nor options are modified.
   */
  public static <M extends Model> FitResult<M> fit(DatasetRule<M> rule, Dataset data, TrainingOptions options) {
    return Holder.BRIDGE.fit(rule, data, options);
  }

  /**
   * Runs up to {@code epochs} more epochs of {@code rule} on data as one run that had gone on from
   * {@code at} would (none when the learner has stopped): the order drawn from the generator's
   * state, the stopping carried over, no validation split; then advances {@code at}. A first run
   * from a fresh {@link Continuation} is {@link #fit} of {@code epochs} epochs without a validation
   * split. Cancellable as {@link #fit}. Neither data nor options are modified.
   */
  public static <M extends Model> FitResult<M> resume(DatasetRule<M> rule, Dataset data, TrainingOptions options,
      int epochs, Continuation at) {
    return Holder.BRIDGE.resume(rule, data, options, epochs, at);
  }

  /**
   * A fingerprint of data's rows in order (each row's class name and non-zeros), as the linear
   * learners' training state records the data it ran on (docs/online.md).
   */
  public static long fingerprint(Dataset data) {
    return Holder.BRIDGE.fingerprint(data);
  }
}
