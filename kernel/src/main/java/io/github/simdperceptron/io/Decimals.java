package io.github.simdperceptron.io;

import java.nio.charset.StandardCharsets;

/**
 * Parses a float from the bytes of a line without making a string first: the libsvm reader calls
 * this once per value, and a string per value would be most of what reading a large file allocates.
 */
final class Decimals {
  /** 10^0 .. 10^10: exactly representable as floats (5^10 < 2^24). */
  private static final float[] POW10 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

  private Decimals() {}

  /**
   * {@code Float.parseFloat} of the ASCII text in {@code b[from .. to)}, bit for bit, and the same
   * {@link NumberFormatException}; {@code b} is not modified. Plain decimals of at most 7 significant digits and 10
   * fraction digits take the fast path: the digits and the power of ten are both exact floats,
   * so one correctly rounded division gives the correctly rounded value.
   */
  static float parseFloat(byte[] b, int from, int to) {
    int p = from;
    boolean negative = false;
    if (p < to && (b[p] == '-' || b[p] == '+')) {
      negative = b[p] == '-';
      p++;
    }
    int mantissa = 0;
    int digits = 0;
    int significant = 0;
    int fraction = -1;
    for (; p < to; p++) {
      byte c = b[p];
      if (c >= '0' && c <= '9') {
        digits++;
        if (fraction >= 0) {
          fraction++;
        }
        if (mantissa != 0 || c != '0') {
          significant++;
        }
        mantissa = significant <= 7 ? mantissa * 10 + (c - '0') : mantissa;
      } else if (c == '.' && fraction < 0) {
        fraction = 0;
      } else {
        break;
      }
    }
    if (p != to || digits == 0 || significant > 7 || fraction > 10) {
      return Float.parseFloat(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }
    float v = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
    return negative ? -v : v;
  }
}
