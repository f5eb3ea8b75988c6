package io.github.simdperceptron.learn.internal;

import java.util.Random;

/** The order in which an epoch visits its examples, shared by every training loop of the library. */
public final class EpochOrder {
  private EpochOrder() {}

  /** order = 0..n-1, then a Fisher-Yates shuffle from the top when rnd is given (docs/learners.md). Only order is modified. */
  public static void fill(int[] order, Random rnd) {
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    if (rnd != null) {
      for (int i = order.length - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
      }
    }
  }
}
