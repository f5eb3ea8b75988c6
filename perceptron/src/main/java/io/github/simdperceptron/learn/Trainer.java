package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.EpochOrder;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.SeededRandom;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

/**
 * The one training loop every learner runs: epochs, example order, stopping rules, early
 * stopping on a validation split, progress, cancellation and the report; the learners of this
 * package on a dataset's rows, and those of other packages (the structured perceptron) through
 * {@link TrainingLoop} on examples they hold. docs/learners.md fixes its behaviour.
 */
final class Trainer {
  /** The loop looks at its thread's interrupt status before every 16th visit (a mask of the visit's number). */
  private static final int CANCEL_CHECK = 15;

  private Trainer() {}

  /** Fits from scratch: a fresh {@code Random(seed)} sequence ({@link SeededRandom}) orders the examples. */
  static <M extends Model> FitResult<M> fit(UpdateRule<M> rule, Dataset data, TrainingOptions options) {
    Dataset[] split = options.validationFraction() > 0 ? split(data, options.validationFraction(), options.seed())
        : new Dataset[] {data, null};
    return run(rule, split[0], split[1], options, options.maxEpochs(), new SeededRandom(options.seed()), true);
  }

  /**
   * Runs up to {@code epochs} epochs of {@code rule} over train, drawing shuffles from rnd.
   * With a validation set, returns the model with the best validation accuracy seen after an epoch.
   * The run ends when every learner of the rule has stopped ({@link Stopping}). A cancellable run
   * (a fit, whose rule is its own) throws {@link CancellationException} at a visit once its thread
   * is interrupted; an online learner's pass is not cancellable, as its rule outlives the call.
   */
  static <M extends Model> FitResult<M> run(UpdateRule<M> rule, Dataset train, Dataset validation,
      TrainingOptions options, int epochs, SeededRandom rnd, boolean cancellable) {
    return finish(rule, train, options, epochs(rule, train, train.size(),
        validation == null ? null : m -> m.accuracy(validation), new Schedule(options, epochs, rnd, cancellable, null)));
  }

  /**
   * Continues a run that ended with the stopping {@code stopped} (of the same learners, or fewer:
   * those beyond start afresh): up to {@code epochs} more epochs of {@code rule} over train,
   * without a validation set, drawing shuffles from rnd, cancellable. An earlier run whose learners
   * have all stopped adds no epoch. {@code rule.stopping} is the run's stopping when it returns.
   */
  static <M extends Model> FitResult<M> resume(UpdateRule<M> rule, Dataset train, TrainingOptions options,
      int epochs, SeededRandom rnd, Stopping stopped) {
    return finish(rule, train, options, epochs(rule, train, train.size(), null,
        new Schedule(options, epochs, rnd, true, stopped)));
  }

  private static <M extends Model> FitResult<M> finish(UpdateRule<M> rule, Dataset train, TrainingOptions options,
      Run<M> run) {
    M model = run.best != null ? run.best : rule.finalModel();
    int[] classes = run.best != null ? run.bestClasses : rule.trainingClasses(model);
    return new FitResult<>(model, run.report(rule, new PostFitFigures(model, train, options.bias(), classes)),
        options);
  }

  /**
   * Fits a learner of another package on its examples 0..n-1 as {@link #fit} fits a rule on a
   * dataset's rows: the same validation split (of example indices, by {@link #splitRows}), the
   * same epochs, order, stopping, early stopping, progress, cancellation and report; the
   * validation accuracy and the report's training error are the learner's own measures.
   */
  static <S> TrainingLoop.Result<S> fit(TrainingLoop.Rule<S> learner, int n, TrainingOptions options) {
    int[][] split = options.validationFraction() > 0 ? splitRows(n, options.validationFraction(), options.seed())
        : new int[][] {IntStream.range(0, n).toArray(), null};
    int[] trainRows = split[0];
    int[] validationRows = split[1];
    ForeignRule<S> rule = new ForeignRule<>(learner, trainRows);
    Run<S> run = epochs(rule, null, trainRows.length,
        validationRows == null ? null : m -> learner.accuracy(m, validationRows),
        new Schedule(options, options.maxEpochs(), new SeededRandom(options.seed()), true, null));
    S model = run.best != null ? run.best : rule.finalModel();
    return new TrainingLoop.Result<>(model,
        run.report(rule, new PostFitFigures(() -> learner.trainingError(model, trainRows))));
  }

  /**
   * How a run goes: its options, up to {@code epochs} epochs, the shuffles drawn from rnd, whether
   * an interrupt cancels it, and the stopping of the run it continues (null for a fresh one).
   */
  private record Schedule(TrainingOptions options, int epochs, SeededRandom rnd, boolean cancellable,
      Stopping restored) {}

  /**
   * The loop itself: the epochs of the schedule of {@code rule} over n examples (the rows of
   * train, or for a rule that holds its examples, train null, its examples 0..n-1), validated by
   * {@code validation} (null for none; higher is better) after every epoch.
   */
  private static <M> Run<M> epochs(UpdateRule<M> rule, Dataset train, int n, ToDoubleFunction<M> validation,
      Schedule schedule) {
    TrainingOptions options = schedule.options();
    int epochs = schedule.epochs();
    SeededRandom rnd = schedule.rnd();
    boolean cancellable = schedule.cancellable();
    Stopping restored = schedule.restored();
    final int[] order = new int[n];
    // Null without the update log: the loop tests a local, not the options, on every update.
    IntStream.Builder log = options.recordUpdates() ? IntStream.builder() : null;
    IntStream.Builder mistakesPerEpoch = IntStream.builder();
    IntStream.Builder updatesPerEpoch = IntStream.builder();
    DoubleStream.Builder validationAccuracy = DoubleStream.builder();
    int perClass = rule.classLearners();
    Stopping stopping = restored != null ? restored
        : new Stopping(Math.max(perClass, 1), n, rule.haltsAfterCleanCycle(), options.shuffle());
    rule.stopping = stopping;
    Run<M> run = new Run<>();
    double bestAccuracy = Double.NEGATIVE_INFINITY;
    int epochsWithoutGain = 0;
    long visits = 0;
    int epoch = 0;
    long start = System.nanoTime();
    RowPrefetcher prefetcher = train == null ? null : RowPrefetcher.startIfWanted(options, train, order);
    try {
      while (epoch < epochs && !stopping.allStopped()) {
        long epochStart = System.nanoTime();
        rule.epochStarting();
        fillOrder(order, options.shuffle() ? rnd : null);
        int mistakes = 0;
        int updates = 0;
        long visitsBefore = visits;
        for (int t = 0; t < n; t++) {
          if (cancellable && (t & CANCEL_CHECK) == 0 && Thread.currentThread().isInterrupted()) {
            throw new CancellationException("the fit's thread was interrupted (epoch " + (epoch + 1) + ", visit "
                + (t + 1) + " of " + n + "); its interrupt status is kept");
          }
          int i = order[t];
          if (prefetcher != null) {
            prefetcher.visiting(epoch, t);
          }
          int outcome = rule.visit(train, i);
          visits++;
          if ((outcome & UpdateRule.MISTAKE) != 0) {
            mistakes++;
          }
          if ((outcome & UpdateRule.STOP) != 0) {
            // The visit happened and found a mistake (the report counts it), but made no update.
            run.capReached = true;
            break;
          }
          if (perClass == 0) {
            stopping.record(0, outcome);
          }
          if ((outcome & UpdateRule.UPDATED) != 0) {
            updates++;
            if (log != null) {
              log.add(i);
            }
          }
          if (stopping.allStopped()) {
            break;
          }
        }
        stopping.epochFinished();
        mistakesPerEpoch.add(mistakes);
        updatesPerEpoch.add(updates);
        epoch++;
        if (options.progress() != null) {
          double secs = (System.nanoTime() - epochStart) / 1e9;
          options.progress().epochFinished(epoch, mistakes, updates, (visits - visitsBefore) / Math.max(secs, 1e-9));
        }
        if (validation != null) {
          M current = rule.model();
          double accuracy = validation.applyAsDouble(current);
          validationAccuracy.add(accuracy);
          if (accuracy > bestAccuracy) {
            bestAccuracy = accuracy;
            run.best = current;
            run.bestClasses = rule.trainingClasses(current);
            epochsWithoutGain = 0;
          } else if (++epochsWithoutGain >= options.patience()) {
            run.stoppedEarly = true;
            break;
          }
        }
        if (run.capReached || stopping.allStopped()) {
          break;
        }
      }
    } finally {
      if (prefetcher != null) {
        prefetcher.stop();
      }
    }
    run.seconds = (System.nanoTime() - start) / 1e9;
    run.visits = visits;
    run.stopping = stopping;
    run.perClass = perClass > 0;
    run.mistakesPerEpoch = mistakesPerEpoch.build().toArray();
    run.updatesPerEpoch = updatesPerEpoch.build().toArray();
    run.validationAccuracy = validationAccuracy.build().toArray();
    run.log = log == null ? new int[0] : log.build().toArray();
    return run;
  }

  /** What a run of {@link #epochs} did, and the best model on the validation set (null without one). */
  static final class Run<M> {
    M best;
    /** The rule's training classes under {@link #best} ({@link UpdateRule#trainingClasses}), or null. */
    int[] bestClasses;
    boolean capReached;
    boolean stoppedEarly;
    double seconds;
    long visits;
    Stopping stopping;
    boolean perClass;
    int[] mistakesPerEpoch;
    int[] updatesPerEpoch;
    double[] validationAccuracy;
    int[] log;

    /** The report of this run of {@code rule}, whose model's figures are {@code figures}. */
    TrainingReport report(UpdateRule<M> rule, PostFitFigures figures) {
      return new TrainingReport(rule.name(), rule.storedVectors(), figures, this);
    }
  }

  /** order = 0..n-1, then a Fisher-Yates shuffle from the top when rnd is given (docs/learners.md). */
  static void fillOrder(int[] order, Random rnd) {
    EpochOrder.fill(order, rnd);
  }

  /**
   * Splits off round(n * fraction) rows (at least 1) chosen by a seeded shuffle as the validation
   * set; the training rows keep their original order.
   */
  static Dataset[] split(Dataset data, double fraction, long seed) {
    int[][] rows = splitRows(data.size(), fraction, seed);
    return new Dataset[] {data.subset(rows[0]), data.subset(rows[1])};
  }

  /**
   * The training and the validation examples of n ({@link #split}), each ascending: round(n *
   * fraction) examples (at least 1) chosen by a seeded shuffle are held out.
   */
  static int[][] splitRows(int n, double fraction, long seed) {
    int nValidation = Math.max(1, (int) Math.round(n * fraction));
    if (nValidation >= n) {
      throw new OptionException("validationFraction", fraction, "of " + n + " examples leaves no training example");
    }
    int[] perm = new int[n];
    // A stream of its own, so that the split does not shift the example order.
    fillOrder(perm, new SeededRandom(seed ^ 0x9E3779B97F4A7C15L));
    int[] validationRows = Arrays.copyOf(perm, nValidation);
    int[] trainRows = Arrays.copyOfRange(perm, nValidation, n);
    Arrays.sort(validationRows);
    Arrays.sort(trainRows);
    return new int[][] {trainRows, validationRows};
  }
}
