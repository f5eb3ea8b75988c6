package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Trains the kernel perceptron on small generated data in a daemon thread while {@code train}
 * reads a training file of {@link #KERNEL_MIN_FILE_BYTES} or more, so that the JIT has compiled
 * the kernel perceptron's vector loops when the real fit starts: until then they run interpreted
 * or with boxed vectors, a hundred times slower. The generated data and models are thrown away:
 * the real fit's result does not depend on whether, or how long, the warm-up ran. Nothing is
 * printed. The command's only warm-up: the linear learners' and the tagger's saved under a tenth
 * of the wall time in paired runs, and were removed (docs/command.md, Start-up).
 */
final class Warmup {
  /**
   * The kernel perceptron from this size on: its fit is mostly vector loops (the Gram blocks, their
   * finish, the class and column scores) that run interpreted or boxed, a hundred times slower,
   * until the JIT has compiled them at its top tier, and its training costs far more than reading
   * the file (docs/command.md; 5 MB files came out even, the 50 MB Fashion-MNIST file ahead).
   */
  static final long KERNEL_MIN_FILE_BYTES = 8L << 20;
  /**
   * Short kernel fits at most: each runs every loop of a real fit (visits, commits, deferred
   * updates, the training rows' scores from the columns) a few hundred times on short rows, so that
   * the first, slow runs are short and the JIT compiles the loops after a few fits (a few
   * milliseconds each then).
   */
  static final int KERNEL_FITS = 40;
  /** Enough rows that a fit commits (64 new support vectors) a few times. */
  private static final int KERNEL_ROWS = 256;
  private static final int KERNEL_DIMENSION = 32;

  /**
   * Warm-up fits the kernel perceptron's real fit waits for ({@link #beforeFit}); waiting for two
   * or for eight was no faster (docs/command.md).
   */
  static final int KERNEL_FITS_BEFORE_FIT = 4;
  /**
   * The longest {@link #beforeFit} waits: on Fashion-MNIST the fourth fit ended 0-0.25 s after the
   * file was read.
   */
  static final long KERNEL_WAIT_MILLIS = 400;

  private final Thread thread;
  private volatile boolean stop;
  private final TrainArgs train;
  private final TrainingOptions options;
  /** Guards fitsDone and ended for {@link #awaitFits}. */
  private final Object progress = new Object();
  private boolean ended;
  private final boolean sparse;
  private final int classes;
  private volatile int fitsDone;

  private Warmup(TrainArgs train, boolean sparse) {
    thread = new Thread(this::work, "perceptron-warmup");
    thread.setDaemon(true);
    // Short fits without the options' extras (validation split, progress, prefetch): only the
    // learner's own loops are to be compiled.
    TrainingOptions given = train.options();
    this.options = TrainingOptions.builder().maxEpochs(3).seed(1).shuffle(given.shuffle())
        .bias(given.bias()).tau(given.tau())
        .aggressiveness(given.aggressiveness()).build();
    this.train = train;
    this.sparse = sparse;
    this.classes = train.multiclass == null ? 2 : 10;
  }

  /**
   * Starts warming up {@code train}'s kernel perceptron on rows of the form the reader will
   * produce ({@code sparse} for libsvm) when {@code train} trains one, the training file has
   * {@link #KERNEL_MIN_FILE_BYTES} or more and the machine two or more processors (on one it would
   * only take the processor from the read); null when none runs. The system property
   * {@code perceptron.warmup=false} turns it off (to time a cold fit).
   */
  static Warmup start(TrainArgs train, boolean sparse, long fileBytes) {
    if (train.kernel == null || fileBytes < KERNEL_MIN_FILE_BYTES
        || "false".equals(System.getProperty("perceptron.warmup")) || Runtime.getRuntime().availableProcessors() < 2) {
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

  /** How many warm-up fits ran to their end (for tests). */
  int fitsDone() {
    return fitsDone;
  }

  /** Whether the thread is still running (for tests). */
  boolean running() {
    return thread.isAlive();
  }

  /**
   * Stops and waits for the thread: the fit under way ends at its next few visits (the training
   * loop gives up once its thread is interrupted).
   */
  void finish() {
    stop = true;
    thread.interrupt();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Fits until KERNEL_FITS are done or the real fit starts: each a few milliseconds once
   * compiled. {@link #finish} interrupts the fit under way (the first ones, which run before the
   * JIT has compiled them, take a large part of a second), so the real fit waits for no more than
   * {@link #beforeFit} asks.
   */
  private void work() {
    try {
      Dataset[] data = kernelData(sparse, classes);
      for (int i = 0; i < KERNEL_FITS && !stop; i++) {
        train.fit(data[i % data.length], options);
        synchronized (progress) {
          fitsDone = i + 1;
          progress.notifyAll();
        }
      }
    } catch (RuntimeException | StackOverflowError e) {
      // A warm-up that fails changes nothing: the real fit reports its own errors.
    } finally {
      synchronized (progress) {
        ended = true;
        progress.notifyAll();
      }
    }
  }

  /**
   * Called when the files are read, before the real fit: waits until
   * {@link #KERNEL_FITS_BEFORE_FIT} warm-up fits are done, the warm-up has ended, or
   * {@link #KERNEL_WAIT_MILLIS} have passed. A finished
   * warm-up fit has run every path of a fit (new and returning support vectors, commits, deferred
   * updates): a fit that starts sooner has the JIT compile its loops from profiles without the
   * later paths, then throw that code away when one is taken (docs/kernel-perceptron.md).
   */
  void beforeFit() {
    awaitFits(KERNEL_FITS_BEFORE_FIT, KERNEL_WAIT_MILLIS * 1_000_000L);
  }

  /**
   * Waits until {@code fits} warm-up fits are done, the warm-up has ended (all its fits, or a
   * failure), or {@code maxNanos} have passed, whichever comes first. An interrupt ends the wait
   * and is kept on the calling thread.
   */
  void awaitFits(int fits, long maxNanos) {
    long end = System.nanoTime() + maxNanos;
    synchronized (progress) {
      while (fitsDone < fits && !ended) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(progress, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * Rows of the forms the kernel's Gram blocks take: libsvm rows a quarter or more non-zero are
   * held dense for the Gram blocks, sparser ones as they are, so sparse data warms up both (half
   * and a tenth non-zero); a dense file gives dense rows. Random labels: most visits are mistakes,
   * so the fits commit, and update support vectors from their cached columns.
   */
  private static Dataset[] kernelData(boolean sparse, int classes) {
    return sparse ? new Dataset[] {kernelData(classes, 0.5, true), kernelData(classes, 0.1, true)}
        : new Dataset[] {kernelData(classes, 0.5, false)};
  }

  private static Dataset kernelData(int classes, double density, boolean sparse) {
    Random r = new Random(11);
    Dataset.Builder b = Dataset.builder(KERNEL_DIMENSION);
    float[] x = new float[KERNEL_DIMENSION];
    int[] idx = new int[KERNEL_DIMENSION];
    for (int i = 0; i < KERNEL_ROWS; i++) {
      int nnz = 0;
      for (int j = 0; j < KERNEL_DIMENSION; j++) {
        x[j] = r.nextDouble() < density ? r.nextFloat() : 0f;
        if (x[j] != 0f) {
          idx[nnz] = j;
          x[nnz++] = x[j];
        }
      }
      if (sparse) {
        b.add(Arrays.copyOf(idx, nnz), Arrays.copyOf(x, nnz), r.nextInt(classes));
      } else {
        float[] row = new float[KERNEL_DIMENSION];
        for (int t = 0; t < nnz; t++) {
          row[idx[t]] = x[t];
        }
        b.add(row, r.nextInt(classes));
      }
    }
    return b.build();
  }
}
