package io.github.simdperceptron.kernel.internal;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Rows [from, to) cut into chunks of whole tiles, which the calling thread and helpers of the
 * common fork-join pool take one at a time from a shared counter until none is left; the calling
 * thread alone does them all when the pool's threads are busy elsewhere. A thread that
 * starts late (a parked pool thread wakes a tenth of a millisecond or more after it is signalled)
 * or runs slower (a shared machine) takes fewer chunks; at the end the threads wait for one chunk at
 * most, where fixed halves or quarters of the rows leave one thread idle while the other finishes
 * its share.
 */
final class SharedChunks {
  private final int from;
  private final int n;
  private final int tile;
  private final int chunks;
  private final GramBlocks.RangeTask task;
  private final AtomicInteger next = new AtomicInteger();

  /** A helper's states: queued, running its share, or revoked before it started. */
  private static final int WAITING = 0;
  private static final int STARTED = 1;
  private static final int REVOKED = 2;

  private SharedChunks(int from, int to, int tile, int chunks, GramBlocks.RangeTask task) {
    this.from = from;
    this.n = to - from;
    this.tile = tile;
    this.chunks = chunks;
    this.task = task;
  }

  /**
   * Runs task over [from, to) in {@code chunks} chunks of whole tiles (the last one ending at to) on
   * the calling thread and {@code helpers} tasks of the common pool, and returns when every chunk
   * is done, without waiting for a helper that has not started by then (the pool busy with other
   * work: the calling thread has run its chunks). A chunk that throws stops the others from
   * starting; the exception is rethrown.
   */
  static void run(int from, int to, int tile, int chunks, int helpers, GramBlocks.RangeTask task) {
    new SharedChunks(from, to, tile, chunks, task).run(helpers);
  }

  private void run(int helpers) {
    // A helper still waiting in the pool's queue when the caller has taken the last chunk (the
    // pool busy with other work, or its thread slow to wake) is revoked, so the caller does not
    // wait for it; one that has started is waited for, as its chunk may still be running.
    AtomicIntegerArray state = new AtomicIntegerArray(helpers);
    ForkJoinTask<?>[] forked = new ForkJoinTask<?>[helpers];
    ForkJoinPool pool = ForkJoinPool.commonPool();
    for (int h = 0; h < helpers; h++) {
      int helper = h;
      forked[h] = pool.submit(() -> {
        if (state.compareAndSet(helper, WAITING, STARTED)) {
          drain();
        }
      });
    }
    RuntimeException failed = null;
    try {
      drain(); // a chunk that throws has stopped the others from starting
    } finally {
      // Every helper has ended (or will never start) before the caller goes on to read the results.
      for (int h = 0; h < helpers; h++) {
        if (state.compareAndSet(h, WAITING, REVOKED)) {
          continue;
        }
        try {
          forked[h].join();
        } catch (RuntimeException e) {
          if (failed == null) {
            failed = e;
          }
        }
      }
    }
    if (failed != null) {
      throw failed;
    }
  }

  private void drain() {
    for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
      try {
        task.run(start(c), c + 1 == chunks ? from + n : start(c + 1));
      } catch (RuntimeException | Error e) {
        next.set(chunks);
        throw e;
      }
    }
  }

  /** Start of chunk c: a whole number of tiles after from. */
  private int start(int c) {
    return from + (int) ((long) n * c / chunks) / tile * tile;
  }
}
