package io.github.simdperceptron.learn;

import static io.github.simdperceptron.learn.ModelAssert.assertSameModel;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What a training run reports, checked against hand-traced runs and independent recomputation. */
class TrainingReportTest {
  private static final long SEED = 4242L;

  @BeforeAll
  static void printSeeds() {
    System.out.println("TrainingReportTest option seed " + SEED + "; data seeds are named in each message");
  }

  private static TrainingOptions opts() {
    return TrainingOptions.builder().seed(SEED).build();
  }

  private static Dataset rows(float[][] x, double[] y) {
    Dataset.Builder b = Dataset.builder(x[0].length);
    for (int i = 0; i < x.length; i++) {
      b.add(x[i], y[i]);
    }
    return b.build();
  }

  private static long sum(int[] a) {
    return Arrays.stream(a).asLongStream().sum();
  }

  @Test
  void perEpochCountsAddUpToTheTotals() {
    for (long seed = SEED; seed < SEED + 4; seed++) {
      Dataset[] sets = {IntData.noisy(120, 9, 0.1, seed), IntData.sparse(IntData.noisy(120, 9, 0.1, seed)),
          Generators.noisy(120, 9, 0.2, 1.0, 0.1, seed).data()};
      for (Dataset data : sets) {
        for (Algorithm alg : Algorithm.values()) {
          String ctx = alg + ", seed " + seed + ", " + data.getClass().getSimpleName();
          TrainingOptions o = opts().toBuilder().seed(seed).maxEpochs(6).tau(1.5f).updateLog(true).build();
          TrainingReport r = Learner.fit(alg, data, o).report();
          int[] m = r.mistakesPerEpoch();
          int[] u = r.updatesPerEpoch();
          assertEquals(r.epochs(), m.length, ctx);
          assertEquals(r.epochs(), u.length, ctx);
          assertEquals(sum(m), r.mistakes(), ctx);
          assertEquals(sum(u), r.updates(), ctx);
          assertEquals(r.updates(), r.updateLog().length, ctx + ": one log entry per update");
          assertTrue(r.mistakes() <= r.visits(), ctx);
          assertTrue(r.updates() <= r.visits(), ctx);
          assertEquals(alg.name(), r.algorithm(), ctx);
          assertTrue(r.seconds() >= 0, ctx);
          if (!r.halted()) {
            assertEquals((long) r.epochs() * data.size(), r.visits(), ctx + ": full epochs");
          }
          if (r.converged()) {
            assertEquals(0, u[u.length - 1], ctx + ": converged means the last epoch made no update");
          }
          if (alg == Algorithm.MARGIN || alg.passiveAggressive()) {
            for (int e = 0; e < m.length; e++) {
              assertTrue(u[e] >= m[e], ctx + ", epoch " + e + ": every mistake updates, and more");
            }
          } else {
            assertArrayEquals(m, u, ctx + ": updates happen exactly on mistakes");
          }
        }
      }
    }
  }

  @Test
  void marginPerceptronUpdatesMoreThanItErrs() {
    for (long seed = SEED; seed < SEED + 5; seed++) {
      Dataset data = IntData.noisy(150, 10, 0.05, seed);
      String ctx = "seed " + seed;
      TrainingReport margin = Learner.fit(Algorithm.MARGIN, data,
          opts().toBuilder().seed(seed).tau(4f).build()).report();
      assertTrue(margin.updates() > margin.mistakes(), ctx + ": " + margin);
      // tau = 0 is the perceptron
      FitResult<BinaryModel> zero = Learner.fit(Algorithm.MARGIN, data,
          opts().toBuilder().seed(seed).tau(0f).build());
      FitResult<BinaryModel> plain = Learner.fit(Algorithm.PERCEPTRON, data,
          opts().toBuilder().seed(seed).tau(4f).build());
      assertSameModel(plain.model(), zero.model(), ctx + ", tau 0");
      assertEquals(zero.report().mistakes(), zero.report().updates(), ctx);
    }
  }

  @Test
  void marginPerceptronByHand() {
    // One example x = (1), y = +1, no bias, tau = 2: w goes 0 (mistake) -> 1 -> 2 -> 3 (y a = 1, 2 <= tau:
    // updates without mistakes), then y a = 3 > 2: an epoch without updates, converged.
    Dataset one = rows(new float[][] {{1}}, new double[] {1});
    FitResult<BinaryModel> r = Learner.fit(Algorithm.MARGIN, one,
        opts().toBuilder().bias(false).tau(2f).maxEpochs(10).updateLog(true).build());
    TrainingReport rep = r.report();
    assertArrayEquals(new int[] {1, 0, 0, 0}, rep.mistakesPerEpoch());
    assertArrayEquals(new int[] {1, 1, 1, 0}, rep.updatesPerEpoch());
    assertEquals(1, rep.mistakes());
    assertEquals(3, rep.updates());
    assertTrue(rep.converged());
    assertFalse(rep.halted());
    assertArrayEquals(new int[] {0, 0, 0}, rep.updateLog());
    assertArrayEquals(new float[] {3}, ((LinearModel) r.model()).weights());
    // With the bias: a = 0 -> update (w, b) = (1, 1); a = 2 <= 2 -> (2, 2); a = 4 > 2 -> done.
    r = Learner.fit(Algorithm.MARGIN, one, opts().toBuilder().tau(2f).maxEpochs(10).build());
    assertArrayEquals(new int[] {1, 1, 0}, r.report().updatesPerEpoch());
    assertEquals(2f, ((LinearModel) r.model()).bias());
  }

  /**
   * PLA by hand. Reading of docs/learners.md used here: converged = a whole epoch without an update;
   * halted = n consecutive clean visits (PLA only). A halt in the middle of an epoch is not a whole
   * clean epoch; a halt at the end of one is both.
   */
  @Test
  void plaHaltsAfterACleanCycleMidEpoch() {
    // x0 = (1,0), x1 = (0,1), x2 = (1,1), all +1, no bias, no shuffle.
    // Epoch 1: x0 a=0 -> w=(1,0); x1 a=0 -> w=(1,1); x2 a=2 clean (1).
    // Epoch 2: x0 clean (2), x1 clean (3 = n): halt after 5 visits, the epoch unfinished.
    Dataset d = rows(new float[][] {{1, 0}, {0, 1}, {1, 1}}, new double[] {1, 1, 1});
    TrainingOptions o = opts().toBuilder().shuffle(false).bias(false).maxEpochs(10).updateLog(true).build();
    FitResult<BinaryModel> pla = Learner.fit(Algorithm.PLA, d, o);
    TrainingReport r = pla.report();
    assertTrue(r.halted());
    assertFalse(r.converged(), "epoch 2 was cut short, so no whole epoch went without updates");
    assertEquals(2, r.epochs());
    assertArrayEquals(new int[] {2, 0}, r.mistakesPerEpoch());
    assertEquals(5, r.visits());
    assertArrayEquals(new int[] {0, 1}, r.updateLog());
    assertEquals(0.0, r.trainingError());
    assertArrayEquals(new float[] {1, 1}, ((LinearModel) pla.model()).weights());

    FitResult<BinaryModel> perceptron = Learner.fit(Algorithm.PERCEPTRON, d, o);
    TrainingReport p = perceptron.report();
    assertTrue(p.converged());
    assertFalse(p.halted(), "only PLA halts");
    assertEquals(2, p.epochs());
    assertEquals(6, p.visits());
    assertSameModel(perceptron.model(), pla.model(), "same updates");
  }

  @Test
  void plaHaltAtTheEndOfACleanEpochIsAlsoConvergence() {
    // x0 = (1,0), x1 = (0,1), both +1, no bias. Epoch 1: both update (the last at position n-1).
    // Epoch 2: both clean: the 2nd clean visit ends the epoch, which made no update.
    Dataset d = rows(new float[][] {{1, 0}, {0, 1}}, new double[] {1, 1});
    TrainingOptions o = opts().toBuilder().shuffle(false).bias(false).maxEpochs(10).build();
    TrainingReport r = Learner.fit(Algorithm.PLA, d, o).report();
    assertTrue(r.halted());
    assertTrue(r.converged(), "epoch 2 was a whole epoch without updates");
    assertEquals(2, r.epochs());
    assertArrayEquals(new int[] {2, 0}, r.updatesPerEpoch());
    assertEquals(4, r.visits());

    // Warm start from a separator: the first epoch makes no update.
    LinearModel sep = new LinearModel(new float[] {1, 1}, 0f, d.labels());
    r = Learner.fit(Algorithm.PLA, d, o, sep).report();
    assertTrue(r.halted());
    assertTrue(r.converged());
    assertEquals(1, r.epochs());
    assertEquals(0, r.updates());
    assertEquals(2, r.visits());
  }

  @Test
  void plaOnSeparableDataHaltsWithNoTrainingError() {
    for (long seed = 1; seed <= 10; seed++) {
      Generators.Planted p = Generators.separable(200, 8, 0.1, 1.0, seed);
      String ctx = "seed " + seed + ", planted margin " + p.margin();
      assertTrue(p.margin() > 0, ctx);
      TrainingOptions o = opts().toBuilder().seed(seed).shuffle(false).maxEpochs(1000).build();
      FitResult<BinaryModel> pla = Learner.fit(Algorithm.PLA, p.data(), o);
      FitResult<BinaryModel> perceptron = Learner.fit(Algorithm.PERCEPTRON, p.data(), o);
      TrainingReport r = pla.report();
      assertTrue(r.halted(), ctx + ": " + r);
      assertEquals(0.0, r.trainingError(), ctx);
      assertEquals(0.0, pla.model().trainingError(p.data()), ctx);
      // Same updates as the perceptron, which then needs the rest of the epoch (and at most one more) to notice.
      assertTrue(perceptron.report().converged(), ctx);
      assertEquals(perceptron.report().updates(), r.updates(), ctx);
      assertSameModel(perceptron.model(), pla.model(), ctx);
      // PLA halts in the epoch after its last update, the perceptron converges at the end of that epoch.
      assertEquals(perceptron.report().epochs(), r.epochs(), ctx);
      assertTrue(r.visits() < perceptron.report().visits() || r.converged(), ctx);
      assertEquals(r.visits(), lastUpdateVisit(p.data(), o) + p.data().size(), ctx + ": halts n visits after the last update");
      // Novikoff with the bias as a constant feature 1: at most (R^2 + 1) / gamma^2 mistakes.
      double r2 = 0;
      for (int i = 0; i < p.data().size(); i++) {
        r2 = Math.max(r2, p.data().squaredNorm(i));
      }
      double bound = (r2 + 1) / (p.margin() * p.margin());
      assertTrue(r.mistakes() <= bound, ctx + ": " + r.mistakes() + " mistakes, Novikoff bound " + bound);
    }
  }

  /** The visit number (1-based) of the perceptron's last update without shuffling: from the update log and the per-epoch counts. */
  private static long lastUpdateVisit(Dataset data, TrainingOptions o) {
    TrainingReport r = Learner.fit(Algorithm.PERCEPTRON, data, o.toBuilder().updateLog(true).build()).report();
    int[] perEpoch = r.updatesPerEpoch();
    int lastEpoch = perEpoch.length - 1;
    while (perEpoch[lastEpoch] == 0) {
      lastEpoch--;
    }
    int[] log = r.updateLog();
    return (long) lastEpoch * data.size() + log[log.length - 1] + 1;
  }

  @Test
  void votedCapByHand() {
    // x0 = (1) +1, x1 = (1) -1, no bias, cap 3, no shuffle.
    // Epoch 1: x0: v=0 mistake (c=0, nothing stored), v=1, c=1. x1: y a = -1 mistake, store (1, c=1), v=0, c=1.
    // Epoch 2: x0: a=0 mistake, store (0, c=1) [2 stored + current = 3], v=1, c=1.
    //          x1: mistake; storing (1, 1) would make 3 + the new current = 4 > 3: stop before the update.
    Dataset d = rows(new float[][] {{1}, {1}}, new double[] {1, -1});
    FitResult<BinaryModel> r = Learner.fit(Algorithm.VOTED, d,
        opts().toBuilder().shuffle(false).bias(false).voteCap(3).maxEpochs(10).build());
    TrainingReport rep = r.report();
    assertTrue(rep.voteCapReached());
    assertFalse(rep.converged());
    assertEquals(2, rep.epochs());
    assertArrayEquals(new int[] {2, 1}, rep.updatesPerEpoch());
    assertArrayEquals(new int[] {2, 2}, rep.mistakesPerEpoch(), "the stopping visit was a mistake without an update");
    assertEquals(rep.updates() + 1, rep.mistakes());
    assertEquals(3, rep.storedVectors());
    VotedModel m = (VotedModel) r.model();
    assertEquals(3, m.vectors());
    float[][] expected = {{1}, {0}, {1}};
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(expected[k], m.vector(k), "vector " + k);
      assertEquals(1, m.count(k), "count " + k);
    }
  }

  @Test
  void votedCapOnNoisyData() {
    for (long seed = 1; seed <= 5; seed++) {
      String ctx = "seed " + seed;
      Dataset data = Generators.noisy(200, 10, 0.1, 1.0, 0.1, seed).data();
      FitResult<BinaryModel> r = Learner.fit(Algorithm.VOTED, data,
          opts().toBuilder().seed(seed).voteCap(3).build());
      TrainingReport rep = r.report();
      assertTrue(rep.voteCapReached(), ctx);
      assertTrue(rep.storedVectors() <= 3, ctx);
      assertEquals(rep.storedVectors(), ((VotedModel) r.model()).vectors(), ctx);
      assertEquals(1, rep.epochs(), ctx + ": three vectors do not last an epoch on this data");
      assertEquals(rep.updates() + 1, rep.mistakes(), ctx);

      // Without a cap: every update starts a new vector, and the counts add up to the visits.
      FitResult<BinaryModel> free = Learner.fit(Algorithm.VOTED, data,
          opts().toBuilder().seed(seed).maxEpochs(3).build());
      VotedModel v = (VotedModel) free.model();
      assertFalse(free.report().voteCapReached(), ctx);
      assertEquals(free.report().updates(), free.report().storedVectors(), ctx);
      assertEquals(free.report().storedVectors(), v.vectors(), ctx);
      long votes = 0;
      for (int k = 0; k < v.vectors(); k++) {
        votes += v.count(k);
      }
      assertEquals(free.report().visits(), votes, ctx);
    }
  }

  @Test
  void pocketNeverEndsWorseThanThePerceptronItRodeOn() {
    for (long seed = 1; seed <= 12; seed++) {
      Dataset data = IntData.noisy(150, 8, 0.12, seed);
      int n = data.size();
      String ctx = "seed " + seed;
      TrainingOptions o = opts().toBuilder().seed(seed).maxEpochs(5).updateLog(true).build();
      FitResult<BinaryModel> perceptron = Learner.fit(Algorithm.PERCEPTRON, data, o);
      FitResult<BinaryModel> pocket = Learner.fit(Algorithm.POCKET, data, o);
      // Same run order, same perceptron steps underneath.
      assertArrayEquals(perceptron.report().updateLog(), pocket.report().updateLog(), ctx);

      // Independent replay of the perceptron from its update log, counting training errors exactly.
      int[] log = perceptron.report().updateLog();
      long[] w = new long[data.dimension()];
      long b = 0;
      int best = n; // the pocket starts at (0, 0): every activation is 0, every example an error
      int errors = n;
      for (int i : log) {
        float[] x = data.denseRow(i);
        long y = (long) data.label(i);
        for (int j = 0; j < w.length; j++) {
          w[j] += y * (long) x[j];
        }
        b += y;
        errors = errors(data, w, b);
        best = Math.min(best, errors);
      }
      double perceptronError = (double) errors / n;
      double pocketError = (double) best / n;
      System.out.printf("%s: perceptron final error %.4f, pocket %.4f (%d updates)%n", ctx,
          perceptron.report().trainingError(), pocket.report().trainingError(), log.length);
      assertEquals(perceptronError, perceptron.report().trainingError(), 0.0, ctx);
      assertEquals(pocketError, pocket.report().trainingError(), 0.0, ctx);
      assertEquals(pocketError, pocket.model().trainingError(data), 0.0, ctx);
      assertTrue(pocket.report().trainingError() <= perceptron.report().trainingError(), ctx);
    }
  }

  private static int errors(Dataset data, long[] w, long b) {
    int e = 0;
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      long a = b;
      for (int j = 0; j < w.length; j++) {
        a += w[j] * (long) x[j];
      }
      if ((long) data.label(i) * a <= 0) {
        e++;
      }
    }
    return e;
  }

  @Test
  void trainingErrorIsThatOfTheReturnedModel() {
    for (long seed = 1; seed <= 3; seed++) {
      Dataset data = IntData.noisy(100, 7, 0.15, seed);
      for (Algorithm alg : Algorithm.values()) {
        String ctx = alg + ", seed " + seed;
        FitResult<BinaryModel> r = Learner.fit(alg, data, opts().toBuilder().seed(seed).maxEpochs(4).build());
        int errors = 0;
        for (int i = 0; i < data.size(); i++) {
          if (data.label(i) * r.model().score(data.denseRow(i)) <= 0f) {
            errors++;
          }
        }
        assertEquals((double) errors / data.size(), r.report().trainingError(), 0.0, ctx);
      }
    }
  }

  @Test
  void postFitFiguresAreComputedOnFirstUseAndEqualADirectPass() {
    Dataset data = IntData.noisy(150, 11, 0.1, SEED);
    for (Algorithm alg : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.POCKET}) {
      String ctx = alg + ", data seed " + SEED;
      FitResult<BinaryModel> fit = Learner.fit(alg, data, opts().toBuilder().maxEpochs(4).build());
      TrainingReport r = fit.report();
      PostFitFigures figures = r.figures();
      assertEquals(0, figures.computed(), ctx + ": nothing computed by the fit itself");
      assertTrue(figures.holdsData(), ctx);
      LinearModel m = (LinearModel) fit.model();
      assertEquals(m.trainingError(data), r.trainingError(), ctx + ": training error");
      assertEquals(1, figures.computed(), ctx + ": only the training error");
      assertEquals(io.github.simdperceptron.theory.Theory.radius(data, true), r.radius(), ctx + ": radius");
      assertEquals(2, figures.computed(), ctx);
      assertEquals(io.github.simdperceptron.theory.Theory.margin(data, m.weights(), m.bias(), true), r.margin(),
          ctx + ": margin");
      assertEquals(3, figures.computed(), ctx);
      assertFalse(figures.holdsData(), ctx + ": the data is let go once every figure is known");
      assertEquals(m.trainingError(data), r.trainingError(), ctx + ": kept");
    }
    Dataset three = MulticlassEquivalenceTest.realValuedProblem(false, 120, 8, 3, SEED);
    FitResult<MulticlassModel> multi = Learner.fitMulticlass(Algorithm.PERCEPTRON, three,
        opts().toBuilder().maxEpochs(3).build());
    assertEquals(0, multi.report().figures().computed(), "multi-class: nothing computed by the fit");
    assertEquals(1.0 - multi.model().accuracy(three), multi.report().trainingError(), "multi-class training error");
    assertFalse(multi.report().figures().holdsData(), "multi-class: no theory figures, data let go");
    assertTrue(Double.isNaN(multi.report().radius()), "multi-class radius");
  }
}
