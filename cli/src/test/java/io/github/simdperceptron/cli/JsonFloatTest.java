package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte-level JSON number reader against Float.parseFloat, bit for bit, over many spellings of
 * numbers (seeded, the seed printed), and malformed numbers refused at the right byte.
 */
class JsonFloatTest {
  private static float parse(String text) throws JsonText.Malformed {
    // Padding around the number: the reader must keep to its slice.
    byte[] b = ("x[" + text + "]y").getBytes(StandardCharsets.US_ASCII);
    return JsonFloat.parse(b, 2, 2 + text.length());
  }

  private static void same(String text) throws JsonText.Malformed {
    float want = Float.parseFloat(text);
    float got = parse(text);
    assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(got), () -> text + ": Float.parseFloat "
        + want + ", the reader " + got);
    // An array's numbers are read as the array is scanned: the same float.
    float inArray = ((JsonText.Numbers) JsonText.parse("[7," + text + " ]")).floatAt(1);
    assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(inArray), () -> text + " in an array: "
        + inArray);
  }

  /** A JSON spelling of the exact decimal value v, plain or with an exponent. */
  private static String spelled(BigDecimal v, Random r) {
    String s = r.nextBoolean() ? v.toPlainString() : v.toString();
    return r.nextInt(4) == 0 ? s.replace('E', 'e') : s;
  }

  private static String digits(Random r, int n, boolean leadingNonZero) {
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < n; k++) {
      b.append((char) ('0' + (k == 0 && leadingNonZero ? 1 + r.nextInt(9) : r.nextInt(10))));
    }
    return b.toString();
  }

  private static String exponent(Random r, int range) {
    int e = r.nextInt(2 * range + 1) - range;
    String sign = e < 0 ? "-" : r.nextBoolean() ? "+" : "";
    return (r.nextBoolean() ? "e" : "E") + sign + Math.abs(e);
  }

  @Test
  void everySpellingGivesFloatParseFloatsBits() throws Exception {
    long seed = System.nanoTime();
    System.out.println("JsonFloatTest seed " + seed);
    Random r = new Random(seed);
    List<String> fixed = List.of("0", "-0", "0.0", "-0.0", "0e0", "-0E-400", "0.000e+99", "1", "-1", "10", "1e10",
        "1e-10", "16777215", "16777216", "16777217", "16777219", "0.1", "0.2", "0.3", "3.4028235e38", "3.4028236e38",
        "3.40282357e38", "1e39", "1e400", "1e-400", "1.4e-45", "7e-46", "7.1e-46", "1.17549435e-38",
        "1.1754942e-38", "123456789012345678901234567890", "0.000000000000000000000000000000000000000000001",
        "1e99999999999", "-1e-99999999999", "1.00000017881393432617187499", "1.00000017881393432617187501",
        "1.000000178813934326171875", "0.003921569", "0.0039215686274509803", "0.003921568859368563", "255", "2.5e-3",
        "1.00000005960464477539062", "1.0000000596046448", "1.0000000596046447", "16777217.0", "33554435e-1",
        "9007199254740991e-22", "9007199254740993e-22", "1e22", "1e-22", "1e23");
    for (String s : fixed) {
      same(s);
    }
    int tried = 0;
    for (int t = 0; t < 30_000; t++) {
      String s;
      switch (r.nextInt(10)) {
        case 0 -> s = Long.toString(r.nextLong() % 30_000_000_000L);
        case 1 -> s = (r.nextBoolean() ? "-" : "") + (r.nextInt(3) == 0 ? "0" : digits(r, 1 + r.nextInt(8), true))
            + "." + digits(r, 1 + r.nextInt(10), false);
        case 2 -> s = (r.nextBoolean() ? "-" : "") + digits(r, 1 + r.nextInt(9), true)
            + (r.nextBoolean() ? "." + digits(r, 1 + r.nextInt(6), false) : "") + exponent(r, 14);
        case 3 -> s = digits(r, 15 + r.nextInt(30), true) + "." + digits(r, r.nextInt(30) + 1, false) + exponent(r,
            60);
        case 4 -> {
          // Subnormals and the smallest normals.
          float f = Float.intBitsToFloat(r.nextInt(0x00900000));
          s = spelled(new BigDecimal(f).round(new java.math.MathContext(1 + r.nextInt(12))), r);
        }
        case 5 -> {
          // Exactly halfway between two floats, and a hair either side of it.
          float f = Float.intBitsToFloat(r.nextInt(0x7f000000));
          BigDecimal mid = new BigDecimal(f).add(new BigDecimal(Math.nextUp(f))).divide(BigDecimal.valueOf(2));
          BigDecimal hair = BigDecimal.ONE.movePointLeft(mid.scale() + 1 + r.nextInt(3));
          BigDecimal v = switch (r.nextInt(3)) {
            case 0 -> mid;
            case 1 -> mid.add(hair);
            default -> mid.subtract(hair);
          };
          s = spelled(v, r);
        }
        case 6 -> {
          // A float's shortest decimal, and the same number with more digits.
          float f = Float.intBitsToFloat(r.nextInt(0x7f800000));
          String shortest = new BigDecimal(Float.toString(f)).toString();
          s = r.nextBoolean() ? shortest : spelled(new BigDecimal(f), r);
        }
        case 7 -> s = digits(r, 1 + r.nextInt(7), true) + exponent(r, 50);
        case 8 -> {
          // Significands of 10 to 17 digits near float midpoints, and doubles as Java prints them.
          float f = Float.intBitsToFloat(0x0d000000 + r.nextInt(0x64000000));
          BigDecimal mid = new BigDecimal(f).add(new BigDecimal(Math.nextUp(f))).divide(BigDecimal.valueOf(2));
          s = r.nextInt(4) == 0 ? Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20)).replace("E", "e")
              : spelled(mid.round(new java.math.MathContext(10 + r.nextInt(8))), r);
        }
        default -> s = "0." + "0".repeat(r.nextInt(12)) + digits(r, 1 + r.nextInt(9), true) + (r.nextBoolean()
            ? exponent(r, 12) : "");
      }
      same(s);
      tried++;
    }
    assertEquals(30_000, tried);
  }

  @Test
  void fractionZerosAndLongExponentsKeepTheirValue() throws Exception {
    // The zeros after the point lower the exponent as much as its digits raise it: 10, not 1.
    String zeros = "0".repeat(99_999);
    same("0." + zeros + "1e100001");
    same("0." + zeros + "1e100000");
    same("0." + zeros + "1e1000000");
    same("1e" + "9".repeat(40));
    same("1e-" + "9".repeat(40));
    same("-0." + zeros + "25e99990");
  }

  @Test
  void malformedNumbersAreRefusedAtTheirByte() {
    // Each spelling with the byte (from 1, in the padded text) where it goes wrong.
    Object[][] cases = {{"", 3}, {"-", 4}, {"01", 4}, {"-01", 5}, {"1.", 5}, {".5", 3}, {"1e", 5}, {"1e+", 6},
        {"+1", 3}, {"1x", 4}, {"--1", 4}, {"1.2.3", 6}, {"0x10", 4}, {"NaN", 3}, {"Infinity", 3}, {" 1", 3},
        {"1 ", 4}, {"1.e5", 5}, {"1e5.0", 6}, {"\u00e9", 3}};
    for (Object[] c : cases) {
      String text = (String) c[0];
      JsonText.Malformed e = assertThrows(JsonText.Malformed.class, () -> {
        byte[] b = ("x[" + text + "]y").getBytes(StandardCharsets.ISO_8859_1);
        JsonFloat.parse(b, 2, 2 + text.length());
      }, text);
      assertTrue(e.getMessage().startsWith("malformed number at byte " + c[1] + ":"), text + ": " + e.getMessage());
    }
  }

  @Test
  void indicesAreNonNegativeIntegers() {
    byte[] b = "12 0 -3 1.0 1e2 99999999999999999999999".getBytes(StandardCharsets.US_ASCII);
    assertEquals(12, JsonFloat.index(b, 0, 2));
    assertEquals(0, JsonFloat.index(b, 3, 4));
    assertEquals(Long.MIN_VALUE, JsonFloat.index(b, 5, 7));
    assertEquals(Long.MIN_VALUE, JsonFloat.index(b, 8, 11));
    assertEquals(Long.MIN_VALUE, JsonFloat.index(b, 12, 15));
    assertEquals(Long.MAX_VALUE, JsonFloat.index(b, 16, b.length));
    // An array's numbers as indices, read as the array is scanned: what index() gives for each.
    List<String> texts = List.of("12", "0", "-3", "-0", "1.0", "1e2", "7E0", "99999999999999999999999",
        "123456789012345678", "12345678901234567", "9223372036854775807", "9223372036854775808", "4294967296");
    JsonText.Numbers n = (JsonText.Numbers) assertDoesNotThrow(() -> JsonText.parse("[" + String.join(",", texts)
        + "]"));
    for (int k = 0; k < texts.size(); k++) {
      byte[] t = texts.get(k).getBytes(StandardCharsets.US_ASCII);
      assertEquals(JsonFloat.index(t, 0, t.length), n.indexAt(k), texts.get(k));
    }
  }

  @Test
  void arraysOfNumbersReadFromTheBytes() throws Exception {
    List<String> texts = new ArrayList<>(List.of("1", "-2.5", "3e-2", "0", "-0"));
    Object v = JsonText.parse("[" + String.join(" , ", texts) + "]");
    JsonText.Numbers n = (JsonText.Numbers) v;
    assertEquals(texts.size(), n.size());
    for (int k = 0; k < texts.size(); k++) {
      assertEquals(texts.get(k), n.text(k));
      assertEquals(Float.floatToRawIntBits(Float.parseFloat(texts.get(k))), Float.floatToRawIntBits(n.floatAt(k)));
    }
  }

  @Test
  void anArrayOfNumbersRefusesAMalformedOneAsAnyValueWould() {
    // The numbers-only scan of an array against the general reader: "[0 , t]" takes the first,
    // "[[], t]" (an array first) the second; t is at the same byte in both, so the messages agree.
    for (String t : List.of("-", "-x", "1.", "1.x", "1e", "1e+", "1e+x", "1.e5", "0.5e", "-.5", "12.", "7E-", "01", "-00", "0x1")) {
      JsonText.Malformed fast = assertThrows(JsonText.Malformed.class, () -> JsonText.parse("[0 , " + t + "]"), t);
      JsonText.Malformed general = assertThrows(JsonText.Malformed.class, () -> JsonText.parse("[[], " + t + "]"), t);
      assertEquals(general.getMessage(), fast.getMessage(), t);
      assertTrue(fast.getMessage().startsWith("malformed JSON at line 1, column "), fast.getMessage());
    }
  }
}
