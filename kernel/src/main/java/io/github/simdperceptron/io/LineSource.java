package io.github.simdperceptron.io;

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

  LineSource(InputStream in, String source) {
    this.in = in;
    this.source = source;
  }

  /** The next line without its terminator, or null at the end of the input. */
  String next() throws IOException {
    int n = 0;
    boolean any = false;
    boolean ascii = true;
    while (true) {
      if (pos == end && !fill()) {
        if (!any) {
          return null;
        }
        break;
      }
      byte c = buf[pos++];
      if (skipLf) {
        skipLf = false;
        if (c == '\n') {
          continue;
        }
      }
      any = true;
      if (c == '\n') {
        break;
      }
      if (c == '\r') {
        skipLf = true;
        break;
      }
      if (n == bytes.length) {
        if (n == MAX_LINE) {
          throw FormatException.atLine(source, line + 1, 0, null,
              "line longer than " + MAX_LINE + " bytes: this is not a text file of examples");
        }
        bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_LINE, 2L * n));
      }
      bytes[n++] = c;
      ascii &= c >= 0;
    }
    line++;
    int from = line == 1 && n >= 3 && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2] ? 3 : 0;
    String text = ascii ? new String(bytes, from, n - from, StandardCharsets.ISO_8859_1) : decode(from, n);
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      throw FormatException.atLine(source, line, nul + 1, null, "NUL character: this is not a text file");
    }
    if (bytes.length > (1 << 20)) {
      // One huge line should not pin its buffer for the rest of the file.
      bytes = new byte[256];
    }
    return text;
  }

  private String decode(int from, int n) throws FormatException {
    ByteBuffer bb = ByteBuffer.wrap(bytes, from, n - from);
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
          + ": byte " + String.format("0x%02X", bytes[bad] & 0xff) + " at column " + column
          + " is not valid UTF-8: this file is not UTF-8 text (convert it, e.g. with iconv -t UTF-8)");
    }
    return cb.flip().toString();
  }

  /** The whitespace-delimited token holding byte {@code at}, bytes outside ASCII written as \xNN. */
  private String tokenAround(int at, int n) {
    int a = at;
    while (a > 0 && !isSpace(bytes[a - 1]) && at - a < 20) {
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
