package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.TrainingLoop;

/**
 * What differs between algorithms: how one visit changes the state, and which model the state
 * stands for. The training loop ({@link Trainer}) owns everything else. M is a {@link Model} but
 * for the learners of other packages that the loop runs on their own examples ({@link ForeignRule}).
 */
abstract class UpdateRule<M> {
  /** Outcome flags of one visit, those of a learner of another package ({@link TrainingLoop}) among them. */
  static final int CORRECT = TrainingLoop.CORRECT;
  static final int MISTAKE = TrainingLoop.MISTAKE;
  static final int UPDATED = TrainingLoop.UPDATED;
  /** The rule cannot go on (e.g. the vote cap); the visit made no update. */
  static final int STOP = 4;

  /** Visits example i; returns a combination of {@link #MISTAKE}, {@link #UPDATED}, {@link #STOP}. */
  abstract int visit(Dataset data, int i);

  /** Called by the loop before each epoch's first visit; does nothing unless a rule needs it. */
  void epochStarting() {}

  /** The model the current state stands for (a snapshot: later visits do not change it). */
  abstract M model();

  /**
   * The model at the end of training, which the fit returns without a validation split (with one
   * it returns its best epoch's {@link #model()}): {@link #model()}, with what only the end is
   * worth computing (the kernel perceptron's training classes when its cache lacks columns and
   * the options ask for them).
   */
  M finalModel() {
    return model();
  }

  /**
   * The predicted classes of the training rows under {@code model}, the model this rule returned
   * last from {@link #model()} or {@link #finalModel()}, when the rule knows them without scoring
   * the rows (see {@link TrainingLoop.DatasetRule#trainingClasses}); else null.
   */
  int[] trainingClasses(M model) {
    return null;
  }

  /** The algorithm's name in reports. */
  abstract String name();

  /** Whether a learner stops after n consecutive visits without an update of its own (cyclic PLA). */
  boolean haltsAfterCleanCycle() {
    return false;
  }

  /** The loop's stopping of the current run, set before its first visit; see {@link #classLearners()}. */
  Stopping stopping;

  /**
   * The number of learners the rule trains side by side and records in {@link #stopping} itself
   * (one-vs-rest: one per class); 0 for one learner, whose visits the loop records.
   */
  int classLearners() {
    return 0;
  }

  /** Number of stored vectors, for rules whose memory grows (voted); 0 otherwise. */
  int storedVectors() {
    return 0;
  }
}
