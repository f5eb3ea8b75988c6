package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.SparseDataset;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A second thread that reads the rows the training loop is about to visit, a few visits ahead,
 * so that they are in the shared cache when the loop gets there. Java has no prefetch
 * instruction, and a load issued by the training thread itself stalls it until the row arrives
 * (measured: touching the next rows on the same thread gained nothing); another core can wait
 * for memory instead. The rows are only read, never written, and the weights are not touched (a
 * read of a line the loop writes would make the two cores trade it), so the training result is
 * the same with or without it.
 *
 * <p>Protocol: before every visit the loop publishes its cursor (epoch, position in the epoch's
 * order) with an opaque store, a plain store on x86. The helper reads the example indices from
 * the loop's order array without synchronisation: a stale index only prefetches the wrong row.
 * When it has nothing to do it spins, then parks for short intervals (between epochs, during the
 * validation pass).
 */
final class RowPrefetcher {
  /** The system property that overrides {@link #DISTANCE} (a positive integer), for tuning runs. */
  static final String DISTANCE_PROPERTY = "simdperceptron.prefetchDistance";
  /**
   * Rows read ahead of the loop: 8 unless {@link #DISTANCE_PROPERTY} says otherwise. Far enough
   * ahead to cover a memory access, near enough that the rows are still in the caches when the
   * loop arrives; the distances tried on Fashion-MNIST are in docs/fashion-mnist.md.
   */
  static final int DISTANCE = distance();
  /** Idle spins before the helper parks for {@link #PARK_NANOS} at a time. */
  private static final int SPINS_BEFORE_PARKING = 1 << 14;
  private static final long PARK_NANOS = 20_000;
  /** Floats or ints per 64-byte cache line: one read per line is enough to bring it in. */
  private static final int LINE = 16;

  private static final VarHandle CURSOR;
  private static final VarHandle STOPPED;
  private static final VarHandle READ;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      CURSOR = lookup.findVarHandle(RowPrefetcher.class, "cursor", long.class);
      STOPPED = lookup.findVarHandle(RowPrefetcher.class, "stopped", boolean.class);
      READ = lookup.findVarHandle(RowPrefetcher.class, "rowsRead", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static int distance() {
    String value = System.getProperty(DISTANCE_PROPERTY, "8").trim();
    try {
      int d = Integer.parseInt(value);
      if (d >= 1) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(DISTANCE_PROPERTY + " must be a positive integer, got '" + value + "'");
  }

  private final Dataset data;
  private final int[] order;
  private final Thread thread;
  /** (epoch << 32) | position of the visit the loop is about to make; written by the loop only. */
  @SuppressWarnings("unused")
  private long cursor = -1L << 32;
  @SuppressWarnings("unused")
  private boolean stopped;
  /** Rows read so far; written by the helper only. */
  @SuppressWarnings("unused")
  private long rowsRead;
  private float sink;

  private RowPrefetcher(Dataset data, int[] order) {
    this.data = data;
    this.order = order;
    this.thread = new Thread(this::run, "simdperceptron-prefetch");
    this.thread.setDaemon(true);
  }

  /**
   * Starts a helper for a loop over {@code data} in the order held by {@code order} (refilled in
   * place every epoch), or returns null when the options do not ask for one or the JVM has fewer
   * than two processors (a spinning helper on one processor would take the loop's time).
   */
  static RowPrefetcher startIfWanted(TrainingOptions options, Dataset data, int[] order) {
    if (!options.prefetch() || threadBudget(options) < 2) {
      return null;
    }
    return start(data, order);
  }

  /** Starts a helper whatever the options and processors. */
  static RowPrefetcher start(Dataset data, int[] order) {
    RowPrefetcher p = new RowPrefetcher(data, order);
    p.thread.start();
    return p;
  }

  /** Threads a learner may use: the cap of the options, at most the processors. */
  static int threadBudget(TrainingOptions options) {
    int processors = Runtime.getRuntime().availableProcessors();
    return options.threads() == 0 ? processors : Math.min(options.threads(), processors);
  }

  /** Called by the loop before the visit at {@code position} of {@code epoch}. */
  void visiting(int epoch, int position) {
    CURSOR.setOpaque(this, ((long) epoch << 32) | position);
  }

  /** Stops the helper and waits for it to end. */
  void stop() {
    STOPPED.setOpaque(this, true);
    LockSupport.unpark(thread);
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Rows the helper has read so far (all of them once {@link #stop} returned). */
  long rowsRead() {
    return (long) READ.getOpaque(this);
  }

  /** Whether the helper thread is still running. */
  boolean alive() {
    return thread.isAlive();
  }

  private void run() {
    final int n = order.length;
    int epoch = -1;
    int next = 0;
    int idle = 0;
    long read = 0;
    float s = 0f;
    while (!(boolean) STOPPED.getOpaque(this)) {
      long c = (long) CURSOR.getOpaque(this);
      int e = (int) (c >> 32);
      int t = (int) c;
      if (e != epoch) {
        epoch = e;
        next = t + 1;
      }
      if (next <= t) {
        next = t + 1;
      }
      if (e >= 0 && next < n && next <= t + DISTANCE) {
        s += touch(order[next]);
        next++;
        READ.setOpaque(this, ++read);
        idle = 0;
      } else if (++idle < SPINS_BEFORE_PARKING) {
        Thread.onSpinWait();
      } else {
        LockSupport.parkNanos(PARK_NANOS);
      }
    }
    sink = s;
  }

  /** Reads one value per cache line of row i; the sum only keeps the reads from being dropped. */
  private float touch(int i) {
    if (i < 0 || i >= data.size()) {
      return 0f;
    }
    float s = 0f;
    if (data instanceof DenseDataset) {
      DenseDataset dense = (DenseDataset) data;
      float[] a = dense.rowArray(i);
      int from = dense.rowOffset(i);
      int to = from + dense.dimension();
      for (int j = from; j < to; j += LINE) {
        s += a[j];
      }
    } else if (data instanceof SparseDataset) {
      SparseDataset sparse = (SparseDataset) data;
      int from = sparse.rowStart(i);
      int to = from + sparse.nonZeros(i);
      int[] idx = sparse.indices();
      float[] val = sparse.values();
      for (int j = from; j < to; j += LINE) {
        s += idx[j];
        if (val != null) {
          s += val[j];
        }
      }
    }
    return s;
  }

  @Override
  public String toString() {
    return "RowPrefetcher(" + DISTANCE + " rows ahead, sink " + sink + ")";
  }
}
