package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.EpochOrder;
import io.github.simdperceptron.learn.internal.OptionException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

/**
 * The one training loop every learner runs: epochs, example order, stopping rules, early
 * stopping on a validation split, progress and the report. docs/learners.md fixes its behaviour.
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
    final int n = train.size();
    final int[] order = new int[n];
    // Null without the update log: the loop tests a local, not the options, on every update.
    IntStream.Builder log = options.recordUpdates() ? IntStream.builder() : null;
    IntStream.Builder mistakesPerEpoch = IntStream.builder();
    IntStream.Builder updatesPerEpoch = IntStream.builder();
    DoubleStream.Builder validationAccuracy = DoubleStream.builder();
    int perClass = rule.classLearners();
    Stopping stopping = new Stopping(Math.max(perClass, 1), n, rule.haltsAfterCleanCycle(), options.shuffle());
    rule.stopping = stopping;
    boolean capReached = false;
    boolean stoppedEarly = false;
    M best = null;
    int[] bestClasses = null;
    double bestAccuracy = Double.NEGATIVE_INFINITY;
    int epochsWithoutGain = 0;
    long visits = 0;
    int epoch = 0;
    long start = System.nanoTime();
    RowPrefetcher prefetcher = RowPrefetcher.startIfWanted(options, train, order);
    try {
      while (epoch < epochs) {
        long epochStart = System.nanoTime();
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
            capReached = true;
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
          double accuracy = current.accuracy(validation);
          validationAccuracy.add(accuracy);
          if (accuracy > bestAccuracy) {
            bestAccuracy = accuracy;
            best = current;
            bestClasses = rule.trainingClasses(current);
            epochsWithoutGain = 0;
          } else if (++epochsWithoutGain >= options.patience()) {
            stoppedEarly = true;
            break;
          }
        }
        if (capReached || stopping.allStopped()) {
          break;
        }
      }
    } finally {
      if (prefetcher != null) {
        prefetcher.stop();
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    M model = best != null ? best : rule.finalModel();
    int[] classes = best != null ? bestClasses : rule.trainingClasses(model);
    TrainingReport report = new TrainingReport(rule.name(), mistakesPerEpoch.build().toArray(),
        updatesPerEpoch.build().toArray(), validationAccuracy.build().toArray(), stopping.converged(),
        stopping.halted(), stoppedEarly, capReached, rule.storedVectors(),
        new PostFitFigures(model, train, options.bias(), classes), seconds, visits,
        log == null ? new int[0] : log.build().toArray(),
        perClass > 0 ? stopping.mistakesPerEpoch() : new int[0][],
        perClass > 0 ? stopping.updatesPerEpoch() : new int[0][]);
    return new FitResult<>(model, report, options);
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
    int n = data.size();
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
    return new Dataset[] {data.subset(trainRows), data.subset(validationRows)};
  }
}
