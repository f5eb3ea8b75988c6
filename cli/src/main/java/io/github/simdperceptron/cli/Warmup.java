package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryLearner;
import io.github.simdperceptron.learn.MulticlassLearner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.Arrays;
import java.util.Random;

/**
 * Trains the chosen learner on small generated data in a background thread while the command
 * starts and reads a large training file, so that the JIT has compiled the learner's loops and the kernel
 * when the real fit starts: a cold JVM otherwise spends its first epochs interpreted and in the
 * lower compiler tiers. The generated data and the models are thrown away; the real fit's result
 * does not depend on whether, or how long, the warm-up ran. Nothing is printed.
 */
final class Warmup {
  /** Files smaller than this are read too quickly for a warm-up to pay. */
  static final long MIN_FILE_BYTES = 1L << 20;
  private static final int ROWS = 1000;
  private static final int DIMENSION = 200;
  private static final int MAX_FITS = 40;
  /** The warm-up {@link #startEarly} began for this process's command line, if any. */
  private static volatile Warmup early;

  private final Thread thread;
  private volatile boolean stop;

  private Warmup(Algorithm algorithm, TrainArgs.Multiclass multiclass, TrainingOptions options, boolean sparse) {
    // Short fits without the options' extras (validation split, progress, prefetch): only
    // the learner's own loops are to be compiled.
    TrainingOptions o = TrainingOptions.builder().maxEpochs(3).seed(1).shuffle(options.shuffle())
        .bias(options.bias()).tau(options.tau()).build();
    int classes = multiclass == null ? 2 : 10;
    thread = new Thread(() -> run(algorithm, multiclass, o, sparse, classes), "perceptron-warmup");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
  }

  /**
   * Called first thing in {@code main}, before the command line is parsed (which takes a good
   * part of a cold start): when the command is {@code train} with a training file of
   * {@link #MIN_FILE_BYTES} or more, starts warming up the learner the raw arguments name
   * (perceptron, binary, when they name none that exists), on rows of the form the file's format
   * gives (sparse for libsvm). Wrong or missing arguments only make a less useful warm-up:
   * the parser reports them as usual.
   */
  static void startEarly(String[] args) {
    try {
      if (!enabled() || args.length == 0 || !args[0].equals("train")) {
        return;
      }
      String data = value(args, "--data");
      if (data == null || data.equals("-") || sizeOf(java.nio.file.Paths.get(data)) < MIN_FILE_BYTES
          || Runtime.getRuntime().availableProcessors() < 2) {
        return;
      }
      Algorithm algorithm = Algorithm.byName(String.valueOf(value(args, "--algorithm")));
      TrainArgs.Multiclass multiclass = null;
      for (TrainArgs.Multiclass m : TrainArgs.Multiclass.values()) {
        if (m.name().equals(value(args, "--multiclass"))) {
          multiclass = m;
        }
      }
      DataArgs.DataFormat format = null;
      for (DataArgs.DataFormat f : DataArgs.DataFormat.values()) {
        if (f.name().equals(value(args, "--format"))) {
          format = f;
        }
      }
      boolean sparse = DataArgs.formatOf(format, java.nio.file.Paths.get(data)) == DataArgs.DataFormat.libsvm;
      TrainingOptions options = TrainingOptions.builder().shuffle(!Arrays.asList(args).contains("--no-shuffle"))
          .bias(!Arrays.asList(args).contains("--no-bias")).build();
      Warmup w = new Warmup(algorithm == null ? Algorithm.PERCEPTRON : algorithm, multiclass, options, sparse);
      w.thread.start();
      early = w;
    } catch (RuntimeException e) {
      // Only a guess: the command itself reports bad arguments.
    }
  }

  /** The value after {@code option} (or in {@code option=value}), null when absent. */
  private static String value(String[] args, String option) {
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals(option) && i + 1 < args.length) {
        return args[i + 1];
      }
      if (args[i].startsWith(option + "=")) {
        return args[i].substring(option.length() + 1);
      }
    }
    return null;
  }

  /**
   * The warm-up for {@code train}'s learner: the one {@link #startEarly} began, else a new one when
   * the file is large enough ({@code sparse} says which dataset form the reader will produce).
   * Null when none runs.
   */
  static Warmup forTrain(TrainArgs train, TrainingOptions options, boolean sparse, long fileBytes) {
    Warmup w = early;
    if (w != null) {
      early = null;
      return w;
    }
    if (!enabled() || fileBytes < MIN_FILE_BYTES || Runtime.getRuntime().availableProcessors() < 2) {
      return null;
    }
    w = new Warmup(train.algorithm, train.multiclass, options, sparse);
    w.thread.start();
    return w;
  }

  /** Whether the warm-up thread is still running (for tests). */
  boolean running() {
    return thread.isAlive();
  }

  /** False when the system property {@code perceptron.warmup} is {@code false} (to measure a cold fit). */
  static boolean enabled() {
    return !"false".equals(System.getProperty("perceptron.warmup"));
  }

  /** The file's size, 0 when it cannot be had (the reader then reports the problem). */
  static long sizeOf(java.nio.file.Path file) {
    try {
      return java.nio.file.Files.size(file);
    } catch (java.io.IOException | SecurityException e) {
      return 0;
    }
  }

  /** Stops after the fit under way (a few milliseconds once compiled) and waits for the thread. */
  void finish() {
    stop = true;
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void run(Algorithm algorithm, TrainArgs.Multiclass multiclass, TrainingOptions options, boolean sparse,
      int classes) {
    try {
      // A libsvm file whose values are all 1 becomes a binary dataset, whose rows take other loops.
      Dataset[] data = sparse ? new Dataset[] {sparseData(classes, false), sparseData(classes, true)}
          : new Dataset[] {denseData(classes)};
      for (int i = 0; i < MAX_FITS && !stop; i++) {
        Dataset d = data[i % data.length];
        if (multiclass == TrainArgs.Multiclass.ovr) {
          MulticlassLearner.fitOneVsRest(algorithm, d, options);
        } else if (multiclass == TrainArgs.Multiclass.direct) {
          MulticlassLearner.fit(algorithm, d, options);
        } else {
          BinaryLearner.fit(algorithm, d, options);
        }
      }
    } catch (RuntimeException | StackOverflowError e) {
      // A warm-up that fails changes nothing: the real fit reports its own errors.
    }
  }

  private static DenseDataset denseData(int classes) {
    Random r = new Random(7);
    DenseDataset.Builder b = DenseDataset.builder(DIMENSION);
    float[] x = new float[DIMENSION];
    for (int i = 0; i < ROWS; i++) {
      for (int j = 0; j < DIMENSION; j++) {
        x[j] = r.nextInt(4) == 0 ? r.nextFloat() : 0f;
      }
      b.add(x, i % classes);
    }
    return b.build();
  }

  private static SparseDataset sparseData(int classes, boolean binary) {
    Random r = new Random(7);
    SparseDataset.Builder b = SparseDataset.builder(DIMENSION);
    for (int i = 0; i < ROWS; i++) {
      int nnz = 3 + r.nextInt(30);
      int[] idx = r.ints(0, DIMENSION).distinct().limit(nnz).sorted().toArray();
      if (binary) {
        b.add(idx, null, i % classes);
        continue;
      }
      float[] val = new float[idx.length];
      for (int t = 0; t < val.length; t++) {
        val[t] = r.nextFloat();
      }
      b.add(idx, val, i % classes);
    }
    return b.build();
  }
}
