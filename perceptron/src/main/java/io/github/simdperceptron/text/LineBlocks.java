package io.github.simdperceptron.text;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Work on the lines of a stream in parallel, with the results taken in file order: the stream is
 * cut into blocks of whole lines (at a {@code \n}), each block is handed to a worker thread, and
 * the caller's thread takes each block's result in turn, so what it builds from them does not
 * depend on the number of threads. A block's lines are numbered from 1 within it; the caller adds
 * the lines of the blocks before it ({@link #linesBefore}), and an error raised in a worker is
 * renumbered to the file's line before it is thrown.
 */
final class LineBlocks {
  /** A block's work: its bytes {@code [0, length)} hold whole lines (the last one maybe without its end). */
  @FunctionalInterface
  interface Work<R> {
    R apply(byte[] bytes, int length, boolean first) throws IOException;
  }

  /** What the caller does with each block's result, in file order. */
  @FunctionalInterface
  interface Take<R> {
    void accept(R result) throws IOException;
  }

  /** A result with the number of lines its block held. */
  interface Counted {
    long lines();
  }

  static final int BLOCK = 1 << 20;

  private final String source;
  private long linesBefore;

  LineBlocks(String source) {
    this.source = source;
  }

  /** Lines of the blocks taken before the current one. */
  long linesBefore() {
    return linesBefore;
  }

  /** The threads to use: the cores, at most 4. */
  static int threads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /** Runs {@code work} over the blocks of {@code in} on {@code threads} threads, and {@code take} in order. */
  <R extends Counted> void run(InputStream in, int threads, Work<R> work, Take<R> take) throws IOException {
    // One thread: each block's work runs here, when it is read.
    ExecutorService pool = threads <= 1 ? null : Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "text-reader");
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Future<R>> pending = new ArrayDeque<>();
    try {
      byte[] carry = new byte[0];
      int carried = 0;
      boolean first = true;
      boolean eof = false;
      while (!eof || !pending.isEmpty()) {
        while (!eof && pending.size() < 2 * Math.max(1, threads)) {
          byte[] block = Arrays.copyOf(carry, Math.max(BLOCK, 2 * carried));
          int n = carried;
          int r;
          while (n < block.length && (r = in.read(block, n, block.length - n)) > 0) {
            n += r;
          }
          eof = n < block.length;
          int end = eof ? n : lastLineEnd(block, n);
          if (end < 0) {
            // One line longer than the block: read on with a larger one.
            carry = block;
            carried = n;
            if (n >= LineReader.MAX_LINE) {
              throw FormatException.atLine(source, linesBefore + 1, 0, null, "a line longer than "
                  + LineReader.MAX_LINE + " bytes (expected one document per line)");
            }
            continue;
          }
          carried = n - end;
          carry = Arrays.copyOfRange(block, end, end + carried);
          if (end > 0 || first) {
            boolean isFirst = first;
            int length = end;
            java.util.concurrent.Callable<R> task = () -> work.apply(block, length, isFirst);
            if (pool == null) {
              java.util.concurrent.FutureTask<R> now = new java.util.concurrent.FutureTask<>(task);
              now.run();
              pending.add(now);
            } else {
              pending.add(pool.submit(task));
            }
            first = false;
          }
        }
        if (!pending.isEmpty()) {
          R result = get(pending.poll());
          take.accept(result);
          linesBefore += result.lines();
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
  }

  /** The offset after the last {@code \n} of {@code b[0, n)}, or -1 when there is none. */
  private static int lastLineEnd(byte[] b, int n) {
    for (int i = n - 1; i >= 0; i--) {
      if (b[i] == '\n') {
        return i + 1;
      }
    }
    return -1;
  }

  private <R> R get(Future<R> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading " + source);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof FormatException) {
        throw renumbered((FormatException) c);
      }
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      if (c instanceof UncheckedIOException) {
        throw ((UncheckedIOException) c).getCause();
      }
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      if (c instanceof Error) {
        throw (Error) c;
      }
      throw new IOException(c);
    }
  }

  /** A worker's error at a line of its block, at the line of the file. */
  private FormatException renumbered(FormatException e) {
    if (e.line() <= 0) {
      return e;
    }
    String where = e.source() + ":" + e.line() + (e.column() > 0 ? ":" + e.column() : "") + ": ";
    String problem = e.getMessage().startsWith(where) ? e.getMessage().substring(where.length()) : e.getMessage();
    return FormatException.atLine(source, linesBefore + e.line(), e.column(), e.token(), problem);
  }
}
