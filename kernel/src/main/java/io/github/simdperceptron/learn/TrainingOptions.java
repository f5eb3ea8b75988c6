package io.github.simdperceptron.learn;

/**
 * Options shared by every learner. Immutable: each {@code withX} returns a changed copy, and
 * {@link #builder()} / {@link #toBuilder()} set several at once. Defaults:
 * 10 epochs, seed 0, shuffle every epoch, bias on, tau 0, no validation split (patience 5 when
 * one is set), no cap on voted vectors, no update log, no progress listener, no prefetch thread. A value out
 * of range throws {@link OptionException} naming the option.
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
  /** Null without the prefetch thread. */
  private final RowPrefetcher.Settings prefetch;

  private TrainingOptions(Builder b) {
    this.maxEpochs = b.maxEpochs;
    this.seed = b.seed;
    this.shuffle = b.shuffle;
    this.bias = b.bias;
    this.tau = b.tau;
    this.validationFraction = b.validationFraction;
    this.patience = b.patience;
    this.voteCap = b.voteCap;
    this.recordUpdates = b.recordUpdates;
    this.progress = b.progress;
    this.prefetch = b.prefetch;
  }

  /** The defaults. */
  public static TrainingOptions defaults() {
    return new Builder().build();
  }

  /** A builder holding the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** At most this many epochs (passes over the training set); at least 1. */
  public TrainingOptions withMaxEpochs(int epochs) {
    return toBuilder().maxEpochs(epochs).build();
  }

  /** The seed of the example order and of the validation split. */
  public TrainingOptions withSeed(long s) {
    return toBuilder().seed(s).build();
  }

  /** Whether every epoch visits the examples in a new seeded random order. */
  public TrainingOptions withShuffle(boolean on) {
    return toBuilder().shuffle(on).build();
  }

  /** Whether a bias b is learned (b += y on every update). */
  public TrainingOptions withBias(boolean on) {
    return toBuilder().bias(on).build();
  }

  /** The margin perceptron's tau (>= 0, finite): update when y * a &lt;= tau. Other algorithms ignore it. */
  public TrainingOptions withTau(float t) {
    return toBuilder().tau(t).build();
  }

  /**
   * Early stopping: hold out this fraction of the training set (0 turns it off, else in (0, 1)),
   * evaluate after every epoch, stop after {@code patience} epochs without a strictly better
   * validation accuracy, and return the best model seen.
   */
  public TrainingOptions withEarlyStopping(double fraction, int patienceEpochs) {
    return toBuilder().earlyStopping(fraction, patienceEpochs).build();
  }

  /** The voted perceptron keeps at most this many vectors (>= 1); training stops when it would need more. */
  public TrainingOptions withVoteCap(int cap) {
    return toBuilder().voteCap(cap).build();
  }

  /** Whether the report keeps the example index of every update, in order. */
  public TrainingOptions withUpdateLog(boolean on) {
    return toBuilder().updateLog(on).build();
  }

  /** A listener called after every epoch, or null for none. */
  public TrainingOptions withProgress(ProgressListener listener) {
    return toBuilder().progress(listener).build();
  }

  /**
   * Whether a second thread reads each example's row a few visits before the training loop
   * visits it (8 rows ahead, one read per cache line; docs/learners.md). It pays when the rows
   * come from memory, i.e. the training set is larger than the last-level cache and the order is
   * shuffled (measured: docs/fashion-mnist.md). It costs a core, which spins while the loop
   * runs, so it is off by default, and even when asked for it starts only with shuffling, on
   * training rows of at least 32 MiB, and on two processors or more. The result does not depend
   * on it: the helper only reads the rows.
   */
  public TrainingOptions withPrefetch(boolean on) {
    return withPrefetcher(on ? RowPrefetcher.Settings.DEFAULT : null);
  }

  /** The prefetch thread with these settings, or none (null). */
  TrainingOptions withPrefetcher(RowPrefetcher.Settings settings) {
    return toBuilder().prefetcher(settings).build();
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

  /** Whether a prefetch thread runs beside the training loop; see {@link #withPrefetch}. */
  public boolean prefetch() {
    return prefetch != null;
  }

  RowPrefetcher.Settings prefetcher() {
    return prefetch;
  }

  /**
   * Builds {@link TrainingOptions}: every setter checks its argument at once (throwing
   * {@link OptionException} that names it) and returns this builder. Not thread-safe.
   */
  public static final class Builder {
    private int maxEpochs = 10;
    private long seed;
    private boolean shuffle = true;
    private boolean bias = true;
    private float tau;
    private double validationFraction;
    private int patience = 5;
    private int voteCap = Integer.MAX_VALUE;
    private boolean recordUpdates;
    private ProgressListener progress;
    private RowPrefetcher.Settings prefetch;

    private Builder() {}

    private Builder(TrainingOptions o) {
      maxEpochs = o.maxEpochs;
      seed = o.seed;
      shuffle = o.shuffle;
      bias = o.bias;
      tau = o.tau;
      validationFraction = o.validationFraction;
      patience = o.patience;
      voteCap = o.voteCap;
      recordUpdates = o.recordUpdates;
      progress = o.progress;
      prefetch = o.prefetch;
    }

    /** See {@link TrainingOptions#withMaxEpochs}. */
    public Builder maxEpochs(int epochs) {
      if (epochs < 1) {
        throw new OptionException("maxEpochs", epochs, "must be >= 1");
      }
      maxEpochs = epochs;
      return this;
    }

    /** See {@link TrainingOptions#withSeed}. */
    public Builder seed(long s) {
      seed = s;
      return this;
    }

    /** See {@link TrainingOptions#withShuffle}. */
    public Builder shuffle(boolean on) {
      shuffle = on;
      return this;
    }

    /** See {@link TrainingOptions#withBias}. */
    public Builder bias(boolean on) {
      bias = on;
      return this;
    }

    /** See {@link TrainingOptions#withTau}. */
    public Builder tau(float t) {
      if (!(t >= 0f) || Float.isInfinite(t)) {
        throw new OptionException("tau", t, "must be finite and >= 0");
      }
      tau = t;
      return this;
    }

    /** See {@link TrainingOptions#withEarlyStopping}. */
    public Builder earlyStopping(double fraction, int patienceEpochs) {
      if (!(fraction >= 0.0 && fraction < 1.0)) {
        throw new OptionException("validationFraction", fraction, "must be in [0, 1)");
      }
      if (patienceEpochs < 1) {
        throw new OptionException("patience", patienceEpochs, "must be >= 1");
      }
      validationFraction = fraction;
      patience = patienceEpochs;
      return this;
    }

    /** See {@link TrainingOptions#withVoteCap}. */
    public Builder voteCap(int cap) {
      if (cap < 1) {
        throw new OptionException("voteCap", cap, "must be >= 1");
      }
      voteCap = cap;
      return this;
    }

    /** See {@link TrainingOptions#withUpdateLog}. */
    public Builder updateLog(boolean on) {
      recordUpdates = on;
      return this;
    }

    /** See {@link TrainingOptions#withProgress}. */
    public Builder progress(ProgressListener listener) {
      progress = listener;
      return this;
    }

    /** See {@link TrainingOptions#withPrefetch}. */
    public Builder prefetch(boolean on) {
      return prefetcher(on ? RowPrefetcher.Settings.DEFAULT : null);
    }

    Builder prefetcher(RowPrefetcher.Settings settings) {
      prefetch = settings;
      return this;
    }

    /** The options. */
    public TrainingOptions build() {
      return new TrainingOptions(this);
    }
  }

  @Override
  public String toString() {
    return "maxEpochs=" + maxEpochs + ", seed=" + seed + ", shuffle=" + shuffle + ", bias=" + bias + ", tau=" + tau
        + ", validationFraction=" + validationFraction + ", patience=" + patience
        + (voteCap == Integer.MAX_VALUE ? "" : ", voteCap=" + voteCap)
        + (prefetch != null ? ", prefetch=true" : "");
  }
}
