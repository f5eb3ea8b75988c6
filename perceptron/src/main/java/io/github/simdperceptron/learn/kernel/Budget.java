package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.learn.internal.SeededRandom;

/**
 * The budget (Cavallanti, Cesa-Bianchi and Gentile 2007): at most {@code size} support vectors;
 * when a new one would exceed it, one drawn uniformly from a seeded stream leaves first, with
 * its coefficients.
 */
final class Budget {
  private final int size;
  /** {@code java.util.Random}'s sequence, seeded apart from the example order's. */
  private final SeededRandom removal;

  /** A budget of size &gt; 0 support vectors, drawing from a stream seeded by the options' seed. */
  Budget(int size, long seed) {
    this.size = size;
    this.removal = new SeededRandom(seed ^ 0x5DEECE66DL);
  }

  /** Whether m support vectors fill the budget. */
  boolean full(int m) {
    return m == size;
  }

  /** The support vectors it holds at most. */
  int size() {
    return size;
  }

  /** The removal stream's state, from which {@link #restore} continues it. */
  long state() {
    return removal.state();
  }

  /** Continues the removal stream from a {@link #state()}. */
  void restore(long state) {
    removal.restore(state);
  }

  /** The slot of the support vector to remove, uniform in [0, m). */
  int draw(int m) {
    return removal.nextInt(m);
  }
}
