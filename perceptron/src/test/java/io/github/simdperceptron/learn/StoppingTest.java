package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.Kernel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loop's per-learner stopping, alone and through one-vs-rest against the binary runs it stands for. */
class StoppingTest {
  private static final int U = UpdateRule.MISTAKE | UpdateRule.UPDATED;
  private static final int C = UpdateRule.CORRECT;

  /** Records one epoch: outcomes[c][t] for every learner that has not stopped, visit by visit. */
  private static void epoch(Stopping s, int[][] outcomes) {
    for (int t = 0; t < outcomes[0].length && !s.allStopped(); t++) {
      for (int c = 0; c < outcomes.length; c++) {
        if (!s.stopped(c)) {
          s.record(c, outcomes[c][t]);
        }
      }
    }
    s.epochFinished();
  }

  @Test
  void aLearnerStopsAfterAnEpochWithoutItsOwnUpdate() {
    Stopping s = new Stopping(2, 3, false, true);
    epoch(s, new int[][] {{U, C, C}, {C, U, C}});
    assertFalse(s.stopped(0));
    assertFalse(s.stopped(1));
    epoch(s, new int[][] {{C, U, C}, {C, C, C}});
    assertFalse(s.stopped(0), "learner 0 updated in epoch 2");
    assertTrue(s.stopped(1), "learner 1 made no update in epoch 2");
    assertFalse(s.allStopped());
    // Learner 1's visits are no longer recorded: an update given for it must not count.
    epoch(s, new int[][] {{C, C, C}, {U, U, U}});
    assertTrue(s.allStopped());
    assertTrue(s.converged(), "both stopped after a clean epoch of their own");
    assertFalse(s.halted(), "only PLA halts");
    assertArrayEquals(new int[][] {{1, 1, 0}, {1, 0, 0}}, s.updatesPerEpoch());
    assertArrayEquals(new int[][] {{1, 1, 0}, {1, 0, 0}}, s.mistakesPerEpoch());
  }

  @Test
  void plaHaltsOneLearnerInTheMiddleOfAnEpochWithoutShuffling() {
    // n = 3: learner 0 updates at epoch 1, visit 1; visits 2, then 0 and 1 of epoch 2 are clean.
    Stopping s = new Stopping(2, 3, true, false);
    epoch(s, new int[][] {{C, U, C}, {U, U, U}});
    s.record(0, C);
    s.record(1, U);
    assertFalse(s.stopped(0), "two clean visits of three");
    s.record(0, C);
    assertTrue(s.stopped(0), "three consecutive clean visits across the epoch boundary");
    s.record(1, C);
    s.record(1, C);
    s.epochFinished();
    assertFalse(s.stopped(1));
    assertFalse(s.converged(), "learner 0 halted in the middle of an epoch");
    epoch(s, new int[][] {{C, C, C}, {C, C, C}});
    assertTrue(s.allStopped(), "learner 1: three clean visits");
    assertTrue(s.halted(), "both halted");
    assertFalse(s.converged(), "learner 0 never visited a whole clean epoch");
    assertArrayEquals(new int[][] {{1, 0, 0}, {3, 1, 0}}, s.updatesPerEpoch());
  }

  @Test
  void withShufflingPlaCountsItsCleanCycleWithinAnEpoch() {
    Stopping s = new Stopping(1, 3, true, true);
    epoch(s, new int[][] {{C, U, C}});
    s.record(0, C);
    s.record(0, C);
    assertFalse(s.stopped(0), "the clean visit of epoch 1 does not count in epoch 2");
    s.record(0, C);
    assertTrue(s.stopped(0));
    s.epochFinished();
    assertTrue(s.halted());
    assertTrue(s.converged(), "halted on the last visit of a clean epoch: converged too");
  }

  /** One-vs-rest PLA ends when every class has stopped, and says converged / halted only when every class did. */
  @Test
  void oneVsRestStopsEachClassAsItsBinaryRun() {
    Labels binary = Labels.of(List.of("-1", "1"));
    for (boolean shuffle : new boolean[] {false, true}) {
      for (long seed = 1; seed <= 6; seed++) {
        System.out.println("StoppingTest seed " + seed);
        Dataset data = MulticlassEquivalenceTest.integerProblem("dense", 30, 37, 3, true, seed).data;
        TrainingOptions o = TrainingOptions.builder().maxEpochs(40).seed(seed).shuffle(shuffle).build();
        for (Algorithm a : new Algorithm[] {Algorithm.PLA, Algorithm.AVERAGED}) {
          TrainingReport ovr = Learner.fitOneVsRest(a, data, o).report();
          String where = a + ", shuffle " + shuffle + ", seed " + seed + " (" + Kernel.describe() + ")";
          boolean converged = true;
          boolean halted = true;
          int longest = 0;
          for (int c = 0; c < 3; c++) {
            int[] vsRest = new int[data.size()];
            for (int i = 0; i < vsRest.length; i++) {
              vsRest[i] = data.classOf(i) == c ? 1 : 0;
            }
            TrainingReport r = Learner.fit(a, data.withLabels(binary, vsRest), o).report();
            converged &= r.converged();
            halted &= r.halted();
            longest = Math.max(longest, r.epochs());
            assertArrayEquals(r.updatesPerEpoch(), java.util.Arrays.copyOf(ovr.classUpdatesPerEpoch()[c], r.epochs()),
                where + ", class " + c);
          }
          assertEquals(longest, ovr.epochs(), where + ": epochs");
          assertEquals(converged, ovr.converged(), where + ": converged");
          assertEquals(halted, ovr.halted(), where + ": halted");
        }
      }
    }
  }
}
