package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The shared chunks of a split: every row once, in ranges that start on a whole tile after the
 * first row, whatever the number of chunks and helpers; a chunk's exception reaches the caller, and
 * no chunk runs after the split has returned.
 */
class SharedChunksTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  static {
    System.out.println("SharedChunksTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
  }

  private final Random r = new Random(SEED);

  @Test
  void everyRowRunsOnceInRangesOfWholeTiles() {
    for (int trial = 0; trial < 300; trial++) {
      int tile = 1 + r.nextInt(40);
      int from = r.nextInt(100);
      int n = 2 * tile + r.nextInt(2000);
      int to = from + n;
      int chunks = 1 + r.nextInt(n / tile);
      int helpers = r.nextInt(4);
      AtomicIntegerArray runs = new AtomicIntegerArray(to);
      AtomicInteger ranges = new AtomicInteger();
      String where = "trial " + trial + ": rows [" + from + ", " + to + "), tile " + tile + ", " + chunks
          + " chunks, " + helpers + " helpers";
      SharedChunks.run(from, to, tile, chunks, helpers, (lo, hi) -> {
        assertTrue(lo < hi && lo >= from && hi <= to, where + ": range [" + lo + ", " + hi + ")");
        assertEquals(0, (lo - from) % tile, where + ": range [" + lo + ", " + hi + ") starts within a tile");
        ranges.incrementAndGet();
        for (int t = lo; t < hi; t++) {
          runs.incrementAndGet(t);
        }
      });
      assertTrue(ranges.get() <= chunks, where + ": " + ranges.get() + " ranges");
      for (int t = 0; t < to; t++) {
        assertEquals(t < from ? 0 : 1, runs.get(t), where + ": row " + t);
      }
    }
  }

  @Test
  void aChunksExceptionReachesTheCallerAfterEveryChunkHasEnded() throws InterruptedException {
    for (int trial = 0; trial < 50; trial++) {
      int chunks = 2 + r.nextInt(30);
      int failing = r.nextInt(chunks);
      AtomicInteger running = new AtomicInteger();
      AtomicInteger started = new AtomicInteger();
      IllegalStateException thrown = new IllegalStateException("chunk " + failing);
      RuntimeException caught = assertThrows(RuntimeException.class,
          () -> SharedChunks.run(0, chunks, 1, chunks, 1 + r.nextInt(3), (lo, hi) -> {
            running.incrementAndGet();
            started.incrementAndGet();
            try {
              Thread.sleep(1);
              if (lo == failing) {
                throw thrown;
              }
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            } finally {
              running.decrementAndGet();
            }
          }));
      assertEquals(0, running.get(), "trial " + trial + ": a chunk still running after the split returned");
      assertTrue(caught == thrown || caught.getCause() == thrown || thrown.getMessage().equals(caught.getMessage()),
          "trial " + trial + ": " + caught);
      int after = started.get();
      Thread.sleep(5);
      assertEquals(after, started.get(), "trial " + trial + ": a chunk started after the split returned");
    }
  }

  /**
   * With every thread of the common pool blocked elsewhere, a split returns once the calling thread
   * has done every chunk: it does not wait for helpers that never started.
   */
  @Test
  void aSplitDoesNotWaitForHelpersThePoolCannotStart() throws InterruptedException {
    int threads = ForkJoinPool.getCommonPoolParallelism();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch blocked = new CountDownLatch(threads);
    for (int t = 0; t < threads; t++) {
      ForkJoinPool.commonPool().execute(() -> {
        blocked.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    try {
      assertTrue(blocked.await(10, TimeUnit.SECONDS), "the pool's threads did not start");
      int n = 1000;
      AtomicIntegerArray runs = new AtomicIntegerArray(n);
      assertTimeoutPreemptively(Duration.ofSeconds(10), () -> SharedChunks.run(0, n, 4, 50, 3,
          (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
              runs.incrementAndGet(i);
            }
          }), "the split waited for helpers that could not start");
      for (int i = 0; i < n; i++) {
        assertEquals(1, runs.get(i), "row " + i);
      }
    } finally {
      release.countDown();
    }
  }
}
