package io.github.simdperceptron.learn.kernel;

/**
 * The sizes of the kernel perceptron's training engine ({@link TrainingScores}): how many updates
 * wait before a commit, how many bytes the column cache may take, how many terms from cached
 * columns wait before they are added to every row's scores. A fit uses {@link #DEFAULT}; tests
 * build others to reach the engine's edges (one update at a time, a cache of a few columns, each
 * term added at once), which change no mistake and, but for the pending cap on real data, no bit.
 * Immutable.
 */
final class KernelSettings {
  /** Updates pending before a commit: 4 panels; a commit's Gram block is then compute-bound. */
  static final int PENDING = 64;
  /** Terms (column, class, step) of updates from cached columns deferred before they are added to every row's. */
  static final int DEFERRED = 64;
  /** What a fit runs with: {@link #PENDING}, a quarter of the heap for the cache, {@link #DEFERRED}. */
  static final KernelSettings DEFAULT = new KernelSettings(PENDING, -1, DEFERRED);

  /** Updates pending before a commit (1: every update committed at once, one visit at a time). */
  final int pendingCap;
  /** Bytes the cached columns may take, or -1 for a quarter of the heap. */
  final long cacheBytes;
  /** Terms deferred before they are added to every row's scores (1: each added at once). */
  final int deferCap;

  KernelSettings(int pendingCap, long cacheBytes, int deferCap) {
    this.pendingCap = pendingCap;
    this.cacheBytes = cacheBytes;
    this.deferCap = deferCap;
  }

  /** These settings with another pending cap. */
  KernelSettings pending(int cap) {
    return new KernelSettings(cap, cacheBytes, deferCap);
  }

  /** These settings with the column cache capped at this many bytes. */
  KernelSettings cacheBytes(long bytes) {
    return new KernelSettings(pendingCap, bytes, deferCap);
  }

  /** These settings with another cap on the deferred terms. */
  KernelSettings deferCap(int cap) {
    return new KernelSettings(pendingCap, cacheBytes, cap);
  }

  /** The cache's budget in bytes: {@link #cacheBytes}, or a quarter of the heap when that is -1. */
  long cacheBudget() {
    return cacheBytes >= 0 ? cacheBytes : Runtime.getRuntime().maxMemory() / 4;
  }
}
