package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.FuzzChecks;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.Algorithm;
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

/** The readers, training on the Brown sample, tagging, and the tagger file. */
class TaggerTest {
  @TempDir
  Path dir;

  private static TaggedCorpus read(String text, TaggedCorpus.Format format) throws IOException {
    return TaggedCorpus.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.txt", format);
  }

  private static TaggedCorpus sample() throws IOException {
    try (InputStream in = TaggerTest.class.getResourceAsStream("/sequence/brown-sample.txt")) {
      return TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
  }

  @Test
  void readsConllColumns() throws IOException {
    TaggedCorpus c = read("-DOCSTART- -X- O\n\nThe\tDT\ndog\tNN\n\n\nbarks\tVBZ\n.\t.\n", TaggedCorpus.Format.CONLL);
    assertEquals(2, c.size());
    assertEquals(4, c.tokens());
    assertArrayEquals(new String[] {"The", "dog"}, c.words(0));
    assertArrayEquals(new String[] {"VBZ", "."}, c.tags(1));
    // Space-separated columns: the first is the word, the last the tag.
    TaggedCorpus spaced = read("Confidence NN B-NP\nin IN B-PP\n", TaggedCorpus.Format.CONLL);
    assertArrayEquals(new String[] {"B-NP", "B-PP"}, spaced.tags(0));
  }

  @Test
  void readsSlashLinesWithTheTagAfterTheLastSlash() throws IOException {
    TaggedCorpus c = read("The/at 1/2/cd ./.\n\n  and/cc  AC/DC/np  \n", TaggedCorpus.Format.SLASH);
    assertEquals(2, c.size());
    assertArrayEquals(new String[] {"The", "1/2", "."}, c.words(0));
    assertArrayEquals(new String[] {"at", "cd", "."}, c.tags(0));
    assertArrayEquals(new String[] {"and", "AC/DC"}, c.words(1));
  }

  @Test
  void malformedInputNamesTheFileAndTheLine() {
    FormatException e = assertThrows(FormatException.class, () -> read("a/b c/d\nx/y oops z/w\n",
        TaggedCorpus.Format.SLASH));
    assertEquals("t.txt:2:5: a token without a tag (expected word/TAG)", e.getMessage());
    e = assertThrows(FormatException.class, () -> read("a/b /d\n", TaggedCorpus.Format.SLASH));
    assertTrue(e.getMessage().startsWith("t.txt:1:5: an empty word"), e.getMessage());
    e = assertThrows(FormatException.class, () -> read("a/\n", TaggedCorpus.Format.SLASH));
    assertTrue(e.getMessage().startsWith("t.txt:1:1: an empty tag"), e.getMessage());
    e = assertThrows(FormatException.class, () -> read("The\tDT\ndog\n", TaggedCorpus.Format.CONLL));
    assertTrue(e.getMessage().startsWith("t.txt:2:1: a token without a tag"), e.getMessage());
    e = assertThrows(FormatException.class, () -> TaggedCorpus.read(new ByteArrayInputStream(
        new byte[] {'a', '/', 'b', '\n', (byte) 0xC3, '/', 'x', '\n'}), "t.txt", TaggedCorpus.Format.SLASH));
    assertTrue(e.getMessage().startsWith("t.txt:2: malformed UTF-8"), e.getMessage());
  }

  @Test
  void ofChecksTheSentences() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TaggedCorpus.of(
        List.<String[]>of(new String[] {"a", "b"}), List.<String[]>of(new String[] {"x"})));
    assertTrue(e.getMessage().startsWith("sentence 0: 2 words and 1 tags"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TaggedCorpus.of(List.<String[]>of(new String[] {"a b"}),
        List.<String[]>of(new String[] {"x"})));
    assertTrue(e.getMessage().contains("token 0: word 'a b'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Tagger.Settings.defaults().hashBits(25));
    assertThrows(IllegalArgumentException.class, () -> Tagger.Settings.defaults().cutoff(0));
  }

  @Test
  void learnsTheSampleAndTagsLines() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Decoder decoder : Tagger.Decoder.values()) {
      for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
        Tagger.Fit fit = Tagger.fit(algorithm, train, TrainingOptions.builder().maxEpochs(6).seed(3).build(),
            Tagger.Settings.defaults().decoder(decoder));
        int[] mistakes = fit.mistakenSentencesPerEpoch();
        assertEquals(fit.epochs(), mistakes.length);
        assertTrue(mistakes[mistakes.length - 1] < mistakes[0] / 2, decoder + " " + algorithm + " learns: "
            + java.util.Arrays.toString(mistakes));
        double accuracy = accuracy(fit.tagger(), train);
        assertTrue(accuracy > 0.97, decoder + " " + algorithm + " training accuracy " + accuracy);
      }
    }
    Tagger tagger = Tagger.fit(Algorithm.AVERAGED, train, TrainingOptions.defaults(),
        Tagger.Settings.defaults()).tagger();
    String[] words = train.words(3);
    StringBuilder line = new StringBuilder();
    tagger.tagLine("  " + String.join(" \t ", words) + " ", line);
    String[] tags = tagger.tag(words);
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < words.length; i++) {
      expected.append(i > 0 ? " " : "").append(words[i]).append('/').append(tags[i]);
    }
    assertEquals(expected.toString(), line.toString());
    StringBuilder blank = new StringBuilder();
    tagger.tagLine(" \t", blank);
    assertEquals("", blank.toString());
    assertTrue(tagger.knows("Fulton"));
    assertFalse(tagger.knows("fulton"));
    assertEquals(0, tagger.tag(new String[0]).length);
  }

  private static double accuracy(Tagger tagger, TaggedCorpus c) {
    long ok = 0;
    for (int s = 0; s < c.size(); s++) {
      String[] p = tagger.tag(c.words(s));
      String[] g = c.tags(s);
      for (int i = 0; i < g.length; i++) {
        ok += p[i].equals(g[i]) ? 1 : 0;
      }
    }
    return (double) ok / c.tokens();
  }

  @Test
  void theFileKeepsTheTaggerExactly() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults().cutoff(2),
        Tagger.Settings.defaults().hashBits(12).decoder(Tagger.Decoder.GREEDY)}) {
      Tagger t = Tagger.fit(Algorithm.AVERAGED, train, TrainingOptions.builder().maxEpochs(2).build(), settings)
          .tagger();
      Path file = dir.resolve("tagger.bin");
      t.write(file);
      Tagger back = Tagger.read(file);
      assertEquals(t.tags(), back.tags());
      assertEquals(t.decoder(), back.decoder());
      assertEquals(t.features(), back.features());
      assertEquals(t.settings().toString(), back.settings().toString());
      assertEquals(t.emissions.d, back.emissions.d);
      for (int f = 0; f < t.emissions.d; f++) {
        assertEquals(t.emissions.nonZeros(f), back.emissions.nonZeros(f), "feature " + f);
        for (int c = 0; c < t.emissions.k; c++) {
          assertEquals(Float.floatToIntBits(t.emissions.get(f, c)), Float.floatToIntBits(back.emissions.get(f, c)),
              "feature " + f + " tag " + c);
        }
      }
      assertArrayEquals(t.weights.trans, back.weights.trans);
      assertArrayEquals(t.weights.start, back.weights.start);
      assertArrayEquals(t.weights.end, back.weights.end);
      for (int s = 0; s < train.size(); s += 7) {
        assertArrayEquals(t.tag(train.words(s)), back.tag(train.words(s)));
      }
      assertTrue(back.knows("jury"));

      byte[] bytes = Files.readAllBytes(file);
      // A string that is not modified UTF-8 under a valid checksum: a format error, not a bare IOException.
      byte[] badName = bytes.clone();
      badName[FramedFile.PREAMBLE + 2] = (byte) 0xF0;
      Files.write(file, FuzzChecks.refit(badName));
      FormatException utf = assertThrows(FormatException.class, () -> Tagger.read(file));
      assertTrue(utf.getMessage().contains("modified UTF-8"), utf.getMessage());
      bytes[bytes.length / 2] ^= 1;
      Files.write(file, bytes);
      FormatException e = assertThrows(FormatException.class, () -> Tagger.read(file));
      assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
      Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 9));
      e = assertThrows(FormatException.class, () -> Tagger.read(file));
      assertTrue(e.getMessage().contains("truncated"), e.getMessage());
      bytes[1] = 'X';
      Files.write(file, bytes);
      e = assertThrows(FormatException.class, () -> Tagger.read(file));
      assertTrue(e.getMessage().contains("not a tagger file"), e.getMessage());
    }
  }

  /**
   * The weights are checked as they are decoded: under a valid checksum, a non-finite last-tag
   * weight, bytes after the weights, and weights cut short (a shorter body whose frame is
   * consistent) are format errors that say so.
   */
  @Test
  void damagedWeightsUnderAValidChecksumAreFormatErrors() throws IOException {
    Tagger t = Tagger.fit(Algorithm.PERCEPTRON, sample(), TrainingOptions.builder().maxEpochs(1).build(),
        Tagger.Settings.defaults()).tagger();
    int k = t.tags().size();
    for (int version = TaggerFile.FIRST_VERSION; version <= TaggerFile.VERSION; version++) {
      Path file = dir.resolve("weights-" + version + ".bin");
      TaggerFile.write(file, t, java.util.function.UnaryOperator.identity(), version);
      byte[] good = Files.readAllBytes(file);
      // Version 2 ends with the known words' rows: the row length, then 17 ids a word.
      int rows = version == 1 ? 0 : 4 + 4 * Features.ROW * t.words.size();
      String last = version == 1 ? "weights" : "known words' rows";

      byte[] nan = good.clone();
      java.nio.ByteBuffer.wrap(nan).putFloat(nan.length - 4 - rows - 4 * k, Float.NaN);
      FormatException e = assertThrows(FormatException.class, () -> Tagger.read(reframed(file, nan)));
      assertTrue(e.getMessage().contains("an end weight is NaN"), e.getMessage());

      byte[] extra = java.util.Arrays.copyOf(good, good.length + 3);
      System.arraycopy(good, good.length - 4, extra, extra.length - 4, 4);
      e = assertThrows(FormatException.class, () -> Tagger.read(reframed(file, extra)));
      assertTrue(e.getMessage().contains("extra bytes after the " + last), e.getMessage());

      byte[] cut = java.util.Arrays.copyOf(good, good.length - 3);
      e = assertThrows(FormatException.class, () -> Tagger.read(reframed(file, cut)));
      assertTrue(e.getMessage().contains(version == 1 ? "truncated" : "rows do not fit in the bytes left"),
          e.getMessage());
    }
  }

  /**
   * Version 2 stores the tables as they are laid out and the known words' rows, which version 1
   * makes again on reading: both read to the same tables, rows and tags; version 1 files still read.
   */
  @Test
  void bothVersionsReadToTheSameTagger() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults(),
        Tagger.Settings.defaults().hashBits(10)}) {
      Tagger t = Tagger.fit(Algorithm.AVERAGED, train, TrainingOptions.builder().maxEpochs(2).build(), settings)
          .tagger();
      Tagger[] back = new Tagger[3];
      for (int version = TaggerFile.FIRST_VERSION; version <= TaggerFile.VERSION; version++) {
        Path file = dir.resolve("v" + version + ".bin");
        TaggerFile.write(file, t, java.util.function.UnaryOperator.identity(), version);
        assertEquals(version, java.nio.ByteBuffer.wrap(Files.readAllBytes(file)).getShort(8));
        back[version] = Tagger.read(file);
      }
      assertArrayEquals(t.knownRows(), back[1].knownRows());
      assertArrayEquals(t.knownRows(), back[2].knownRows());
      assertEquals(t.words.size(), back[2].words.size());
      for (int e = 0; e < t.words.size(); e++) {
        assertEquals(t.words.key(e), back[2].words.key(e), "word " + e);
      }
      assertEquals(t.features(), back[2].features());
      if (t.space.table != null) {
        for (int e = 0; e < t.space.table.size(); e++) {
          char[] key = t.space.table.key(e).toCharArray();
          int template = t.space.table.template(e);
          assertEquals(e, back[2].space.table.find(template, FeatureTable.hash(template, key, 0, key.length), key, 0,
              key.length), "dictionary entry " + e);
        }
      }
      for (int s = 0; s < train.size(); s += 5) {
        String[] tags = t.tag(train.words(s));
        assertArrayEquals(tags, back[1].tag(train.words(s)));
        assertArrayEquals(tags, back[2].tag(train.words(s)));
      }
      String[] unseen = {"Zyxwv", "quuxes", "1,234", "Jury"};
      assertArrayEquals(t.tag(unseen), back[2].tag(unseen));
    }
  }

  /**
   * Under a valid checksum, a version-2 table or row that would send a lookup out of bounds is a
   * format error that names it: keys that do not start at the pool's start, keys not in order, an unknown template,
   * a feature id past the features, a row of another length.
   */
  @Test
  void damagedTablesAndRowsUnderAValidChecksumAreFormatErrors() throws IOException {
    Tagger t = Tagger.fit(Algorithm.PERCEPTRON, sample(), TrainingOptions.builder().maxEpochs(1).build(),
        Tagger.Settings.defaults()).tagger();
    Path file = dir.resolve("tables.bin");
    t.write(file);
    byte[] good = Files.readAllBytes(file);
    int d = t.features();
    int words = t.words.size();
    int rowsAt = good.length - 4 - 4 * Features.ROW * words;
    // The dictionary's count follows the tags; its templates, hashes and starts follow the count.
    int dictAt = FramedFile.PREAMBLE + 2 + t.algorithm().name().length() + 1 + 4 * 4;
    for (String tag : t.tags()) {
      dictAt += 2 + tag.getBytes(StandardCharsets.UTF_8).length;
    }
    assertEquals(d, java.nio.ByteBuffer.wrap(good).getInt(dictAt));
    int templatesAt = dictAt + 4;
    int startsAt = templatesAt + 5 * d;

    byte[] template = good.clone();
    template[templatesAt + 3] = (byte) Features.TEMPLATES;
    assertFormatError(file, template, "dictionary entries: entry 3: template " + Features.TEMPLATES);

    byte[] order = good.clone();
    java.nio.ByteBuffer.wrap(order).putInt(startsAt + 4 * 5, 1 << 20);
    assertFormatError(file, order, "dictionary entries: entry 5: key from char");

    byte[] first = good.clone();
    java.nio.ByteBuffer.wrap(first).putInt(startsAt, 1);
    assertFormatError(file, first, "dictionary entries: keys from char 1 to");

    byte[] id = good.clone();
    java.nio.ByteBuffer.wrap(id).putInt(rowsAt + 4 * (Features.ROW + 2), d);
    assertFormatError(file, id, "known word 1: id " + d + " (expected -1 or an id below " + d + ")");

    byte[] below = good.clone();
    java.nio.ByteBuffer.wrap(below).putInt(rowsAt, -2);
    assertFormatError(file, below, "known word 0: id -2");

    byte[] length = good.clone();
    java.nio.ByteBuffer.wrap(length).putInt(rowsAt - 4, Features.ROW + 1);
    assertFormatError(file, length, "known words' rows of " + (Features.ROW + 1) + " ids");
  }

  private static void assertFormatError(Path file, byte[] bytes, String expected) throws IOException {
    FormatException e = assertThrows(FormatException.class, () -> Tagger.read(reframed(file, bytes)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  /** Writes bytes to file with the frame's length and checksum made right for them; returns file. */
  private static Path reframed(Path file, byte[] bytes) throws IOException {
    Files.write(file, FuzzChecks.refit(bytes));
    return file;
  }

  @Test
  void greedyAndViterbiShareTheWeightsButMayDiffer() throws IOException {
    Tagger viterbi = Tagger.fit(Algorithm.PERCEPTRON, sample(), TrainingOptions.builder().maxEpochs(1).build(),
        Tagger.Settings.defaults()).tagger();
    Tagger greedy = viterbi.withDecoder(Tagger.Decoder.GREEDY);
    assertEquals(Tagger.Decoder.GREEDY, greedy.decoder());
    assertNotEquals(viterbi, greedy);
    assertEquals(viterbi.weights, greedy.weights);
  }
}
