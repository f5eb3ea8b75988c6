package io.github.simdperceptron.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PairSortTest {
  /** Ids of every byte width (one to four radix passes), repeats, and lengths on both sides of the insertion cut. */
  @Test
  void sortsLikeAStableSortById() {
    long seed = System.nanoTime();
    System.out.println("PairSortTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    PairSort sort = new PairSort();
    int[] bounds = {1, 2, 200, 256, 257, 70_000, 1 << 24, Integer.MAX_VALUE};
    for (int round = 0; round < 2000; round++) {
      int m = random.nextInt(round % 10 == 0 ? 1500 : 80);
      int bound = bounds[random.nextInt(bounds.length)];
      long[] pairs = new long[m + random.nextInt(3)];
      for (int i = 0; i < m; i++) {
        pairs[i] = (long) random.nextInt(bound) << 32 | random.nextInt(1, 1000);
      }
      long[] expected = pairs.clone();
      // A stable sort by id alone: the count rides along in its original order.
      Long[] boxed = new Long[m];
      for (int i = 0; i < m; i++) {
        boxed[i] = expected[i];
      }
      Arrays.sort(boxed, (a, b) -> Long.compare(a >>> 32, b >>> 32));
      for (int i = 0; i < m; i++) {
        expected[i] = boxed[i];
      }
      sort.sort(pairs, m);
      assertArrayEquals(expected, pairs, "seed " + seed + ", round " + round + ", m " + m + ", ids below " + bound);
    }
  }
}
