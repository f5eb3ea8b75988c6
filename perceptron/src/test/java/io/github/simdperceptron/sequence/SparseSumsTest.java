package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sparse sums against a dense array of doubles that receives the same steps in the same order:
 * every sum and every averaged weight equal bit for bit, through many growths of the table.
 */
class SparseSumsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void sumsAndAveragesEqualADenseArray() {
    System.out.println("SparseSumsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
    Random r = new Random(SEED);
    int n = 200_000;
    double[] dense = new double[n];
    float[] w = new float[n];
    SparseSums sparse = new SparseSums();
    // The entries ever added to: a sum that returns to exactly zero keeps its entry.
    boolean[] seen = new boolean[n];
    int touched = 0;
    for (int step = 0; step < 300_000; step++) {
      // Runs of neighbouring indices, as a feature's tag lanes are, and far jumps.
      int at = r.nextBoolean() ? r.nextInt(n) : r.nextInt(64) * 193 + r.nextInt(8);
      double c = 1 + r.nextInt(1_000_000);
      double delta = r.nextBoolean() ? c : -c;
      if (!seen[at]) {
        seen[at] = true;
        touched++;
      }
      dense[at] += delta;
      sparse.add(at, delta);
      w[at] += r.nextBoolean() ? 1f : -1f;
    }
    for (int j = 0; j < n; j++) {
      assertEquals(dense[j], sparse.get(j), "seed " + SEED + " index " + j);
    }
    assertEquals(touched, sparse.size(), "seed " + SEED);
    long c = 300_001;
    float[] expected = w.clone();
    for (int j = 0; j < n; j++) {
      expected[j] = (float) ((double) expected[j] - dense[j] / c);
    }
    sparse.averageInto(w, c);
    assertArrayEquals(expected, w, "seed " + SEED);
  }
}
