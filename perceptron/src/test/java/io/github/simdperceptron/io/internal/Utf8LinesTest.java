package io.github.simdperceptron.io.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Utf8Lines against its definition: the bytes split at {@code \n}, a {@code \r} before it dropped,
 * each line decoded by a strict UTF-8 decoder, a byte-order mark dropped from the first line; on
 * lines that cross the reader's buffer, streams that return a few bytes a read, and malformed bytes.
 */
class Utf8LinesTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  static {
    System.out.println("Utf8LinesTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
  }

  /** The lines of bytes by the definition; null where a line is malformed (the index of the first in bad[0]). */
  private static List<String> expected(byte[] bytes, int[] bad) {
    List<String> lines = new ArrayList<>();
    int from = 0;
    bad[0] = -1;
    while (from < bytes.length) {
      int nl = from;
      while (nl < bytes.length && bytes[nl] != '\n') {
        nl++;
      }
      int to = nl > from && bytes[nl - 1] == '\r' ? nl - 1 : nl;
      try {
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
        lines.add(lines.isEmpty() && text.startsWith("\uFEFF") ? text.substring(1) : text);
      } catch (CharacterCodingException e) {
        bad[0] = lines.size();
        return lines;
      }
      from = nl + 1;
    }
    return lines;
  }

  /** A stream that returns at most {@code chunk} bytes a read. */
  private static InputStream trickle(byte[] bytes, int chunk) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, chunk));
      }
    };
  }

  private static void check(byte[] bytes, int chunk) throws IOException {
    int[] bad = new int[1];
    List<String> want = expected(bytes, bad);
    Utf8Lines lines = new Utf8Lines(trickle(bytes, chunk), "in.txt");
    for (int i = 0; i < want.size(); i++) {
      assertEquals(want.get(i), lines.next(), "line " + (i + 1) + " (read " + chunk + " bytes at a time)");
      assertEquals(i + 1, lines.line());
    }
    if (bad[0] >= 0) {
      FormatException e = assertThrows(FormatException.class, lines::next);
      assertTrue(e.getMessage().startsWith("in.txt:" + (bad[0] + 1) + ": malformed UTF-8"), e.getMessage());
    } else {
      assertNull(lines.next());
    }
  }

  @Test
  void randomTextGivesTheLinesOfAStrictDecoder() throws IOException {
    Random r = new Random(SEED);
    for (int round = 0; round < 300; round++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (r.nextInt(8) == 0) {
        out.writeBytes("\uFEFF".getBytes(StandardCharsets.UTF_8));
      }
      for (int line = r.nextInt(40); line > 0; line--) {
        StringBuilder b = new StringBuilder();
        // Now and then a line longer than the reader's buffer of 64 KB.
        int length = r.nextInt(50) == 0 ? 70_000 + r.nextInt(70_000) : r.nextInt(80);
        for (int c = 0; c < length; c++) {
          switch (r.nextInt(8)) {
            case 0: b.append((char) (0x80 + r.nextInt(0x780))); break;
            case 1: b.append((char) (0x800 + r.nextInt(0xD000))); break;
            case 2: b.appendCodePoint(0x10000 + r.nextInt(0x100000)); break;
            case 3: b.append('\uFFFD'); break;
            case 4: b.append('\r'); break;
            default: b.append((char) (0x20 + r.nextInt(0x5F)));
          }
        }
        out.writeBytes(b.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(r.nextBoolean() ? new byte[] {'\n'} : new byte[] {'\r', '\n'});
      }
      byte[] bytes = out.toByteArray();
      if (bytes.length > 0 && r.nextBoolean()) {
        bytes = Arrays.copyOf(bytes, bytes.length - 1); // no terminator on the last line
      }
      if (bytes.length > 0 && r.nextInt(4) == 0) {
        // A malformed sequence: a lone continuation byte, a truncated lead, an encoded surrogate, an overlong NUL.
        byte[][] junk = {{(byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
          {(byte) 0xC0, (byte) 0x80}, {(byte) 0xFF}};
        byte[] j = junk[r.nextInt(junk.length)];
        int at = r.nextInt(bytes.length + 1);
        byte[] with = new byte[bytes.length + j.length];
        System.arraycopy(bytes, 0, with, 0, at);
        System.arraycopy(j, 0, with, at, j.length);
        System.arraycopy(bytes, at, with, at + j.length, bytes.length - at);
        bytes = with;
      }
      check(bytes, 1 + r.nextInt(r.nextBoolean() ? 7 : 1 << 17));
    }
  }

  @Test
  void edgeCases() throws IOException {
    check(new byte[0], 100);
    check("\n".getBytes(StandardCharsets.UTF_8), 100);
    check("\r\n\r\n".getBytes(StandardCharsets.UTF_8), 1);
    check("a\rb\r\n".getBytes(StandardCharsets.UTF_8), 3);
    check("\uFEFFfirst\n\uFEFFsecond\n".getBytes(StandardCharsets.UTF_8), 2);
    check("ok\nr\u00e9sum\u00e9 \uFFFD\n".getBytes(StandardCharsets.UTF_8), 5);
    check(new byte[] {'o', 'k', '\n', 'x', (byte) 0xC3, '\n', 'y', '\n'}, 100);
  }
}
