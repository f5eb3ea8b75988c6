package io.github.simdperceptron.learn;

import static io.github.simdperceptron.learn.ModelAssert.assertSameModel;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Early stopping on a held-out validation fraction with patience. */
class EarlyStoppingTest {
  private static final int MAX_EPOCHS = 60;
  private static final int PATIENCE = 2;
  private static final double FRACTION = 0.25;

  @Test
  void noisyDataStopsEarlyAndReturnsTheBestModelSeen() {
    for (long seed = 1; seed <= 8; seed++) {
      Dataset data = Generators.noisy(300, 10, 0.05, 1.0, 0.2, seed).data();
      for (Algorithm alg : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
        String ctx = alg + ", seed " + seed;
        TrainingOptions o = TrainingOptions.builder().maxEpochs(MAX_EPOCHS).seed(seed)
            .earlyStopping(FRACTION, PATIENCE).build();
        FitResult<BinaryModel> r = Learner.fit(alg, data, o);
        TrainingReport rep = r.report();
        double[] acc = rep.validationAccuracyPerEpoch();
        System.out.println(ctx + ": epochs " + rep.epochs() + ", validation accuracy " + Arrays.toString(acc));

        assertTrue(rep.stoppedEarly(), ctx);
        assertFalse(rep.converged(), ctx + ": 20% flipped labels cannot be separated");
        assertTrue(rep.epochs() < MAX_EPOCHS, ctx);
        assertEquals(rep.epochs(), acc.length, ctx);

        // The split, recomputed by the documented rule.
        Dataset[] split = Trainer.split(data, FRACTION, seed);
        assertEquals(300 - 75, split[0].size(), ctx);
        assertEquals(75, split[1].size(), ctx);
        double best = Arrays.stream(acc).max().getAsDouble();
        assertEquals(best, r.model().accuracy(split[1]), 0.0, ctx);
        // Patience: the run stops PATIENCE epochs after the first epoch that reached the best accuracy,
        // and no epoch in between improved on it.
        int firstBest = 0;
        while (acc[firstBest] != best) {
          firstBest++;
        }
        assertEquals(firstBest + 1 + PATIENCE, rep.epochs(), ctx);
        // Each accuracy is a count over the 75 validation rows.
        for (double a : acc) {
          assertEquals(Math.round(a * 75), a * 75, 1e-9, ctx);
        }
        // The returned model is the one a plain run on the training part makes in firstBest + 1 epochs
        // (same seed, same example order).
        TrainingOptions plain = TrainingOptions.builder().maxEpochs(firstBest + 1).seed(seed).build();
        FitResult<BinaryModel> rerun = Learner.fit(alg, split[0], plain);
        assertSameModel(rerun.model(), r.model(), ctx + ", rerun to the best epoch");
        assertArrayEquals(rerun.report().mistakesPerEpoch(),
            Arrays.copyOf(rep.mistakesPerEpoch(), firstBest + 1), ctx);
        // The report's training error is that of the returned model, on the training part.
        assertEquals(rerun.model().trainingError(split[0]), rep.trainingError(), 0.0, ctx);
      }
    }
  }

  @Test
  void theSplitIsADisjointCoverWithTheTrainingRowsInOrder() {
    Dataset.Builder b = Dataset.builder(2);
    for (int i = 0; i < 50; i++) {
      b.add(new float[] {i, i % 3}, i % 4 == 0 ? 1.0 : -1.0); // column 0 names the source row
    }
    Dataset data = b.build();
    for (double f : new double[] {0.01, 0.1, 0.5, 0.98}) {
      String ctx = "fraction " + f;
      Dataset[] s = Trainer.split(data, f, 11);
      int nv = Math.max(1, (int) Math.round(50 * f));
      assertEquals(nv, s[1].size(), ctx);
      assertEquals(50 - nv, s[0].size(), ctx);
      boolean[] used = new boolean[50];
      int last = -1;
      for (int i = 0; i < s[0].size(); i++) {
        int src = (int) s[0].denseRow(i)[0];
        assertFalse(used[src], ctx);
        used[src] = true;
        assertTrue(src > last, ctx + ": training rows keep their order");
        last = src;
        assertEquals(data.label(src), s[0].label(i), ctx);
      }
      for (int i = 0; i < s[1].size(); i++) {
        int src = (int) s[1].denseRow(i)[0];
        assertFalse(used[src], ctx + ": the parts are disjoint");
        used[src] = true;
        assertEquals(data.label(src), s[1].label(i), ctx);
      }
      for (boolean u : used) {
        assertTrue(u, ctx + ": every row is in one part");
      }
      // The same seed gives the same split.
      assertArrayEquals(s[1].denseRow(0), Trainer.split(data, f, 11)[1].denseRow(0), ctx);
    }
  }

  @Test
  void badFractionsAndPatienceAreRejected() {
    TrainingOptions d = TrainingOptions.defaults();
    for (double f : new double[] {-0.1, 1.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> d.toBuilder().earlyStopping(f, 2).build(), "fraction " + f);
      assertTrue(e.getMessage().contains(String.valueOf(f)), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> d.toBuilder().earlyStopping(0.2, 0).build());
    // 0 turns it off: no validation accuracies, nothing stops early.
    Dataset data = IntData.noisy(40, 4, 0.2, 5);
    TrainingReport off = Learner.fit(Algorithm.PERCEPTRON, data,
        d.toBuilder().earlyStopping(0.0, 1).build()).report();
    assertEquals(0, off.validationAccuracyPerEpoch().length);
    assertFalse(off.stoppedEarly());
  }

  @Test
  void aSplitThatLeavesNoTrainingExampleThrows() {
    Dataset two = Dataset.builder(2).add(new float[] {1, 0}, 1.0).add(new float[] {0, 1}, -1.0).build();
    Dataset one = Dataset.builder(2).add(new float[] {1, 0}, 1.0).build();
    // round(2 * 0.75) = 2 validation rows of 2; one example always gives at least 1 validation row of 1.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Learner.fit(
        Algorithm.PERCEPTRON, two, TrainingOptions.builder().earlyStopping(0.75, 2).build()));
    assertTrue(e.getMessage().contains("no training example"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Learner.fit(
        Algorithm.VOTED, one, TrainingOptions.builder().earlyStopping(0.01, 2).build()));
    // round(2 * 0.25) = 1 (half rounds up): one row each, fine.
    TrainingReport r = Learner.fit(Algorithm.PERCEPTRON, two,
        TrainingOptions.builder().earlyStopping(0.25, 1).build()).report();
    assertTrue(r.validationAccuracyPerEpoch().length >= 1);
  }
}
