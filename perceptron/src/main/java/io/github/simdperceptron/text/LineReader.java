package io.github.simdperceptron.text;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a byte stream, in place: {@link #next()} exposes each line as
 * {@code bytes()[start(), end())} of a buffer that is refilled between lines, so a line is never
 * copied unless it crosses a refill. {@code \n}, {@code \r\n} and {@code \r} end a line; a leading
 * UTF-8 byte-order mark is dropped. The stream is not closed.
 */
final class LineReader {
  /** Longest accepted line, in bytes. */
  static final int MAX_LINE = 1 << 27;

  private final InputStream in;
  private final String source;
  private byte[] buf;
  private int pos;
  private int lim;
  private boolean eof;
  private long line;
  private int start;
  private int end;
  /** Bytes consumed before buf[0]. */
  private long consumed;

  /** Whether a byte-order mark at the start of line 1 is dropped (the start of a stream). */
  private final boolean dropMark;

  LineReader(InputStream in, String source) {
    this.in = in;
    this.source = source;
    this.buf = new byte[1 << 18];
    this.dropMark = true;
  }

  /** The lines of {@code bytes[0, length)}, in place; {@code first}: the block starts the stream (a mark is dropped). */
  LineReader(byte[] bytes, int length, boolean first, String source) {
    this.in = null;
    this.source = source;
    this.buf = bytes;
    this.lim = length;
    this.eof = true;
    this.dropMark = first;
  }

  byte[] bytes() {
    return buf;
  }

  int start() {
    return start;
  }

  int end() {
    return end;
  }

  /** The current line's number, from 1. */
  long line() {
    return line;
  }

  /** Bytes read so far up to the end of the current line. */
  long position() {
    return consumed + pos;
  }

  /** Moves to the next line; false at the end of the stream. */
  boolean next() throws IOException {
    for (;;) {
      byte[] b = buf;
      int i = pos;
      int l = lim;
      while (i < l) {
        byte c = b[i];
        if (c == '\n' || c == '\r') {
          break;
        }
        i++;
      }
      if (i < l) {
        if (b[i] == '\r' && i + 1 == l && !eof) {
          // Whether \r\n: the \n is not read yet.
          fill();
          continue;
        }
        start = pos;
        end = i;
        pos = i + 1;
        if (b[i] == '\r' && pos < l && b[pos] == '\n') {
          pos++;
        }
        return begin();
      }
      if (eof) {
        if (pos < lim) {
          start = pos;
          end = lim;
          pos = lim;
          return begin();
        }
        return false;
      }
      fill();
    }
  }

  private boolean begin() {
    if (++line == 1 && dropMark && end - start >= 3 && buf[start] == (byte) 0xef && buf[start + 1] == (byte) 0xbb
        && buf[start + 2] == (byte) 0xbf) {
      start += 3;
    }
    return true;
  }

  /** Keeps the unfinished line at the front of the buffer (growing it for a long line) and reads more. */
  private void fill() throws IOException {
    int keep = lim - pos;
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, keep);
      consumed += pos;
    } else if (keep == buf.length) {
      if (buf.length >= MAX_LINE) {
        throw FormatException.atLine(source, line + 1, 0, null, "a line longer than " + MAX_LINE
            + " bytes (expected one document per line)");
      }
      buf = Arrays.copyOf(buf, Math.min(MAX_LINE, 2 * buf.length));
    }
    pos = 0;
    lim = keep;
    int n = in.read(buf, lim, buf.length - lim);
    if (n < 0) {
      eof = true;
    } else {
      lim += n;
    }
  }
}
