package io.github.simdperceptron.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read through it, for error offsets. */
final class CountingInput extends FilterInputStream {
  private long count;

  CountingInput(InputStream in) {
    super(in);
  }

  long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    int c = super.read();
    if (c >= 0) {
      count++;
    }
    return c;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    if (n > 0) {
      count += n;
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long s = super.skip(n);
    count += s;
    return s;
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}
