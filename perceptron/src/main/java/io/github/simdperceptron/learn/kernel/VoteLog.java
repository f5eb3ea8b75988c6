package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.Arrays;

/**
 * The voted form's record of its classifiers: every update (the slot of its support vector, the
 * class it added the kernel to and the one it subtracted it from), and the number of visits each
 * intermediate classifier survived (the one before update u at {@code counts[u]}, the current one
 * counting still).
 */
final class VoteLog {
  private int updates;
  private int[] slot = new int[16];
  private int[] plus = new int[16];
  private int[] minus = new int[16];
  private long[] counts = new long[17];
  private long survived;

  /** The current classifier survived a visit. */
  void survived() {
    survived++;
  }

  /** Records the classifier that just erred (with its survival count) and the update that replaces it. */
  void mistake(int plusClass, int minusClass) {
    if (updates == slot.length) {
      slot = Arrays.copyOf(slot, updates * 2);
      plus = Arrays.copyOf(plus, updates * 2);
      minus = Arrays.copyOf(minus, updates * 2);
      counts = Arrays.copyOf(counts, updates * 2 + 1);
    }
    counts[updates] = survived;
    plus[updates] = plusClass;
    minus[updates] = minusClass;
    updates++;
    survived = 1;
  }

  /** The slot of the last update's support vector. */
  void updated(int s) {
    slot[updates - 1] = s;
  }

  /** The voted model of these classifiers over the support vectors (rows of the training set in slot order). */
  KernelModel model(KernelModel.Function kernel, Labels labels, Dataset supportVectors, boolean bias) {
    long[] cs = Arrays.copyOf(counts, updates + 1);
    cs[updates] = survived;
    return new KernelModel(kernel, labels, supportVectors, new Votes(Arrays.copyOf(slot, updates),
        Arrays.copyOf(plus, updates), Arrays.copyOf(minus, updates), cs, bias, labels));
  }

  /** Copies the updates and the survival counts (the current classifier's last) into s. */
  void capture(KernelRuleState s) {
    s.voteSlots = Arrays.copyOf(slot, updates);
    s.votePlus = Arrays.copyOf(plus, updates);
    s.voteMinus = Arrays.copyOf(minus, updates);
    s.voteCounts = Arrays.copyOf(counts, updates + 1);
    s.voteCounts[updates] = survived;
  }

  /** Puts the updates and survival counts of s back (this log still empty). */
  void restore(KernelRuleState s) {
    updates = s.voteSlots.length;
    int capacity = Math.max(16, updates);
    slot = Arrays.copyOf(s.voteSlots, capacity);
    plus = Arrays.copyOf(s.votePlus, capacity);
    minus = Arrays.copyOf(s.voteMinus, capacity);
    counts = Arrays.copyOf(s.voteCounts, capacity + 1);
    survived = s.voteCounts[updates];
    counts[updates] = 0;
  }
}
