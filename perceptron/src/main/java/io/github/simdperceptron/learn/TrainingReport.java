package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.ReportAccess;
import java.util.Arrays;

/**
 * What a training run did. Mistakes are visits with {@code y * a <= 0}; updates are visits that
 * changed the weights (the same except for the margin perceptron, and for the voted perceptron
 * when its cap stopped training). For the multi-class perceptron a mistake is a visit whose
 * predicted class (the arg max) is wrong; for one-vs-rest, a visit on which at least one class's
 * binary learner erred (updated), with the per-class counts in {@link #classMistakesPerEpoch()}.
 * For the structured perceptron ({@code sequence.Tagger}) a visit is a sentence, and a mistake
 * (and an update) a sentence with a wrong tag.
 */
public final class TrainingReport {
  static {
    ReportAccess.install(new ReportBridge());
  }

  private final String algorithm;
  private final int[] mistakesPerEpoch;
  private final int[] updatesPerEpoch;
  private final double[] validationAccuracyPerEpoch;
  private final boolean converged;
  private final boolean halted;
  private final boolean stoppedEarly;
  private final boolean voteCapReached;
  private final int storedVectors;
  private final PostFitFigures figures;
  private final double seconds;
  private final long visits;
  private final int[] updateLog;
  private final int[][] classMistakesPerEpoch;
  private final int[][] classUpdatesPerEpoch;

  /**
   * The report of a run of the learner named algorithm, which stored storedVectors vectors and
   * whose model's figures are figures; takes the run's arrays over. The per-class counts
   * ([class][epoch]) are empty but for one-vs-rest.
   */
  TrainingReport(String algorithm, int storedVectors, PostFitFigures figures, Trainer.Run<?> run) {
    this.algorithm = algorithm;
    this.mistakesPerEpoch = run.mistakesPerEpoch;
    this.updatesPerEpoch = run.updatesPerEpoch;
    this.validationAccuracyPerEpoch = run.validationAccuracy;
    this.converged = run.stopping.converged();
    this.halted = run.stopping.halted();
    this.stoppedEarly = run.stoppedEarly;
    this.voteCapReached = run.capReached;
    this.storedVectors = storedVectors;
    this.figures = figures;
    this.seconds = run.seconds;
    this.visits = run.visits;
    this.updateLog = run.log;
    this.classMistakesPerEpoch = run.perClass ? run.stopping.mistakesPerEpoch() : new int[0][];
    this.classUpdatesPerEpoch = run.perClass ? run.stopping.updatesPerEpoch() : new int[0][];
  }

  /** The algorithm's name, e.g. {@code "AVERAGED"} or {@code "OVR(PERCEPTRON)"}. */
  public String algorithm() {
    return algorithm;
  }

  /** Epochs run (the last may be partial when PLA halted or the vote cap stopped training). */
  public int epochs() {
    return mistakesPerEpoch.length;
  }

  /** Mistakes in each epoch (a copy). */
  public int[] mistakesPerEpoch() {
    return mistakesPerEpoch.clone();
  }

  /** Updates in each epoch (a copy). */
  public int[] updatesPerEpoch() {
    return updatesPerEpoch.clone();
  }

  /** Total mistakes over the run. */
  public long mistakes() {
    return Arrays.stream(mistakesPerEpoch).asLongStream().sum();
  }

  /** Total updates over the run. */
  public long updates() {
    return Arrays.stream(updatesPerEpoch).asLongStream().sum();
  }

  /**
   * Validation accuracy after each epoch when early stopping was on (the structured perceptron's:
   * the token accuracy of the held-out sentences), else empty (a copy).
   */
  public double[] validationAccuracyPerEpoch() {
    return validationAccuracyPerEpoch.clone();
  }

  /** Whether an epoch made no update (the training set is separated by the current weights). */
  public boolean converged() {
    return converged;
  }

  /** PLA only: whether it halted after a full cycle without a mistake. */
  public boolean halted() {
    return halted;
  }

  /** Whether early stopping ended the run (the best model on the validation split was returned). */
  public boolean stoppedEarly() {
    return stoppedEarly;
  }

  /** Voted only: whether the cap on stored vectors ended the run. */
  public boolean voteCapReached() {
    return voteCapReached;
  }

  /** Voted only: the number of stored vectors (memory is this times the dimension floats); else 0. */
  public int storedVectors() {
    return storedVectors;
  }

  /**
   * Training error of the returned model: the fraction of training rows with y * score &lt;= 0
   * (binary) or predicted wrongly (multi-class), or of the training sentences' tokens tagged
   * wrongly (the structured perceptron). Computed on the first call, then kept.
   */
  public double trainingError() {
    return figures.trainingError();
  }

  /** Wall time of the training loop, in seconds. */
  public double seconds() {
    return seconds;
  }

  /** Example visits made. */
  public long visits() {
    return visits;
  }

  /** Visits per second. */
  public double examplesPerSecond() {
    return seconds > 0 ? visits / seconds : Double.POSITIVE_INFINITY;
  }

  /**
   * One-vs-rest only: the mistakes ({@code y_k a_k <= 0}) of each class's binary learner in each
   * epoch, {@code [class][epoch]} (a copy); empty for other learners. Row k equals the
   * {@link #mistakesPerEpoch()} of the binary run of class k, followed by zeros for the epochs
   * after that run would have stopped.
   */
  public int[][] classMistakesPerEpoch() {
    return deepCopy(classMistakesPerEpoch);
  }

  /** One-vs-rest only: the updates of each class in each epoch, {@code [class][epoch]} (a copy); else empty. */
  public int[][] classUpdatesPerEpoch() {
    return deepCopy(classUpdatesPerEpoch);
  }

  private static int[][] deepCopy(int[][] a) {
    return Arrays.stream(a).map(int[]::clone).toArray(int[][]::new);
  }

  /** The example index of every update in visit order, when the options asked for it; else empty. */
  public int[] updateLog() {
    return updateLog.clone();
  }

  /** The post-fit figures, computed on first use (package-private, for tests). */
  PostFitFigures figures() {
    return figures;
  }

  /**
   * R = max ||x_i|| over the training set (of (x_i, 1) when the bias was on); NaN for multi-class
   * and voted models. Computed on the first call (one pass over the training data), then kept.
   */
  public double radius() {
    return figures.radius();
  }

  /**
   * The normalised margin the returned linear separator achieves on the training set,
   * {@code min_i y_i (w.x_i + b) / ||(w, b)||}; negative infinity when it does not separate the
   * data; NaN for voted and multi-class models. Computed on the first call (one pass over the
   * training data), then kept.
   */
  public double margin() {
    return figures.margin();
  }

  /** Whether the returned linear separator classifies every training example correctly (margin > 0). */
  public boolean separated() {
    return margin() > 0;
  }

  /**
   * The Novikoff bound (R / gamma)^2 for gamma = {@link #margin()}: when the returned separator
   * separates the data, the perceptron's mistakes on any sequence of these examples are at most
   * this (the theorem holds for any unit separator, so for this one too). Infinity when the data
   * was not separated, NaN when not computed.
   */
  public double mistakeBound() {
    double margin = margin();
    if (Double.isNaN(margin)) {
      return Double.NaN;
    }
    double radius = radius();
    return margin > 0 ? (radius / margin) * (radius / margin) : Double.POSITIVE_INFINITY;
  }

  @Override
  public String toString() {
    return algorithm + ": epochs=" + epochs() + ", mistakes=" + mistakes() + ", updates=" + updates()
        + ", converged=" + converged + (halted ? ", halted" : "") + (stoppedEarly ? ", stopped early" : "")
        + (voteCapReached ? ", vote cap reached" : "") + ", training error=" + trainingError()
        + String.format(", %.3f s", seconds);
  }
}
