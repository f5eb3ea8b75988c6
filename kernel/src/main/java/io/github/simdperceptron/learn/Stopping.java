package io.github.simdperceptron.learn;

/**
 * When the learners of one fit stop (docs/learners.md, stopping): the one learner of a binary or
 * multi-class fit, or the K per-class learners of one-vs-rest. Learner c stops after an epoch
 * without an update of its own (converged) or, for cyclic PLA, after n consecutive visits without
 * one (halted; counted within each epoch when shuffling). A stopped learner is neither updated nor
 * counted any more; the run ends when every learner has stopped. Owned by the training loop, which
 * records a single learner's visits itself, while one-vs-rest records each class's.
 */
final class Stopping {
  private final int n;
  private final boolean haltOnCleanCycle;
  private final boolean shuffle;
  private final boolean[] stopped;
  private final boolean[] converged;
  private final boolean[] halted;
  private final int[] clean;
  private final int[] visits;
  private final int[] mistakes;
  private final int[] updates;
  /** Every learner's mistakes and updates of every epoch: epoch e, learner c at {@code e * learners + c}. */
  private final Trainer.IntList mistakesPerEpoch = new Trainer.IntList();
  private final Trainer.IntList updatesPerEpoch = new Trainer.IntList();
  private int running;

  Stopping(int learners, int n, boolean haltOnCleanCycle, boolean shuffle) {
    this.n = n;
    this.haltOnCleanCycle = haltOnCleanCycle;
    this.shuffle = shuffle;
    this.stopped = new boolean[learners];
    this.converged = new boolean[learners];
    this.halted = new boolean[learners];
    this.clean = new int[learners];
    this.visits = new int[learners];
    this.mistakes = new int[learners];
    this.updates = new int[learners];
    this.running = learners;
  }

  boolean stopped(int learner) {
    return stopped[learner];
  }

  boolean allStopped() {
    return running == 0;
  }

  /** Records one visit of a running learner: its outcome flags ({@link UpdateRule#MISTAKE}, {@link UpdateRule#UPDATED}). */
  void record(int learner, int outcome) {
    visits[learner]++;
    if ((outcome & UpdateRule.MISTAKE) != 0) {
      mistakes[learner]++;
    }
    if ((outcome & UpdateRule.UPDATED) != 0) {
      updates[learner]++;
      clean[learner] = 0;
    } else if (++clean[learner] >= n && haltOnCleanCycle) {
      halted[learner] = true;
      stop(learner);
    }
  }

  /**
   * Ends an epoch: keeps each learner's counts, and stops a learner that visited the whole epoch
   * without an update. A learner that halted on the last visit of a clean epoch has converged too.
   */
  void epochFinished() {
    for (int c = 0; c < stopped.length; c++) {
      if (visits[c] == n && updates[c] == 0) {
        converged[c] = true;
        stop(c);
      }
      mistakesPerEpoch.add(mistakes[c]);
      updatesPerEpoch.add(updates[c]);
      visits[c] = 0;
      mistakes[c] = 0;
      updates[c] = 0;
      if (shuffle) {
        // A clean run across two shuffled epochs need not cover every example: count per epoch.
        clean[c] = 0;
      }
    }
  }

  private void stop(int learner) {
    if (!stopped[learner]) {
      stopped[learner] = true;
      running--;
    }
  }

  /** Whether every learner converged (an epoch without an update of its own). */
  boolean converged() {
    return all(converged);
  }

  /** Whether every learner halted (cyclic PLA: n consecutive visits without an update). */
  boolean halted() {
    return all(halted);
  }

  private static boolean all(boolean[] flags) {
    for (boolean f : flags) {
      if (!f) {
        return false;
      }
    }
    return true;
  }

  /** Each learner's mistakes in each epoch, zeros after it stopped: [learner][epoch]. */
  int[][] mistakesPerEpoch() {
    return byLearner(mistakesPerEpoch.toArray());
  }

  /** Each learner's updates in each epoch, zeros after it stopped: [learner][epoch]. */
  int[][] updatesPerEpoch() {
    return byLearner(updatesPerEpoch.toArray());
  }

  private int[][] byLearner(int[] counts) {
    int k = stopped.length;
    int[][] out = new int[k][counts.length / k];
    for (int t = 0; t < counts.length; t++) {
      out[t % k][t / k] = counts[t];
    }
    return out;
  }
}
