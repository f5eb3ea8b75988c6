package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.Generators;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The prefetch thread ({@link TrainingOptions#withPrefetch}): it reads exactly the rows the loop
 * is about to visit, at most {@link RowPrefetcher#DISTANCE} ahead; it ends with the fit, also when
 * the fit fails; and the results do not depend on it.
 */
class PrefetchTest {
  private static final TrainingOptions BASE = TrainingOptions.defaults().withMaxEpochs(4).withSeed(17)
      .withUpdateLog(true);

  @Test
  void readsEveryRowAheadOfTheLoopAndNeverFurtherThanTheDistance() throws InterruptedException {
    for (Dataset data : new Dataset[] {IntData.noisy(300, 40, 0.1, 5), IntData.sparse(IntData.noisy(300, 40, 0.1, 5))}) {
      int n = data.size();
      int[] order = new int[n];
      Trainer.fillOrder(order, new Random(9));
      RowPrefetcher p = RowPrefetcher.start(data, order);
      try {
        for (int epoch = 0; epoch < 2; epoch++) {
          for (int t = 0; t < n; t++) {
            p.visiting(epoch, t);
            // Each epoch the helper reads positions 1 .. n-1 (position 0 is visited before it is told).
            long expected = (long) epoch * (n - 1) + Math.min(t + RowPrefetcher.DISTANCE, n - 1);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (p.rowsRead() < expected && System.nanoTime() < deadline) {
              Thread.onSpinWait();
            }
            assertEquals(expected, p.rowsRead(), "epoch " + epoch + ", position " + t + " (" + data.getClass()
                + "): rows read by the helper");
          }
        }
        Thread.sleep(20);
        assertEquals(2L * (n - 1), p.rowsRead(), "no row read past the end of the epoch");
      } finally {
        p.stop();
      }
      assertFalse(p.alive(), "the helper ended");
      assertEquals(2L * (n - 1), p.rowsRead());
    }
  }

  @Test
  void binaryLearnersGiveTheSameResultWithAndWithoutIt() {
    long seed = 20261123L;
    System.out.println("PrefetchTest seed " + seed);
    Generators.Planted real = Generators.noisy(400, 30, 0.1, 2.0, 0.05, seed);
    DenseDataset integer = IntData.noisy(400, 30, 0.1, seed);
    Dataset[] sets = {real.data(), integer, IntData.sparse(integer)};
    for (Dataset data : sets) {
      for (Algorithm algorithm : Algorithm.values()) {
        String ctx = algorithm + " on " + data.getClass().getSimpleName() + ", seed " + seed;
        FitResult<BinaryModel> off = BinaryLearner.fit(algorithm, data, BASE);
        FitResult<BinaryModel> on = BinaryLearner.fit(algorithm, data, BASE.withPrefetch(true).withThreads(2));
        ModelAssert.assertSameModel(off.model(), on.model(), ctx);
        assertSameReport(off.report(), on.report(), ctx);
      }
    }
    assertNoHelperLeft();
  }

  @Test
  void multiClassLearnersGiveTheSameResultWithAndWithoutIt() {
    DenseDataset data = threeClasses();
    for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
      assertSameMulticlass(MulticlassLearner.fit(algorithm, data, BASE),
          MulticlassLearner.fit(algorithm, data, BASE.withPrefetch(true).withThreads(2)), "direct " + algorithm);
      assertSameMulticlass(MulticlassLearner.fitOneVsRest(algorithm, data, BASE),
          MulticlassLearner.fitOneVsRest(algorithm, data, BASE.withPrefetch(true).withThreads(2)), "ovr " + algorithm);
    }
    FitResult<MulticlassModel> early = MulticlassLearner.fit(Algorithm.AVERAGED, data,
        BASE.withMaxEpochs(20).withEarlyStopping(0.2, 2));
    assertSameMulticlass(early, MulticlassLearner.fit(Algorithm.AVERAGED, data,
        BASE.withMaxEpochs(20).withEarlyStopping(0.2, 2).withPrefetch(true).withThreads(2)), "early stopping");
    assertNoHelperLeft();
  }

  @Test
  void theHelperEndsWhenTheFitFails() {
    DenseDataset data = IntData.noisy(200, 10, 0.1, 3);
    UpdateRule<BinaryModel> failing = new UpdateRule<BinaryModel>() {
      private int visits;

      @Override
      int visit(Dataset d, int i) {
        if (++visits == 50) {
          throw new IllegalStateException("visit 50");
        }
        return CORRECT;
      }

      @Override
      BinaryModel model() {
        throw new UnsupportedOperationException();
      }

      @Override
      String name() {
        return "failing";
      }
    };
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Trainer.fit(failing, data, BASE.withPrefetch(true).withThreads(2), false));
    assertEquals("visit 50", e.getMessage());
    assertNoHelperLeft();
  }

  @Test
  void oneVsRestCountsTheHelperAgainstTheThreads() {
    DenseDataset big = bigTenClasses();
    TrainingOptions prefetch = BASE.withPrefetch(true);
    assertEquals(2, OneVsRestSplit.parts(big, BASE, 2), "2 processors without the helper: 2 parts");
    assertEquals(1, OneVsRestSplit.parts(big, prefetch, 2), "2 processors with it: one part and its helper");
    assertEquals(2, OneVsRestSplit.parts(big, prefetch, 4), "4 processors: two parts, two helpers");
    assertEquals(1, OneVsRestSplit.parts(big, prefetch.withThreads(3), 8), "threads 3: one part and its helper");
  }

  @Test
  void noHelperWhenTheThreadsAllowOnlyOne() {
    DenseDataset data = IntData.noisy(50, 5, 0.0, 1);
    assertTrue(RowPrefetcher.startIfWanted(BASE.withPrefetch(true).withThreads(1), data, new int[50]) == null,
        "threads 1");
    assertTrue(RowPrefetcher.startIfWanted(BASE, data, new int[50]) == null, "prefetch off");
    assertTrue(BASE.withPrefetch(true).toString().contains("prefetch=true"));
    assertFalse(BASE.toString().contains("prefetch"));
  }

  private static void assertSameReport(TrainingReport a, TrainingReport b, String ctx) {
    assertEquals(a.epochs(), b.epochs(), ctx + ": epochs");
    assertArrayEquals(a.mistakesPerEpoch(), b.mistakesPerEpoch(), ctx + ": mistakes per epoch");
    assertArrayEquals(a.updatesPerEpoch(), b.updatesPerEpoch(), ctx + ": updates per epoch");
    assertArrayEquals(a.updateLog(), b.updateLog(), ctx + ": update log");
    assertArrayEquals(a.validationAccuracyPerEpoch(), b.validationAccuracyPerEpoch(), ctx + ": validation");
    assertEquals(a.converged(), b.converged(), ctx + ": converged");
    assertEquals(a.halted(), b.halted(), ctx + ": halted");
    assertEquals(a.stoppedEarly(), b.stoppedEarly(), ctx + ": stopped early");
    assertEquals(Double.doubleToLongBits(a.trainingError()), Double.doubleToLongBits(b.trainingError()),
        ctx + ": training error");
  }

  private static void assertSameMulticlass(FitResult<MulticlassModel> a, FitResult<MulticlassModel> b, String ctx) {
    for (int c = 0; c < a.model().classes(); c++) {
      assertArrayEquals(IntData.bits(a.model().weights(c)), IntData.bits(b.model().weights(c)), ctx + ": row " + c);
    }
    assertArrayEquals(IntData.bits(a.model().biases()), IntData.bits(b.model().biases()), ctx + ": biases");
    assertSameReport(a.report(), b.report(), ctx);
  }

  private static void assertNoHelperLeft() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      assertFalse(t.getName().equals("simdperceptron-prefetch") && t.isAlive(), "a prefetch thread outlived its fit");
    }
  }

  private static DenseDataset threeClasses() {
    Random rnd = new Random(44);
    DenseDataset.Builder b = DenseDataset.builder(12);
    float[] x = new float[12];
    for (int i = 0; i < 300; i++) {
      int c = i % 3;
      for (int j = 0; j < x.length; j++) {
        x[j] = rnd.nextInt(5) - 2 + (j % 3 == c ? 2 : 0);
      }
      b.add(x, "class" + c);
    }
    return b.build();
  }

  private static DenseDataset bigTenClasses() {
    Random rnd = new Random(8);
    DenseDataset.Builder b = DenseDataset.builder(784);
    float[] x = new float[784];
    for (int i = 0; i < 3000; i++) {
      for (int j = 0; j < x.length; j++) {
        x[j] = rnd.nextInt(5) - 2;
      }
      b.add(x, i % 10);
    }
    return b.build();
  }
}
