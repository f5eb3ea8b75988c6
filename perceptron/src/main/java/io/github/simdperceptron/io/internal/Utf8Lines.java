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
 * The lines of a UTF-8 stream, one at a time: split on bytes at {@code \n} (a {@code \r} before it
 * dropped) and decoded one by one, so that malformed UTF-8 is reported in the line that holds it,
 * not in a later one that a decoder reading ahead would reach first. Only the current line is held.
 * A byte-order mark is returned as the character U+FEFF (the caller drops it from the first line).
 * Not thread-safe; the stream is not closed.
 */
public final class Utf8Lines {
  private final InputStream in;
  private final byte[] buf = new byte[1 << 16];
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  private byte[] line = new byte[256];
  private int pos;
  private int end;

  public Utf8Lines(InputStream in) {
    this.in = in;
  }

  /**
   * The next line without its terminator, or null at the end of the stream.
   *
   * @throws CharacterCodingException when the line is not well-formed UTF-8 (the next call reads
   *     the line after it)
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
      byte b = buf[pos++];
      if (b == '\n') {
        break;
      }
      if (len == line.length) {
        line = Arrays.copyOf(line, 2 * len);
      }
      line[len++] = b;
    }
    if (len > 0 && line[len - 1] == '\r') {
      len--;
    }
    return utf8.decode(ByteBuffer.wrap(line, 0, len)).toString();
  }
}
