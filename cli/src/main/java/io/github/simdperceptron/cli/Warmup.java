package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Trains the chosen learner on small generated data in a background thread while {@code train}
 * reads a large training file, so that the JIT has compiled the learner's loops and the kernel
 * when the real fit starts; a cold JVM otherwise runs its first epoch interpreted and in the lower
 * compiler tiers. The generated data and models are thrown away: the real fit's result does not
 * depend on whether, or how long, the warm-up ran. Nothing is printed.
 */
final class Warmup {
  /**
   * Training files smaller than this are read too quickly for a warm-up to pay: below it the
   * warm-up's own work costs the whole process more than the faster fit saves
   * (docs/command-benchmarks.md).
   */
  static final long MIN_FILE_BYTES = 64L << 20;
  private static final int ROWS = 1000;
  private static final int DIMENSION = 200;
  /** Enough short fits for the JIT to compile the learner's hot loops at its top tier. */
  static final int FITS = 8;

  private final Thread thread;
  private volatile boolean stop;
  private volatile int fitsDone;

  private Warmup(TrainArgs train, boolean sparse) {
    // Short fits without the options' extras (validation split, progress, prefetch): only the
    // learner's own loops are to be compiled.
    TrainingOptions given = train.options();
    TrainingOptions options = TrainingOptions.builder().maxEpochs(3).seed(1).shuffle(given.shuffle())
        .bias(given.bias()).tau(given.tau()).build();
    int classes = train.multiclass == null ? 2 : 10;
    thread = new Thread(() -> run(train, options, sparse, classes), "perceptron-warmup");
    thread.setDaemon(true);
  }

  /**
   * Starts warming up {@code train}'s learner on rows of the form the reader will produce
   * ({@code sparse} for libsvm) when the training file has {@link #MIN_FILE_BYTES} or more and
   * the machine two or more processors; null when none runs. The system property
   * {@code perceptron.warmup=false} turns it off (to time a cold fit).
   */
  static Warmup start(TrainArgs train, boolean sparse, long fileBytes) {
    if ("false".equals(System.getProperty("perceptron.warmup")) || fileBytes < MIN_FILE_BYTES
        || Runtime.getRuntime().availableProcessors() < 2) {
      return null;
    }
    Warmup w = new Warmup(train, sparse);
    w.thread.start();
    return w;
  }

  /** The file's size, 0 when it cannot be had (the reader then reports the problem). */
  static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException | SecurityException e) {
      return 0;
    }
  }

  /** Whether the warm-up thread is still running (for tests). */
  boolean running() {
    return thread.isAlive();
  }

  /** How many warm-up fits ran to their end (for tests). */
  int fitsDone() {
    return fitsDone;
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

  private void run(TrainArgs train, TrainingOptions options, boolean sparse, int classes) {
    try {
      // A libsvm file whose values are all 1 becomes a binary dataset, whose rows take other loops.
      Dataset[] data = sparse ? new Dataset[] {sparseData(classes, false), sparseData(classes, true)}
          : new Dataset[] {denseData(classes)};
      for (int i = 0; i < FITS && !stop; i++) {
        train.fit(data[i % data.length], options);
        fitsDone = i + 1;
      }
    } catch (RuntimeException | StackOverflowError e) {
      // A warm-up that fails changes nothing: the real fit reports its own errors.
    }
  }

  private static Dataset denseData(int classes) {
    Random r = new Random(7);
    Dataset.Builder b = Dataset.builder(DIMENSION);
    float[] x = new float[DIMENSION];
    for (int i = 0; i < ROWS; i++) {
      for (int j = 0; j < DIMENSION; j++) {
        x[j] = r.nextInt(4) == 0 ? r.nextFloat() : 0f;
      }
      b.add(x, i % classes);
    }
    return b.build();
  }

  private static Dataset sparseData(int classes, boolean binary) {
    Random r = new Random(7);
    Dataset.Builder b = Dataset.builder(DIMENSION);
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
