package io.github.simdperceptron.io.internal;

import java.io.IOException;

/**
 * Input that is not what its format promises: a data file with a bad token, or a model file that
 * is truncated, corrupted, of another version or not a model at all. The message always says
 * where ({@link #source()}, then {@link #line()} and {@link #column()} for text, or
 * {@link #byteOffset()} for binary), what was found and what was expected, in one line:
 *
 * <pre>
 * train.svm:12:7: index 0 in '0:1.5': indices are 1-based (expected an integer >= 1)
 * model.bin: byte 8: format version 7 (expected 1)
 * </pre>
 */
public final class FormatException extends IOException {
  private static final long serialVersionUID = 1L;
  private static final int MAX_TOKEN = 40;

  private final String source;
  private final long line;
  private final int column;
  private final long byteOffset;
  private final String token;

  private FormatException(String message, String source, long line, int column, long byteOffset, String token) {
    super(message);
    this.source = source;
    this.line = line;
    this.column = column;
    this.byteOffset = byteOffset;
    this.token = token;
  }

  /**
   * A problem in a text file at a 1-based line and column; {@code problem} says what was found
   * and what was expected, {@code token} is the offending text (null when there is none).
   */
  public static FormatException atLine(String source, long line, int column, String token, String problem) {
    String where = source + ":" + line + (column > 0 ? ":" + column : "") + ": ";
    return new FormatException(where + problem, source, line, column, -1, token);
  }

  /** A problem in a binary file at a byte offset. */
  public static FormatException atByte(String source, long byteOffset, String problem) {
    return new FormatException(source + ": byte " + byteOffset + ": " + problem, source, 0, 0, byteOffset, null);
  }

  /** The token as it appears in a message: quoted, shortened, control characters escaped. */
  public static String quote(CharSequence token) {
    StringBuilder sb = new StringBuilder("'");
    int n = Math.min(token.length(), MAX_TOKEN);
    for (int i = 0; i < n; i++) {
      char c = token.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    if (token.length() > MAX_TOKEN) {
      sb.append("...");
    }
    return sb.append('\'').toString();
  }

  /** The file (or stream name) the problem is in. */
  public String source() {
    return source;
  }

  /** 1-based line of a text file, or 0 for a binary file. */
  public long line() {
    return line;
  }

  /** 1-based column (character position in the line) of the token, or 0 when the whole line is at fault. */
  public int column() {
    return column;
  }

  /** Offset in a binary file, or -1 for a text file. */
  public long byteOffset() {
    return byteOffset;
  }

  /** The offending token, or null. */
  public String token() {
    return token;
  }
}
