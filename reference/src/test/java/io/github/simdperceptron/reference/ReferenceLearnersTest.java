package io.github.simdperceptron.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-worked runs of the reference learners: every number below is derived in the comments. */
class ReferenceLearnersTest {

  /**
   * Three examples in 2-D, visited in order 0, 1, 2 (no shuffle, no bias):
   * x0 = (1, 0) y = +1; x1 = (0, 1) y = -1; x2 = (1, 1) y = +1.
   */
  private static ReferenceData three() {
    return ReferenceData.dense(new float[][] {{1, 0}, {0, 1}, {1, 1}}, new float[] {1, -1, 1});
  }

  @Test
  void firstVisitAlwaysUpdates() {
    // One example x = (1, 2), y = -1, with bias. Visit 1: a = 0, y a = 0 <= 0: update
    // w = (-1, -2), b = -1. Epoch 2: a = -1 - 4 - 1 = -6, y a = 6 > 0: no update, converged.
    ReferenceData d = ReferenceData.dense(new float[][] {{1, 2}}, new float[] {-1});
    ReferenceRun run = ReferenceLearners.perceptron(d, 10, 0, false, true);
    assertArrayEquals(new float[] {-1, -2}, run.w);
    assertEquals(-1f, run.b);
    assertArrayEquals(new int[] {0}, run.updateLog);
    assertArrayEquals(new int[] {1, 0}, run.mistakesPerEpoch);
    assertArrayEquals(new int[] {1, 0}, run.updatesPerEpoch);
    assertEquals(2, run.epochs);
    assertTrue(run.converged);
    assertFalse(run.halted);
  }

  @Test
  void perceptronOnThreePoints() {
    // Epoch 1: x0 a = 0 -> w = (1, 0); x1 a = 0 -> w = (1, -1); x2 a = 1 - 1 = 0 -> w = (2, 0).
    // Epoch 2: x0 a = 2 ok; x1 a = 0 -> w = (2, -1); x2 a = 1 ok.
    // Epoch 3: x0 a = 2, x1 y a = 1, x2 a = 1: no update, converged.
    ReferenceRun run = ReferenceLearners.perceptron(three(), 10, 0, false, false);
    assertArrayEquals(new float[] {2, -1}, run.w);
    assertEquals(0f, run.b);
    assertArrayEquals(new int[] {0, 1, 2, 1}, run.updateLog);
    assertArrayEquals(new int[] {3, 1, 0}, run.mistakesPerEpoch);
    assertEquals(3, run.epochs);
    assertTrue(run.converged);
  }

  @Test
  void perceptronStopsAtMaxEpochs() {
    // Same run as above, cut after epoch 2: w = (2, -1) already, but no clean epoch seen yet.
    ReferenceRun run = ReferenceLearners.perceptron(three(), 2, 0, false, false);
    assertArrayEquals(new float[] {2, -1}, run.w);
    assertArrayEquals(new int[] {3, 1}, run.mistakesPerEpoch);
    assertEquals(2, run.epochs);
    assertFalse(run.converged);
  }

  @Test
  void zeroEpochs() {
    ReferenceRun run = ReferenceLearners.averaged(three(), 0, 0, true, true);
    assertArrayEquals(new float[] {0, 0}, run.w);
    assertEquals(0, run.epochs);
    assertEquals(1, run.c);
    assertArrayEquals(new int[0], run.updateLog);
    assertFalse(run.converged);
  }

  @Test
  void plaHaltsInTheMiddleOfAnEpoch() {
    // The perceptron's run above; the last update is epoch 2, visit of x1. Then x2 (epoch 2),
    // x0 and x1 (epoch 3) make no update: 3 = n consecutive clean visits, so PLA halts after
    // x1 in epoch 3. Epoch 3 did not complete, so it is not 'converged'.
    ReferenceRun run = ReferenceLearners.pla(three(), 10, 0, false, false);
    assertTrue(run.halted);
    assertFalse(run.converged);
    assertEquals(3, run.epochs);
    assertArrayEquals(new float[] {2, -1}, run.w);
    assertArrayEquals(new int[] {0, 1, 2, 1}, run.updateLog);
    assertArrayEquals(new int[] {3, 1, 0}, run.mistakesPerEpoch);
  }

  @Test
  void plaHaltsAtTheEndOfACleanEpoch() {
    // One example: update at visit 1 (epoch 1); epoch 2's only visit is the first clean one of
    // n = 1, so PLA halts at the end of epoch 2, which is complete and clean: halted and converged.
    ReferenceData d = ReferenceData.dense(new float[][] {{1, 2}}, new float[] {-1});
    ReferenceRun run = ReferenceLearners.pla(d, 10, 0, false, true);
    assertTrue(run.halted);
    assertTrue(run.converged);
    assertEquals(2, run.epochs);
  }

  @Test
  void pocketOnThreePoints() {
    // Errors of the whole set after each update of the perceptron run above:
    // w = (1, 0): x1 a = 0 is an error, e = 1 < 3: pocket (1, 0), E = 1.
    // w = (1, -1): x2 a = 0, e = 1, not < 1: kept. w = (2, 0): x1 a = 0, e = 1: kept.
    // w = (2, -1): e = 0 < 1: pocket (2, -1), E = 0.
    ReferenceRun run = ReferenceLearners.pocket(three(), 10, 0, false, false);
    assertArrayEquals(new float[] {2, -1}, run.w);
    assertEquals(0, run.pocketErrors);
    assertEquals(3, run.epochs);

    // Cut after epoch 1 (three updates): the pocket is still the first vector, (1, 0), E = 1,
    // while the perceptron's weights are (2, 0).
    ReferenceRun one = ReferenceLearners.pocket(three(), 1, 0, false, false);
    assertArrayEquals(new float[] {1, 0}, one.w);
    assertEquals(1, one.pocketErrors);
  }

  @Test
  void pocketOfARunWithoutEpochsIsZeroWithAllErrors() {
    ReferenceRun run = ReferenceLearners.pocket(three(), 0, 0, false, false);
    assertArrayEquals(new float[] {0, 0}, run.w);
    assertEquals(3, run.pocketErrors);
  }

  @Test
  void votedOnThreePoints() {
    // (v, b, c) starts (0, 0, 0). Visits 1..9 of the run above (9 = 3 epochs x 3):
    // 1 mistake, c = 0: nothing appended; v = (1, 0), c = 1.
    // 2 mistake: append ((1, 0), 1); v = (1, -1), c = 1.
    // 3 mistake: append ((1, -1), 1); v = (2, 0), c = 1.
    // 4 correct: c = 2.   5 mistake: append ((2, 0), 2); v = (2, -1), c = 1.
    // 6..9 correct: c = 5. End: append ((2, -1), 5). The counts sum to the 9 visits.
    ReferenceRun run = ReferenceLearners.voted(three(), 10, 0, false, false, Integer.MAX_VALUE);
    assertEquals(4, run.votedW.size());
    assertArrayEquals(new float[] {1, 0}, run.votedW.get(0));
    assertArrayEquals(new float[] {1, -1}, run.votedW.get(1));
    assertArrayEquals(new float[] {2, 0}, run.votedW.get(2));
    assertArrayEquals(new float[] {2, -1}, run.votedW.get(3));
    assertEquals(List.of(1, 1, 2, 5), run.votedC);
    assertEquals(List.of(0f, 0f, 0f, 0f), run.votedB);
    assertFalse(run.voteCapReached);
    assertTrue(run.converged);
    assertArrayEquals(new float[] {2, -1}, run.w);

    // Score of (1, 0): dots 1, 1, 2, 2, all > 0: 1 + 1 + 2 + 5 = 9.
    // Score of (0, 1): dots 0, -1, 0, -1, all <= 0: -9.
    // Score of (1, 1): dots 1, 0, 2, 1: 1 - 1 + 2 + 5 = 7.
    assertEquals(9f, ReferenceLearners.votedScore(run, new float[] {1, 0}));
    assertEquals(-9f, ReferenceLearners.votedScore(run, new float[] {0, 1}));
    assertEquals(7f, ReferenceLearners.votedScore(run, new float[] {1, 1}));
  }

  @Test
  void voteCapStopsTraining() {
    // Cap 2. Visit 1: list 0 + no current + new = 1 <= 2, update. Visit 2: 0 + 1 + 1 = 2 <= 2:
    // append ((1, 0), 1), update. Visit 3: 1 + 1 + 1 = 3 > 2: training ends before the update;
    // the current ((1, -1), 1) is appended at the end. The capping mistake counts as a mistake.
    ReferenceRun run = ReferenceLearners.voted(three(), 10, 0, false, false, 2);
    assertTrue(run.voteCapReached);
    assertFalse(run.converged);
    assertEquals(1, run.epochs);
    assertEquals(2, run.votedW.size());
    assertArrayEquals(new float[] {1, 0}, run.votedW.get(0));
    assertArrayEquals(new float[] {1, -1}, run.votedW.get(1));
    assertEquals(List.of(1, 1), run.votedC);
    assertArrayEquals(new int[] {0, 1}, run.updateLog);
    assertArrayEquals(new int[] {3}, run.mistakesPerEpoch);
    assertArrayEquals(new int[] {2}, run.updatesPerEpoch);
  }

  @Test
  void voteCapOfOneKeepsTheFirstVector() {
    // Visit 1 updates (1 vector); visit 2 would make 2 > 1.
    ReferenceRun run = ReferenceLearners.voted(three(), 10, 0, false, false, 1);
    assertTrue(run.voteCapReached);
    assertEquals(1, run.votedW.size());
    assertArrayEquals(new float[] {1, 0}, run.votedW.get(0));
    assertEquals(List.of(1), run.votedC);
  }

  @Test
  void averagedOnThreePoints() {
    // Updates at visits t = 1, 2, 3, 5 (c = t then): +x0, -x1, +x2, -x1; 9 visits, final c = 10.
    // u = 1 (1, 0) + 2 (0, -1) + 3 (1, 1) + 5 (0, -1) = (4, -4); w = (2, -1).
    // w - u / c = (2 - 0.4, -1 + 0.4) = (1.6, -0.6).
    // Directly: the weights held before visit 1 and after visits 1..9 are (0, 0), (1, 0),
    // (1, -1), (2, 0), (2, 0), then (2, -1) five times; their sum is (16, -6), mean over 10 =
    // (1.6, -0.6): CIML's average includes the initial zero vector.
    ReferenceRun run = ReferenceLearners.averaged(three(), 10, 0, false, false);
    assertEquals(10, run.c);
    assertArrayEquals(new double[] {4, -4}, run.u);
    assertEquals(0d, run.beta);
    assertArrayEquals(new float[] {(float) (2 - 4 / 10d), (float) (-1 + 4 / 10d)}, run.w);
    assertEquals(1.6f, run.w[0]);
    assertEquals(-0.6f, run.w[1]);
    assertEquals(0f, run.b);
    assertArrayEquals(new int[] {0, 1, 2, 1}, run.updateLog);
  }

  @Test
  void averagedWithBias() {
    // One example x = (1, 2), y = -1, bias. Visit 1 (c = 1): w = (-1, -2), b = -1,
    // u = (-1, -2), beta = -1; c = 2. Visit 2: no mistake, c = 3; converged.
    // Model: w - u / 3 = (-2/3, -4/3), b - beta / 3 = -2/3 (mean of (0,0,0) and twice (-1,-2,-1)).
    ReferenceData d = ReferenceData.dense(new float[][] {{1, 2}}, new float[] {-1});
    ReferenceRun run = ReferenceLearners.averaged(d, 10, 0, false, true);
    assertEquals(3, run.c);
    assertEquals(-1d, run.beta);
    assertArrayEquals(new float[] {(float) (-1 + 1 / 3d), (float) (-2 + 2 / 3d)}, run.w);
    assertEquals((float) (-1 + 1 / 3d), run.b);
  }

  @Test
  void marginPerceptronUpdatesWithoutMistakes() {
    // One example x = (1, 0), y = +1, tau = 2, no bias. Epoch 1: a = 0, a mistake and an update,
    // w = (1, 0). Epoch 2: a = 1 <= 2: update without a mistake, w = (2, 0). Epoch 3: a = 2 <= 2:
    // update, w = (3, 0). Epoch 4: a = 3 > 2: converged.
    ReferenceData d = ReferenceData.dense(new float[][] {{1, 0}}, new float[] {1});
    ReferenceRun run = ReferenceLearners.margin(d, 10, 0, false, false, 2f);
    assertArrayEquals(new float[] {3, 0}, run.w);
    assertArrayEquals(new int[] {1, 0, 0, 0}, run.mistakesPerEpoch);
    assertArrayEquals(new int[] {1, 1, 1, 0}, run.updatesPerEpoch);
    assertArrayEquals(new int[] {0, 0, 0}, run.updateLog);
    assertEquals(4, run.epochs);
    assertTrue(run.converged);
  }

  @Test
  void sparseRowsHandWorked() {
    // The three points as sparse rows: x0 = {0: 1}, x1 = {1: 1} with values == null for row 1,
    // x2 = {0: 1, 1: 1} binary: the same run as perceptronOnThreePoints.
    ReferenceData d = ReferenceData.sparse(new int[][] {{0}, {1}, {0, 1}}, new float[][] {{1}, null, null}, 2,
        new float[] {1, -1, 1});
    ReferenceRun run = ReferenceLearners.perceptron(d, 10, 0, false, false);
    assertArrayEquals(new float[] {2, -1}, run.w);
    assertArrayEquals(new int[] {0, 1, 2, 1}, run.updateLog);
    assertEquals(2, d.dimension());
    assertEquals(3, d.size());
  }

  @Test
  void argumentsAreChecked() {
    assertThrows(NullPointerException.class, () -> ReferenceData.dense(null, new float[0]));
    assertThrows(NullPointerException.class, () -> ReferenceData.sparse(new int[0][], null, 1, null));
    assertThrows(NullPointerException.class, () -> ReferenceLearners.perceptron(null, 1, 0, false, false));
    assertThrows(IllegalArgumentException.class, () -> ReferenceLearners.pla(three(), -1, 0, false, false));
    assertThrows(IllegalArgumentException.class, () -> ReferenceLearners.voted(three(), 1, 0, false, false, 0));
    assertThrows(IllegalArgumentException.class, () -> ReferenceLearners.margin(three(), 1, 0, false, false, -1f));
    assertThrows(IllegalArgumentException.class,
        () -> ReferenceLearners.margin(three(), 1, 0, false, false, Float.NaN));
  }
}
