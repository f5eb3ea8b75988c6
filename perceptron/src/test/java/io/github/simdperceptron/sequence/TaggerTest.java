package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.TaggerFile;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readers, training on the Brown sample, tagging, and the tagger a file gives back. */
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

  /**
   * A tagger read back from its file ({@code io.TaggerFileTest} has the format) has the same
   * emission, transition, first- and last-tag weights, known words' rows, and tables in which
   * every key is found at its entry.
   */
  @Test
  void theFileKeepsTheTaggerExactly() throws IOException {
    TaggedCorpus train = sample();
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults().cutoff(2),
        Tagger.Settings.defaults().hashBits(12).decoder(Tagger.Decoder.GREEDY)}) {
      Tagger t = Tagger.fit(Algorithm.AVERAGED, train, TrainingOptions.builder().maxEpochs(2).build(), settings)
          .tagger();
      Path file = dir.resolve("tagger.bin");
      TaggerFile.write(file, t);
      Tagger back = TaggerFile.read(file);
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
      assertArrayEquals(t.weights.rowMax, back.weights.rowMax);
      assertArrayEquals(t.weights.rowMin, back.weights.rowMin);
      assertArrayEquals(t.knownRows(), back.knownRows());
      for (int e = 0; e < t.words.size(); e++) {
        char[] key = t.words.key(e).toCharArray();
        assertEquals(e, back.words.find(Features.WORD, FeatureTable.hash(Features.WORD, key, 0, key.length), key, 0,
            key.length), "word " + e);
      }
      if (t.space.table != null) {
        for (int e = 0; e < t.space.table.size(); e++) {
          char[] key = t.space.table.key(e).toCharArray();
          int template = t.space.table.template(e);
          assertEquals(e, back.space.table.find(template, FeatureTable.hash(template, key, 0, key.length), key, 0,
              key.length), "dictionary entry " + e);
        }
      } else {
        assertEquals(null, back.space.table);
        assertEquals(t.space.bits, back.space.bits);
      }
    }
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
