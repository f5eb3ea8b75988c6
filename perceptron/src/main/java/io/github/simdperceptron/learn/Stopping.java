package io.github.simdperceptron.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * When the learners of one fit stop (docs/learners.md, stopping): the one learner of a binary or
 * multi-class fit, or the K per-class learners of one-vs-rest. Learner c stops after an epoch
 * without an update of its own (converged) or, for cyclic PLA, after n consecutive visits without
 * one (halted). A stopped learner is neither updated nor counted any more; the run ends when every
 * learner has stopped.
 */
final class Stopping {
  /** A learner's status bits ({@link #status()}): it converged, it halted; either means it stopped. */
  static final int CONVERGED = 1;
  static final int HALTED = 2;
  /** Set by a resumable training: the voted perceptron reached its cap (the run stopped). */
  static final int CAPPED = 4;
  private int n;
  private final boolean haltOnCleanCycle;
  private final boolean shuffle;
  private final boolean[] stopped;
  /** Per learner: {@link #CONVERGED} and {@link #HALTED} as they happened. */
  private final byte[] status;
  private final int[] clean;
  private final int[] visits;
  /** This epoch's mistakes and updates of every learner, kept in the lists below when it ends. */
  private int[] mistakes;
  private int[] updates;
  private final List<int[]> mistakesPerEpoch = new ArrayList<>();
  private final List<int[]> updatesPerEpoch = new ArrayList<>();
  private int running;
  /** Learners that converged, that halted (a learner does each at most once: then it has stopped). */
  private int converged;
  private int halted;

  Stopping(int learners, int n, boolean haltOnCleanCycle, boolean shuffle) {
    this.n = n;
    this.haltOnCleanCycle = haltOnCleanCycle;
    this.shuffle = shuffle;
    this.stopped = new boolean[learners];
    this.status = new byte[learners];
    this.clean = new int[learners];
    this.visits = new int[learners];
    this.mistakes = new int[learners];
    this.updates = new int[learners];
    this.running = learners;
  }

  /** Sets the number of examples of an epoch, for a pass over a stream whose length is known at its end. */
  void examples(int n) {
    this.n = n;
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
      halted++;
      status[learner] |= HALTED;
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
        converged++;
        status[c] |= CONVERGED;
        stop(c);
      }
      visits[c] = 0;
      if (shuffle) {
        // A clean run across two shuffled epochs need not cover every example: count per epoch.
        clean[c] = 0;
      }
    }
    mistakesPerEpoch.add(mistakes);
    updatesPerEpoch.add(updates);
    mistakes = new int[stopped.length];
    updates = new int[stopped.length];
  }

  /**
   * The stopping of a run that continues an earlier one: learner c starts with the status and
   * the run of clean visits the earlier run ended with ({@link #status()}, {@link #clean()}); the
   * learners beyond those arrays start afresh.
   */
  Stopping(int learners, int n, boolean haltOnCleanCycle, boolean shuffle, byte[] status, int[] clean) {
    this(learners, n, haltOnCleanCycle, shuffle);
    for (int c = 0; c < status.length; c++) {
      this.status[c] = status[c];
      this.clean[c] = clean[c];
      if ((status[c] & CONVERGED) != 0) {
        converged++;
      }
      if ((status[c] & HALTED) != 0) {
        halted++;
      }
      if (status[c] != 0) {
        stop(c);
      }
    }
  }

  /** Each learner's status bits ({@link #CONVERGED}, {@link #HALTED}); a copy. */
  byte[] status() {
    return status.clone();
  }

  /** Each learner's current run of visits without an update; a copy. */
  int[] clean() {
    return clean.clone();
  }

  private void stop(int learner) {
    if (!stopped[learner]) {
      stopped[learner] = true;
      running--;
    }
  }

  /** Whether every learner converged (an epoch without an update of its own). */
  boolean converged() {
    return converged == stopped.length;
  }

  /** Whether every learner halted (cyclic PLA: n consecutive visits without an update). */
  boolean halted() {
    return halted == stopped.length;
  }

  /** Each learner's mistakes in each epoch, zeros after it stopped: [learner][epoch]. */
  int[][] mistakesPerEpoch() {
    return byLearner(mistakesPerEpoch);
  }

  /** Each learner's updates in each epoch, zeros after it stopped: [learner][epoch]. */
  int[][] updatesPerEpoch() {
    return byLearner(updatesPerEpoch);
  }

  private int[][] byLearner(List<int[]> epochs) {
    return IntStream.range(0, stopped.length).mapToObj(c -> epochs.stream().mapToInt(counts -> counts[c]).toArray())
        .toArray(int[][]::new);
  }
}
