package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.OptionException;

/**
 * Options shared by every learner, made by {@link #builder()} or changed through
 * {@link #toBuilder()}: {@code TrainingOptions.builder().maxEpochs(20).seed(42).build()}.
 * Immutable. Defaults: 10 epochs, seed 0, shuffle every epoch, bias on, tau 0, aggressiveness 1, no validation
 * split (patience 5 when one is set), no cap on voted vectors, no update log, no progress listener,
 * no prefetch thread, training classes on request. A value out of range throws an
 * {@link IllegalArgumentException} naming the option.
 */
public final class TrainingOptions {
  /** A private copy that no one else can reach, so it never changes. */
  private final Builder values;

  private TrainingOptions(Builder values) {
    this.values = values;
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
    return values.copy();
  }

  public int maxEpochs() {
    return values.maxEpochs;
  }

  public long seed() {
    return values.seed;
  }

  public boolean shuffle() {
    return values.shuffle;
  }

  public boolean bias() {
    return values.bias;
  }

  public float tau() {
    return values.tau;
  }

  /** The passive-aggressive learners' aggressiveness C (&gt; 0); see {@link Builder#aggressiveness}. */
  public float aggressiveness() {
    return values.aggressiveness;
  }

  public double validationFraction() {
    return values.validationFraction;
  }

  public int patience() {
    return values.patience;
  }

  public int voteCap() {
    return values.voteCap;
  }

  public boolean recordUpdates() {
    return values.recordUpdates;
  }

  public ProgressListener progress() {
    return values.progress;
  }

  /** Whether the fit computes its training rows' classes before it returns; see {@link Builder#trainingClasses}. */
  public boolean trainingClasses() {
    return values.trainingClasses;
  }

  /** Whether a prefetch thread runs beside the training loop; see {@link Builder#prefetch}. */
  public boolean prefetch() {
    return values.prefetch != null;
  }

  /** The prefetch thread's settings, or null without it. */
  RowPrefetcher.Settings prefetcher() {
    return values.prefetch;
  }

  /** Builds {@link TrainingOptions}; every setter checks its argument and returns this builder. Not thread-safe. */
  public static final class Builder implements Cloneable {
    private int maxEpochs = 10;
    private long seed;
    private boolean shuffle = true;
    private boolean bias = true;
    private float tau;
    private float aggressiveness = 1f;
    private double validationFraction;
    private int patience = 5;
    private int voteCap = Integer.MAX_VALUE;
    private boolean recordUpdates;
    private boolean trainingClasses;
    private ProgressListener progress;
    /** Null without the prefetch thread. */
    private RowPrefetcher.Settings prefetch;

    private Builder() {}

    /** A field-by-field copy (the progress listener is shared, not copied). */
    private Builder copy() {
      try {
        return (Builder) clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }

    /** At most this many epochs (passes over the training set); at least 1. */
    public Builder maxEpochs(int epochs) {
      maxEpochs = atLeastOne("maxEpochs", epochs);
      return this;
    }

    /** The seed of the example order and of the validation split. */
    public Builder seed(long s) {
      seed = s;
      return this;
    }

    /** Whether every epoch visits the examples in a new seeded random order. */
    public Builder shuffle(boolean on) {
      shuffle = on;
      return this;
    }

    /** Whether a bias b is learned (b += y on every update). */
    public Builder bias(boolean on) {
      bias = on;
      return this;
    }

    /** The margin perceptron's tau (>= 0, finite): update when y * a &lt;= tau. Other algorithms ignore it. */
    public Builder tau(float t) {
      if (!(t >= 0f) || Float.isInfinite(t)) {
        throw new OptionException("tau", t, "must be finite and >= 0");
      }
      tau = t;
      return this;
    }

    /**
     * The aggressiveness C (finite, &gt; 0) of {@link Algorithm#PA1} (the step is at most C) and
     * {@link Algorithm#PA2} (the step's denominator gets 1 / (2C)); other algorithms ignore it.
     * Default 1.
     */
    public Builder aggressiveness(float c) {
      if (!(c > 0f) || Float.isInfinite(c)) {
        throw new OptionException("aggressiveness", c, "must be finite and > 0");
      }
      aggressiveness = c;
      return this;
    }

    /**
     * Early stopping: hold out this fraction of the training set (0 turns it off, else in (0, 1)),
     * evaluate after every epoch, stop after {@code patience} epochs without a strictly better
     * validation accuracy, and return the best model seen.
     */
    public Builder earlyStopping(double fraction, int patienceEpochs) {
      if (!(fraction >= 0.0 && fraction < 1.0)) {
        throw new OptionException("validationFraction", fraction, "must be in [0, 1)");
      }
      patience = atLeastOne("patience", patienceEpochs);
      validationFraction = fraction;
      return this;
    }

    /** The voted perceptron keeps at most this many vectors (>= 1); training stops when it would need more. */
    public Builder voteCap(int cap) {
      voteCap = atLeastOne("voteCap", cap);
      return this;
    }

    private static int atLeastOne(String option, int value) {
      if (value < 1) {
        throw new OptionException(option, value, "must be >= 1");
      }
      return value;
    }

    /** Whether the report keeps the example index of every update, in order. */
    public Builder updateLog(boolean on) {
      recordUpdates = on;
      return this;
    }

    /**
     * Whether the fit computes its training rows' predicted classes before it returns, so that
     * the report's training error costs no pass over the rows. The kernel perceptron takes them
     * from the kernel columns its training cached and, for support vectors whose column the cache
     * could not hold, Gram blocks of those alone (docs/kernel-perceptron.md); off, it knows them
     * only when every column is cached, and the report scores the rows by Gram blocks of every
     * support vector when first asked. Not with a validation split (the fit returns its best
     * epoch's model), nor for the voted kernel perceptron. Other learners score their rows cheaply
     * on request and ignore it. Default off.
     */
    public Builder trainingClasses(boolean on) {
      trainingClasses = on;
      return this;
    }

    /** A listener called after every epoch, or null for none. */
    public Builder progress(ProgressListener listener) {
      progress = listener;
      return this;
    }

    /**
     * Whether a second thread reads each example's row a few visits ahead of the training loop
     * (docs/learners.md). It costs a spinning core, so it starts only with shuffling, on training
     * rows of at least 32 MiB and on two processors or more. The result does not depend on it.
     */
    public Builder prefetch(boolean on) {
      return prefetcher(on ? RowPrefetcher.Settings.DEFAULT : null);
    }

    /** The prefetch thread with these settings, or none (null). */
    Builder prefetcher(RowPrefetcher.Settings settings) {
      prefetch = settings;
      return this;
    }

    /** The options. */
    public TrainingOptions build() {
      return new TrainingOptions(copy());
    }
  }

  @Override
  public String toString() {
    Builder v = values;
    return "maxEpochs=" + v.maxEpochs + ", seed=" + v.seed + ", shuffle=" + v.shuffle + ", bias=" + v.bias
        + ", tau=" + v.tau + (v.aggressiveness == 1f ? "" : ", aggressiveness=" + v.aggressiveness)
        + ", validationFraction=" + v.validationFraction + ", patience=" + v.patience
        + (v.voteCap == Integer.MAX_VALUE ? "" : ", voteCap=" + v.voteCap)
        + (v.trainingClasses ? ", trainingClasses=true" : "") + (v.prefetch != null ? ", prefetch=true" : "");
  }

  /** Called by the training loop after every epoch, on the training thread. */
  @FunctionalInterface
  public interface ProgressListener {
    /**
     * @param epoch the epoch just finished, from 1
     * @param mistakes mistakes made in that epoch
     * @param updates updates made in that epoch
     * @param examplesPerSecond visits per second over that epoch
     */
    void epochFinished(int epoch, int mistakes, int updates, double examplesPerSecond);
  }
}
