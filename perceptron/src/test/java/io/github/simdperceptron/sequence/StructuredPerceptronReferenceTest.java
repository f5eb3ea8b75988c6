package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import io.github.simdperceptron.reference.ReferenceSequence;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The structured perceptron, run by the one training loop ({@link TrainingLoop}), against its
 * literal twin {@code ReferenceSequence} (maps of named weights, a naive K x K Viterbi, its own
 * loop over {@code java.util.Random}'s shuffles): the weights are integers while training, so both make the same
 * mistakes in every epoch and end with the same weights bit for bit, averaged or not; the plain
 * model's weights stay integers, so both decode unseen sentences to the same tags.
 */
class StructuredPerceptronReferenceTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void generatedSequencesAgreeWithTheReference() {
    System.out.println("StructuredPerceptronReferenceTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed="
        + SEED + ")");
    Random r = new Random(SEED);
    for (int k : new int[] {1, 2, 5, 9, 17}) {
      for (boolean averaged : new boolean[] {false, true}) {
        for (boolean viterbi : new boolean[] {true, false}) {
          int d = 5 + r.nextInt(40);
          Generated train = generate(r, k, d, 30 + r.nextInt(30));
          Generated test = generate(r, k, d, 10);
          compare(train, test, k, d, averaged, viterbi, r.nextLong(), "seed " + SEED + " k=" + k + " d=" + d
              + (averaged ? " averaged" : " plain") + (viterbi ? " viterbi" : " greedy"));
        }
      }
    }
  }

  @Test
  void aBrownSampleAgreesWithTheReference() throws IOException {
    TaggedCorpus sample;
    try (InputStream in = getClass().getResourceAsStream("/sequence/brown-sample.txt")) {
      sample = TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
    List<String[]> w = new ArrayList<>();
    List<String[]> t = new ArrayList<>();
    for (int s = 0; s < 40; s++) {
      w.add(sample.words(s));
      t.add(sample.tags(s));
    }
    TaggedCorpus train = TaggedCorpus.of(w, t);
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults(),
        Tagger.Settings.defaults().hashBits(9).decoder(Tagger.Decoder.GREEDY)}) {
      Tagger.Prepared p = Tagger.prepare(train, settings);
      Generated g = fromEncoded(p.data);
      int k = p.tags.length;
      compare(g, g, k, p.space.size(), true, settings.decoder() == Tagger.Decoder.VITERBI, 7, "brown sample "
          + settings);
    }
  }

  /** Sentences as feature ids per token and tags. */
  private static final class Generated {
    final int[][][] features;
    final int[][] tags;

    Generated(int[][][] features, int[][] tags) {
      this.features = features;
      this.tags = tags;
    }

    Encoded encoded() {
      int tokens = 0;
      int ids = 0;
      for (int[][] s : features) {
        tokens += s.length;
        for (int[] f : s) {
          ids += f.length;
        }
      }
      int[] idArray = new int[ids];
      int[] tokenPtr = new int[tokens + 1];
      int[] sentencePtr = new int[features.length + 1];
      int[] gold = new int[tokens];
      int t = 0;
      int at = 0;
      int longest = 0;
      for (int s = 0; s < features.length; s++) {
        for (int i = 0; i < features[s].length; i++, t++) {
          for (int f : features[s][i]) {
            idArray[at++] = f;
          }
          tokenPtr[t + 1] = at;
          gold[t] = tags[s][i];
        }
        sentencePtr[s + 1] = t;
        longest = Math.max(longest, features[s].length);
      }
      return new Encoded(idArray, tokenPtr, sentencePtr, gold, longest);
    }
  }

  private static Generated fromEncoded(Encoded e) {
    int n = e.sentences();
    int[][][] features = new int[n][][];
    int[][] tags = new int[n][];
    for (int s = 0; s < n; s++) {
      int from = e.sentencePtr[s];
      int len = e.sentencePtr[s + 1] - from;
      features[s] = new int[len][];
      tags[s] = new int[len];
      for (int i = 0; i < len; i++) {
        features[s][i] = e.idsOf(from + i);
        tags[s][i] = e.gold[from + i];
      }
    }
    return new Generated(features, tags);
  }

  /**
   * A Markov chain of tags; each token has 0 to 5 feature ids, mostly drawn from a few that go with
   * its tag, sometimes any (so that mistakes remain), repeats allowed.
   */
  private static Generated generate(Random r, int k, int d, int n) {
    int[][][] features = new int[n][][];
    int[][] tags = new int[n][];
    for (int s = 0; s < n; s++) {
      int len = 1 + r.nextInt(12);
      features[s] = new int[len][];
      tags[s] = new int[len];
      int tag = r.nextInt(k);
      for (int i = 0; i < len; i++) {
        tag = r.nextInt(3) == 0 ? r.nextInt(k) : (tag + 1) % k;
        tags[s][i] = tag;
        int m = r.nextInt(6);
        features[s][i] = new int[m];
        for (int j = 0; j < m; j++) {
          features[s][i][j] = r.nextInt(4) == 0 ? r.nextInt(d) : (tag * 3 + r.nextInt(3)) % d;
        }
      }
    }
    return new Generated(features, tags);
  }

  private static void compare(Generated train, Generated test, int k, int d, boolean averaged, boolean viterbi,
      long seed, String where) {
    int epochs = 5;
    TrainingOptions options = TrainingOptions.builder().maxEpochs(epochs).seed(seed).build();
    StructuredPerceptron fast = new StructuredPerceptron(k, d, averaged, viterbi, train.encoded());
    TrainingLoop.Result<TagWeights> run = TrainingLoop.fit(fast, train.features.length, options);
    int[] sentences = run.report().mistakesPerEpoch();
    int[] tokens = fast.mistakenTokensPerEpoch();
    int ran = run.report().epochs();
    ReferenceSequence.Run ref = ReferenceSequence.train(train.features, train.tags, k, epochs, seed, true, averaged,
        viterbi);
    assertEquals(ref.mistakenSentences.size(), ran, where + ": epochs");
    assertEquals(ran, tokens.length, where + ": epochs counted by the learner");
    for (int e = 0; e < ran; e++) {
      assertEquals((int) ref.mistakenSentences.get(e), sentences[e], where + ": mistaken sentences in epoch " + e);
      assertEquals((int) ref.mistakenTokens.get(e), tokens[e], where + ": mistaken tokens in epoch " + e);
    }
    assertTrue(k == 1 || sentences[0] > 0, where + ": the first epoch makes mistakes");
    TagWeights m = run.model();
    for (int c = 0; c < k; c++) {
      for (int f = 0; f < d; f++) {
        assertSame(ref.emission(f, c), m.w[f * m.kp + c], where + ": emission " + f + " " + c);
      }
      for (int j = 0; j < k; j++) {
        assertSame(ref.transition(j, c), m.trans[j * m.kp + c], where + ": transition " + j + " " + c);
      }
      assertSame(ref.start(c), m.start[c], where + ": start " + c);
      assertSame(ref.end(c), m.end[c], where + ": end " + c);
    }
    if (!averaged) {
      Encoded unseen = test.encoded();
      Lattice lattice = new Lattice(m.kp);
      for (int s = 0; s < unseen.sentences(); s++) {
        int from = unseen.sentencePtr[s];
        int n = unseen.sentencePtr[s + 1] - from;
        int[] out = new int[n];
        lattice.decode(m, viterbi, unseen.ids, unseen.tokenPtr, from, n, out);
        assertArrayEquals(ref.decode(test.features[s]), out, where + ": tags of sentence " + s);
      }
    }
  }

  private static void assertSame(float expected, float actual, String where) {
    assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual), () -> where + ": reference "
        + expected + ", fast " + actual);
  }
}
