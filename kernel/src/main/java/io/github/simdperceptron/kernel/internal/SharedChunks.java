package io.github.simdperceptron.kernel.internal;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Rows [from, to) cut into chunks of whole tiles, which the calling thread and helpers of the
 * common fork-join pool take one at a time from a shared counter until none is left. A thread that
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
   * is done. A helper the pool has not started by then is taken back and run by the calling thread
   * (ForkJoinTask.join), finding no chunk left, so a pool busy with other work does not hold the
   * split. A chunk that throws stops the others from starting; the exception is rethrown.
   */
  static void run(int from, int to, int tile, int chunks, int helpers, GramBlocks.RangeTask task) {
    new SharedChunks(from, to, tile, chunks, task).run(helpers);
  }

  private void run(int helpers) {
    ForkJoinTask<?>[] forked = new ForkJoinTask<?>[helpers];
    ForkJoinPool pool = ForkJoinPool.commonPool();
    for (int h = 0; h < helpers; h++) {
      forked[h] = pool.submit(this::drain);
    }
    RuntimeException failed = null;
    try {
      drain();
    } catch (RuntimeException | Error e) {
      next.set(chunks);
      throw e;
    } finally {
      // Every helper has ended (or never started) before the caller goes on to read the results.
      for (ForkJoinTask<?> f : forked) {
        try {
          f.join();
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
