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

  @Test
  void badNumbersFailAsFloatParseFloatDoes() {
    for (String t : List.of("", "-", ".", "1.2.3", "abc", "1,5", "--1")) {
      assertThrows(NumberFormatException.class, () -> Decimals.parseFloat(("a" + t + "b").getBytes(StandardCharsets.ISO_8859_1), 1, 1 + t.length()), t);
    }
  }
}
