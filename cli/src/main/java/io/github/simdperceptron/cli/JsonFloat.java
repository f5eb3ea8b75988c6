package io.github.simdperceptron.cli;

import java.nio.charset.StandardCharsets;

/**
 * JSON numbers read straight from a request's bytes, without a String per number: a float equal
 * bit for bit to {@link Float#parseFloat} of the same text, and non-negative integers (feature
 * indices). A number must follow JSON's grammar, {@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?};
 * anything else throws {@link JsonText.Malformed} naming the byte (from 1) where it goes wrong.
 */
final class JsonFloat {
  /** 10^0 .. 10^10: each exact in a float (5^10 < 2^24). */
  private static final float[] POWERS = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  /** 10^0 .. 10^22: each exact in a double (5^22 < 2^53). */
  private static final double[] DOUBLE_POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
      1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  /** Significant digits kept in a long; a longer significand goes to Float.parseFloat. */
  private static final int LONG_DIGITS = 18;
  /** Where an exponent's digits stop counting: above any body's length (an array's at most). */
  private static final long EXPONENT_CAP = 10_000_000_000L;

  private JsonFloat() {}

  /**
   * The float of the JSON number {@code b[from, to)} (not modified), as Float.parseFloat gives it
   * (a number too large for a float is infinite; the caller decides whether that is allowed).
   *
   * <p>Why the fast paths are exact. With the decimal significand s (its digits without the point,
   * leading zeros dropped) and the decimal exponent e, the value is x = s * 10^e. When s is below
   * 2^24 and e in [-10, 10], s and 10^|e| are floats exactly, so the one IEEE float multiply (or
   * divide) rounds x once, to nearest even: the correctly rounded float. When s is below 2^53 and e
   * in [-22, 22], s and 10^|e| are doubles exactly, and one double multiply (or divide) gives
   * D = x rounded to a double. Rounding D to a float gives x rounded to a float unless a float
   * midpoint (half-way between two floats, itself a double) lies between x and D, ends included;
   * no double lies strictly between x and D, so that midpoint can only be D itself: D is checked
   * not to be one. x is then 0 or between 1e-22 and 1e38, a normal float. Other numbers, and the rare
   * midpoint, are handed to Float.parseFloat.
   */
  static float parse(byte[] b, int from, int to) throws JsonText.Malformed {
    int p = from;
    boolean negative = p < to && b[p] == '-';
    if (negative) {
      p++;
    }
    long s = 0;
    int digits = 0;
    // A long: the fraction's leading zeros lower it by up to a body's length, the exponent's digits
    // raise it, and the two may cancel.
    long exponent = 0;
    boolean exact = true;
    if (p >= to || !digit(b[p])) {
      throw error(b, p, to, "expected a digit");
    }
    if (b[p] == '0') {
      p++;
      if (p < to && digit(b[p])) {
        throw error(b, p, to, "a number with a leading zero");
      }
    } else {
      while (p < to && digit(b[p])) {
        if (digits < LONG_DIGITS) {
          s = s * 10 + (b[p] - '0');
          digits++;
        } else {
          exact = false;
        }
        p++;
      }
    }
    if (p < to && b[p] == '.') {
      p++;
      if (p >= to || !digit(b[p])) {
        throw error(b, p, to, "expected a digit after the decimal point");
      }
      while (p < to && digit(b[p])) {
        int d = b[p] - '0';
        if (s == 0 && d == 0) {
          exponent--;
        } else if (digits < LONG_DIGITS) {
          s = s * 10 + d;
          digits++;
          exponent--;
        } else {
          exact = false;
        }
        p++;
      }
    }
    if (p < to && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      boolean down = p < to && b[p] == '-';
      if (p < to && (b[p] == '-' || b[p] == '+')) {
        p++;
      }
      if (p >= to || !digit(b[p])) {
        throw error(b, p, to, "expected a digit of the exponent");
      }
      long e = 0;
      while (p < to && digit(b[p])) {
        // Capped far beyond any body's length (so beyond what the fraction's zeros can cancel):
        // past the cap the value is 0 or infinite whatever the other digits, and the slow path,
        // which reads the whole text, gives it.
        e = Math.min(e * 10 + (b[p] - '0'), EXPONENT_CAP);
        p++;
      }
      exponent += down ? -e : e;
    }
    if (p < to) {
      throw error(b, p, to, "unexpected " + shown(b[p]) + " in a number");
    }
    if (exact && s < (1 << 24) && exponent >= -10 && exponent <= 10) {
      float f = s;
      f = exponent >= 0 ? f * POWERS[(int) exponent] : f / POWERS[(int) -exponent];
      return negative ? -f : f;
    }
    if (exact && s < (1L << 53) && exponent >= -22 && exponent <= 22) {
      double x = s;
      x = exponent >= 0 ? x * DOUBLE_POWERS[(int) exponent] : x / DOUBLE_POWERS[(int) -exponent];
      // A float midpoint: the 29 bits a float drops are 1 then 28 zeros.
      if ((Double.doubleToRawLongBits(x) & 0x1FFF_FFFFL) != 0x1000_0000L) {
        float f = (float) x;
        return negative ? -f : f;
      }
    }
    return Float.parseFloat(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
  }

  /**
   * The integer of the JSON number {@code b[from, to)} (already checked against JSON's grammar),
   * capped at Long.MAX_VALUE; Long.MIN_VALUE when the number has a fraction or an exponent, or is
   * negative, so not an index.
   */
  static long index(byte[] b, int from, int to) {
    long v = 0;
    for (int p = from; p < to; p++) {
      if (!digit(b[p])) {
        return Long.MIN_VALUE;
      }
      v = v > (Long.MAX_VALUE - 9) / 10 ? Long.MAX_VALUE : v * 10 + (b[p] - '0');
    }
    return v;
  }

  private static boolean digit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static String shown(byte c) {
    return c < 0x20 || c > 0x7e ? String.format("byte 0x%02X", c & 0xff) : "'" + (char) c + "'";
  }

  private static JsonText.Malformed error(byte[] b, int at, int to, String what) {
    return new JsonText.Malformed("malformed number at byte " + (at + 1) + ": " + (at >= to ? what
        + ", found the end of the number" : what.startsWith("unexpected") ? what : what + ", found " + shown(b[at])));
  }
}
