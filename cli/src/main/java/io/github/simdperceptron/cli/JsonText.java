package io.github.simdperceptron.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON text read into plain values: an object is a {@code Map<String, Object>} (in order, a
 * repeated key keeps its last value), an array of numbers only (also the empty array) a
 * {@link Numbers}, any other array a {@code List<Object>}, a lone number a {@link Num} (its
 * text), a string a String, true and false Booleans, null {@link #NULL}. Numbers keep their text,
 * so that a float is parsed once, by {@link Float#parseFloat}, as the libsvm reader parses it.
 * Malformed text throws {@link Malformed} with the position (line, column and character, from 1).
 */
final class JsonText {
  /** JSON's null. */
  static final Object NULL = new Object();

  /** The deepest nesting read; deeper text is malformed (the reader recurses). */
  private static final int DEPTH = 64;

  /** A number, as its text. */
  record Num(String text) {}

  /** An array of numbers: the text of each. */
  static final class Numbers {
    private final String text;
    private final int[] bounds;
    private final int size;

    private Numbers(String text, int[] bounds, int size) {
      this.text = text;
      this.bounds = bounds;
      this.size = size;
    }

    int size() {
      return size;
    }

    String text(int i) {
      return text.substring(bounds[2 * i], bounds[2 * i + 1]);
    }
  }

  /** Malformed JSON text: the message names the position. */
  static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  private final String s;
  private int at;

  private JsonText(String s) {
    this.s = s;
  }

  /** The value of the whole text (white space around it allowed, nothing else). */
  static Object parse(String text) throws Malformed {
    JsonText p = new JsonText(text);
    p.space();
    Object v = p.value(0);
    p.space();
    if (p.at < text.length()) {
      throw p.error("unexpected " + p.shown() + " after the value");
    }
    return v;
  }

  private Object value(int depth) throws Malformed {
    if (depth > DEPTH) {
      throw error("nesting deeper than " + DEPTH);
    }
    if (at >= s.length()) {
      throw error("the text ends where a value was expected");
    }
    char c = s.charAt(at);
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
          return new Num(s.substring(from, at));
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
      return new Numbers(s, new int[0], 0);
    }
    char c = peek();
    if (c == '-' || (c >= '0' && c <= '9')) {
      int[] bounds = new int[32];
      int n = 0;
      int start = at;
      while (true) {
        c = peek();
        if (!(c == '-' || (c >= '0' && c <= '9'))) {
          break;
        }
        if (2 * n + 2 > bounds.length) {
          bounds = java.util.Arrays.copyOf(bounds, 2 * bounds.length);
        }
        bounds[2 * n] = at;
        number();
        bounds[2 * n + 1] = at;
        n++;
        space();
        c = peek();
        if (c == ']') {
          at++;
          return new Numbers(s, bounds, n);
        }
        if (c != ',') {
          throw error("expected ',' or ']', found " + shown());
        }
        at++;
        space();
      }
      // Not numbers only: read the array again as values.
      at = start;
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
      if (at >= s.length()) {
        throw error("the text ends inside a string");
      }
      char c = s.charAt(at);
      if (c == '"') {
        String tail = s.substring(from, at);
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
      b.append(s, from, at);
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

  private void digits() throws Malformed {
    if (peek() < '0' || peek() > '9') {
      throw error("expected a digit, found " + shown());
    }
    while (peek() >= '0' && peek() <= '9') {
      at++;
    }
  }

  private void word(String w) throws Malformed {
    if (!s.startsWith(w, at)) {
      throw error("unexpected " + shown() + " where a value was expected");
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
    while (at < s.length()) {
      char c = s.charAt(at);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      at++;
    }
  }

  /** The character at the position, or 0 at the end. */
  private char peek() {
    return at < s.length() ? s.charAt(at) : 0;
  }

  private String shown() {
    if (at >= s.length()) {
      return "the end of the text";
    }
    char c = s.charAt(at);
    return c < 0x20 || c > 0x7e ? String.format("character U+%04X", (int) c) : "'" + c + "'";
  }

  private Malformed error(String what) {
    int line = 1;
    int column = 1;
    for (int k = 0; k < Math.min(at, s.length()); k++) {
      if (s.charAt(k) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new Malformed("malformed JSON at line " + line + ", column " + column + " (character " + (at + 1) + "): "
        + what);
  }
}
