package io.github.simdperceptron.io.internal;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * A stream that is decompressed when it starts with the gzip magic bytes {@code 1f 8b}, whatever
 * its name; text cannot start that way (0x8b is no first byte of UTF-8). Decides on the first
 * read, so opening it reads nothing.
 */
public final class GzipDetect extends FilterInputStream {
  private boolean decided;

  public GzipDetect(InputStream in) {
    super(in);
  }

  /** Whether the bytes start with the gzip magic bytes. */
  public static boolean isGzip(int b0, int b1) {
    return b0 == 0x1f && b1 == 0x8b;
  }

  private void decide() throws IOException {
    if (decided) {
      return;
    }
    decided = true;
    BufferedInputStream buffered = new BufferedInputStream(in, 1 << 16);
    buffered.mark(2);
    int b0 = buffered.read();
    int b1 = buffered.read();
    buffered.reset();
    in = isGzip(b0, b1) ? new GZIPInputStream(buffered, 1 << 16) : buffered;
  }

  @Override
  public int read() throws IOException {
    decide();
    return in.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    decide();
    return in.read(b, off, len);
  }

  @Override
  public long skip(long n) throws IOException {
    decide();
    return in.skip(n);
  }

  @Override
  public int available() throws IOException {
    decide();
    return in.available();
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}
