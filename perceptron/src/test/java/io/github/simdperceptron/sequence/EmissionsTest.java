package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EmissionsTest {
  /** Weights with features of every density: none, a few, just under and at DENSE_AT, all tags. */
  private static float[] weights(Random rnd, int k, int d, boolean integers) {
    int kp = ClassScores.paddedClasses(k);
    float[] w = new float[d * kp];
    for (int f = 0; f < d; f++) {
      int nz = f % 5 == 0 ? 0 : f % 5 == 1 ? 1 + rnd.nextInt(3) : f % 5 == 2 ? Emissions.DENSE_AT - 1
          : f % 5 == 3 ? Emissions.DENSE_AT : k;
      for (int i = 0; i < Math.min(nz, k); i++) {
        int c = rnd.nextInt(k);
        w[f * kp + c] = integers ? rnd.nextInt(41) - 20 : (float) rnd.nextGaussian();
      }
    }
    return w;
  }

  @Test
  void keepsEveryWeightAndItsNonZeroCount() {
    Random rnd = new Random(3);
    for (int k : new int[] {1, 7, 45, 190}) {
      int d = 60;
      int kp = ClassScores.paddedClasses(k);
      float[] w = weights(rnd, k, d, false);
      Emissions e = Emissions.of(w, k, d);
      for (int f = 0; f < d; f++) {
        int nz = 0;
        for (int c = 0; c < k; c++) {
          assertEquals(Float.floatToIntBits(w[f * kp + c]), Float.floatToIntBits(e.get(f, c)), "k " + k + " f " + f);
          nz += w[f * kp + c] != 0f ? 1 : 0;
        }
        assertEquals(nz, e.nonZeros(f), "k " + k + " f " + f);
      }
    }
  }

  /** Integer weights: every sum is exact, so the compact scores equal the kernel's over the dense matrix. */
  @Test
  void scoresAreTheDenseKernelsOnIntegerWeights() {
    Random rnd = new Random(5);
    for (int k : new int[] {2, 9, 45, 190}) {
      int d = 200;
      int kp = ClassScores.paddedClasses(k);
      float[] w = weights(rnd, k, d, true);
      Emissions e = Emissions.of(w, k, d);
      int[] rows = new int[Features.MAX_PER_TOKEN];
      for (int trial = 0; trial < 300; trial++) {
        int n = rnd.nextInt(Features.MAX_PER_TOKEN + 1);
        int[] ids = new int[n + 3];
        for (int t = 0; t < ids.length; t++) {
          ids[t] = rnd.nextInt(d);
        }
        float[] dense = new float[kp];
        float[] compact = new float[kp];
        java.util.Arrays.fill(compact, Float.NaN);
        ClassScores.scores(new ClassMatrix(w, kp), ids, null, 2, 2 + n, dense);
        e.scores(ids, 2, 2 + n, rows, compact);
        assertArrayEquals(dense, compact, "k " + k + " trial " + trial);
      }
    }
  }

  /** Real-valued weights: the compact sum is a fixed order of the same terms (close to the kernel's). */
  @Test
  void scoresAreTheSumOfTheWeightsOnRealWeights() {
    Random rnd = new Random(7);
    int k = 190;
    int d = 100;
    int kp = ClassScores.paddedClasses(k);
    float[] w = weights(rnd, k, d, false);
    Emissions e = Emissions.of(w, k, d);
    int[] ids = {4, 0, 99, 13, 13, 57, 2, 3, 8};
    float[] out = new float[kp];
    float[] again = new float[kp];
    e.scores(ids, 0, ids.length, new int[ids.length], out);
    e.scores(ids, 0, ids.length, new int[ids.length], again);
    assertArrayEquals(out, again);
    for (int c = 0; c < k; c++) {
      double sum = 0;
      for (int id : ids) {
        sum += w[id * kp + c];
      }
      assertEquals(sum, out[c], 1e-4, "tag " + c);
    }
    assertTrue(e.nonZeros(3) >= Emissions.DENSE_AT);
  }

  /** The scalar path for start-up passes gives the bits of the kernel's, on real weights and every id count. */
  @Test
  void scalarScoresAreTheKernelsBits() {
    long seed = Long.getLong("simdperceptron.test.seed", System.nanoTime());
    System.out.println("EmissionsTest seed " + seed + " (replay with -Dsimdperceptron.test.seed=" + seed
        + "); class scores " + ClassScores.implementation());
    Random rnd = new Random(seed);
    for (int k : new int[] {1, 7, 45, 190}) {
      int d = 120;
      int kp = ClassScores.paddedClasses(k);
      Emissions e = Emissions.of(weights(rnd, k, d, false), k, d);
      for (int n = 0; n <= 14; n++) {
        int[] ids = new int[n];
        for (int t = 0; t < n; t++) {
          ids[t] = rnd.nextInt(d);
        }
        float[] fast = new float[kp];
        float[] scalar = new float[kp];
        e.scores(ids, 0, n, new int[n], fast);
        e.scoresScalar(ids, 0, n, new int[n], scalar);
        for (int c = 0; c < kp; c++) {
          assertEquals(Float.floatToRawIntBits(fast[c]), Float.floatToRawIntBits(scalar[c]),
              "seed " + seed + " k=" + k + " n=" + n + " lane " + c);
        }
      }
    }
  }
}
