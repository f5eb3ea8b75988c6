package io.github.simdperceptron.learn;

/**
 * Options shared by every learner. Immutable; each {@code withX} returns a copy. Defaults:
 * 10 epochs, seed 0, shuffle every epoch, bias on, tau 0, no validation split (patience 5 when
 * one is set), no cap on voted vectors, no update log, no progress listener, threads 0 (as many as
 * the JVM has processors, where a learner can use more than one), no prefetch thread.
 */
public final class TrainingOptions {
  private final int maxEpochs;
  private final long seed;
  private final boolean shuffle;
  private final boolean bias;
  private final float tau;
  private final double validationFraction;
  private final int patience;
  private final int voteCap;
  private final boolean recordUpdates;
  private final ProgressListener progress;
  private final int threads;
  private final boolean prefetch;

  private TrainingOptions(int maxEpochs, long seed, boolean shuffle, boolean bias, float tau,
      double validationFraction, int patience, int voteCap, boolean recordUpdates, ProgressListener progress,
      int threads, boolean prefetch) {
    this.maxEpochs = maxEpochs;
    this.seed = seed;
    this.shuffle = shuffle;
    this.bias = bias;
    this.tau = tau;
    this.validationFraction = validationFraction;
    this.patience = patience;
    this.voteCap = voteCap;
    this.recordUpdates = recordUpdates;
    this.progress = progress;
    this.threads = threads;
    this.prefetch = prefetch;
  }

  /** The defaults. */
  public static TrainingOptions defaults() {
    return new TrainingOptions(10, 0L, true, true, 0f, 0.0, 5, Integer.MAX_VALUE, false, null, 0, false);
  }

  /** At most this many epochs (passes over the training set); at least 1. */
  public TrainingOptions withMaxEpochs(int epochs) {
    if (epochs < 1) {
      throw new IllegalArgumentException("maxEpochs must be >= 1, got " + epochs);
    }
    return new TrainingOptions(epochs, seed, shuffle, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /** The seed of the example order and of the validation split. */
  public TrainingOptions withSeed(long s) {
    return new TrainingOptions(maxEpochs, s, shuffle, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /** Whether every epoch visits the examples in a new seeded random order. */
  public TrainingOptions withShuffle(boolean on) {
    return new TrainingOptions(maxEpochs, seed, on, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /** Whether a bias b is learned (b += y on every update). */
  public TrainingOptions withBias(boolean on) {
    return new TrainingOptions(maxEpochs, seed, shuffle, on, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /** The margin perceptron's tau (>= 0, finite): update when y * a &lt;= tau. Other algorithms ignore it. */
  public TrainingOptions withTau(float t) {
    if (!(t >= 0f) || Float.isInfinite(t)) {
      throw new IllegalArgumentException("tau must be finite and >= 0, got " + t);
    }
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, t, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /**
   * Early stopping: hold out this fraction of the training set (0 turns it off, else in (0, 1)),
   * evaluate after every epoch, stop after {@code patience} epochs without a strictly better
   * validation accuracy, and return the best model seen.
   */
  public TrainingOptions withEarlyStopping(double fraction, int patienceEpochs) {
    if (!(fraction >= 0.0 && fraction < 1.0)) {
      throw new IllegalArgumentException("validationFraction must be in [0, 1), got " + fraction);
    }
    if (patienceEpochs < 1) {
      throw new IllegalArgumentException("patience must be >= 1, got " + patienceEpochs);
    }
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, fraction, patienceEpochs, voteCap,
        recordUpdates, progress, threads, prefetch);
  }

  /** The voted perceptron keeps at most this many vectors (>= 1); training stops when it would need more. */
  public TrainingOptions withVoteCap(int cap) {
    if (cap < 1) {
      throw new IllegalArgumentException("voteCap must be >= 1, got " + cap);
    }
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, validationFraction, patience, cap,
        recordUpdates, progress, threads, prefetch);
  }

  /** Whether the report keeps the example index of every update, in order. */
  public TrainingOptions withUpdateLog(boolean on) {
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, validationFraction, patience, voteCap, on,
        progress, threads, prefetch);
  }

  /** A listener called after every epoch, or null for none. */
  public TrainingOptions withProgress(ProgressListener listener) {
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, listener, threads, prefetch);
  }

  /**
   * At most this many threads (and never more than {@code Runtime.availableProcessors()}) for the
   * training loops of a learner that can split its work: one-vs-rest trains groups of at least 5
   * classes at the same time. 1 keeps the training loop on the calling thread; 0 (the default)
   * means one per processor. The passes that evaluate a whole model (the training error at the
   * end of a fit) split their rows across the common fork-join pool whatever this says. The
   * prefetch thread ({@link #withPrefetch}) counts against the cap: with 1 it does not start.
   * The result does not depend on it, only the time does.
   */
  public TrainingOptions withThreads(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("threads must be >= 0 (0 = one per processor), got " + n);
    }
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, n, prefetch);
  }

  /**
   * Whether a second thread reads each example's row a few visits before the training loop
   * visits it (8 rows ahead, one read per cache line; docs/learners.md). It pays when the rows
   * come from memory, i.e. the training set is larger than the last-level cache and the order is
   * shuffled: on Fashion-MNIST (188 MB of floats) it was faster in 16 of 21 paired runs, by up
   * to 39%, and slower in 5, by up to 12% (docs/fashion-mnist.md). It costs a core, which spins while the loop
   * runs, so it is off by default, and even when asked for it starts only with shuffling, on
   * training rows of at least 32 MiB, and when the processors and {@link #threads()} allow two
   * threads or more. One-vs-rest counts each part's helper against that cap (on two processors
   * it then trains its classes in one part, with the helper on the other core). The result does
   * not depend on it: the helper only reads the rows.
   */
  public TrainingOptions withPrefetch(boolean on) {
    return new TrainingOptions(maxEpochs, seed, shuffle, bias, tau, validationFraction, patience, voteCap,
        recordUpdates, progress, threads, on);
  }

  public int maxEpochs() {
    return maxEpochs;
  }

  public long seed() {
    return seed;
  }

  public boolean shuffle() {
    return shuffle;
  }

  public boolean bias() {
    return bias;
  }

  public float tau() {
    return tau;
  }

  public double validationFraction() {
    return validationFraction;
  }

  public int patience() {
    return patience;
  }

  public int voteCap() {
    return voteCap;
  }

  public boolean recordUpdates() {
    return recordUpdates;
  }

  public ProgressListener progress() {
    return progress;
  }

  /** The thread cap; 0 means one per processor. */
  public int threads() {
    return threads;
  }

  /** Threads a learner may use on a JVM with this many processors: the cap, at most the processors. */
  int threadBudget(int processors) {
    return threads == 0 ? processors : Math.min(threads, processors);
  }

  /** Whether a prefetch thread runs beside the training loop; see {@link #withPrefetch}. */
  public boolean prefetch() {
    return prefetch;
  }

  @Override
  public String toString() {
    return "maxEpochs=" + maxEpochs + ", seed=" + seed + ", shuffle=" + shuffle + ", bias=" + bias + ", tau=" + tau
        + ", validationFraction=" + validationFraction + ", patience=" + patience
        + (voteCap == Integer.MAX_VALUE ? "" : ", voteCap=" + voteCap) + (threads == 0 ? "" : ", threads=" + threads)
        + (prefetch ? ", prefetch=true" : "");
  }
}
