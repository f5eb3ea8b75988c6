package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Token ids assembled from word rows are the ids the templates extract, in the same order. */
class FeatureRowsTest {
  private static final String[] VOCABULARY = {"The", "the", "jury", "said", ".", "McDonald's", "1,000", "a", "I",
      "Fulton", "county", "an", "investigation", "of", "ATLANTA", "x", "--", "ab", "abc", "über"};

  private static String[] sentence(Random rnd) {
    String[] s = new String[rnd.nextInt(9)];
    for (int i = 0; i < s.length; i++) {
      s[i] = rnd.nextInt(4) == 0 ? "w" + rnd.nextInt(50) + (rnd.nextBoolean() ? "X" : "")
          : VOCABULARY[rnd.nextInt(VOCABULARY.length)];
    }
    return s;
  }

  @Test
  void assembledIdsAreTheExtractedOnes() {
    Random rnd = new Random(11);
    // A dictionary of part of the keys (so some ids are missing), and hashing.
    FeatureTable counts = new FeatureTable();
    Features.Keys counter = FeatureSpace.counter(counts);
    Features f = new Features();
    int[] scratch = new int[Features.MAX_PER_TOKEN];
    for (int s = 0; s < 200; s++) {
      String[] words = sentence(rnd);
      f.load(words, words.length);
      for (int i = 0; i < words.length; i++) {
        f.extract(i, counter, scratch, 0);
      }
    }
    for (FeatureSpace space : new FeatureSpace[] {FeatureSpace.dictionary(counts.kept(3)), FeatureSpace.hashed(9)}) {
      int[] ends = Features.ends(space);
      for (int trial = 0; trial < 500; trial++) {
        String[] words = sentence(rnd);
        int n = words.length;
        f.load(words, n);
        int[] rows = new int[n * Features.ROW];
        int[] rowAt = new int[n];
        // Rows in a shuffled order, as a table of known words has them.
        Integer[] slot = new Integer[n];
        for (int i = 0; i < n; i++) {
          slot[i] = i;
        }
        java.util.Collections.shuffle(Arrays.asList(slot), rnd);
        for (int i = 0; i < n; i++) {
          rowAt[i] = slot[i] * Features.ROW;
          f.wordRow(i, space, rows, rowAt[i]);
        }
        for (int i = 0; i < n; i++) {
          int[] expected = new int[Features.MAX_PER_TOKEN];
          int e = f.extract(i, space, expected, 0);
          int[] actual = new int[Features.MAX_PER_TOKEN];
          int a = Features.assemble(rows, rowAt, n, i, ends, actual, 0);
          assertArrayEquals(Arrays.copyOf(expected, e), Arrays.copyOf(actual, a),
              Arrays.toString(words) + " token " + i);
        }
      }
    }
  }
}
