package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.Random;

/**
 * Trains the chosen learner on small generated data in a background thread while the command
 * reads a large training file, so that the JIT has compiled the learner's loops and the kernel
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

  private final Thread thread;
  private volatile boolean stop;

  private Warmup(TrainArgs train, TrainingOptions options, boolean sparse, int classes) {
    // Short fits without the options' extras (validation split, progress, prefetch, threads): only
    // the learner's own loops are to be compiled.
    TrainingOptions o = TrainingOptions.defaults().withMaxEpochs(3).withSeed(1).withShuffle(options.shuffle())
        .withBias(options.bias()).withThreads(1).withTau(options.tau());
    thread = new Thread(() -> run(train, o, sparse, classes), "perceptron-warmup");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
  }

  /**
   * Starts a warm-up for {@code train}'s learner when the file is large enough; {@code sparse}
   * says which dataset form the reader will produce. Returns null when no warm-up was started.
   */
  static Warmup startFor(TrainArgs train, TrainingOptions options, boolean sparse, long fileBytes) {
    if (fileBytes < MIN_FILE_BYTES || Runtime.getRuntime().availableProcessors() < 2) {
      return null;
    }
    Warmup w = new Warmup(train, options, sparse, train.multiclass == null ? 2 : 10);
    w.thread.start();
    return w;
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

  private void run(TrainArgs train, TrainingOptions options, boolean sparse, int classes) {
    try {
      Dataset data = sparse ? sparseData(classes) : denseData(classes);
      for (int i = 0; i < MAX_FITS && !stop; i++) {
        train.fit(data, options);
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

  private static SparseDataset sparseData(int classes) {
    Random r = new Random(7);
    SparseDataset.Builder b = SparseDataset.builder(DIMENSION);
    for (int i = 0; i < ROWS; i++) {
      int nnz = 3 + r.nextInt(30);
      int[] idx = r.ints(0, DIMENSION).distinct().limit(nnz).sorted().toArray();
      float[] val = new float[idx.length];
      for (int t = 0; t < val.length; t++) {
        val[t] = r.nextFloat();
      }
      b.add(idx, val, i % classes);
    }
    return b.build();
  }
}
