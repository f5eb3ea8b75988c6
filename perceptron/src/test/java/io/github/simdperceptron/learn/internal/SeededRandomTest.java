package io.github.simdperceptron.learn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** SeededRandom draws exactly what java.util.Random draws (the reference shuffles with the latter). */
class SeededRandomTest {
  @Test
  void sameSequenceAsJavaUtilRandom() {
    long master = System.nanoTime();
    System.out.println("SeededRandomTest master seed " + master);
    Random seeds = new Random(master);
    long[] fixed = {0L, 1L, -1L, 42L, Long.MIN_VALUE, Long.MAX_VALUE, 0x9E3779B97F4A7C15L};
    for (int s = 0; s < fixed.length + 50; s++) {
      long seed = s < fixed.length ? fixed[s] : seeds.nextLong();
      Random expected = new Random(seed);
      SeededRandom actual = new SeededRandom(seed);
      for (int i = 0; i < 2000; i++) {
        int bound = 1 + (i % 7 == 0 ? (1 << (i % 31)) : i * 7919 % 100_003);
        assertEquals(expected.nextInt(bound), actual.nextInt(bound), "seed " + seed + ", draw " + i + ", bound " + bound);
      }
      assertEquals(expected.nextLong(), actual.nextLong(), "seed " + seed + ": nextLong");
      assertEquals(expected.nextDouble(), actual.nextDouble(), "seed " + seed + ": nextDouble");
    }
  }
}
