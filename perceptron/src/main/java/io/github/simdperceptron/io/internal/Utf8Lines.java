package io.github.simdperceptron.io.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of a UTF-8 stream, one at a time, counted: split on bytes at {@code \n} (a {@code \r}
 * before it dropped) and decoded one by one, so that malformed UTF-8 is reported at the line that
 * holds it, not at a later one that a decoder reading ahead would reach first. A byte-order mark
 * is dropped from the first line. Only the current line is held. Not thread-safe; the stream is
 * not closed.
 */
public final class Utf8Lines {
  private final InputStream in;
  private final String source;
  private long line;
  private final byte[] buf = new byte[1 << 16];
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  private byte[] bytes = new byte[256];
  private int pos;
  private int end;

  /** The lines of {@code in}; {@code source} names it in messages. */
  public Utf8Lines(InputStream in, String source) {
    this.in = in;
    this.source = source;
  }

  /** The number of the line {@link #next} returned last, from 1; 0 before the first. */
  public long line() {
    return line;
  }

  /**
   * The next line without its terminator, or null at the end of the stream.
   *
   * @throws FormatException naming the source and the line when the line is not well-formed UTF-8
   */
  public String next() throws IOException {
    int len = 0;
    boolean any = false;
    while (true) {
      if (pos == end) {
        end = in.read(buf, 0, buf.length);
        pos = 0;
        if (end <= 0) {
          end = 0;
          if (!any) {
            return null;
          }
          break;
        }
      }
      any = true;
      int from = pos;
      int nl = from;
      while (nl < end && buf[nl] != '\n') {
        nl++;
      }
      boolean ends = nl < end;
      int count = nl - from;
      pos = ends ? nl + 1 : end;
      if (len == 0 && ends) {
        // The whole line lies in the buffer: decoded from there, not copied first.
        return decode(buf, from, count);
      }
      if (len + count > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, len + count));
      }
      System.arraycopy(buf, from, bytes, len, count);
      len += count;
      if (ends) {
        break;
      }
    }
    return decode(bytes, 0, len);
  }

  /** The line b[from, from + len), a {@code \r} at its end dropped, decoded; counts it. */
  private String decode(byte[] b, int from, int len) throws FormatException {
    if (len > 0 && b[from + len - 1] == '\r') {
      len--;
    }
    // The String constructor copies ASCII as it is and decodes the rest, but writes U+FFFD for
    // malformed bytes instead of failing: a line with U+FFFD in it is decoded again strictly, which
    // either fails (malformed) or gives the same text (a U+FFFD written as such).
    String text = new String(b, from, len, StandardCharsets.UTF_8);
    if (text.indexOf('\uFFFD') >= 0) {
      try {
        text = utf8.decode(ByteBuffer.wrap(b, from, len)).toString();
      } catch (CharacterCodingException e) {
        throw FormatException.atLine(source, line + 1, 0, null, "malformed UTF-8 (expected a UTF-8 text file)");
      }
    }
    return ++line == 1 && text.startsWith("\uFEFF") ? text.substring(1) : text;
  }
}
