package io.github.simdperceptron.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class TextFileTest {
  private static TextCorpus read(TextVectorizer v, String text) throws IOException {
    return read(v, text.getBytes(StandardCharsets.UTF_8));
  }

  private static TextCorpus read(TextVectorizer v, byte[] bytes) throws IOException {
    return TextFile.read(v, new ByteArrayInputStream(bytes), "t.txt");
  }

  private static TextVectorizer.Builder unigrams() {
    return TextVectorizer.builder().ngrams(1).values(TextVectorizer.Values.BINARY).l2(false).punctuation(false);
  }

  /**
   * The row of document i as a map from feature id to value: the non-zeros of {@code denseRow(i)},
   * read from the CSR arrays as denseRow fills them (a later entry of an index overwrites an earlier
   * one) without a dense array per row, as the rows of tens of thousands of documents are compared.
   */
  private static java.util.Map<Integer, Float> row(Dataset d, int i) {
    java.util.Map<Integer, Float> m = new java.util.TreeMap<>();
    if (!d.isSparse()) {
      float[] x = d.denseRow(i);
      for (int j = 0; j < x.length; j++) {
        if (x[j] != 0) {
          m.put(j, x[j]);
        }
      }
      return m;
    }
    int[] indices = DataAccess.indices(d);
    float[] values = DataAccess.values(d);
    for (int p = DataAccess.rowStart(d, i), end = p + d.nonZeros(i); p < end; p++) {
      float v = values == null ? 1f : values[p];
      if (v != 0) {
        m.put(indices[p], v);
      } else {
        m.remove(indices[p]);
      }
    }
    return m;
  }

  @Test
  void labelsAnywhereInTheLineAndTabSeparatedLines() throws IOException {
    TextCorpus c = read(unigrams().build(), "__label__b one two\nthree __label__a four\nb\tfive six\n"
        + "__label__a __label__b seven\n");
    Dataset d = c.data();
    assertEquals(List.of("__label__a", "__label__b", "b"), d.labels().names());
    assertEquals(4, d.size());
    assertEquals("__label__b", d.labels().name(d.classOf(0)));
    assertEquals("__label__a", d.labels().name(d.classOf(1)));
    assertEquals("b", d.labels().name(d.classOf(2)));
    assertTrue(c.multiLabel());
    assertArrayEquals(new int[] {0, 1}, c.classesOf(3));
    // Dictionary ids in order of first appearance: one two three four five six seven.
    assertEquals(7, c.vectorizer().dimension());
    assertEquals(java.util.Map.of(0, 1f, 1, 1f), row(d, 0));
    assertEquals(java.util.Map.of(2, 1f, 3, 1f), row(d, 1));
    assertEquals(java.util.Map.of(4, 1f, 5, 1f), row(d, 2));
    assertEquals(java.util.Map.of(6, 1f), row(d, 3));
    assertEquals(7, c.tokens());
  }

  @Test
  void aRepeatedLabelCountsOnceAndOneLabelPerLineIsNotMultiLabel() throws IOException {
    TextCorpus c = read(unigrams().build(), "__label__x __label__x a\n__label__y b\n");
    assertFalse(c.multiLabel());
    assertArrayEquals(new int[] {0}, c.classesOf(0));
  }

  @Test
  void minCountKeepsFrequentFeaturesNumberedInOrderOfFirstAppearance() throws IOException {
    TextCorpus c = read(unigrams().minCount(2).build(), "__label__a rare common\n__label__b common other\n"
        + "__label__a other common once\n");
    // Counts: rare 1, common 3, other 2, once 1 -> common = 0, other = 1.
    assertEquals(2, c.vectorizer().dictionarySize());
    assertEquals(java.util.Map.of(0, 1f), row(c.data(), 0));
    assertEquals(java.util.Map.of(0, 1f, 1, 1f), row(c.data(), 1));
    assertEquals(java.util.Map.of(0, 1f, 1, 1f), row(c.data(), 2));
    TextVectorizer.Row r = c.vectorizer().transform("Other unseen OTHER");
    assertArrayEquals(new int[] {1}, r.indices());
  }

  @Test
  void valuesCountLogAndL2() throws IOException {
    String line = "__label__a x x x y\n";
    TextCorpus count = read(unigrams().values(TextVectorizer.Values.COUNT).build(), line);
    assertEquals(java.util.Map.of(0, 3f, 1, 1f), row(count.data(), 0));
    TextCorpus log = read(unigrams().values(TextVectorizer.Values.LOG).build(), line);
    // The defaults: log values, L2 norm.
    TextCorpus byDefault = read(TextVectorizer.builder().ngrams(1).build(), line);
    float v = (float) (1 + Math.log(3));
    double n = Math.sqrt((double) v * v + 1);
    assertEquals(java.util.Map.of(0, (float) (v / n), 1, (float) (1 / n)),
        row(byDefault.data(), 0));
    assertEquals(java.util.Map.of(0, (float) (1 + Math.log(3)), 1, 1f), row(log.data(), 0));
    TextCorpus l2 = read(unigrams().values(TextVectorizer.Values.COUNT).l2(true).build(), line);
    double norm = Math.sqrt(10);
    assertEquals(java.util.Map.of(0, (float) (3 / norm), 1, (float) (1 / norm)), row(l2.data(), 0));
  }

  @Test
  void bigramsAreFeaturesOfTheirOwn() throws IOException {
    TextCorpus c = read(unigrams().ngrams(2).build(), "__label__a a b\n__label__b b a\n");
    // a, b, "a b" | "b a": four features, the unigrams shared.
    assertEquals(4, c.vectorizer().dimension());
    assertEquals(java.util.Map.of(0, 1f, 1, 1f, 2, 1f), row(c.data(), 0));
    assertEquals(java.util.Map.of(0, 1f, 1, 1f, 3, 1f), row(c.data(), 1));
  }

  @Test
  void hashingHasTwoToTheBitsFeaturesAndNeedsNoFit() throws IOException {
    TextVectorizer v = TextVectorizer.builder().hashBits(10).punctuation(false).values(TextVectorizer.Values.LOG)
        .build();
    assertTrue(v.fitted());
    // Tf-idf (the default values) needs the training file's document frequencies, even when hashing.
    TextVectorizer tfidf = TextVectorizer.builder().hashBits(10).punctuation(false).build();
    assertFalse(tfidf.fitted());
    TextCorpus counted = read(tfidf, "__label__a hello world\n__label__b hello\n");
    assertTrue(counted.vectorizer().fitted());
    assertEquals(2, counted.vectorizer().documents());
    TextCorpus c = read(v, "__label__a hello world\n");
    assertEquals(1024, c.data().dimension());
    assertEquals(v, c.vectorizer());
    TextVectorizer.Row r = v.transform("Hello, WORLD!");
    assertEquals(row(c.data(), 0).keySet(), java.util.Arrays.stream(r.indices()).boxed()
        .collect(java.util.stream.Collectors.toSet()));
  }

  @Test
  void lineEndsByteOrderMarkAndGzip() throws IOException {
    String unix = "__label__a one\n__label__b two\n__label__a three";
    String mixed = "\uFEFF__label__a one\r\n__label__b two\r__label__a three\n";
    TextCorpus a = read(unigrams().build(), unix);
    TextCorpus b = read(unigrams().build(), mixed);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(unix.getBytes(StandardCharsets.UTF_8));
    }
    TextCorpus c = read(unigrams().build(), gz.toByteArray());
    for (TextCorpus t : List.of(b, c)) {
      assertEquals(3, t.data().size());
      assertEquals(a.data().labels(), t.data().labels());
      for (int i = 0; i < 3; i++) {
        assertEquals(row(a.data(), i), row(t.data(), i));
        assertEquals(a.data().classOf(i), t.data().classOf(i));
      }
    }
  }

  @Test
  void aLineLongerThanTheReadBufferIsOneDocument() throws IOException {
    StringBuilder s = new StringBuilder("__label__long");
    for (int i = 0; i < 60_000; i++) {
      s.append(" w").append(i % 50_000);
    }
    s.append("\n__label__short last\n");
    TextCorpus c = read(unigrams().build(), s.toString());
    assertEquals(2, c.data().size());
    assertEquals(50_000, c.data().nonZeros(0));
    assertEquals(1, c.data().nonZeros(1));
    assertEquals(60_001, c.tokens());
  }

  @Test
  void badLinesNameTheLineAndColumn() {
    FormatException none = assertThrows(FormatException.class, () -> read(unigrams().build(),
        "__label__a fine\njust words\n"));
    assertTrue(none.getMessage().startsWith("t.txt:2:1: no label"), none.getMessage());
    FormatException empty = assertThrows(FormatException.class, () -> read(unigrams().build(),
        "__label__a fine\n\n__label__b more\n"));
    assertTrue(empty.getMessage().startsWith("t.txt:2: an empty line"), empty.getMessage());
    byte[] bad = "__label__a d\u00e9j\u00e0 \u00ff\u00fe x\n".getBytes(StandardCharsets.ISO_8859_1);
    FormatException utf8 = assertThrows(FormatException.class, () -> read(unigrams().build(), bad));
    // Columns count characters: "__label__a " is 11, then 'd', 0xe9 (the bad byte) is column 13.
    assertTrue(utf8.getMessage().startsWith("t.txt:1:13:"), utf8.getMessage());
    assertTrue(utf8.getMessage().contains("malformed UTF-8, byte \\xe9"), utf8.getMessage());
    FormatException nul = assertThrows(FormatException.class, () -> read(unigrams().build(),
        "__label__a ok\n__label__b a\u0000b\n"));
    assertTrue(nul.getMessage().startsWith("t.txt:2:13:"), nul.getMessage());
    assertTrue(nul.getMessage().contains("NUL"), nul.getMessage());
    FormatException badLabel = assertThrows(FormatException.class, () -> read(unigrams().build(),
        "__label__\u00ff\u00fe ok\n".getBytes(StandardCharsets.ISO_8859_1)));
    assertTrue(badLabel.getMessage().startsWith("t.txt:1:10:"), badLabel.getMessage());
    FormatException nothing = assertThrows(FormatException.class, () -> read(unigrams().build(), ""));
    assertTrue(nothing.getMessage().contains("no documents"), nothing.getMessage());
  }

  /** The labels' pass (no tokenizing) refuses what the reader refuses, with the same message. */
  @Test
  void theLabelsPassReportsBadBytesAsTheReaderDoes() throws IOException {
    String[] cases = {"__label__a d\u00e9j\u00e0 \u00ff\u00fe x\n", "__label__a ok\n__label__b a\u0000b\n",
        "__label__\u00ff\u00fe ok\n", "__label__a x\u00c3\n", "__label__a x\u00c3 y\n", "__label__a \u00e0\u0080\u00af\n",
        "__label__a \u00ed\u00a0\u0080\n", "__label__a \u00f4\u0090\u0080\u0080\n", "__label__a \u0080\n",
        "__label__a \u00f0\u0080\u0080\u0080\n", "__label__a \u00c0\u00af\n", "__label__a \u00f5\u0080\u0080\u0080\n",
        "lab\u00e9l\ttext\n", "label\tt\u00e9xt\n"};
    for (String c : cases) {
      byte[] bytes = c.getBytes(StandardCharsets.ISO_8859_1);
      FormatException read = assertThrows(FormatException.class, () -> read(unigrams().build(), bytes), c);
      FormatException labels = assertThrows(FormatException.class,
          () -> TextFile.labels(new ByteArrayInputStream(bytes), "t.txt"), c);
      assertEquals(read.getMessage(), labels.getMessage(), c);
    }
    // Well-formed sequences of every length, and the edges of each range, pass.
    String fine = "__label__a d\u00e9j\u00e0 \u0800 \ud7ff \ue000 \uffff \ud800\udc00 \udbff\udfff x\n";
    assertEquals(1, TextFile.labels(new ByteArrayInputStream(fine.getBytes(StandardCharsets.UTF_8)), "t.txt")
        .documents());
    long seed = System.nanoTime();
    System.out.println("theLabelsPassReportsBadBytesAsTheReaderDoes seed " + seed);
    java.util.Random random = new java.util.Random(seed);
    for (int round = 0; round < 300; round++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (int line = 0; line < 4; line++) {
        out.writeBytes("__label__a ".getBytes(StandardCharsets.US_ASCII));
        for (int k = random.nextInt(12); k > 0; k--) {
          int b = random.nextInt(4) == 0 ? random.nextInt(256) : random.nextInt(3) == 0 ? 0x80 + random.nextInt(64)
              : 'a' + random.nextInt(26);
          out.write(b == '\n' || b == '\r' ? ' ' : b);
        }
        out.write('\n');
      }
      byte[] bytes = out.toByteArray();
      String where = "seed " + seed + " round " + round;
      FormatException read = null;
      try {
        read(unigrams().build(), bytes);
      } catch (FormatException e) {
        read = e;
      }
      FormatException labels = null;
      try {
        TextFile.labels(new ByteArrayInputStream(bytes), "t.txt");
      } catch (FormatException e) {
        labels = e;
      }
      assertEquals(read == null ? null : read.getMessage(), labels == null ? null : labels.getMessage(), where);
    }
  }

  @Test
  void theStreamingReaderGivesTheRowsOfTheWholeRead() throws IOException {
    String text = "__label__a the cat sat\nno label at all\n__label__b __label__c the dog\n";
    TextVectorizer v = TextVectorizer.builder().hashBits(12).values(TextVectorizer.Values.COUNT).build();
    List<String> labels = new ArrayList<>();
    List<java.util.Map<Integer, Float>> rows = new ArrayList<>();
    try (TextFile.Reader r = TextFile.open(v, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        "s")) {
      while (r.next()) {
        labels.add(String.join(",", r.labels()));
        java.util.Map<Integer, Float> m = new java.util.TreeMap<>();
        for (int k = 0; k < r.nonZeros(); k++) {
          m.put(r.indices()[k], r.values()[k]);
        }
        rows.add(m);
      }
    }
    assertEquals(List.of("__label__a", "", "__label__b,__label__c"), labels);
    for (int i = 0; i < 3; i++) {
      TextVectorizer.Row expected = v.transform(text.split("\n")[i].replaceAll("__label__[a-z]", ""));
      java.util.Map<Integer, Float> m = new java.util.TreeMap<>();
      for (int k = 0; k < expected.indices().length; k++) {
        m.put(expected.indices()[k], expected.values()[k]);
      }
      assertEquals(m, rows.get(i), "line " + (i + 1));
    }
  }

  @Test
  void settingsAreCheckedAndNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TextVectorizer.builder().ngrams(0));
    assertTrue(e.getMessage().startsWith("ngrams"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TextVectorizer.builder().charNgrams(4, 3));
    assertTrue(e.getMessage().startsWith("charNgrams"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TextVectorizer.builder().hashBits(29));
    assertTrue(e.getMessage().startsWith("hashBits"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TextVectorizer.builder().minCount(2).hashBits(10).build());
    assertTrue(e.getMessage().startsWith("minCount"), e.getMessage());
    IllegalStateException s = assertThrows(IllegalStateException.class,
        () -> TextVectorizer.builder().build().transform("x"));
    assertTrue(s.getMessage().contains("fitted"), s.getMessage());
  }

  @Test
  void theSectionRoundTripsAndABadFieldIsNamed() throws IOException {
    TextVectorizer v = TextVectorizer.builder().ngrams(3).charNgrams(2, 4).punctuation(true).lowercase(false)
        .values(TextVectorizer.Values.LOG).l2(true).minCount(1).build().fit(List.of("Some text, here.", "more"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    v.writeTo(new java.io.DataOutputStream(bytes));
    assertEquals(v.sectionBytes(), bytes.size());
    byte[] b = bytes.toByteArray();
    TextVectorizer back = TextVectorizer.readFrom(new java.io.DataInputStream(new ByteArrayInputStream(b)), b.length);
    assertEquals(v, back);
    assertEquals(v.transform("Some more text").indices().length, back.transform("Some more text").indices().length);
    b[2] = 9;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TextVectorizer.readFrom(
        new java.io.DataInputStream(new ByteArrayInputStream(b)), b.length));
    assertTrue(e.getMessage().startsWith("ngrams"), e.getMessage());
  }

  /** Tf-idf keeps N and each feature's document frequency after the dictionary; a frequency above N is refused. */
  @Test
  void tfidfSavesTheDocumentFrequencies() throws IOException {
    TextVectorizer v = unigrams().values(TextVectorizer.Values.TFIDF).build().fit(List.of("a b", "a c a", "a"));
    assertEquals(3, v.documents());
    // a in 3 of 3 documents: idf ln(4/4) + 1 = 1; b in 1: ln(4/2) + 1; a counted twice: 1 + ln 2.
    TextVectorizer.Row row = v.transform("b a a");
    assertArrayEquals(new int[] {0, 1}, row.indices());
    assertArrayEquals(new float[] {(float) (1 + Math.log(2)), (float) (Math.log(2) + 1)}, row.values());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    v.writeTo(new java.io.DataOutputStream(bytes));
    byte[] b = bytes.toByteArray();
    assertEquals(v.sectionBytes(), b.length);
    java.nio.ByteBuffer tail = java.nio.ByteBuffer.wrap(b, b.length - 24, 24);
    assertEquals(3L, tail.getLong());
    assertEquals(3, tail.getInt());
    assertEquals(List.of(3, 1, 1), List.of(tail.getInt(), tail.getInt(), tail.getInt()));
    assertEquals(v, TextVectorizer.readFrom(new java.io.DataInputStream(new ByteArrayInputStream(b)), b.length));
    b[b.length - 1] = 4;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TextVectorizer.readFrom(
        new java.io.DataInputStream(new ByteArrayInputStream(b)), b.length));
    assertTrue(e.getMessage().startsWith("document frequency 4 of feature 2"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> unigrams().values(TextVectorizer.Values.TFIDF).hashBits(4)
        .build().transform("a"));
  }

  /** Lines of a few megabytes, so that the reader cuts them into several blocks. */
  private static String manyLines(int n, long seed) {
    java.util.Random r = new java.util.Random(seed);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i % 3 == 0 ? "__label__a " : i % 3 == 1 ? "__label__b __label__c " : "c\t");
      for (int w = 0; w < 30; w++) {
        s.append("w").append(r.nextInt(5000)).append(r.nextInt(9) == 0 ? ", " : " ");
      }
      s.append(i % 7 == 0 ? "\r\n" : "\n");
    }
    return s.toString();
  }

  @Test
  void blocksReadOnSeveralThreadsGiveTheCorpusOfOne() throws IOException {
    long seed = 4848L;
    System.out.println("TextFileTest seed " + seed);
    byte[] bytes = manyLines(40_000, seed).getBytes(StandardCharsets.UTF_8);
    assertTrue(bytes.length > 3 * LineBlocks.BLOCK, "several blocks");
    for (TextVectorizer v : List.of(TextVectorizer.builder().minCount(2).build(),
        TextVectorizer.builder().hashBits(14).build())) {
      TextCorpus one = TextFile.read(v, new ByteArrayInputStream(bytes), "t", 1);
      TextCorpus two = TextFile.read(v, new ByteArrayInputStream(bytes), "t", 2);
      TextCorpus three = TextFile.read(v, new ByteArrayInputStream(bytes), "t", 3);
      for (TextCorpus c : List.of(two, three)) {
        assertEquals(one.vectorizer(), c.vectorizer());
        assertEquals(one.tokens(), c.tokens());
        assertEquals(one.data().labels(), c.data().labels());
        assertEquals(one.data().size(), c.data().size());
        for (int i = 0; i < one.data().size(); i += 97) {
          assertEquals(row(one.data(), i), row(c.data(), i), "row " + i);
          assertArrayEquals(one.classesOf(i), c.classesOf(i));
        }
      }
      // The dictionary read in blocks is the dictionary fit() builds from the texts one by one.
      if (!v.hashing()) {
        List<String> texts = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\r?\n")) {
          texts.add(line.replaceAll("__label__[a-z]+ ", "").replaceFirst("^c\t", ""));
        }
        assertEquals(v.fit(texts), one.vectorizer());
        // Every row (several threads renumber parts of them) is its text's transform.
        for (int i = 0; i < texts.size(); i++) {
          TextVectorizer.Row r = one.vectorizer().transform(texts.get(i));
          java.util.Map<Integer, Float> m = new java.util.TreeMap<>();
          for (int k = 0; k < r.indices().length; k++) {
            m.put(r.indices()[k], r.values()[k]);
          }
          assertEquals(m, row(one.data(), i), "row " + i);
          assertEquals(r.indices().length, one.data().nonZeros(i), "row " + i);
        }
      }
    }
  }

  @Test
  void anErrorInALaterBlockNamesItsLineInTheFile() {
    String good = manyLines(30_000, 1);
    long lines = good.chars().filter(c -> c == '\n').count();
    byte[] bytes = (good + "__label__a fine\nno label\n").getBytes(StandardCharsets.UTF_8);
    for (int threads : new int[] {1, 2}) {
      FormatException e = assertThrows(FormatException.class, () -> TextFile.read(unigrams().build(),
          new ByteArrayInputStream(bytes), "big.txt", threads));
      assertTrue(e.getMessage().startsWith("big.txt:" + (lines + 2) + ":1: no label"), e.getMessage());
    }
    byte[] badByte = (good + "__label__a fine\n__label__b d\u00e9j\u00e0\n").getBytes(StandardCharsets.ISO_8859_1);
    FormatException e = assertThrows(FormatException.class, () -> TextFile.labels(new ByteArrayInputStream(badByte),
        "big.txt"));
    assertTrue(e.getMessage().startsWith("big.txt:" + (lines + 2) + ":13: "), e.getMessage());
    assertTrue(e.getMessage().contains("malformed UTF-8, byte \\xe9"),
        e.getMessage());
  }
}
