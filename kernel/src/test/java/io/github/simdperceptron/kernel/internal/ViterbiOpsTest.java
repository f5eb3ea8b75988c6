package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Vector API and the scalar Viterbi steps give the same bits and back-pointers on every lane,
 * padding lanes included, on real-valued input with ties; the pruned step equals the scalar loop
 * over every row. Also fails when the run asked for
 * Panama and the kernel did not load it.
 */
class ViterbiOpsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void panamaAndScalarGiveTheSameBits() {
    String requested = System.getProperty("simdperceptron.impl", "auto");
    System.out.println("ViterbiOpsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED
        + "); Viterbi kernel " + ViterbiSteps.implementation() + ", requested " + requested);
    if (requested.equals("panama")) {
      assertEquals("panama", ViterbiSteps.implementation(), "Panama was requested but the Viterbi kernel runs scalar");
    }
    ViterbiOps scalar = new ScalarViterbiOps();
    Random r = new Random(SEED);
    for (int k = 1; k < 70; k += 1 + k / 8) {
      int kp = ClassScores.paddedClasses(k);
      float[] prev = new float[k];
      float[] trans = new float[k * kp];
      float[] emit = new float[kp];
      for (int j = 0; j < k; j++) {
        prev[j] = value(r);
      }
      for (int j = 0; j < trans.length; j++) {
        trans[j] = value(r);
      }
      for (int c = 0; c < kp; c++) {
        emit[c] = value(r);
      }
      float[] a = new float[kp];
      float[] b = new float[kp];
      int[] backA = new int[kp];
      int[] backB = new int[kp];
      float[] rowMax = new float[k];
      ViterbiSteps.rowMax(trans, k, kp, rowMax);
      // The step as the learners call it (pruned), against the scalar loop over every row.
      ViterbiSteps.step(prev, k, trans, kp, rowMax, emit, a, backA, new int[k]);
      int[] all = new int[k];
      for (int j = 1; j < k; j++) {
        all[j - 1] = j;
      }
      scalar.step(prev, trans, kp, all, k - 1, emit, b, backB);
      for (int c = 0; c < kp; c++) {
        if (Float.floatToRawIntBits(a[c]) != Float.floatToRawIntBits(b[c]) || backA[c] != backB[c]) {
          fail("seed " + SEED + " k=" + k + " lane " + c + ": " + ViterbiSteps.implementation() + " " + a[c]
              + " from " + backA[c] + " vs scalar " + b[c] + " from " + backB[c]);
        }
      }
    }
  }

  @Test
  void theKeptRowsAreTheScalarOnes() {
    System.out.println("ViterbiOpsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED
        + "); Viterbi kernel " + ViterbiSteps.implementation());
    ViterbiOps scalar = new ScalarViterbiOps();
    Random r = new Random(SEED + 1);
    int kept = 0;
    int pruned = 0;
    for (int trial = 0; trial < 3000; trial++) {
      int k = 1 + r.nextInt(70);
      int kp = ClassScores.paddedClasses(k);
      float[] prev = new float[k];
      float[] trans = new float[k * kp];
      for (int j = 0; j < k; j++) {
        // Signed zeros and repeated maxima, where the first arg max must be the scalar loop's.
        int pick = r.nextInt(10);
        prev[j] = pick == 0 ? 0f : pick == 1 ? -0f : pick == 2 ? 3f : value(r);
      }
      for (int j = 0; j < trans.length; j++) {
        trans[j] = value(r);
      }
      float[] rowMax = new float[k];
      ViterbiSteps.rowMax(trans, k, kp, rowMax);
      // Looser bounds keep more rows: any upper bound is allowed.
      float slack = r.nextBoolean() ? 0f : Math.scalb(r.nextFloat(), r.nextInt(6));
      for (int j = 0; j < k; j++) {
        rowMax[j] += slack;
      }
      int[] a = new int[k];
      int[] b = new int[k];
      int na = ViterbiSteps.keep(prev, k, trans, kp, rowMax, a);
      int nb = scalar.keep(prev, k, trans, kp, rowMax, b);
      assertEquals(nb, na, "seed " + SEED + " trial " + trial + " k=" + k + ": rows kept");
      for (int i = 0; i < nb; i++) {
        assertEquals(b[i], a[i], "seed " + SEED + " trial " + trial + " k=" + k + ": row " + i);
      }
      kept += nb;
      pruned += k - 1 - nb;
    }
    // Both kinds of row occurred, so the test saw the pruning decide.
    assertEquals(true, kept > 1000 && pruned > 1000, kept + " rows kept, " + pruned + " pruned");
  }

  /** One value in eight is 1.0, so that ties happen. */
  private static float value(Random r) {
    return r.nextInt(8) == 0 ? 1f : Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
  }
}
