package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineSourceTest {
  /** {@code lines} lines of text, then {@code bad} as line lines + 1, then more lines. */
  static byte[] withBadLine(int lines, String prefix, byte[] bad, String after) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < lines; i++) {
      out.writeBytes(prefix.getBytes(StandardCharsets.UTF_8));
    }
    out.writeBytes(bad);
    for (int i = 0; i < 3000; i++) {
      out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  @Test
  void malformedUtf8IsReportedAtItsLineColumnAndToken() {
    byte[] bad = {'1', ' ', '7', ':', '0', '.', (byte) 0xC3, (byte) 0x28, ' ', '9', ':', '1', '\n'};
    byte[] text = withBadLine(10000, "-1 1:0.25 3:1 17:0.5 # caf\u00e9\n", bad, "1 2:1\n");
    FormatException e = assertThrows(FormatException.class,
        () -> LibsvmFormat.defaults().read(new ByteArrayInputStream(text), "u.svm"));
    assertEquals(10001, e.line(), e.getMessage());
    assertEquals(7, e.column(), e.getMessage());
    assertTrue(e.getMessage().startsWith("u.svm:10001:7: in '7:0.\\xC3('"), e.getMessage());
    assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
  }

  @Test
  void malformedUtf8InCsvIsReportedAtItsLine() {
    byte[] bad = {'1', ',', (byte) 0xFF, ',', '2', '\n'};
    byte[] text = withBadLine(6001, "caf\u00e9,0.5,2\n", bad, "th\u00e9,1,3\n");
    FormatException e = assertThrows(FormatException.class, () -> CsvFormat.defaults().withLabelColumn(0)
        .withHeader(DataFormat.Header.ABSENT).read(new ByteArrayInputStream(text), "u.csv"));
    assertEquals(6002, e.line(), e.getMessage());
    assertEquals(3, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("'\\xFF'"), e.getMessage());
  }

  @Test
  void multiByteCharactersCountAsOneColumn() throws IOException {
    byte[] text = "\uFEFFd\u00e9j\u00e0 vu\r\nx\ry\n\nz".getBytes(StandardCharsets.UTF_8);
    try (LineSource s = new LineSource(new ByteArrayInputStream(text), "t")) {
      assertEquals("d\u00e9j\u00e0 vu", s.next());
      assertEquals("x", s.next());
      assertEquals("y", s.next());
      assertEquals("", s.next());
      assertEquals("z", s.next());
      assertNull(s.next());
      assertEquals(5, s.line());
    }
    byte[] nul = "ab\u00e9\u0000c\n".getBytes(StandardCharsets.UTF_8);
    FormatException e = assertThrows(FormatException.class,
        () -> new LineSource(new ByteArrayInputStream(nul), "n").next());
    assertEquals(4, e.column(), e.getMessage());
  }
}
