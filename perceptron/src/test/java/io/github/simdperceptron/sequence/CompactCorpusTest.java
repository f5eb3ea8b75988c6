package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The corpus held as word and tag ids gives back the sentences it was made of; the training ids
 * put together from its words' rows are the ids the templates extract from the sentences'
 * strings, token by token, in the same order; the tags are numbered in order of first appearance.
 */
class CompactCorpusTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  private static String word(Random r) {
    String[] common = {"The", "the", "jury", ".", "McDonald's", "1,000", "a", "I", "über", "x", "--", "ab"};
    return r.nextInt(3) == 0 ? "w" + r.nextInt(300) + (r.nextBoolean() ? "Q" : "") : common[r.nextInt(common.length)];
  }

  private static String tag(Random r) {
    return "t" + r.nextInt(r.nextBoolean() ? 3 : 40);
  }

  @Test
  void randomSentencesComeBackAsTheyWentIn() throws IOException {
    System.out.println("CompactCorpusTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
    Random r = new Random(SEED);
    List<String[]> words = new ArrayList<>();
    List<String[]> tags = new ArrayList<>();
    StringBuilder slash = new StringBuilder();
    StringBuilder conll = new StringBuilder();
    long tokens = 0;
    for (int s = 0; s < 300; s++) {
      int n = 1 + r.nextInt(r.nextInt(5) == 0 ? 200 : 12);
      String[] w = new String[n];
      String[] t = new String[n];
      for (int i = 0; i < n; i++) {
        w[i] = word(r);
        t[i] = tag(r);
        slash.append(i > 0 ? " " : "").append(w[i]).append('/').append(t[i]);
        conll.append(w[i]).append('\t').append(t[i]).append('\n');
      }
      slash.append('\n');
      conll.append('\n');
      words.add(w);
      tags.add(t);
      tokens += n;
    }
    TaggedCorpus of = TaggedCorpus.of(words, tags);
    TaggedCorpus fromSlash = TaggedCorpus.read(new ByteArrayInputStream(slash.toString().getBytes(
        StandardCharsets.UTF_8)), "s.txt", TaggedCorpus.Format.SLASH);
    TaggedCorpus fromConll = TaggedCorpus.read(new ByteArrayInputStream(conll.toString().getBytes(
        StandardCharsets.UTF_8)), "c.txt", TaggedCorpus.Format.CONLL);
    for (TaggedCorpus c : new TaggedCorpus[] {of, fromSlash, fromConll}) {
      assertEquals(words.size(), c.size(), "seed " + SEED);
      assertEquals(tokens, c.tokens(), "seed " + SEED);
      Map<String, Integer> firstSeen = new LinkedHashMap<>();
      for (int s = 0; s < words.size(); s++) {
        assertArrayEquals(words.get(s), c.words(s), "seed " + SEED + ": words of sentence " + s);
        assertArrayEquals(tags.get(s), c.tags(s), "seed " + SEED + ": tags of sentence " + s);
        int from = c.sentencePtr()[s];
        for (int i = 0; i < words.get(s).length; i++) {
          firstSeen.putIfAbsent(tags.get(s)[i], firstSeen.size());
          assertEquals(firstSeen.get(tags.get(s)[i]), c.tagIds()[from + i], "seed " + SEED + ": tag id");
          assertEquals(words.get(s)[i], c.wordTable().key(c.wordIds()[from + i]), "seed " + SEED + ": word id");
        }
      }
      assertArrayEquals(firstSeen.keySet().toArray(new String[0]), c.tagNames(), "seed " + SEED);
    }
    // The copies are copies.
    of.words(0)[0] = "changed";
    of.tags(0)[0] = "changed";
    assertEquals(words.get(0)[0], of.words(0)[0]);
    assertEquals(tags.get(0)[0], of.tags(0)[0]);
    assertThrows(IndexOutOfBoundsException.class, () -> of.words(words.size()));
  }

  @Test
  void anEmptyCorpusHasNoSentence() throws IOException {
    TaggedCorpus c = TaggedCorpus.read(new ByteArrayInputStream("\n\n".getBytes(StandardCharsets.UTF_8)), "e.txt",
        TaggedCorpus.Format.SLASH);
    assertEquals(0, c.size());
    assertEquals(0, c.tokens());
    assertEquals(0, TaggedCorpus.of(List.of(), List.of()).size());
  }

  @Test
  void trainingIdsFromWordRowsAreTheExtractedOnes() throws IOException {
    TaggedCorpus sample;
    try (InputStream in = getClass().getResourceAsStream("/sequence/brown-sample.txt")) {
      sample = TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults(),
        Tagger.Settings.defaults().cutoff(2), Tagger.Settings.defaults().hashBits(10)}) {
      Tagger.Prepared p = Tagger.prepare(sample, settings);
      Encoded e = p.data;
      assertEquals(sample.size(), e.sentences());
      Features f = new Features();
      Encoded.Sentence buf = new Encoded.Sentence();
      int[] expected = new int[Features.MAX_PER_TOKEN];
      int longest = 0;
      int t = 0;
      for (int s = 0; s < sample.size(); s++) {
        String[] w = sample.words(s);
        String[] g = sample.tags(s);
        longest = Math.max(longest, w.length);
        f.load(w, w.length);
        assertEquals(w.length, e.load(s, buf));
        for (int i = 0; i < w.length; i++, t++) {
          int n = f.extract(i, p.space, expected, 0);
          int[] actual = java.util.Arrays.copyOfRange(buf.ids, buf.tokenPtr[i], buf.tokenPtr[i + 1]);
          assertArrayEquals(java.util.Arrays.copyOf(expected, n), actual, settings + ": sentence " + s + " token " + i);
          assertArrayEquals(actual, e.idsOf(t), settings + ": token " + t);
          assertEquals(g[i], p.tags[e.gold[t]], settings + ": tag of sentence " + s + " token " + i);
          // Only dictionary keys and hashed ones: every id is in the space.
          for (int id : actual) {
            assertEquals(true, id >= 0 && id < p.space.size(), settings + ": id " + id);
          }
        }
      }
      assertEquals(longest, e.longest);
      assertEquals(sample.tokens(), t);
    }
  }

  @Test
  void explicitIdsLoadOneSentenceAtATime() {
    int[] ids = {4, 1, 2, 7, 0, 3};
    int[] tokenPtr = {0, 2, 2, 5, 6};
    Encoded e = new Encoded(ids, tokenPtr, new int[] {0, 1, 4}, new int[] {0, 1, 0, 1}, 3);
    Encoded.Sentence buf = new Encoded.Sentence();
    assertEquals(3, e.load(1, buf));
    assertArrayEquals(new int[] {0, 0, 3, 4}, java.util.Arrays.copyOf(buf.tokenPtr, 4));
    assertArrayEquals(new int[] {2, 7, 0, 3}, java.util.Arrays.copyOf(buf.ids, 4));
    assertArrayEquals(new int[] {4, 1}, e.idsOf(0));
    assertArrayEquals(new int[0], e.idsOf(1));
    assertArrayEquals(new int[] {3}, e.idsOf(3));
  }
}
