package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.TaggerFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token's emission scores are the lane-wise sum of the scores of the ids its own word gives it
 * (the bias and the word's own keys) and of those its neighbours give it, each in the order of
 * {@link Emissions#scores}: the same bits whether a known word's own scores are kept or computed,
 * for a trained tagger and for the one read back from its file.
 */
class TaggerOwnScoresTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @TempDir
  Path dir;

  /** The scores as the tagger defines them, computed from the templates without the known words' rows. */
  private static float[] literal(Tagger t, String[] words) {
    int n = words.length;
    int kp = t.weights.kp;
    Features f = new Features();
    f.load(words, n);
    int[] rows = new int[n * Features.ROW];
    int[] rowAt = new int[n];
    for (int i = 0; i < n; i++) {
      rowAt[i] = i * Features.ROW;
      f.wordRow(i, t.space, rows, rowAt[i]);
    }
    int[] ends = Features.ends(t.space);
    float[] out = new float[n * kp];
    int[] ids = new int[Features.MAX_PER_TOKEN];
    int[] all = new int[Features.MAX_PER_TOKEN];
    int[] scratch = new int[Features.MAX_PER_TOKEN];
    float[] own = new float[kp];
    float[] rest = new float[kp];
    for (int i = 0; i < n; i++) {
      int m = Features.own(rows, rowAt[i], ends, ids, 0);
      t.emissions.scores(ids, 0, m, scratch, own);
      int q = Features.neighbours(rows, rowAt, n, i, ends, ids, m);
      t.emissions.scores(ids, m, q, scratch, rest);
      // The two parts are the template's ids, in order.
      int e = f.extract(i, t.space, all, 0);
      assertArrayEquals(Arrays.copyOf(all, e), Arrays.copyOf(ids, q), "token " + i);
      for (int c = 0; c < kp; c++) {
        out[i * kp + c] = own[c] + rest[c];
      }
    }
    return out;
  }

  @Test
  void keptAndComputedOwnScoresGiveTheSameBits() throws IOException {
    System.out.println("TaggerOwnScoresTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
    TaggedCorpus train;
    try (InputStream in = getClass().getResourceAsStream("/sequence/brown-sample.txt")) {
      train = TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
    Tagger fitted = Tagger.fit(Algorithm.AVERAGED, train, TrainingOptions.builder().maxEpochs(2).seed(3).build(),
        Tagger.Settings.defaults()).tagger();
    Path file = dir.resolve("t.bin");
    TaggerFile.write(file, fitted);
    Tagger read = TaggerFile.read(file);
    int known = fitted.words.size();
    assertTrue(known > 100, "known words " + known);
    Random r = new Random(SEED);
    for (Tagger base : new Tagger[] {fitted, read}) {
      Tagger[] variants = {base, base.withOwnScores(0), base.withOwnScores(1), base.withOwnScores(known / 3),
          base.withOwnScores(known)};
      for (int trial = 0; trial < 200; trial++) {
        String[] words = trial < 60 ? train.words(trial) : sentence(r, fitted);
        float[] expected = literal(base, words);
        String[] tags = null;
        for (Tagger t : variants) {
          float[] actual = t.emissionScores(words);
          for (int j = 0; j < expected.length; j++) {
            assertEquals(Float.floatToRawIntBits(expected[j]), Float.floatToRawIntBits(actual[j]), "seed " + SEED
                + " trial " + trial + " lane " + j);
          }
          String[] got = t.tag(words);
          if (tags == null) {
            tags = got;
          }
          assertArrayEquals(tags, got, "seed " + SEED + " trial " + trial);
        }
        assertArrayEquals(tags, fitted.tag(words), "seed " + SEED + ": the read tagger tags as the trained one");
      }
    }
    Files.delete(file);
  }

  /** Known words (some at the start of the table, some later) and unknown ones. */
  private static String[] sentence(Random r, Tagger t) {
    String[] w = new String[1 + r.nextInt(15)];
    for (int i = 0; i < w.length; i++) {
      int pick = r.nextInt(4);
      w[i] = pick == 0 ? "Zq" + r.nextInt(1000) : t.words.key(pick == 1 ? r.nextInt(Math.min(20, t.words.size()))
          : r.nextInt(t.words.size()));
    }
    return w;
  }
}
