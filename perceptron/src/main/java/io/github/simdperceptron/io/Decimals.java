package io.github.simdperceptron.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Parses floats from the bytes of a line without making a string first: the libsvm reader parses
 * each value this way, and a string per value would be most of what reading a large file allocates.
 */
final class Decimals {
  /** 10^0 .. 10^10: exactly representable as floats (5^10 < 2^24). */
  private static final float[] POW10 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  /** 10^0 .. 10^8 as longs, to append a run of up to 8 digits to the digits so far. */
  private static final long[] LONG_POW10 = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
      100_000_000L};
  /** Eight bytes of a line as one long, the first byte lowest. */
  private static final VarHandle EIGHT = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ZEROS = 0x3030_3030_3030_3030L;
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
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
      // Eight bytes at a time while they lie within the line (a value's fraction is most of its digits).
      while (p + Long.BYTES <= end) {
        long word = (long) EIGHT.get(b, p);
        int run = digitRun(word);
        if (run > 0) {
          digits = digits * LONG_POW10[run] + eightDigits((word - ZEROS) << (Long.SIZE - Byte.SIZE * run));
          p += run;
        }
        if (run < Long.BYTES) {
          break;
        }
      }
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

  /**
   * How many of the eight bytes of {@code word} (first byte lowest) are ASCII digits before the
   * first that is not: 0 to 8. A byte is a digit when neither {@code byte - '0'} nor
   * {@code byte + 0x46} (above '9' it reaches 0x80) nor the byte itself has its high bit set; a
   * borrow or carry between bytes only starts at a byte that is not a digit, so it can mark only
   * bytes after the first non-digit, which are not counted.
   */
  static int digitRun(long word) {
    long notDigit = ((word - ZEROS) | (word + 0x4646_4646_4646_4646L) | word) & HIGH_BITS;
    return Long.numberOfTrailingZeros(notDigit) >>> 3;
  }

  /**
   * The number written by eight digit values, one per byte, the first (most significant) in the
   * lowest byte: pairs, then quads, then the eight, in three multiplications.
   */
  static long eightDigits(long values) {
    long pairs = values * 10 + (values >>> 8);
    return ((pairs & 0x0000_00FF_0000_00FFL) * (100 + (1_000_000L << 32))
        + ((pairs >>> 16) & 0x0000_00FF_0000_00FFL) * (1 + (10_000L << 32))) >>> 32;
  }
}
