package io.github.simdperceptron.io;

import java.nio.charset.StandardCharsets;

/**
 * Parses floats from the bytes of a line without making a string first: the libsvm reader parses
 * each value this way, and a string per value would be most of what reading a large file allocates.
 */
final class Decimals {
  /** 10^0 .. 10^10: exactly representable as floats (5^10 < 2^24). */
  private static final float[] POW10 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  /** What {@link #plain} returns when the bytes do not start with a plain decimal. */
  static final long NOT_PLAIN = -1;

  private Decimals() {}

  /**
   * {@code Float.parseFloat} of the ASCII text in {@code b[from .. to)}, bit for bit, and the same
   * {@link NumberFormatException}; {@code b} is not modified.
   */
  static float parseFloat(byte[] b, int from, int to) {
    long plain = plain(b, from, to);
    if (plain != NOT_PLAIN && (int) (plain >>> 32) == to) {
      return Float.intBitsToFloat((int) plain);
    }
    return Float.parseFloat(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
  }

  /**
   * The plain decimal at the start of {@code b[from .. end)}, {@code [+-]digits[.digits]} with at
   * most 7 significant and 10 fraction digits, read up to the first byte that cannot continue it:
   * {@code (stop << 32) | floatBits}, with {@code stop} the index of that byte (or {@code end}) and
   * the float rounded as {@code Float.parseFloat} rounds it; {@link #NOT_PLAIN} when there is no
   * such decimal there. The digits and the power of ten are both exact floats, so one correctly
   * rounded division gives the correctly rounded value.
   */
  static long plain(byte[] b, int from, int end) {
    int p = from;
    boolean negative = p < end && b[p] == '-';
    if (negative || p < end && b[p] == '+') {
      p++;
    }
    int wholeFrom = p;
    long digits = 0;
    for (int d; p < end && (d = b[p] - '0') >= 0 && d <= 9; p++) {
      digits = digits * 10 + d;
    }
    int count = p - wholeFrom;
    int fraction = 0;
    if (p < end && b[p] == '.') {
      int fractionFrom = ++p;
      for (int d; p < end && (d = b[p] - '0') >= 0 && d <= 9; p++) {
        digits = digits * 10 + d;
      }
      fraction = p - fractionFrom;
      count += fraction;
    }
    // Below 10^7 means at most 7 significant digits; past 18 digits the long may have wrapped.
    if (count == 0 || count > 18 || fraction > 10 || digits >= 10_000_000) {
      return NOT_PLAIN;
    }
    float v = fraction > 0 ? digits / POW10[fraction] : digits;
    return (long) p << 32 | Float.floatToRawIntBits(negative ? -v : v) & 0xFFFF_FFFFL;
  }
}
