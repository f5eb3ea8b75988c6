package io.github.simdperceptron.learn.kernel;

/**
 * A kernel rule's training state between two runs, as {@link KernelRule#capture} takes it and
 * {@link KernelRule#restore} puts it back (docs/training-state.md lays its bytes out): enough to go on
 * with the same bits an uninterrupted run has. The rows are the training set's (n of them, k
 * scores a row: 1 binary, else the classes); the arrays are owned by the state once made.
 */
final class KernelRuleState {
  /** Training rows and scores a row. */
  int n;
  int k;
  /** Rows before the visited ones: support vectors of a training on other rows (0 for none). */
  int prefix;
  /** The column cache's budget in bytes, as the run that made the state sized it. */
  long cacheBudget;
  /** The support vectors' training rows by slot. */
  int[] svRows;
  /** The current coefficients, k a slot; the averaged sums likewise, or null. */
  float[] alpha;
  double[] alphaSums;
  /** The current biases (k), their averaged sums, and the visits so far plus one. */
  float[] biases;
  double[] biasSums;
  long counter;
  /** Every row's committed scores as a visit sees them before the pending updates (k a row). */
  float[] scores;
  /** The rows whose kernel column the cache holds, ascending. */
  int[] cachedRows;
  /** The pending updates in order: their rows and coefficient changes (k an update). */
  int[] pendingRows;
  float[] pendingChanges;
  /** The budget's removal stream ({@link Budget#state()}), when there is a budget. */
  long removalState;
  /** The voted form's log ({@link VoteLog}), else null: per update its slot and classes, and the U + 1 survival counts. */
  int[] voteSlots;
  int[] votePlus;
  int[] voteMinus;
  long[] voteCounts;
}
