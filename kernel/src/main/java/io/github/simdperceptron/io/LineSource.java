package io.github.simdperceptron.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a UTF-8 text stream, one at a time: {@code \n}, {@code \r\n} and {@code \r} end a
 * line, a leading byte-order mark is dropped, and only the current line is held in memory.
 * Malformed UTF-8, a NUL character (a binary file) and a line longer than {@link #MAX_LINE}
 * characters are {@link FormatException}s naming the line.
 */
final class LineSource implements Closeable {
  /** Longest accepted line, in characters (a libsvm row of about ten million features). */
  static final int MAX_LINE = 1 << 27;

  private final Reader in;
  private final String source;
  private final char[] buf = new char[1 << 16];
  private int pos;
  private int end;
  private long line;
  private StringBuilder sb = new StringBuilder(256);
  private boolean skipLf;

  LineSource(InputStream in, String source) {
    this.in = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT));
    this.source = source;
  }

  /** The next line without its terminator, or null at the end of the input. */
  String next() throws IOException {
    sb.setLength(0);
    boolean any = false;
    while (true) {
      if (pos == end && !fill()) {
        if (!any) {
          return null;
        }
        break;
      }
      char c = buf[pos++];
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
      if (c == 0) {
        throw FormatException.atLine(source, line + 1, sb.length() + 1, null,
            "NUL character: this is not a text file");
      }
      if (sb.length() == MAX_LINE) {
        throw FormatException.atLine(source, line + 1, 0, null,
            "line longer than " + MAX_LINE + " characters: this is not a text file of examples");
      }
      sb.append(c);
    }
    line++;
    if (line == 1 && sb.length() > 0 && sb.charAt(0) == '\uFEFF') {
      sb.deleteCharAt(0);
    }
    String text = sb.toString();
    if (sb.capacity() > (1 << 20)) {
      // One huge line should not pin its buffer for the rest of the file.
      sb = new StringBuilder(256);
    }
    return text;
  }

  private boolean fill() throws IOException {
    try {
      int n = in.read(buf, 0, buf.length);
      if (n <= 0) {
        return false;
      }
      pos = 0;
      end = n;
      return true;
    } catch (CharacterCodingException e) {
      throw FormatException.atLine(source, line + 1, 0, null, "not UTF-8 text (" + e.getMessage() + ")");
    }
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
