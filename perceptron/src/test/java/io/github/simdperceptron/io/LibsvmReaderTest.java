package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LibsvmReaderTest {

  static Dataset read(String text) throws IOException {
    return read(text, LibsvmFormat.defaults());
  }

  static Dataset read(String text, LibsvmFormat format) throws IOException {
    return format.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.svm");
  }

  static FormatException error(String text) {
    return error(text, LibsvmFormat.defaults());
  }

  static FormatException error(String text, LibsvmFormat format) {
    return assertThrows(FormatException.class, () -> read(text, format));
  }

  @Test
  void readsLabelsIndicesValuesCommentsAndBlankLines() throws IOException {
    Dataset d = read("# a comment line\n"
        + "+1 1:0.5 3:-2 # trailing comment\n"
        + "\n"
        + "   \t\n"
        + "-1 2:1e-1\t4:0x1p3  \n"
        + "1\n");
    assertEquals(3, d.size());
    assertEquals(4, d.dimension());
    assertEquals(List.of("-1", "1"), d.labels().names());
    assertArrayEquals(new float[] {0.5f, 0, -2f, 0}, d.denseRow(0));
    assertArrayEquals(new float[] {0, 0.1f, 0, 8f}, d.denseRow(1));
    assertArrayEquals(new float[] {0, 0, 0, 0}, d.denseRow(2));
    assertEquals(1f, d.label(0));
    assertEquals(-1f, d.label(1));
  }

  @Test
  void lineEndingsAndTrailingSpaceDoNotMatter() throws IOException {
    Dataset unix = read("1 1:2 2:3\n-1 1:1\n");
    Dataset crlf = read("1 1:2 2:3 \r\n-1 1:1\t\r\n");
    Dataset cr = read("1 1:2 2:3\r-1 1:1");
    for (Dataset d : List.of(crlf, cr)) {
      assertEquals(unix.size(), d.size());
      for (int i = 0; i < d.size(); i++) {
        assertArrayEquals(unix.denseRow(i), d.denseRow(i));
        assertEquals(unix.label(i), d.label(i));
      }
    }
  }

  @Test
  void byteOrderMarkIsDropped() throws IOException {
    assertEquals(1, read("\uFEFF1 1:1\n").size());
  }

  @Test
  void labelsAreCanonicalNumbers() throws IOException {
    Dataset d = read("2.0 1:1\n+2 1:1\n0 1:1\n1.5 1:1\n-0 1:1\n");
    assertEquals(List.of("0", "1.5", "2"), d.labels().names());
  }

  @Test
  void qidRightAfterTheLabelIsIgnored() throws IOException {
    Dataset d = read("1 qid:3 1:1 2:2\n-1 qid:4 2:5\n");
    assertArrayEquals(new float[] {1, 2}, d.denseRow(0));
    assertArrayEquals(new float[] {0, 5}, d.denseRow(1));
  }

  @Test
  void allOnesIsStoredAsBinary() throws IOException {
    assertTrue(DataAccess.isBinary(read("1 1:1 3:1\n-1 2:1\n")));
    assertFalse(DataAccess.isBinary(read("1 1:1 3:2\n")));
  }

  @Test
  void zeroBasedOption() throws IOException {
    Dataset d = read("1 0:1 2:3\n", LibsvmFormat.defaults().withZeroBased(true));
    assertArrayEquals(new float[] {1, 0, 3}, d.denseRow(0));
  }

  @Test
  void fixedDimensionRejectsOrDropsLargerIndices() throws IOException {
    FormatException e = error("1 1:1\n1 5:2\n", LibsvmFormat.defaults().withDimension(4, false));
    assertEquals(2, e.line());
    assertEquals(3, e.column());
    assertTrue(e.getMessage().contains("beyond the dimension 4"), e.getMessage());
    Dataset d = read("1 1:1 5:2\n", LibsvmFormat.defaults().withDimension(4, true));
    assertEquals(4, d.dimension());
    assertArrayEquals(new float[] {1, 0, 0, 0}, d.denseRow(0));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "1 0:1                       | 1 | 3  | 0:1    | indices are 1-based",
      "1 3:1 2:1                   | 1 | 7  | 2:1    | increasing order",
      "1 2:1 2:5                   | 1 | 7  | 2:5    | duplicate index 2",
      "1 2:                        | 1 | 3  | 2:     | missing value after ':'",
      "1 :4                        | 1 | 3  | :4     | missing index",
      "1 2                         | 1 | 3  | 2      | expected index:value",
      "1 a:1                       | 1 | 3  | a:1    | not a non-negative integer",
      "1 -3:1                      | 1 | 3  | -3:1   | not a non-negative integer",
      "1 2:x                       | 1 | 3  | 2:x    | is not a number",
      "1 2:1:3                     | 1 | 3  | 2:1:3  | is not a number",
      "1 2:NaN                     | 1 | 3  | 2:NaN  | not a finite float",
      "1 2:1e39                    | 1 | 3  | 2:1e39 | not a finite float",
      "1 99999999999:1             | 1 | 3  | 99999999999:1 | too large",
      "cat 1:1                     | 1 | 1  | cat    | expected a numeric label",
      "1:1 2:1                     | 1 | 1  | 1:1    | the line has no label",
      "1,2 1:1                     | 1 | 1  | 1,2    | expected a numeric label",
      "Infinity 1:1                | 1 | 1  | Infinity | not finite",
      "1 1:1 qid:2                 | 1 | 7  | qid:2  | right after the label",
      "1 qid:x 1:1                 | 1 | 3  | qid:x  | integer",
  })
  void errorsNameFileLineColumnAndToken(String line, long lineNo, int column, String token, String expected) {
    FormatException e = error("1 1:1\n# comment\n\n" + line + "\n");
    assertEquals(lineNo + 3, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertEquals(token, e.token(), e.getMessage());
    assertEquals("t.svm", e.source());
    assertTrue(e.getMessage().startsWith("t.svm:" + (lineNo + 3) + ":" + column + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("'" + token + "'"), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void emptyInputIsAnError() {
    assertTrue(error("").getMessage().contains("no examples"));
    assertTrue(error("# only a comment\n\n").getMessage().contains("no examples"));
  }

  @Test
  void binaryOrMalformedTextIsAnError() {
    FormatException nul = error("1 1:1\n1 2:\u00003\n");
    assertEquals(2, nul.line());
    assertTrue(nul.getMessage().contains("not a text file"));
    byte[] bad = {'1', ' ', '1', ':', '1', '\n', '1', ' ', (byte) 0xC3, (byte) 0x28, '\n'};
    FormatException utf = assertThrows(FormatException.class,
        () -> LibsvmFormat.defaults().read(new ByteArrayInputStream(bad), "b.svm"));
    assertTrue(utf.getMessage().contains("not UTF-8"), utf.getMessage());
  }

  @Test
  void streamsWithoutReadingAhead() throws IOException {
    // An endless input: the reader must hand out examples without trying to hold it all.
    InputStream endless = new InputStream() {
      final byte[] line = "-1 3:1 70:2.5\n".getBytes(StandardCharsets.US_ASCII);
      long pos;

      @Override
      public int read() {
        return line[(int) (pos++ % line.length)];
      }
    };
    try (LibsvmReader r = LibsvmFormat.defaults().open(endless, "endless")) {
      for (int i = 0; i < 100_000; i++) {
        assertTrue(r.next());
      }
      assertEquals(100_000, r.line());
      assertArrayEquals(new int[] {2, 69}, r.indices());
      assertArrayEquals(new float[] {1f, 2.5f}, r.values());
      assertEquals("-1", r.label());
      assertEquals(70, r.dimension());
    }
  }

  @Test
  void feedingAnOnlineLearnerMatchesOnePassOverTheDataset(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("train.svm");
    StringBuilder sb = new StringBuilder();
    java.util.Random rnd = new java.util.Random(7);
    for (int i = 0; i < 500; i++) {
      sb.append(rnd.nextBoolean() ? "+1" : "-1");
      for (int j = 1; j <= 30; j++) {
        if (rnd.nextInt(3) == 0) {
          sb.append(' ').append(j).append(':').append(rnd.nextInt(5) - 2);
        }
      }
      sb.append('\n');
    }
    Files.writeString(file, sb);
    Labels labels = Labels.of(List.of("-1", "1"));
    TrainingOptions o = TrainingOptions.builder().shuffle(false).build();
    Learner<BinaryModel> streamed = Learner.binary(Algorithm.AVERAGED, 30, labels, o);
    try (LibsvmReader r = LibsvmFormat.defaults().withDimension(30, false).open(file)) {
      assertEquals(500, r.feed(streamed));
    }
    Learner<BinaryModel> batch = Learner.binary(Algorithm.AVERAGED, 30, labels, o);
    batch.partialFit(LibsvmFormat.defaults().withDimension(30, false).read(file));
    assertArrayEquals(((LinearModel) batch.model()).weights(), ((LinearModel) streamed.model()).weights());
    assertEquals(batch.mistakes(), streamed.mistakes());
  }

  @Test
  void feedNamesTheLineOfAnExampleTheLearnerRefuses() throws IOException {
    Learner<BinaryModel> l = Learner.binary(Algorithm.PERCEPTRON, 5, Labels.of(List.of("-1", "1")),
        TrainingOptions.defaults());
    try (LibsvmReader r = LibsvmFormat.defaults().open(
        new ByteArrayInputStream("1 1:1\n\n3 2:1\n".getBytes(StandardCharsets.UTF_8)), "f.svm")) {
      FormatException e = assertThrows(FormatException.class, () -> r.feed(l));
      assertEquals(3, e.line());
      assertTrue(e.getMessage().startsWith("f.svm:3: "), e.getMessage());
    }
  }

  @Test
  void readerIsDoneAfterTheEnd() throws IOException {
    try (LibsvmReader r = LibsvmFormat.defaults().open(
        new ByteArrayInputStream("1 1:1".getBytes(StandardCharsets.UTF_8)), "x")) {
      assertTrue(r.next());
      assertFalse(r.next());
      assertNull(r.label());
      assertFalse(r.next());
    }
  }
}
