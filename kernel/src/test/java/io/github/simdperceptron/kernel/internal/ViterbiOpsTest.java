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
      float[] rowMin = new float[k];
      ViterbiSteps.rowBounds(trans, k, kp, rowMax, rowMin);
      // The step as the learners call it (pruned), against the scalar loop over every row.
      ViterbiSteps.step(prev, k, trans, kp, rowMax, rowMin, emit, a, backA, new int[k]);
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

  /** One value in eight is 1.0, so that ties happen. */
  private static float value(Random r) {
    return r.nextInt(8) == 0 ? 1f : Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
  }
}
