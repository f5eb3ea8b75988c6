package io.github.simdperceptron.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON text in UTF-8 bytes read into plain values: an object is a {@code Map<String, Object>}
 * (in order, a repeated key keeps its last value), an array of numbers only (also the empty array)
 * a {@link Numbers}, any other array a {@code List<Object>}, a lone number a {@link Num} (its
 * text), a string a String, true and false Booleans, null {@link #NULL}. An array of numbers keeps
 * where each number is in the bytes, and {@link JsonFloat} reads it from there, to the float
 * {@link Float#parseFloat} gives (as the libsvm reader parses it). Malformed text throws
 * {@link Malformed} with the position (line, column and byte, from 1). A reader is reused, one
 * text after another, by one thread: the number positions of its arrays live in one buffer.
 */
final class JsonText {
  /** JSON's null. */
  static final Object NULL = new Object();

  /** The deepest nesting read; deeper text is malformed (the reader recurses). */
  private static final int DEPTH = 64;

  /** A number, as its text. */
  record Num(String text) {}

  /** An array of numbers: where each is in the text (valid until the reader reads another text). */
  static final class Numbers {
    private final JsonText in;
    private final int first;
    private final int size;

    private Numbers(JsonText in, int first, int size) {
      this.in = in;
      this.first = first;
      this.size = size;
    }

    int size() {
      return size;
    }

    String text(int i) {
      int from = in.bounds[2 * (first + i)];
      return new String(in.s, from, in.bounds[2 * (first + i) + 1] - from, StandardCharsets.ISO_8859_1);
    }

    /** Number i as Float.parseFloat reads its text. */
    float floatAt(int i) {
      try {
        return JsonFloat.parse(in.s, in.bounds[2 * (first + i)], in.bounds[2 * (first + i) + 1]);
      } catch (Malformed e) {
        throw new IllegalStateException("a number the reader accepted: " + text(i), e);
      }
    }

    /** Number i as an index: Long.MIN_VALUE when it is not a non-negative integer ({@link JsonFloat#index}). */
    long indexAt(int i) {
      return JsonFloat.index(in.s, in.bounds[2 * (first + i)], in.bounds[2 * (first + i) + 1]);
    }
  }

  /** Malformed JSON text: the message names the position. */
  static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  private byte[] s;
  private int end;
  private int at;
  /** The start and end of every number in an array of numbers, in the order read. */
  private int[] bounds = new int[64];
  private int numbers;

  /** A reader for one text after another (by one thread). */
  JsonText() {}

  /** The value of the whole text (white space around it allowed, nothing else). */
  static Object parse(String text) throws Malformed {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return new JsonText().read(b, b.length);
  }

  /**
   * The value of the text {@code b[0, length)} (white space around it allowed, nothing else; b is
   * not modified). The values read from the previous text are no longer valid.
   */
  Object read(byte[] b, int length) throws Malformed {
    s = b;
    end = length;
    at = 0;
    numbers = 0;
    space();
    Object v = value(0);
    space();
    if (at < end) {
      throw error("unexpected " + shown() + " after the value");
    }
    return v;
  }

  /** Drops the buffers when a large text grew them (a thread keeps this reader). */
  void release() {
    s = null;
    if (bounds.length > (1 << 20)) {
      bounds = new int[64];
    }
  }

  private Object value(int depth) throws Malformed {
    if (depth > DEPTH) {
      throw error("nesting deeper than " + DEPTH);
    }
    if (at >= end) {
      throw error("the text ends where a value was expected");
    }
    char c = (char) (s[at] & 0xff);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        word("true");
        return Boolean.TRUE;
      case 'f':
        word("false");
        return Boolean.FALSE;
      case 'n':
        word("null");
        return NULL;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          int from = at;
          number();
          return new Num(new String(s, from, at - from, StandardCharsets.ISO_8859_1));
        }
        throw error("unexpected " + shown() + " where a value was expected");
    }
  }

  private Map<String, Object> object(int depth) throws Malformed {
    Map<String, Object> out = new LinkedHashMap<>();
    at++;
    space();
    if (peek() == '}') {
      at++;
      return out;
    }
    while (true) {
      space();
      if (peek() != '"') {
        throw error("expected a string key, found " + shown());
      }
      String key = string();
      space();
      expect(':');
      space();
      out.put(key, value(depth + 1));
      space();
      char c = peek();
      at++;
      if (c == '}') {
        return out;
      }
      if (c != ',') {
        at--;
        throw error("expected ',' or '}', found " + shown());
      }
    }
  }

  private Object array(int depth) throws Malformed {
    at++;
    space();
    if (peek() == ']') {
      at++;
      return new Numbers(this, numbers, 0);
    }
    char c = peek();
    if (c == '-' || (c >= '0' && c <= '9')) {
      int first = numbers;
      int n = 0;
      int start = at;
      while (true) {
        c = peek();
        if (!(c == '-' || (c >= '0' && c <= '9'))) {
          break;
        }
        int q = 2 * (first + n);
        if (q + 2 > bounds.length) {
          bounds = java.util.Arrays.copyOf(bounds, 2 * bounds.length);
        }
        bounds[q] = at;
        int after = numberEnd(at);
        if (after < 0) {
          number(); // throws, naming where the number goes wrong
          after = at;
        }
        at = after;
        bounds[q + 1] = at;
        n++;
        space();
        c = peek();
        if (c == ']') {
          at++;
          numbers = first + n;
          return new Numbers(this, first, n);
        }
        if (c != ',') {
          throw error("expected ',' or ']', found " + shown());
        }
        at++;
        space();
      }
      // Not numbers only: read the array again as values.
      at = start;
      numbers = first;
    }
    List<Object> out = new ArrayList<>();
    while (true) {
      space();
      out.add(value(depth + 1));
      space();
      c = peek();
      at++;
      if (c == ']') {
        return out;
      }
      if (c != ',') {
        at--;
        throw error("expected ',' or ']', found " + shown());
      }
    }
  }

  private String string() throws Malformed {
    at++;
    StringBuilder b = null;
    int from = at;
    while (true) {
      if (at >= end) {
        throw error("the text ends inside a string");
      }
      char c = (char) (s[at] & 0xff);
      if (c == '"') {
        String tail = new String(s, from, at - from, StandardCharsets.UTF_8);
        at++;
        return b == null ? tail : b.append(tail).toString();
      }
      if (c < 0x20) {
        throw error("a control character inside a string");
      }
      if (c != '\\') {
        at++;
        continue;
      }
      if (b == null) {
        b = new StringBuilder();
      }
      b.append(new String(s, from, at - from, StandardCharsets.UTF_8));
      at++;
      char e = peek();
      at++;
      switch (e) {
        case '"', '\\', '/' -> b.append(e);
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> {
          int code = 0;
          for (int k = 0; k < 4; k++) {
            int digit = Character.digit(peek(), 16);
            if (digit < 0) {
              throw error("expected a hexadecimal digit of \\u, found " + shown());
            }
            code = code * 16 + digit;
            at++;
          }
          b.append((char) code);
        }
        default -> {
          at--;
          throw error("an unknown escape \\" + shown());
        }
      }
      from = at;
    }
  }

  /** Moves past a number, checking JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?. */
  private void number() throws Malformed {
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else {
      digits();
    }
    if (peek() == '.') {
      at++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      at++;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      digits();
    }
  }

  /**
   * Where the number at p ends, as {@link #number()} reads it, or -1 where number() would throw;
   * in locals, as the arrays of a request's rows hold hundreds of numbers.
   */
  private int numberEnd(int p) {
    byte[] b = s;
    int e = end;
    if (p < e && b[p] == '-') {
      p++;
    }
    if (p < e && b[p] == '0') {
      p++;
    } else {
      if (p >= e || b[p] < '0' || b[p] > '9') {
        return -1;
      }
      while (p < e && b[p] >= '0' && b[p] <= '9') {
        p++;
      }
    }
    if (p < e && b[p] == '.') {
      p++;
      if (p >= e || b[p] < '0' || b[p] > '9') {
        return -1;
      }
      while (p < e && b[p] >= '0' && b[p] <= '9') {
        p++;
      }
    }
    if (p < e && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      if (p < e && (b[p] == '+' || b[p] == '-')) {
        p++;
      }
      if (p >= e || b[p] < '0' || b[p] > '9') {
        return -1;
      }
      while (p < e && b[p] >= '0' && b[p] <= '9') {
        p++;
      }
    }
    return p;
  }

  private void digits() throws Malformed {
    if (peek() < '0' || peek() > '9') {
      throw error("expected a digit, found " + shown());
    }
    while (peek() >= '0' && peek() <= '9') {
      at++;
    }
  }

  private void word(String w) throws Malformed {
    for (int k = 0; k < w.length(); k++) {
      if (at + k >= end || s[at + k] != w.charAt(k)) {
        throw error("unexpected " + shown() + " where a value was expected");
      }
    }
    at += w.length();
  }

  private void expect(char c) throws Malformed {
    if (peek() != c) {
      throw error("expected '" + c + "', found " + shown());
    }
    at++;
  }

  private void space() {
    while (at < end) {
      byte c = s[at];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      at++;
    }
  }

  /** The byte at the position (0 to 255), or 0 at the end. */
  private char peek() {
    return at < end ? (char) (s[at] & 0xff) : 0;
  }

  private String shown() {
    if (at >= end) {
      return "the end of the text";
    }
    char c = peek();
    return c < 0x20 || c > 0x7e ? String.format("byte 0x%02X", (int) c) : "'" + c + "'";
  }

  private Malformed error(String what) {
    int line = 1;
    int column = 1;
    for (int k = 0; k < Math.min(at, end); k++) {
      if (s[k] == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new Malformed("malformed JSON at line " + line + ", column " + column + " (byte " + (at + 1) + "): "
        + what);
  }
}
