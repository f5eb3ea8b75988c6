package io.github.simdperceptron.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output that remembers why a write failed: a {@link java.io.PrintWriter} only keeps a
 * flag, and the command must say on exit that its output is incomplete (a full disk, a closed
 * pipe) instead of returning 0.
 */
final class OutputSink extends FilterOutputStream {
  private IOException failure;

  OutputSink(OutputStream out) {
    super(out);
  }

  /** The first write failure, or null. */
  IOException failure() {
    return failure;
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw remember(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw remember(e);
    }
  }

  private IOException remember(IOException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }
}
