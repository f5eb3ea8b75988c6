package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A second thread that reads the rows the training loop is about to visit, a few visits ahead,
 * so that they are closer than memory when the loop gets there (docs/learners.md, prefetch
 * thread). It only reads the rows, never the weights (a line the loop writes would travel between
 * the two cores), so the training result is the same with or without it.
 *
 * <p>Protocol: the loop publishes its cursor with a release store before every visit; the helper
 * reads it with an acquire load, then the loop's order array, which the loop refills only between
 * epochs.
 */
final class RowPrefetcher {
  /** The system property that sets how many rows ahead the helper reads (1 to 65,536). */
  static final String DISTANCE_PROPERTY = "simdperceptron.prefetchDistance";
  /** Rows read ahead of the loop unless {@link #DISTANCE_PROPERTY} says otherwise. */
  static final int DEFAULT_DISTANCE = 8;
  static final int MAX_DISTANCE = 1 << 16;
  /** Rows of fewer bytes stay in the last-level cache after the first epoch, where a helper only keeps a core busy. */
  static final long MIN_BYTES = 32L << 20;
  /** Idle spins before the helper parks for {@link #PARK_NANOS} at a time. */
  private static final int SPINS_BEFORE_PARKING = 1 << 14;
  private static final long PARK_NANOS = 20_000;
  /** Floats or ints per 64-byte cache line: one read per line is enough to bring it in. */
  private static final int LINE = 16;

  /** Hears of the helpers a fit starts and of the rows each read (tests). */
  interface Listener {
    Listener NONE = new Listener() {};

    default void started(RowPrefetcher helper) {}

    /** Called on the helper's thread. */
    default void ended(RowPrefetcher helper, long rowsRead) {}
  }

  /** When a helper starts (on rows of at least {@code minBytes}) and who hears of it. */
  static final class Settings {
    static final Settings DEFAULT = new Settings(MIN_BYTES, Listener.NONE);

    final long minBytes;
    final Listener listener;

    Settings(long minBytes, Listener listener) {
      this.minBytes = minBytes;
      this.listener = listener;
    }
  }

  private static final VarHandle CURSOR;

  static {
    try {
      CURSOR = MethodHandles.lookup().findVarHandle(RowPrefetcher.class, "cursor", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Dataset data;
  private final int[] order;
  private final int distance;
  /** When not null, the helper writes the index of every row it reads here (tests). */
  private final int[] log;
  private final Listener listener;
  private final Thread thread;
  /** (epoch << 32) | position of the visit the loop is about to make; written by the loop only. */
  @SuppressWarnings("unused")
  private long cursor = -1L << 32;
  private volatile boolean stopped;
  /** Rows read so far, published when the helper catches up and when it ends, not on every row. */
  private final AtomicLong rowsRead = new AtomicLong();
  /** The sum of the values read, kept so that the reads cannot be dropped. */
  private float sink;

  private RowPrefetcher(Dataset data, int[] order, int distance, int[] log, Listener listener) {
    this.data = data;
    this.order = order;
    this.distance = distance;
    this.log = log;
    this.listener = listener;
    this.thread = new Thread(this::run, "simdperceptron-prefetch");
    this.thread.setDaemon(true);
  }

  /**
   * Starts a helper for a loop over {@code data} in the order held by {@code order} (refilled in
   * place every epoch), or returns null when it would not pay or cannot run: prefetch not asked
   * for, no shuffling (the hardware prefetchers follow file order), fewer than
   * {@link Settings#minBytes} of rows, a single processor, or no memory for a thread. Throws
   * {@link IllegalArgumentException} for a bad {@link #DISTANCE_PROPERTY} when a helper would start.
   */
  static RowPrefetcher startIfWanted(TrainingOptions options, Dataset data, int[] order) {
    Settings settings = options.prefetcher();
    if (settings == null || !options.shuffle()
        || Runtime.getRuntime().availableProcessors() < 2
        || rowBytes(data) < settings.minBytes) {
      return null;
    }
    try {
      return start(data, order, distance(), null, settings.listener);
    } catch (OutOfMemoryError e) {
      return null;
    }
  }

  /** Starts a helper whatever the options, the processors and the size. */
  static RowPrefetcher start(Dataset data, int[] order, int distance, int[] log, Listener listener) {
    RowPrefetcher p = new RowPrefetcher(data, order, distance, log, listener);
    listener.started(p);
    p.thread.start();
    return p;
  }

  /** The distance from {@link #DISTANCE_PROPERTY}, or {@link #DEFAULT_DISTANCE}. */
  static int distance() {
    String value = System.getProperty(DISTANCE_PROPERTY, Integer.toString(DEFAULT_DISTANCE));
    int d;
    try {
      d = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      d = 0;
    }
    if (d < 1 || d > MAX_DISTANCE) {
      throw new IllegalArgumentException(
          DISTANCE_PROPERTY + " must be an integer from 1 to " + MAX_DISTANCE + ", got '" + value + "'");
    }
    return d;
  }

  /** Bytes of example data a pass reads: floats of dense rows, indices and values of sparse ones. */
  static long rowBytes(Dataset data) {
    if (!data.isSparse()) {
      return (long) data.size() * data.dimension() * Float.BYTES;
    }
    Dataset sparse = data;
    int last = sparse.size() - 1;
    // CSR rows are contiguous: the non-zeros run from the first row's start to the last row's end.
    long nonZeros = (long) DataAccess.rowStart(sparse, last) + sparse.nonZeros(last) - DataAccess.rowStart(sparse, 0);
    return nonZeros * (DataAccess.isBinary(sparse) ? Integer.BYTES : Integer.BYTES + Float.BYTES);
  }

  /** Called by the loop before the visit at {@code position} of {@code epoch}. */
  void visiting(int epoch, int position) {
    CURSOR.setRelease(this, ((long) epoch << 32) | position);
  }

  /** Stops the helper and waits for it to end; keeps the caller's interrupt status. */
  void stop() {
    stopped = true;
    LockSupport.unpark(thread);
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Rows the helper has read, as of its last catch-up (all of them once {@link #stop} returned). */
  long rowsRead() {
    return rowsRead.get();
  }

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
    while (!stopped) {
      long c = (long) CURSOR.getAcquire(this);
      int e = (int) (c >> 32);
      int t = (int) c;
      if (e != epoch || next <= t) {
        // A new epoch, or the loop caught up: read from the row after the one it visits.
        epoch = e;
        next = t + 1;
      }
      if (e >= 0 && next < n && next - t <= distance) {
        int row = order[next];
        if (log != null && read < log.length) {
          log[(int) read] = row;
        }
        s += touch(row);
        next++;
        read++;
        idle = 0;
        continue;
      }
      if (idle == 0) {
        rowsRead.set(read);
      }
      if (++idle < SPINS_BEFORE_PARKING) {
        Thread.onSpinWait();
      } else {
        // An interrupt would make every park return at once and the idle helper spin.
        Thread.interrupted();
        LockSupport.parkNanos(PARK_NANOS);
      }
    }
    rowsRead.set(read);
    sink = s;
    listener.ended(this, read);
  }

  /**
   * Reads one value per cache line of row i, and the row's last value (the row need not start on
   * a line, so stepping by a line from its first value can miss its last line).
   */
  private float touch(int i) {
    if (!data.isSparse()) {
      Dataset dense = data;
      int from = DataAccess.rowOffset(dense, i);
      return touch(DataAccess.rowArray(dense, i), null, from, from + dense.dimension());
    }
    Dataset sparse = data;
    int from = DataAccess.rowStart(sparse, i);
    return touch(DataAccess.values(sparse), DataAccess.indices(sparse), from, from + sparse.nonZeros(i));
  }

  /** The reads of positions [from, to) of a row's values (null for binary rows) and indices (null for dense rows). */
  private static float touch(float[] val, int[] idx, int from, int to) {
    float s = 0f;
    for (int j = from; j < to; j += LINE) {
      s += read(val, idx, j);
    }
    return to > from ? s + read(val, idx, to - 1) : s;
  }

  private static float read(float[] val, int[] idx, int j) {
    return (val == null ? 0f : val[j]) + (idx == null ? 0 : idx[j]);
  }
}
