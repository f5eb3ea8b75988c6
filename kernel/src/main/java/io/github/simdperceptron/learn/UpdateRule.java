package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;

/**
 * What differs between algorithms: how one visit changes the state, and which model the state
 * stands for. The training loop ({@link Trainer}) owns everything else.
 */
abstract class UpdateRule<M extends Model> {
  /** Outcome flags of one visit. */
  static final int CORRECT = 0;
  static final int MISTAKE = 1;
  static final int UPDATED = 2;
  /** The rule cannot go on (e.g. the vote cap); the visit made no update. */
  static final int STOP = 4;

  /** Visits example i; returns a combination of {@link #MISTAKE}, {@link #UPDATED}, {@link #STOP}. */
  abstract int visit(Dataset data, int i);

  /** The model the current state stands for (a snapshot: later visits do not change it). */
  abstract M model();

  /** The algorithm's name in reports. */
  abstract String name();

  /**
   * Called by the loop after every epoch (the last one possibly cut short), before the stopping
   * checks. One-vs-rest uses it to stop each class the way its own binary run would stop.
   */
  void epochFinished() {}

  /**
   * Whether the loop evaluates the returned model's training error for the report; a rule that
   * trains one part of a split run says no, and the whole model is evaluated after the merge.
   */
  boolean reportsTrainingError() {
    return true;
  }

  /** Number of stored vectors, for rules whose memory grows (voted); 0 otherwise. */
  int storedVectors() {
    return 0;
  }
}
