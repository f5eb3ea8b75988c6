package io.github.simdperceptron.learn.kernel;

import java.util.Random;

/**
 * The budget (Cavallanti, Cesa-Bianchi and Gentile 2007): at most {@code size} support vectors;
 * when a new one would exceed it, one drawn uniformly from a seeded stream leaves first, with
 * its coefficients.
 */
final class Budget {
  private final int size;
  /** {@code java.util.Random}'s sequence, seeded apart from the example order's. */
  private final Random removal;

  /** A budget of size &gt; 0 support vectors, drawing from a stream seeded by the options' seed. */
  Budget(int size, long seed) {
    this.size = size;
    this.removal = new Random(seed ^ 0x5DEECE66DL);
  }

  /** Whether m support vectors fill the budget. */
  boolean full(int m) {
    return m == size;
  }

  /** The slot of the support vector to remove, uniform in [0, m). */
  int draw(int m) {
    return removal.nextInt(m);
  }
}
