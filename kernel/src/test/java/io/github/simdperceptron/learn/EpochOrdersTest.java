package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The epoch orders drawn ahead on a second thread are the orders docs/learners.md specifies (the
 * reference's {@code java.util.Random} shuffle, epoch after epoch), the thread ends when the run
 * stops early, and a fit gives the same model and report with and without it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EpochOrdersTest {
  /** The orders of the learners' specification: order = 0..n-1, then Fisher-Yates from the top. */
  private static int[] specifiedOrder(int n, Random rnd) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  @Test
  void drawnAheadTheOrdersAreTheSpecifiedOnes() {
    long seed = System.nanoTime();
    System.out.println("EpochOrdersTest seed " + seed);
    for (int n : new int[] {EpochOrders.MIN_EXAMPLES_AHEAD, 5003, 20_000}) {
      for (boolean ahead : new boolean[] {true, false}) {
        int epochs = 9;
        Random expected = new Random(seed);
        try (EpochOrders orders = EpochOrders.of(new int[n], new SeededRandom(seed), epochs, ahead)) {
          assertEquals(ahead, orders.drawsAhead());
          for (int e = 0; e < epochs; e++) {
            int[] order = orders.next();
            assertArrayEquals(specifiedOrder(n, expected), order, "n " + n + ", ahead " + ahead + ", epoch " + e);
            // The loop reads its order through the epoch while the next one is drawn elsewhere.
            Thread.onSpinWait();
          }
        }
      }
    }
  }

  @Test
  void withoutShufflingEveryEpochVisitsInOrderAndNoThreadStarts() {
    try (EpochOrders orders = EpochOrders.of(new int[10_000], null, 5, true)) {
      assertFalse(orders.drawsAhead());
      for (int e = 0; e < 5; e++) {
        int[] order = orders.next();
        for (int i = 0; i < order.length; i++) {
          assertEquals(i, order[i]);
        }
      }
    }
  }

  @Test
  void smallDataAndSingleEpochsDrawOnTheLoopsThread() {
    assertFalse(EpochOrders.of(new int[EpochOrders.MIN_EXAMPLES_AHEAD - 1], new SeededRandom(1), 10, true)
        .drawsAhead());
    assertFalse(EpochOrders.of(new int[50_000], new SeededRandom(1), 1, true).drawsAhead());
    assertFalse(EpochOrders.of(new int[50_000], new SeededRandom(1), 10, false).drawsAhead());
  }

  @Test
  void stoppingEarlyEndsTheThread() {
    EpochOrders orders = EpochOrders.of(new int[8192], new SeededRandom(3), 1000, true);
    assertTrue(orders.drawsAhead());
    orders.next();
    orders.next();
    orders.close();
    assertFalse(Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals("perceptron-shuffle") && t.isAlive()),
        "the drawing thread outlived close()");
  }

  @Test
  void fitsAreTheSameWithAndWithoutDrawingAhead() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "the thread starts on two or more processors");
    long seed = System.nanoTime();
    System.out.println("EpochOrdersTest fit seed " + seed);
    Dataset data = Generators.noisy(6000, 24, 0.05, 1.0, 0.1, seed).data();
    TrainingOptions options = TrainingOptions.defaults().withMaxEpochs(6).withSeed(seed).withUpdateLog(true);
    for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.PLA}) {
      String before = System.getProperty(EpochOrders.AHEAD_PROPERTY);
      FitResult<BinaryModel> ahead;
      FitResult<BinaryModel> inLoop;
      try {
        System.setProperty(EpochOrders.AHEAD_PROPERTY, "true");
        ahead = BinaryLearner.fit(algorithm, data, options);
        System.setProperty(EpochOrders.AHEAD_PROPERTY, "false");
        inLoop = BinaryLearner.fit(algorithm, data, options);
      } finally {
        if (before == null) {
          System.clearProperty(EpochOrders.AHEAD_PROPERTY);
        } else {
          System.setProperty(EpochOrders.AHEAD_PROPERTY, before);
        }
      }
      ModelAssert.assertSameReport(inLoop.report(), ahead.report(), algorithm.toString());
      ModelAssert.assertSameModel(inLoop.model(), ahead.model(), algorithm.toString());
    }
  }
}
