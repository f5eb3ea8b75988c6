package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvReaderTest {

  static Dataset read(String text, CsvFormat f) throws IOException {
    return f.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.csv");
  }

  static FormatException error(String text, CsvFormat f) {
    return assertThrows(FormatException.class, () -> read(text, f));
  }

  @Test
  void detectsAHeaderAndTakesTheLabelFromTheFirstColumn() throws IOException {
    Dataset d = read("label,x,y\n1,0.5,2\n-1,3,-4e1\n", CsvFormat.defaults());
    assertEquals(2, d.size());
    assertEquals(2, d.dimension());
    assertArrayEquals(new float[] {0.5f, 2f}, d.denseRow(0));
    assertArrayEquals(new float[] {3f, -40f}, d.denseRow(1));
    assertEquals(1f, d.label(0));
  }

  @Test
  void withoutHeaderTheFirstLineIsData() throws IOException {
    Dataset d = read("1,0.5,2\r\n\r\n-1,3,4\r\n", CsvFormat.defaults());
    assertEquals(2, d.size());
  }

  @Test
  void labelByNameByPositionOrLast() throws IOException {
    String text = "a;b;class\n1;2;cat\n3;4;dog\n";
    CsvFormat semi = CsvFormat.defaults().withDelimiter(';');
    Dataset byName = read(text, semi.withLabelName("class"));
    Dataset last = read(text, semi.withLabelColumn(-1));
    Dataset third = read(text, semi.withLabelColumn(2).withHeader(DataFormat.Header.PRESENT));
    for (Dataset d : List.of(byName, last, third)) {
      assertEquals(List.of("cat", "dog"), d.labels().names());
      assertArrayEquals(new float[] {3, 4}, d.denseRow(1));
    }
  }

  @Test
  void tabsQuotesAndNumericLabelCanonicalForm() throws IOException {
    Dataset d = read("\"1.0\"\t \"2\" \t3\n\"+1\"\t4\t5\n", CsvFormat.defaults().withDelimiter('\t'));
    assertEquals(List.of("1"), d.labels().names());
    assertArrayEquals(new float[] {4, 5}, d.denseRow(1));
    Dataset q = read("\"say \"\"hi\"\"\",1\nbye,2\n", CsvFormat.defaults().withHeader(DataFormat.Header.ABSENT));
    assertEquals(List.of("bye", "say \"hi\""), q.labels().names());
  }

  @Test
  void absentHeaderMakesANonNumericFirstLineAnError() {
    FormatException e = error("label,x\n1,2\n", CsvFormat.defaults().withHeader(DataFormat.Header.ABSENT));
    assertEquals(1, e.line());
    assertEquals(7, e.column());
    assertEquals("x", e.token());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "1,2,x      | 3 | 5 | x    | column 3 (b), 'x': not a number",
      "1,,3       | 3 | 3 |      | column 2 (a), '': missing value",
      "1,2        | 3 | 0 |      | 2 fields (expected 3, as on line 1)",
      "1,2,3,     | 3 | 0 |      | 4 fields (expected 3",
      "1,2,NaN    | 3 | 5 | NaN  | not a finite float",
      "1,2,1e40   | 3 | 5 | 1e40 | not a finite float",
      " ,2,3      | 3 | 1 |      | missing label",
      "1,\"2,3    | 3 | 3 | \"2,3 | unterminated quoted field",
      "1,\"2\"x,3 | 3 | 6 | x    | after a closing quote",
  })
  void errorsNameFileLineColumnAndToken(String line, long lineNo, int column, String token, String expected) {
    FormatException e = error("y,a,b\n1,2,3\n" + line + "\n", CsvFormat.defaults());
    assertEquals(lineNo, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertEquals(token == null ? (column == 0 ? null : "") : token, e.token(), e.getMessage());
    assertTrue(e.getMessage().startsWith("t.csv:" + lineNo + ":"), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void feedsAnOnlineLearnerRowByRow() throws IOException {
    var l = io.github.simdperceptron.learn.Learner.binary(
        io.github.simdperceptron.learn.Algorithm.PERCEPTRON, 2,
        io.github.simdperceptron.data.Labels.of(List.of("no", "yes")),
        io.github.simdperceptron.learn.TrainingOptions.defaults());
    String text = "label,a,b\nyes,1,0\nno,0,1\nyes,2,0\nmaybe,1,1\n";
    try (CsvReader r = CsvFormat.defaults().open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        "s.csv")) {
      FormatException e = assertThrows(FormatException.class, () -> r.feed(l));
      assertEquals(5, e.line());
      assertTrue(e.getMessage().contains("'maybe' is not one of the learner's classes"), e.getMessage());
      assertEquals(List.of("label", "a", "b"), r.header());
    }
    assertEquals(3, l.visits());
  }

  @Test
  void headerProblemsAreErrors() {
    assertTrue(error("a,b\n1,2\n", CsvFormat.defaults().withLabelName("c")).getMessage()
        .contains("no column named 'c' in the header (expected one of [a, b])"));
    assertTrue(error("1,2\n", CsvFormat.defaults().withLabelColumn(5)).getMessage()
        .contains("label column 6 does not exist"));
    assertTrue(error("12\n", CsvFormat.defaults()).getMessage().contains("expected at least 2"));
    assertTrue(error("a,b\n", CsvFormat.defaults()).getMessage().contains("no examples"));
    assertTrue(error("", CsvFormat.defaults()).getMessage().contains("no examples"));
  }
}
