package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Vector API and the scalar Viterbi steps give the same bits and back-pointers on every lane,
 * padding lanes included, on real-valued input with ties; the pruned step equals the scalar loop
 * over every row, and keeps the same rows. OpsProviderTest checks that a Panama run loaded the
 * Panama kernel.
 */
class ViterbiOpsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void panamaAndScalarGiveTheSameBits() {
    String requested = System.getProperty("simdperceptron.impl", "auto");
    System.out.println("ViterbiOpsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED
        + "); Viterbi kernel " + ViterbiSteps.implementation() + ", requested " + requested);
    ViterbiOps scalar = new ScalarViterbiOps();
    Random r = new Random(SEED);
    // Spread 1: previous scores in the range of the transitions (most rows kept); 1024: far apart, as
    // a trained tagger's are (most blocks of rows skipped whole); 0: integers, the previous scores
    // multiples of 8 and the transitions in [-4, 4], so that bounds often equal the floor (such rows
    // are kept) in blocks whose other rows are below it.
    for (int k = 1; k < 70; k += 1 + k / 8) {
      for (int spread : new int[] {1, 1024, 0}) {
        int kp = ClassScores.paddedClasses(k);
        float[] prev = new float[k];
        float[] trans = new float[k * kp];
        float[] emit = new float[kp];
        for (int j = 0; j < k; j++) {
          prev[j] = spread == 0 ? 8 * (r.nextInt(9) - 4) : spread * value(r);
        }
        for (int j = 0; j < trans.length; j++) {
          trans[j] = spread == 0 ? r.nextInt(9) - 4 : value(r);
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
        // The rows kept: the same in every implementation.
        int[] keptScalar = new int[k];
        int[] kept = new int[k];
        Transitions bounded = new Transitions(trans, k, kp, rowMax, rowMin);
        int nScalar = scalar.keep(bounded, prev, keptScalar);
        int n = ViterbiSteps.ops().keep(bounded, prev, kept);
        assertEquals(nScalar, n, "seed " + SEED + " k=" + k + " spread " + spread + ": rows kept");
        for (int i = 0; i < n; i++) {
          assertEquals(keptScalar[i], kept[i], "seed " + SEED + " k=" + k + ": kept row " + i);
        }
        // The step as the learners call it (pruned), against the scalar loop over every row.
        ViterbiSteps.step(bounded, prev, emit, a, backA, new int[k]);
        // Bounds that keep every row.
        float[] none = new float[k];
        Arrays.fill(none, Float.POSITIVE_INFINITY);
        int[] all = new int[k];
        assertEquals(k - 1, scalar.keep(new Transitions(trans, k, kp, none, rowMin), prev, all), "rows kept unbounded");
        scalar.step(new Transitions(trans, k, kp, none, rowMin), prev, emit, b, backB, all);
        for (int c = 0; c < kp; c++) {
          if (Float.floatToRawIntBits(a[c]) != Float.floatToRawIntBits(b[c]) || backA[c] != backB[c]) {
            fail("seed " + SEED + " k=" + k + " lane " + c + ": " + ViterbiSteps.implementation() + " " + a[c]
                + " from " + backA[c] + " vs scalar " + b[c] + " from " + backB[c]);
          }
        }
      }
    }
  }

  /** One value in eight is 1.0, so that ties happen. */
  private static float value(Random r) {
    return r.nextInt(8) == 0 ? 1f : Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
  }
}
