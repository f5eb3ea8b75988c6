package io.github.simdperceptron.kernel;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/** Runs a per-row-range task, split over the common fork-join pool when the work is large. */
final class RowBlocks {
  /** Below about this many multiply-adds a fork costs more than it saves. */
  static final long PARALLEL_THRESHOLD = 1L << 19;

  @FunctionalInterface
  interface RangeTask {
    void run(int from, int to);
  }

  private RowBlocks() {}

  static void forEach(int n, long work, RangeTask task) {
    int threads = ForkJoinPool.getCommonPoolParallelism() + 1;
    if (work < PARALLEL_THRESHOLD || threads < 2 || n < 2) {
      task.run(0, n);
      return;
    }
    // A few blocks per thread so that one slow thread (the machine is shared) does not hold the rest.
    int blocks = Math.min(n, threads * 4);
    IntStream.range(0, blocks).parallel().forEach(b -> task.run(boundary(n, b, blocks), boundary(n, b + 1, blocks)));
  }

  /**
   * Start of block b (end of block b - 1). Any boundary gives the same bits: multiDot computes
   * every row exactly as dot does, whichever rows share a pass.
   */
  private static int boundary(int n, int b, int blocks) {
    return (int) ((long) n * b / blocks);
  }
}
