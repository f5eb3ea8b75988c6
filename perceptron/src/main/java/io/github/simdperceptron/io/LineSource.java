package io.github.simdperceptron.io;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * The lines of a UTF-8 text stream, one at a time: {@code \n}, {@code \r\n} and {@code \r} end a
 * line, a leading byte-order mark is dropped, and only the current line is held in memory.
 * Lines are split on bytes and decoded one by one, so malformed UTF-8, a NUL character (a binary
 * file) and a line longer than {@link #MAX_LINE} bytes are {@link FormatException}s naming the
 * exact line, the column and the token.
 */
final class LineSource implements Closeable {
  /** Longest accepted line, in bytes (a libsvm row of about ten million features). */
  static final int MAX_LINE = 1 << 27;

  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private final InputStream in;
  private final String source;
  private final byte[] buf = new byte[1 << 16];
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT)
      .onUnmappableCharacter(CodingErrorAction.REPORT);
  private int pos;
  private int end;
  private long line;
  private byte[] bytes = new byte[256];
  private boolean skipLf;
  private byte[] lineArray = bytes;
  private int lineFrom;
  private int lineTo;

  LineSource(InputStream in, String source) {
    this.in = in;
    this.source = source;
  }

  /** The next line without its terminator, or null at the end of the input. */
  String next() throws IOException {
    return advance() ? text() : null;
  }

  /**
   * Moves to the next line; false at the end of the input. Its bytes, without the terminator, are
   * {@code array()[from() .. to())} until the next call: a view of the read buffer when the line
   * lies in it, a copy only when it spans two reads. Nothing is checked or decoded: {@link #text()}
   * does that.
   */
  boolean advance() throws IOException {
    if (bytes.length > (1 << 20)) {
      // One huge line should not pin its buffer for the rest of the file.
      bytes = new byte[256];
    }
    int n = 0;
    boolean any = false;
    while (true) {
      if (pos == end && !fill()) {
        if (!any) {
          return false;
        }
        lineArray = bytes;
        lineFrom = 0;
        lineTo = n;
        break;
      }
      if (skipLf) {
        skipLf = false;
        if (buf[pos] == '\n') {
          pos++;
          continue;
        }
      }
      any = true;
      int p = pos;
      while (p < end && buf[p] != '\n' && buf[p] != '\r') {
        p++;
      }
      if (p == end) {
        n = keep(pos, end, n);
        pos = end;
        continue;
      }
      if (n == 0) {
        lineArray = buf;
        lineFrom = pos;
        lineTo = p;
      } else {
        lineTo = keep(pos, p, n);
        lineArray = bytes;
        lineFrom = 0;
      }
      skipLf = buf[p] == '\r';
      pos = p + 1;
      break;
    }
    line++;
    return true;
  }

  /** Appends {@code buf[from .. to)} to the bytes kept of a line that spans reads; the new length. */
  private int keep(int from, int to, int n) throws FormatException {
    int length = n + (to - from);
    if (length > MAX_LINE) {
      throw FormatException.atLine(source, line + 1, 0, null,
          "line longer than " + MAX_LINE + " bytes: this is not a text file of examples");
    }
    if (length > bytes.length) {
      bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_LINE, Math.max(length, 2L * bytes.length)));
    }
    System.arraycopy(buf, from, bytes, n, to - from);
    return length;
  }

  byte[] array() {
    return lineArray;
  }

  int from() {
    return lineFrom;
  }

  int to() {
    return lineTo;
  }

  /**
   * The current line as text: a leading byte-order mark on the first line dropped, decoded as
   * UTF-8, and checked for malformed UTF-8 and NUL characters.
   */
  String text() throws FormatException {
    byte[] b = lineArray;
    int from = lineFrom;
    int n = lineTo;
    if (line == 1 && n - from >= 3 && b[from] == BOM[0] && b[from + 1] == BOM[1] && b[from + 2] == BOM[2]) {
      from += 3;
    }
    boolean ascii = true;
    for (int i = from; i < n; i++) {
      ascii &= b[i] >= 0;
    }
    String text = ascii ? new String(b, from, n - from, StandardCharsets.ISO_8859_1) : decode(from, n);
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      throw FormatException.atLine(source, line, nul + 1, null, "NUL character: this is not a text file");
    }
    return text;
  }

  private String decode(int from, int n) throws FormatException {
    byte[] b = lineArray;
    ByteBuffer bb = ByteBuffer.wrap(b, from, n - from);
    CharBuffer cb = CharBuffer.allocate(n - from);
    utf8.reset();
    CoderResult r = utf8.decode(bb, cb, true);
    if (!r.isError()) {
      r = utf8.flush(cb);
    }
    if (r.isError()) {
      int bad = bb.position();
      int column = cb.position() + 1;
      throw FormatException.atLine(source, line, column, tokenAround(bad, n), "in " + tokenAround(bad, n)
          + ": byte " + String.format("0x%02X", b[bad] & 0xff) + " at column " + column
          + " is not valid UTF-8: this file is not UTF-8 text (convert it, e.g. with iconv -t UTF-8)");
    }
    return cb.flip().toString();
  }

  /** The whitespace-delimited token holding byte {@code at}, bytes outside ASCII written as \xNN. */
  private String tokenAround(int at, int n) {
    byte[] bytes = lineArray;
    int a = at;
    while (a > lineFrom && !isSpace(bytes[a - 1]) && at - a < 20) {
      a--;
    }
    int b = at;
    while (b < n && !isSpace(bytes[b]) && b - at < 20) {
      b++;
    }
    StringBuilder sb = new StringBuilder("'");
    for (int i = a; i < b; i++) {
      int c = bytes[i] & 0xff;
      if (c >= 0x20 && c < 0x7f) {
        sb.append((char) c);
      } else {
        sb.append(String.format("\\x%02X", c));
      }
    }
    return sb.append('\'').toString();
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == ',' || c == ';';
  }

  private boolean fill() throws IOException {
    int n;
    try {
      n = in.read(buf, 0, buf.length);
    } catch (ZipException | EOFException e) {
      // Only the gzip layer throws these; a plain stream just ends.
      throw FormatException.atLine(source, line + 1, 0, null, "corrupt or truncated gzip data (" + e.getMessage()
          + ")");
    }
    if (n <= 0) {
      return false;
    }
    pos = 0;
    end = n;
    return true;
  }

  /** The number of the line last returned by {@link #next()}, from 1. */
  long line() {
    return line;
  }

  String source() {
    return source;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
