package io.github.simdperceptron.learn;

import java.util.concurrent.locks.LockSupport;

/**
 * The example order of every epoch of one run (docs/learners.md, "Example order"), drawn either
 * by the training thread at the start of each epoch or, ahead of time, by a second thread: the
 * shuffle depends only on the seeded generator, never on training, so epoch e + 1's permutation
 * can be drawn on another core while epoch e trains. On rows of a few non-zeros the shuffle (a
 * random swap and a remainder per example) costs about as much as a third of the visits, and
 * drawing it ahead takes it off the training thread. Both ways hand out the same orders.
 *
 * <p>With the drawing thread there are two order arrays: epoch e uses {@code buffers[e & 1]}, and
 * the thread draws epoch e into it once the loop has asked for epoch e - 1 (so it is done with
 * e - 2). The generator belongs to the thread from its start, and the handover of each array goes
 * through the volatile counters, which orders the thread's writes before the loop's reads.
 */
final class EpochOrders implements AutoCloseable {
  /** Below this many examples a shuffle costs microseconds and a thread is not worth starting. */
  static final int MIN_EXAMPLES_AHEAD = 4096;
  /** The system property that turns drawing ahead off ({@code false}); on by default. */
  static final String AHEAD_PROPERTY = "simdperceptron.shuffleAhead";
  private static final int SPINS_BEFORE_PARKING = 1 << 10;
  private static final long PARK_NANOS = 10_000;

  private final int[][] buffers;
  private final SeededRandom rnd;
  private final int epochs;
  private final Thread drawer;
  /** Epochs handed to the loop; written by the loop only. */
  private volatile int taken;
  /** Epochs drawn; written by the drawing thread only (and by the loop before it starts). */
  private volatile int drawn;
  private volatile boolean closed;

  private EpochOrders(int[] order, SeededRandom rnd, int epochs, boolean ahead) {
    this.rnd = rnd;
    this.epochs = epochs;
    this.buffers = ahead ? new int[][] {order, new int[order.length]} : new int[][] {order};
    if (ahead) {
      Trainer.fillOrder(buffers[0], rnd);
      drawn = 1;
      drawer = new Thread(this::drawAhead, "perceptron-shuffle");
      drawer.setDaemon(true);
      drawer.start();
    } else {
      drawer = null;
    }
  }

  /**
   * The orders of up to {@code epochs} epochs of {@code order.length} examples, shuffled from rnd
   * when it is not null; without the thread every epoch's order is written into {@code order}.
   * {@code mayDrawAhead}: the caller does not use rnd after the run (a drawn epoch the run stops
   * before would have advanced it) and another thread may run beside the loop; the thread then
   * starts when the run shuffles over two or more epochs of at least {@link #MIN_EXAMPLES_AHEAD}
   * examples.
   */
  static EpochOrders of(int[] order, SeededRandom rnd, int epochs, boolean mayDrawAhead) {
    boolean ahead = mayDrawAhead && rnd != null && epochs >= 2 && order.length >= MIN_EXAMPLES_AHEAD
        && !"false".equals(System.getProperty(AHEAD_PROPERTY));
    return new EpochOrders(order, rnd, epochs, ahead);
  }

  /** Whether a second thread draws the orders. */
  boolean drawsAhead() {
    return drawer != null;
  }

  /**
   * The order of the next epoch (epochs are asked for in turn, from 0). Without the thread it is
   * always the same array, refilled; with it, the array of the previous epoch but one. The caller
   * reads it until it asks for the next one.
   */
  int[] next() {
    int e = taken;
    if (drawer == null) {
      Trainer.fillOrder(buffers[0], rnd);
      taken = e + 1;
      return buffers[0];
    }
    for (int spins = 0; drawn <= e; spins++) {
      if (spins < SPINS_BEFORE_PARKING) {
        Thread.onSpinWait();
      } else {
        LockSupport.parkNanos(PARK_NANOS);
      }
    }
    taken = e + 1;
    LockSupport.unpark(drawer);
    return buffers[e & 1];
  }

  private void drawAhead() {
    for (int e = 1; e < epochs && !closed; e++) {
      // buffers[e & 1] held epoch e - 2, which the loop is done with once it has taken epoch e - 1.
      for (int spins = 0; taken < e && !closed; spins++) {
        if (spins < SPINS_BEFORE_PARKING) {
          Thread.onSpinWait();
        } else {
          LockSupport.park(this);
        }
      }
      if (closed) {
        return;
      }
      Trainer.fillOrder(buffers[e & 1], rnd);
      drawn = e + 1;
    }
  }

  /** Stops the drawing thread, if any, and waits for it to end. */
  @Override
  public void close() {
    if (drawer != null) {
      closed = true;
      LockSupport.unpark(drawer);
      boolean interrupted = false;
      while (drawer.isAlive()) {
        try {
          drawer.join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
