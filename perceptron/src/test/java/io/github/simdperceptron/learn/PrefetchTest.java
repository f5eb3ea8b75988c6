package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The prefetch thread ({@link TrainingOptions.Builder#prefetch}): it reads exactly the rows the loop
 * is about to visit, in order, at most the distance ahead; it runs during the fits that ask for
 * it and ends with them, also when a fit fails; and the results do not depend on it. The fits
 * here lower the size threshold to 0 so that the helper runs on small data, and count the helpers
 * through a {@link Recorder}; the fit-level tests need two processors (with one the helper never
 * starts, by design) and are skipped otherwise.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PrefetchTest {
  private static final TrainingOptions BASE = TrainingOptions.builder().maxEpochs(4).seed(17)
      .updateLog(true).build();

  /** Counts the helpers started and the rows they read, and keeps the helper started last. */
  private static final class Recorder implements RowPrefetcher.Listener {
    final AtomicLong started = new AtomicLong();
    final AtomicLong rowsRead = new AtomicLong();
    volatile RowPrefetcher latest;

    @Override
    public void started(RowPrefetcher helper) {
      started.incrementAndGet();
      latest = helper;
    }

    @Override
    public void ended(RowPrefetcher helper, long rows) {
      rowsRead.addAndGet(rows);
    }
  }

  /** The prefetch thread on data of any size, heard by {@code recorder}. */
  private static RowPrefetcher.Settings onAnySize(Recorder recorder) {
    return new RowPrefetcher.Settings(0, recorder);
  }

  private static TrainingOptions prefetch(Recorder recorder) {
    return BASE.toBuilder().prefetcher(onAnySize(recorder)).build();
  }

  @Test
  void readsTheRowsOfTheOrderAheadOfTheLoopAndNeverFurtherThanTheDistance() {
    Dataset dense = IntData.noisy(300, 40, 0.1, 5);
    for (Dataset data : new Dataset[] {dense, IntData.sparse(dense)}) {
      int n = data.size();
      int[] order = new int[n];
      int[] log = new int[2 * (n - 1)];
      int[] expected = new int[2 * (n - 1)];
      int distance = 8;
      RowPrefetcher p = RowPrefetcher.start(data, order, distance, log, RowPrefetcher.Listener.NONE);
      Random rnd = new Random(9);
      try {
        for (int epoch = 0; epoch < 2; epoch++) {
          Trainer.fillOrder(order, rnd);
          // Position 0 is visited before the helper hears of the epoch; it reads positions 1 .. n-1.
          System.arraycopy(order, 1, expected, epoch * (n - 1), n - 1);
          for (int t = 0; t < n; t++) {
            p.visiting(epoch, t);
            long reach = (long) epoch * (n - 1) + Math.min(t + distance, n - 1);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (p.rowsRead() < reach && System.nanoTime() < deadline) {
              Thread.onSpinWait();
            }
            assertEquals(reach, p.rowsRead(), "epoch " + epoch + ", position " + t + " ("
                + data.getClass().getSimpleName() + "): rows read by the helper");
          }
        }
      } finally {
        p.stop();
      }
      assertFalse(p.alive(), "the helper ended");
      assertEquals(2L * (n - 1), p.rowsRead(), "no row read past the end of an epoch");
      assertArrayEquals(expected, log, "the rows read, in order (" + data.getClass().getSimpleName() + ")");
    }
  }

  @Test
  void binaryLearnersGiveTheSameResultWithAndWithoutIt() {
    assumeTwoProcessors();
    long seed = 20261123L;
    System.out.println("PrefetchTest seed " + seed);
    Generators.Planted real = Generators.noisy(400, 30, 0.1, 2.0, 0.05, seed);
    Dataset integer = IntData.noisy(400, 30, 0.1, seed);
    Dataset[] sets = {real.data(), integer, IntData.sparse(integer)};
    Recorder recorder = new Recorder();
    TrainingOptions prefetch = prefetch(recorder);
    int fits = 0;
    long visits = 0;
    for (Dataset data : sets) {
      for (Algorithm algorithm : Algorithm.values()) {
        String ctx = algorithm + " on " + data.getClass().getSimpleName() + ", seed " + seed;
        FitResult<BinaryModel> off = Learner.fit(algorithm, data, BASE);
        FitResult<BinaryModel> on = Learner.fit(algorithm, data, prefetch);
        fits++;
        visits += on.report().visits();
        ModelAssert.assertSameModel(off.model(), on.model(), ctx);
        ModelAssert.assertSameReport(off.report(), on.report(), ctx);
      }
    }
    assertEquals(fits, recorder.started.get(), "one helper per fit with prefetch, none without");
    long read = recorder.rowsRead.get();
    // How many depends on how soon each helper starts (these fits take microseconds); never more than the visits.
    assertTrue(read <= visits, "rows read by the helpers: " + read + " for " + visits + " visits");
    assertNoHelperLeft();
  }

  @Test
  void multiClassLearnersGiveTheSameResultWithAndWithoutIt() {
    assumeTwoProcessors();
    Dataset data = threeClasses();
    Recorder recorder = new Recorder();
    TrainingOptions prefetch = prefetch(recorder);
    for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
      ModelAssert.assertSameMulticlass(Learner.fitMulticlass(algorithm, data, BASE),
          Learner.fitMulticlass(algorithm, data, prefetch), "direct " + algorithm);
      ModelAssert.assertSameMulticlass(Learner.fitOneVsRest(algorithm, data, BASE),
          Learner.fitOneVsRest(algorithm, data, prefetch), "ovr " + algorithm);
    }
    TrainingOptions early = BASE.toBuilder().maxEpochs(20).earlyStopping(0.2, 2).build();
    ModelAssert.assertSameMulticlass(Learner.fitMulticlass(Algorithm.AVERAGED, data, early),
        Learner.fitMulticlass(Algorithm.AVERAGED, data, early.toBuilder().prefetcher(onAnySize(recorder)).build()),
        "early stopping");
    assertEquals(5, recorder.started.get(), "one helper per fit with prefetch");
    assertNoHelperLeft();
  }

  @Test
  void partialFitGivesTheSameEpochs() {
    assumeTwoProcessors();
    Dataset data = IntData.noisy(300, 16, 0.1, 12);
    Recorder recorder = new Recorder();
    Learner<BinaryModel> off = Learner.binary(Algorithm.AVERAGED, 16, data.labels(), BASE);
    Learner<BinaryModel> on = Learner.binary(Algorithm.AVERAGED, 16, data.labels(), prefetch(recorder));
    for (int e = 0; e < 3; e++) {
      ModelAssert.assertSameReport(off.partialFit(data), on.partialFit(data), "partialFit " + e);
      ModelAssert.assertSameModel(off.model(), on.model(), "partialFit " + e);
    }
    assertEquals(3, recorder.started.get(), "one helper per partialFit");
    assertNoHelperLeft();
  }

  @Test
  void theHelperFollowsTheLoopAndEndsWhenTheFitFails() {
    assumeTwoProcessors();
    Dataset data = IntData.noisy(200, 10, 0.1, 3);
    Recorder recorder = new Recorder();
    boolean[] helperSeen = new boolean[1];
    long[] readAtVisit50 = new long[1];
    UpdateRule<BinaryModel> failing = new UpdateRule<BinaryModel>() {
      private int visits;

      @Override
      int visit(Dataset d, int i) {
        if (++visits == 50) {
          helperSeen[0] = helperAlive();
          // The loop published position 49 of epoch 0: the helper reads the rows of positions 50 ..
          // 49 + distance, and those before 50 it saw while the loop was there (none if it started late).
          RowPrefetcher p = recorder.latest;
          long deadline = System.nanoTime() + 10_000_000_000L;
          while (p.rowsRead() < RowPrefetcher.DEFAULT_DISTANCE && System.nanoTime() < deadline) {
            Thread.onSpinWait();
          }
          readAtVisit50[0] = p.rowsRead();
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
        () -> Trainer.fit(failing, data, prefetch(recorder)));
    assertEquals("visit 50", e.getMessage());
    assertTrue(helperSeen[0], "a prefetch thread ran during the fit");
    long read = readAtVisit50[0];
    int distance = RowPrefetcher.DEFAULT_DISTANCE;
    assertTrue(read >= distance && read <= 49 + distance, "rows read ahead of visit 50: " + read);
    assertNoHelperLeft();
  }

  @Test
  void anInterruptedCallerIsCancelledKeepsItsInterruptAndLeavesNoHelper() {
    assumeTwoProcessors();
    Dataset data = IntData.noisy(300, 16, 0.1, 21);
    Thread.currentThread().interrupt();
    try {
      assertThrows(CancellationException.class, () -> Learner.fit(Algorithm.PERCEPTRON, data, prefetch(new Recorder())));
    } finally {
      assertTrue(Thread.interrupted(), "the interrupt status survives the fit (and is cleared here)");
    }
    assertNoHelperLeft();
    // Interrupted in its second epoch, with the helper reading ahead.
    TrainingOptions o = prefetch(new Recorder()).toBuilder().maxEpochs(3).progress((epoch, m, u, rate) -> {
      if (epoch == 1) {
        Thread.currentThread().interrupt();
      }
    }).build();
    try {
      CancellationException e = assertThrows(CancellationException.class, () -> Learner.fit(Algorithm.PERCEPTRON, data, o));
      assertTrue(e.getMessage().contains("epoch 2"), e.getMessage());
    } finally {
      assertTrue(Thread.interrupted(), "the interrupt status survives the fit (and is cleared here)");
    }
    assertNoHelperLeft();
  }

  @Test
  void aBadDistanceFailsOnlyTheFitsThatAskForTheHelper() {
    assumeTwoProcessors();
    Dataset data = IntData.noisy(100, 8, 0.1, 4);
    for (String bad : new String[] {"0", "-3", "65537", "eight", ""}) {
      String old = System.setProperty(RowPrefetcher.DISTANCE_PROPERTY, bad);
      try {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Learner.fit(Algorithm.PERCEPTRON, data, prefetch(new Recorder())), "distance '" + bad + "'");
        assertTrue(e.getMessage().contains(RowPrefetcher.DISTANCE_PROPERTY) && e.getMessage().contains("'" + bad + "'"),
            e.getMessage());
        Learner.fit(Algorithm.PERCEPTRON, data, BASE);
      } finally {
        restore(old);
      }
    }
    String old = System.setProperty(RowPrefetcher.DISTANCE_PROPERTY, " 3 ");
    try {
      assertEquals(3, RowPrefetcher.distance());
    } finally {
      restore(old);
    }
    assertNoHelperLeft();
  }

  @Test
  void noHelperWhenItCannotPay() {
    Dataset data = IntData.noisy(50, 5, 0.0, 1);
    int[] order = new int[50];
    Recorder recorder = new Recorder();
    TrainingOptions anySize = prefetch(recorder);
    assertNull(RowPrefetcher.startIfWanted(BASE, data, order), "prefetch off");
    assertNull(RowPrefetcher.startIfWanted(anySize.toBuilder().shuffle(false).build(), data, order), "file order");
    assertNull(RowPrefetcher.startIfWanted(BASE.toBuilder().prefetch(true).build(), data, order),
        "1,000 bytes of rows, below the default threshold");
    assertEquals(0, recorder.started.get(), "no helper started");
    assertEquals(RowPrefetcher.MIN_BYTES, BASE.toBuilder().prefetch(true).build().prefetcher().minBytes);
    assertEquals(50L * 5 * 4, RowPrefetcher.rowBytes(data));
    Dataset sparse = IntData.sparse(data);
    long nonZeros = 0;
    for (int i = 0; i < sparse.size(); i++) {
      nonZeros += sparse.nonZeros(i);
    }
    assertEquals(nonZeros * 8, RowPrefetcher.rowBytes(sparse), "an int and a float per non-zero");
    assertTrue(BASE.toBuilder().prefetch(true).build().toString().contains("prefetch=true"));
    assertFalse(BASE.toString().contains("prefetch"));
  }

  private static void assumeTwoProcessors() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "the helper needs a second processor");
  }

  private static void restore(String old) {
    if (old == null) {
      System.clearProperty(RowPrefetcher.DISTANCE_PROPERTY);
    } else {
      System.setProperty(RowPrefetcher.DISTANCE_PROPERTY, old);
    }
  }

  private static boolean helperAlive() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals("simdperceptron-prefetch") && t.isAlive()) {
        return true;
      }
    }
    return false;
  }

  private static void assertNoHelperLeft() {
    assertFalse(helperAlive(), "a prefetch thread outlived its fit");
  }

  private static Dataset threeClasses() {
    Random rnd = new Random(44);
    Dataset.Builder b = Dataset.builder(12);
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
}
