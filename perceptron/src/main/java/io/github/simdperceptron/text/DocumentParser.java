package io.github.simdperceptron.text;

import io.github.simdperceptron.io.internal.FormatException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits one line into its labels and its text (docs/formats.md, "Text"), scanning the text's keys
 * into a {@link KeyScanner} as it goes: fastText lines (fields at ASCII white space; those starting
 * with {@code __label__} are labels) and tab-separated lines ({@code label<TAB>text}). Errors name
 * the source, the line and the column (in code points, from 1). Not thread-safe.
 */
final class DocumentParser {
  private static final byte[] PREFIX = "__label__".getBytes(StandardCharsets.US_ASCII);

  private final String source;
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  /** The labels of the current line, as written. */
  final List<String> labels = new ArrayList<>(4);
  /** The white-space separated fields of the lines parsed so far that are not labels (fastText's words). */
  long words;

  DocumentParser(String source) {
    this.source = source;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == 0x0b || c == '\f' || c == '\r';
  }

  /**
   * Parses {@code b[start, end)}, line {@code line}: fills {@link #labels} (empty when the line
   * has none) and scans the text into {@code scanner} (begun here; null: the labels alone, the
   * text is not tokenized, only its bytes are checked, with the error the scanner would give).
   */
  void parse(byte[] b, int start, int end, long line, KeyScanner scanner) throws FormatException {
    labels.clear();
    if (scanner != null) {
      scanner.begin();
    }
    int firstTab = -1;
    int i = start;
    while (i < end) {
      while (i < end && isSpace(b[i])) {
        if (b[i] == '\t' && firstTab < 0) {
          firstTab = i;
        }
        i++;
      }
      if (i == end) {
        break;
      }
      int f = i;
      while (i < end && !isSpace(b[i])) {
        i++;
      }
      if (i - f > PREFIX.length && b[f] == '_' && isLabel(b, f)) {
        labels.add(decode(b, f, i, start, line));
      } else if (scanner == null) {
        words++;
        int bad = firstNotUtf8(b, f, i);
        if (bad >= 0) {
          throw badByte(b, start, end, bad, line);
        }
      } else {
        int bad = scanner.scan(b, f, i);
        if (bad >= 0) {
          throw badByte(b, start, end, bad, line);
        }
      }
    }
    if (labels.isEmpty() && firstTab >= 0) {
      if (firstTab == start) {
        throw FormatException.atLine(source, line, 1, null, "an empty label before the tab (expected"
            + " LABEL<TAB>text)");
      }
      labels.add(decode(b, start, firstTab, start, line));
      if (scanner != null) {
        scanner.begin();
        int bad = scanner.scan(b, firstTab + 1, end);
        if (bad >= 0) {
          throw badByte(b, start, end, bad, line);
        }
      }
    }
  }

  private static boolean isLabel(byte[] b, int f) {
    for (int k = 0; k < PREFIX.length; k++) {
      if (b[f + k] != PREFIX[k]) {
        return false;
      }
    }
    return true;
  }

  /** The labels met so far, by a hash of their bytes: a file has few labels, each on many lines. */
  private final byte[][] seenBytes = new byte[64][];
  private final String[] seenNames = new String[64];

  private String decode(byte[] b, int from, int to, int lineStart, long line) throws FormatException {
    boolean ascii = true;
    int h = 0;
    for (int k = from; k < to && ascii; k++) {
      ascii = b[k] > 0;
      h = 31 * h + b[k];
    }
    if (ascii) {
      int slot = (h ^ (h >>> 16)) & (seenBytes.length - 1);
      byte[] seen = seenBytes[slot];
      if (seen != null && java.util.Arrays.equals(seen, 0, seen.length, b, from, to)) {
        return seenNames[slot];
      }
      String name = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
      seenBytes[slot] = java.util.Arrays.copyOfRange(b, from, to);
      seenNames[slot] = name;
      return name;
    }
    try {
      String s = utf8.decode(ByteBuffer.wrap(b, from, to - from)).toString();
      if (s.indexOf('\0') >= 0) {
        throw new CharacterCodingException();
      }
      return s;
    } catch (CharacterCodingException e) {
      int k = from;
      while (k < to && b[k] != 0 && (b[k] >= 0 || wellFormedAt(b, k, to) > 0)) {
        k += b[k] >= 0 ? 1 : wellFormedAt(b, k, to);
      }
      throw badByte(b, lineStart, to, k, line);
    }
  }

  /**
   * The offset of the first byte of {@code b[from, to)} that a {@link KeyScanner} refuses (a NUL,
   * or a byte that does not start or continue well-formed UTF-8: overlong, surrogate, beyond
   * U+10FFFF, truncated, a stray continuation byte), or -1.
   */
  static int firstNotUtf8(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      byte c = b[i];
      if (c > 0) {
        i++;
        continue;
      }
      if (c == 0) {
        return i;
      }
      int b0 = c & 0xff;
      int n;
      int lo = 0x80;
      int hi = 0xbf;
      // The second byte's range excludes overlongs (e0, f0), surrogates (ed) and code points beyond U+10FFFF (f4).
      if (b0 >= 0xc2 && b0 <= 0xdf) {
        n = 2;
      } else if (b0 >= 0xe0 && b0 <= 0xef) {
        n = 3;
        lo = b0 == 0xe0 ? 0xa0 : 0x80;
        hi = b0 == 0xed ? 0x9f : 0xbf;
      } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        n = 4;
        lo = b0 == 0xf0 ? 0x90 : 0x80;
        hi = b0 == 0xf4 ? 0x8f : 0xbf;
      } else {
        return i;
      }
      if (i + n > to) {
        return i;
      }
      int b1 = b[i + 1] & 0xff;
      if (b1 < lo || b1 > hi) {
        return i;
      }
      for (int k = 2; k < n; k++) {
        if ((b[i + k] & 0xc0) != 0x80) {
          return i;
        }
      }
      i += n;
    }
    return -1;
  }

  /** The length of the well-formed UTF-8 sequence at k, or -1. */
  private static int wellFormedAt(byte[] b, int k, int to) {
    KeyScanner probe = new KeyScanner(false, false, 1, 0, 0);
    probe.begin();
    int n = (b[k] & 0xe0) == 0xc0 ? 2 : (b[k] & 0xf0) == 0xe0 ? 3 : (b[k] & 0xf8) == 0xf0 ? 4 : 1;
    if (k + n > to) {
      return -1;
    }
    return probe.scan(b, k, k + n) < 0 ? n : -1;
  }

  /** The error for the byte at {@code bad}: a NUL, or malformed UTF-8; the column counts code points. */
  FormatException badByte(byte[] b, int start, int end, int bad, long line) {
    int column = 1;
    for (int k = start; k < bad; k++) {
      if ((b[k] & 0xc0) != 0x80) {
        column++;
      }
    }
    int from = Math.max(start, bad - 12);
    int to = Math.min(end, bad + 12);
    StringBuilder around = new StringBuilder();
    for (int k = from; k < to; k++) {
      int c = b[k] & 0xff;
      around.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
    }
    String what = b[bad] == 0 ? "a NUL character (a binary file? expected UTF-8 text)"
        : String.format("malformed UTF-8, byte \\x%02x (expected UTF-8 text)", b[bad] & 0xff);
    return FormatException.atLine(source, line, column, around.toString(), "in '" + around + "': " + what);
  }
}
