package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalsTest {
  private static void same(String text) {
    byte[] line = ("x:" + text + " ").getBytes(StandardCharsets.ISO_8859_1);
    float expected = Float.parseFloat(text);
    float got = Decimals.parseFloat(line, 2, 2 + text.length());
    assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(got), text);
  }

  @Test
  void agreesWithFloatParseFloatBitForBit() {
    for (String t : List.of("0", "-0", "+0", "0.0", "-0.0", "1", "-1", "+1", "1.", ".5", "-.5", "0.1", "0.3",
        "1234567", "12345678", "0.0000001", "0.00000000001", "3.4028235e38", "1e-4", "1E5", "0x1p3", "NaN",
        "Infinity", "-Infinity", "1f", "2.5d", "9999999", "0.9999999", "16777217", "0.1234567", "00000001.5")) {
      same(t);
    }
    long seed = new Random().nextLong();
    System.out.println("DecimalsTest seed " + seed);
    Random rnd = new Random(seed);
    for (int i = 0; i < 200_000; i++) {
      int digits = 1 + rnd.nextInt(9);
      StringBuilder sb = new StringBuilder(rnd.nextInt(4) == 0 ? "-" : "");
      int point = rnd.nextInt(digits + 1);
      for (int d = 0; d < digits; d++) {
        if (d == point && rnd.nextBoolean()) {
          sb.append('.');
        }
        sb.append((char) ('0' + rnd.nextInt(10)));
      }
      if (sb.indexOf(".") < 0 && rnd.nextInt(10) == 0) {
        sb.append('.').append(rnd.nextInt(1000));
      }
      same(sb.toString());
    }
  }

  /**
   * A value followed by more of its line, as the libsvm reader calls plain: the same bits as
   * Float.parseFloat of the value and the stop at the byte after it, whatever follows (the next
   * value after a space, a non-ASCII byte, the end of the line), for fractions of 0 to 18 digits;
   * NOT_PLAIN past 10 fraction digits, 18 digits or 7 significant ones (a value of 10^7 or more).
   */
  @Test
  void plainStopsWhereTheValueEndsInsideALongerLine() {
    long seed = new Random().nextLong();
    System.out.println("DecimalsTest plain-in-line seed " + seed);
    Random rnd = new Random(seed);
    String[] after = {"", " ", " 12:0.5 3:0.25", "\t7:1", ":", "x", "\u00e9", "e5", ".5", "\n9 1:2"};
    for (int i = 0; i < 100_000; i++) {
      StringBuilder value = new StringBuilder(rnd.nextInt(5) == 0 ? "-" : "");
      value.append(rnd.nextInt(3) == 0 ? "" : String.valueOf(rnd.nextInt(3)));
      value.append('.');
      int fraction = rnd.nextInt(19);
      for (int d = 0; d < fraction; d++) {
        value.append((char) ('0' + rnd.nextInt(10)));
      }
      String text = value.toString();
      String tail = after[rnd.nextInt(after.length)];
      byte[] line = ("7:" + text + tail).getBytes(StandardCharsets.ISO_8859_1);
      long plain = Decimals.plain(line, 2, line.length);
      String where = "seed " + seed + ": '" + text + "' then '" + tail + "'";
      boolean number = text.matches("[-+]?[0-9]*\\.[0-9]+|[-+]?[0-9]+\\.[0-9]*");
      int significant = text.replaceAll("[^0-9]", "").length();
      if (!number || significant > 18 || fraction > 10 || Long.parseLong(("0" + text.replaceAll("[^0-9]", ""))) >= 10_000_000) {
        assertEquals(Decimals.NOT_PLAIN, plain, where);
        continue;
      }
      assertEquals(2 + text.length(), (int) (plain >>> 32), where + ": stop");
      assertEquals(Float.floatToRawIntBits(Float.parseFloat(text)), (int) plain, where + ": bits");
    }
  }

  @Test
  void badNumbersFailAsFloatParseFloatDoes() {
    for (String t : List.of("", "-", ".", "1.2.3", "abc", "1,5", "--1")) {
      assertThrows(NumberFormatException.class, () -> Decimals.parseFloat(("a" + t + "b").getBytes(StandardCharsets.ISO_8859_1), 1, 1 + t.length()), t);
    }
  }
}
