package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.EpochOrder;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A learner of another package in the one training loop ({@link TrainingLoop}): it is shown the
 * examples a dataset fit would show, in the same order, and the same ones are held out.
 */
class TrainingLoopTest {
  /**
   * Examples 0..n-1; example i is a mistake in its first {@code mistakesUntil[i]} visits. Its
   * model is the number of visits so far, its accuracy on examples the model divided by 100.
   */
  private static final class Counting implements TrainingLoop.Rule<Integer> {
    /** The examples visited in each epoch, in order. */
    final List<List<Integer>> epochs = new ArrayList<>();
    final int[] visits;
    final int[] mistakesUntil;
    int total;
    int[] validatedOn;
    int[] errorOn;

    Counting(int[] mistakesUntil) {
      this.mistakesUntil = mistakesUntil;
      this.visits = new int[mistakesUntil.length];
    }

    @Override
    public String name() {
      return "COUNTING";
    }

    @Override
    public void epochStarting() {
      epochs.add(new ArrayList<>());
    }

    @Override
    public int visit(int i) {
      epochs.get(epochs.size() - 1).add(i);
      total++;
      return visits[i]++ < mistakesUntil[i] ? TrainingLoop.MISTAKE | TrainingLoop.UPDATED : 0;
    }

    @Override
    public Integer model() {
      return total;
    }

    @Override
    public Integer finalModel() {
      return -total;
    }

    @Override
    public double accuracy(Integer model, int[] examples) {
      validatedOn = examples.clone();
      return Math.min(model, 30) / 100.0;
    }

    @Override
    public double trainingError(Integer model, int[] examples) {
      errorOn = examples.clone();
      return 0.25;
    }
  }

  @Test
  void theExamplesTheirOrderAndTheStopAreADatasetFitsOnes() {
    int n = 23;
    long seed = 77;
    int[] until = new int[n];
    Arrays.fill(until, 3);
    Counting rule = new Counting(until);
    TrainingLoop.Result<Integer> r = TrainingLoop.fit(rule, n, TrainingOptions.builder().maxEpochs(10).seed(seed)
        .build());
    TrainingReport report = r.report();
    // Three epochs of mistakes on every example, then a clean one that converges.
    assertEquals(4, report.epochs());
    assertArrayEquals(new int[] {n, n, n, 0}, report.mistakesPerEpoch());
    assertArrayEquals(new int[] {n, n, n, 0}, report.updatesPerEpoch());
    assertTrue(report.converged());
    assertEquals("COUNTING", report.algorithm());
    assertEquals(-4 * n, r.model(), "the final model");
    assertEquals(0.25, report.trainingError());
    assertArrayEquals(java.util.stream.IntStream.range(0, n).toArray(), rule.errorOn);
    // Each epoch's order: the Fisher-Yates shuffle of 0..n-1 from one java.util.Random(seed).
    Random rnd = new Random(seed);
    for (List<Integer> epoch : rule.epochs) {
      int[] order = new int[n];
      EpochOrder.fill(order, rnd);
      assertArrayEquals(order, epoch.stream().mapToInt(Integer::intValue).toArray());
    }
    assertEquals(4, rule.epochs.size());
  }

  @Test
  void theHeldOutExamplesAreADatasetFitsValidationRows() {
    int n = 41;
    long seed = 5;
    double fraction = 0.2;
    Dataset.Builder b = Dataset.builder(1);
    for (int i = 0; i < n; i++) {
      b.add(new float[] {i}, i % 2 == 0 ? 1.0 : -1.0); // the feature names the row
    }
    Dataset[] split = Trainer.split(b.build(), fraction, seed);
    int[] trainRows = new int[split[0].size()];
    for (int i = 0; i < trainRows.length; i++) {
      trainRows[i] = (int) split[0].denseRow(i)[0];
    }
    int[] validationRows = new int[split[1].size()];
    for (int i = 0; i < validationRows.length; i++) {
      validationRows[i] = (int) split[1].denseRow(i)[0];
    }
    int[] until = new int[n];
    Arrays.fill(until, 1000);
    Counting rule = new Counting(until);
    int patience = 2;
    TrainingLoop.Result<Integer> r = TrainingLoop.fit(rule, n, TrainingOptions.builder().maxEpochs(50).seed(seed)
        .earlyStopping(fraction, patience).build());
    TrainingReport report = r.report();
    assertArrayEquals(validationRows, rule.validatedOn);
    assertEquals(0.25, report.trainingError());
    assertArrayEquals(trainRows, rule.errorOn);
    // The order of a dataset fit of the training rows: the shuffle of their positions, from Random(seed).
    Random rnd = new Random(seed);
    for (List<Integer> epoch : rule.epochs) {
      int[] order = new int[trainRows.length];
      EpochOrder.fill(order, rnd);
      assertArrayEquals(Arrays.stream(order).map(i -> trainRows[i]).toArray(),
          epoch.stream().mapToInt(Integer::intValue).toArray());
    }
    // The accuracy (visits / 100, capped at 0.30) rises until 30 visits, in the first epoch, then
    // stays: the model of the first epoch is kept and the run stops `patience` epochs later.
    assertTrue(report.stoppedEarly());
    assertEquals(1 + patience, report.epochs());
    assertEquals(1 + patience, rule.epochs.size());
    assertEquals(trainRows.length, r.model());
    assertEquals(1 + patience, report.validationAccuracyPerEpoch().length);
  }

  @Test
  void onlyTheLearnPackageInstallsTheLoop() {
    TrainingLoop.Bridge other = (TrainingLoop.Bridge) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {TrainingLoop.Bridge.class}, (proxy, method, args) -> null);
    assertThrows(IllegalStateException.class, () -> TrainingLoop.install(other));
    assertThrows(IllegalStateException.class, () -> TrainingLoop.install(new LoopBridge()));
  }
}
