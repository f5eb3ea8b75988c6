package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.Transitions;
import io.github.simdperceptron.kernel.internal.ViterbiSteps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The Viterbi step ({@link ViterbiSteps}) against its literal K x K twin
 * {@code ReferenceOps.viterbiStep}: the same scores bit for bit and the same back-pointers, ties
 * to the smallest previous tag. Small integer values make ties frequent (several previous tags
 * reach the same maximum); tag counts around the lane count and its multiples; real values too,
 * since both make the same float operations. Each case runs with the exact row maxima (the step
 * skips the rows it can) and with an infinite bound (it skips none): the same bits both ways.
 */
class ViterbiStepDifferentialTest {
  private static final int[] TAGS = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 45, 64, 190};

  @Test
  void stepsAgreeWithTheReferenceOnIntegers(TestInfo info) {
    Seeded seeded = Seeded.forTest(info);
    Random r = seeded.random;
    for (int k : TAGS) {
      for (int range : new int[] {1, 3, 100, 1 << 20}) {
        for (int trial = 0; trial < 4; trial++) {
          check(r, k, () -> r.nextInt(2 * range + 1) - range, seeded + " k=" + k + " range=" + range);
        }
      }
    }
  }

  @Test
  void stepsAgreeWithTheReferenceOnReals(TestInfo info) {
    Seeded seeded = Seeded.forTest(info);
    Random r = seeded.random;
    for (int k : TAGS) {
      for (int trial = 0; trial < 4; trial++) {
        check(r, k, () -> Math.scalb(2 * r.nextFloat() - 1, r.nextInt(21) - 10), seeded + " k=" + k + " real");
      }
    }
  }

  @Test
  void tiesGoToTheSmallestPreviousTag() {
    int k = 19;
    int kp = ClassScores.paddedClasses(k);
    float[] prev = new float[k];
    float[] trans = new float[k * kp];
    float[] emit = new float[kp];
    // prev[j] + trans[j][c] is 5 for j = 3, 7, 11 and 2 elsewhere, for every c.
    for (int j = 0; j < k; j++) {
      prev[j] = j % 4 == 3 && j < 12 ? 4 : 1;
      for (int c = 0; c < kp; c++) {
        trans[j * kp + c] = 1;
      }
    }
    float[] delta = new float[kp];
    int[] back = new int[kp];
    float[] rowMax = new float[k];
    float[] rowMin = new float[k];
    ViterbiSteps.rowBounds(trans, k, kp, rowMax, rowMin);
    ViterbiSteps.step(new Transitions(trans, k, kp, rowMax, rowMin), prev, emit, delta, back, new int[k]);
    for (int c = 0; c < k; c++) {
      assertEquals(3, back[c], "tag " + c);
      assertEquals(5f, delta[c], "tag " + c);
    }
  }

  private interface Draw {
    float next();
  }

  private static void check(Random r, int k, Draw draw, String where) {
    int kp = ClassScores.paddedClasses(k);
    float[] prev = new float[k];
    float[] trans = new float[k * kp];
    float[] emit = new float[kp];
    for (int j = 0; j < k; j++) {
      // Wider than the transitions, so that whole rows fall below the floor and are skipped.
      prev[j] = 4 * draw.next();
      for (int c = 0; c < k; c++) {
        trans[j * kp + c] = draw.next();
      }
    }
    for (int c = 0; c < k; c++) {
      emit[c] = draw.next();
    }
    float[] delta = new float[kp];
    int[] back = new int[kp];
    float[] expectedDelta = new float[kp];
    int[] expectedBack = new int[kp];
    ReferenceOps.viterbiStep(prev, k, trans, kp, emit, expectedDelta, expectedBack);
    float[] exact = new float[k];
    float[] exactMin = new float[k];
    ViterbiSteps.rowBounds(trans, k, kp, exact, exactMin);
    float[] none = new float[k];
    Arrays.fill(none, Float.POSITIVE_INFINITY);
    // Looser bounds, as training keeps them between epochs: above the maxima, below the minima.
    float[] looseMax = exact.clone();
    float[] looseMin = exactMin.clone();
    for (int j = 0; j < k; j++) {
      looseMax[j] += Math.abs(draw.next());
      looseMin[j] -= Math.abs(draw.next());
    }
    float[][][] bounds = {{exact, exactMin}, {none, exactMin}, {looseMax, looseMin}};
    String[] names = {"", " unpruned", " loose bounds"};
    for (int b = 0; b < bounds.length; b++) {
      ViterbiSteps.step(new Transitions(trans, k, kp, bounds[b][0], bounds[b][1]), prev, emit, delta, back,
          new int[k]);
      for (int c = 0; c < k; c++) {
        if (back[c] != expectedBack[c]
            || Float.floatToRawIntBits(delta[c]) != Float.floatToRawIntBits(expectedDelta[c])) {
          fail(where + names[b] + " tag " + c + ": " + ViterbiSteps.implementation() + " "
              + delta[c] + " from " + back[c] + ", reference " + expectedDelta[c] + " from " + expectedBack[c]);
        }
      }
    }
  }
}
