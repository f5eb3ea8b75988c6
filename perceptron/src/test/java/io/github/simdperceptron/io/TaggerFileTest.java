package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.sequence.TaggedCorpus;
import io.github.simdperceptron.sequence.Tagger;
import io.github.simdperceptron.sequence.internal.TaggerAccess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tagger file: both versions, every part kept exactly, and damaged files as format errors that say what. */
class TaggerFileTest {
  @TempDir
  Path dir;

  private static TaggedCorpus sample() throws IOException {
    try (InputStream in = TaggerFileTest.class.getResourceAsStream("/sequence/brown-sample.txt")) {
      return TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
  }

  private static Tagger fit(Algorithm algorithm, int epochs, Tagger.Settings settings) throws IOException {
    return Tagger.fit(algorithm, sample(), TrainingOptions.builder().maxEpochs(epochs).build(), settings).tagger();
  }

  @Test
  void theFileKeepsTheTaggerExactly() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults().cutoff(2),
        Tagger.Settings.defaults().hashBits(12).decoder(Tagger.Decoder.GREEDY)}) {
      Tagger t = fit(Algorithm.AVERAGED, 2, settings);
      Path file = dir.resolve("tagger.bin");
      TaggerFile.write(file, t);
      Tagger back = TaggerFile.read(file);
      assertEquals(t.tags(), back.tags());
      assertEquals(t.decoder(), back.decoder());
      assertEquals(t.features(), back.features());
      assertEquals(t.settings().toString(), back.settings().toString());
      TaggerAccess.Parts p = TaggerAccess.parts(t);
      TaggerAccess.Parts q = TaggerAccess.parts(back);
      assertEquals(p.features, q.features);
      for (int f = 0; f < p.features; f++) {
        assertEquals(p.emissions.nonZeros(f), q.emissions.nonZeros(f), "feature " + f);
        for (int c = 0; c < p.tags.length; c++) {
          assertEquals(Float.floatToIntBits(p.emissions.get(f, c)), Float.floatToIntBits(q.emissions.get(f, c)),
              "feature " + f + " tag " + c);
        }
      }
      assertArrayEquals(p.transitions, q.transitions);
      assertArrayEquals(p.start, q.start);
      assertArrayEquals(p.end, q.end);
      assertArrayEquals(p.rows, q.rows);
      for (int s = 0; s < train.size(); s += 7) {
        assertArrayEquals(t.tag(train.words(s)), back.tag(train.words(s)));
      }
      assertTrue(back.knows("jury"));

      byte[] bytes = Files.readAllBytes(file);
      // A string that is not modified UTF-8 under a valid checksum: a format error, not a bare IOException.
      byte[] badName = bytes.clone();
      badName[FramedFile.PREAMBLE + 2] = (byte) 0xF0;
      Files.write(file, FuzzChecks.refit(badName));
      FormatException utf = assertThrows(FormatException.class, () -> TaggerFile.read(file));
      assertTrue(utf.getMessage().contains("modified UTF-8"), utf.getMessage());
      bytes[bytes.length / 2] ^= 1;
      Files.write(file, bytes);
      FormatException e = assertThrows(FormatException.class, () -> TaggerFile.read(file));
      assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
      Files.write(file, Arrays.copyOf(bytes, bytes.length - 9));
      e = assertThrows(FormatException.class, () -> TaggerFile.read(file));
      assertTrue(e.getMessage().contains("truncated"), e.getMessage());
      bytes[1] = 'X';
      Files.write(file, bytes);
      e = assertThrows(FormatException.class, () -> TaggerFile.read(file));
      assertTrue(e.getMessage().contains("not a tagger file"), e.getMessage());
    }
    Files.createDirectory(dir.resolve("a-directory"));
    assertTrue(assertThrows(IOException.class, () -> TaggerFile.read(dir.resolve("a-directory"))).getMessage()
        .contains("is a directory, not a tagger file"));
  }

  /**
   * The weights are checked as they are decoded: under a valid checksum, a non-finite last-tag
   * weight, bytes after the weights, and weights cut short (a shorter body whose frame is
   * consistent) are format errors that say so.
   */
  @Test
  void damagedWeightsUnderAValidChecksumAreFormatErrors() throws IOException {
    Tagger t = fit(Algorithm.PERCEPTRON, 1, Tagger.Settings.defaults());
    int k = t.tags().size();
    int words = TaggerAccess.parts(t).words.size();
    for (int version = TaggerFile.FIRST_VERSION; version <= TaggerFile.VERSION; version++) {
      Path file = dir.resolve("weights-" + version + ".bin");
      TaggerFile.write(file, t, UnaryOperator.identity(), version);
      byte[] good = Files.readAllBytes(file);
      // Version 2 ends with the known words' rows: the row length, then 17 ids a word.
      int rows = version == 1 ? 0 : 4 + 4 * TaggerAccess.rowLength() * words;
      String last = version == 1 ? "weights" : "known words' rows";

      byte[] nan = good.clone();
      ByteBuffer.wrap(nan).putFloat(nan.length - 4 - rows - 4 * k, Float.NaN);
      FormatException e = assertThrows(FormatException.class, () -> TaggerFile.read(reframed(file, nan)));
      assertTrue(e.getMessage().contains("an end weight is NaN"), e.getMessage());

      byte[] extra = Arrays.copyOf(good, good.length + 3);
      System.arraycopy(good, good.length - 4, extra, extra.length - 4, 4);
      e = assertThrows(FormatException.class, () -> TaggerFile.read(reframed(file, extra)));
      assertTrue(e.getMessage().contains("extra bytes after the " + last), e.getMessage());

      byte[] cut = Arrays.copyOf(good, good.length - 3);
      e = assertThrows(FormatException.class, () -> TaggerFile.read(reframed(file, cut)));
      assertTrue(e.getMessage().contains(version == 1 ? "truncated" : "rows do not fit in the bytes left"),
          e.getMessage());
    }
  }

  /**
   * Version 2 stores the tables as they are laid out and the known words' rows, which version 1
   * makes again on reading: both read to the same tables, rows and tags; version 1 files still
   * read. The rows made again from the tables a version-2 file was read to are the stored ones:
   * every known word's keys are found where they were.
   */
  @Test
  void bothVersionsReadToTheSameTagger() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults(),
        Tagger.Settings.defaults().hashBits(10)}) {
      Tagger t = fit(Algorithm.AVERAGED, 2, settings);
      TaggerAccess.Parts p = TaggerAccess.parts(t);
      Tagger[] back = new Tagger[3];
      for (int version = TaggerFile.FIRST_VERSION; version <= TaggerFile.VERSION; version++) {
        Path file = dir.resolve("v" + version + ".bin");
        TaggerFile.write(file, t, UnaryOperator.identity(), version);
        assertEquals(version, ByteBuffer.wrap(Files.readAllBytes(file)).getShort(8));
        back[version] = TaggerFile.read(file);
      }
      TaggerAccess.Parts v1 = TaggerAccess.parts(back[1]);
      TaggerAccess.Parts v2 = TaggerAccess.parts(back[2]);
      assertArrayEquals(p.rows, v1.rows);
      assertArrayEquals(p.rows, v2.rows);
      assertArrayEquals(p.rows, TaggerAccess.rows(v2.hashBits, v2.dictionary, v2.words));
      assertEquals(p.words.size(), v2.words.size());
      for (int e = 0; e < p.words.size(); e++) {
        assertEquals(p.words.key(e), v2.words.key(e), "word " + e);
        assertEquals(p.words.key(e), v1.words.key(e), "word " + e);
      }
      assertEquals(t.features(), back[2].features());
      if (p.dictionary != null) {
        for (TaggerAccess.Parts q : new TaggerAccess.Parts[] {v1, v2}) {
          assertEquals(p.dictionary.size(), q.dictionary.size());
          for (int e = 0; e < p.dictionary.size(); e++) {
            assertEquals(p.dictionary.template(e), q.dictionary.template(e), "dictionary entry " + e);
            assertEquals(p.dictionary.key(e), q.dictionary.key(e), "dictionary entry " + e);
            assertEquals(p.dictionary.hashes()[e], q.dictionary.hashes()[e], "dictionary entry " + e);
          }
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
   * format error that names it: keys that do not start at the pool's start, keys not in order, an
   * unknown template, a feature id past the features, a row of another length.
   */
  @Test
  void damagedTablesAndRowsUnderAValidChecksumAreFormatErrors() throws IOException {
    Tagger t = fit(Algorithm.PERCEPTRON, 1, Tagger.Settings.defaults());
    Path file = dir.resolve("tables.bin");
    TaggerFile.write(file, t);
    byte[] good = Files.readAllBytes(file);
    int d = t.features();
    int row = TaggerAccess.rowLength();
    int words = TaggerAccess.parts(t).words.size();
    int rowsAt = good.length - 4 - 4 * row * words;
    // The dictionary's count follows the tags; its templates, hashes and starts follow the count.
    int dictAt = FramedFile.PREAMBLE + 2 + t.algorithm().name().length() + 1 + 4 * 4;
    for (String tag : t.tags()) {
      dictAt += 2 + tag.getBytes(StandardCharsets.UTF_8).length;
    }
    assertEquals(d, ByteBuffer.wrap(good).getInt(dictAt));
    int templatesAt = dictAt + 4;
    int startsAt = templatesAt + 5 * d;
    int templates = TaggerAccess.templates();

    byte[] template = good.clone();
    template[templatesAt + 3] = (byte) templates;
    assertFormatError(file, template, "dictionary entries: entry 3: template " + templates);

    byte[] order = good.clone();
    ByteBuffer.wrap(order).putInt(startsAt + 4 * 5, 1 << 20);
    assertFormatError(file, order, "dictionary entries: entry 5: key from char");

    byte[] first = good.clone();
    ByteBuffer.wrap(first).putInt(startsAt, 1);
    assertFormatError(file, first, "dictionary entries: keys from char 1 to");

    byte[] id = good.clone();
    ByteBuffer.wrap(id).putInt(rowsAt + 4 * (row + 2), d);
    assertFormatError(file, id, "known word 1: id " + d + " (expected -1 or an id below " + d + ")");

    byte[] below = good.clone();
    ByteBuffer.wrap(below).putInt(rowsAt, -2);
    assertFormatError(file, below, "known word 0: id -2");

    byte[] length = good.clone();
    ByteBuffer.wrap(length).putInt(rowsAt - 4, row + 1);
    assertFormatError(file, length, "known words' rows of " + (row + 1) + " ids");
  }

  private static void assertFormatError(Path file, byte[] bytes, String expected) throws IOException {
    FormatException e = assertThrows(FormatException.class, () -> TaggerFile.read(reframed(file, bytes)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  /** Writes bytes to file with the frame's length and checksum made right for them; returns file. */
  private static Path reframed(Path file, byte[] bytes) throws IOException {
    Files.write(file, FuzzChecks.refit(bytes));
    return file;
  }
}
