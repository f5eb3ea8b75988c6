package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.io.internal.GzipDetect;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The libsvm reader parses ordinary lines from their bytes and hands every other line to the
 * string parser: both must read any input the same way, example by example (label, indices, value
 * bits, line numbers, skipped features), and fail on the same line with the same message.
 */
class LibsvmParsePathsTest {
  /** Values every reader accepts, then values it refuses. */
  private static final List<String> VALUES = List.of("1", "0", "-0", "+2", "0.5", "-0.25", "0.00392157",
      "0.0039215686274509803", "1e-4", "1E5", "3.4e38", "-7", "007.50", "1.", ".5", "0x1p3", "1f", "12345678",
      "0.12345678", "9999999", "0.0000000001", "0.00000000001");
  private static final List<String> BAD_VALUES = List.of("1e39", "NaN", "", "-", ".", "1.2.3", "1,5");
  private static final List<String> LABELS = List.of("1", "-1", "+1", "0", "-0", "2", "007", "123456789",
      "1234567890", "1.0", "1.5", "-2.5e1", "99999999999999999999");
  private static final List<String> BAD_LABELS = List.of("+", "x", "1e400", "", "NaN");
  private static final List<String> GARBAGE = List.of("#", " # comment", "qid:3", "\u00e9", "\u0000", "\u0001",
      "\t", "\f", "\u000b", ":", "1:", ":1", "a:1", "0:1", "2147483647:1", "99999999999:1", "\uFEFF");

  private static String pick(Random rnd, List<String> tokens) {
    return tokens.get(rnd.nextInt(tokens.size()));
  }

  /**
   * One line: a label, then features in increasing order (now and then more than fit the line
   * buffer's first size), with odd but valid tokens from the lists;
   * a hostile line now and then (one in {@code hostility}) has a bad token, an index out of order or
   * garbage.
   */
  private static String line(Random rnd, int hostility) {
    StringBuilder sb = new StringBuilder();
    if (rnd.nextInt(20) == 0) {
      return rnd.nextBoolean() ? "" : "   ";
    }
    boolean hostile = rnd.nextInt(hostility) == 0;
    sb.append(hostile && rnd.nextInt(4) == 0 ? pick(rnd, BAD_LABELS)
        : rnd.nextInt(4) == 0 ? pick(rnd, LABELS) : rnd.nextBoolean() ? "+1" : "-1");
    int index = rnd.nextInt(3);
    for (int k = rnd.nextInt(rnd.nextInt(50) == 0 ? 300 : 12); k > 0; k--) {
      sb.append(rnd.nextInt(10) == 0 ? "\t" : rnd.nextInt(10) == 0 ? "  " : " ");
      index += hostile && rnd.nextInt(8) == 0 ? -1 : 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 5000 : 30);
      String value = hostile && rnd.nextInt(8) == 0 ? pick(rnd, BAD_VALUES)
          : rnd.nextInt(3) == 0 ? pick(rnd, VALUES)
          : Integer.toString(rnd.nextInt(256)) + (rnd.nextBoolean() ? "" : "." + rnd.nextInt(1000));
      sb.append(index).append(':').append(value);
      if (hostile && rnd.nextInt(8) == 0) {
        sb.append(pick(rnd, GARBAGE));
      }
    }
    if (hostile && rnd.nextInt(4) == 0) {
      sb.insert(rnd.nextInt(sb.length() + 1), pick(rnd, GARBAGE));
    }
    if (rnd.nextInt(10) == 0) {
      sb.append(' ');
    }
    return sb.toString();
  }

  /** Everything the reader says about each example, then the end or the error. */
  static String transcript(byte[] input, LibsvmFormat format, boolean stringsOnly, int chunk) {
    InputStream in = new ByteArrayInputStream(input);
    if (chunk > 0) {
      in = new FuzzChecks.Trickle(in, chunk);
    }
    StringBuilder out = new StringBuilder();
    try (LibsvmReader r = new LibsvmReader(new GzipDetect(in), "p.svm", format, stringsOnly)) {
      while (r.next()) {
        out.append(r.line()).append(' ').append(r.label()).append(' ')
            .append(Double.doubleToRawLongBits(r.labelValue())).append(' ').append(Arrays.toString(r.indices()));
        for (float v : r.values()) {
          out.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(v)));
        }
        out.append(" | ").append(r.droppedFeatures()).append(' ').append(r.firstDroppedLine()).append(' ')
            .append(r.largestIndexLine()).append(' ').append(r.dimension()).append('\n');
      }
      out.append("end ").append(r.label()).append(' ').append(r.line());
    } catch (IOException e) {
      out.append("error ").append(e.getMessage());
    }
    return out.toString();
  }

  private static LibsvmFormat format(Random rnd) {
    LibsvmFormat f = LibsvmFormat.defaults().withZeroBased(rnd.nextInt(4) == 0);
    return rnd.nextBoolean() ? f : f.withDimension(1 + rnd.nextInt(200), rnd.nextBoolean());
  }

  @Test
  void bytesAndStringsReadEveryInputTheSameWay() {
    long seed = new Random().nextLong();
    System.out.println("LibsvmParsePathsTest seed " + seed);
    Random rnd = new Random(seed);
    int errors = 0;
    for (int input = 0; input < 3000; input++) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int lines = 1 + rnd.nextInt(input % 100 == 0 ? 3000 : 12);
      int hostility = input % 100 == 0 ? 2000 : 1 + rnd.nextInt(40);
      for (int i = 0; i < lines; i++) {
        bytes.writeBytes(line(rnd, hostility).getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(rnd.nextInt(10) == 0 ? "\r\n".getBytes(StandardCharsets.US_ASCII)
            : rnd.nextInt(30) == 0 ? "\r".getBytes(StandardCharsets.US_ASCII) : "\n".getBytes(StandardCharsets.US_ASCII));
      }
      byte[] text = bytes.toByteArray();
      LibsvmFormat format = format(rnd);
      String strings = transcript(text, format, true, 0);
      assertEquals(strings, transcript(text, format, false, 0), "seed " + seed + ", input " + input);
      assertEquals(strings, transcript(text, format, false, 1 + rnd.nextInt(7)),
          "seed " + seed + ", input " + input + ", read a few bytes at a time");
      errors += strings.contains("\nerror ") || strings.startsWith("error ") ? 1 : 0;
    }
    // The inputs must exercise both outcomes, or the comparison says little.
    System.out.println("LibsvmParsePathsTest: " + errors + " of 3000 inputs end in an error");
    assertEquals(true, errors > 300 && errors < 2700, errors + " inputs of 3000 end in an error");
  }
}
