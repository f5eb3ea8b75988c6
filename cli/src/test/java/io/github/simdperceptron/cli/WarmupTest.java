package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WarmupTest {

  private static TrainArgs trainArgs(String... args) {
    Options o = new Options("perceptron train");
    TrainArgs.addOptions(o);
    return new TrainArgs(o.parse(Arrays.asList(args)));
  }

  /** The kernel perceptron's forms and kernels, as train's arguments. */
  static Stream<Arguments> kernelLearners() {
    return Stream.of(
        new String[] {"--kernel", "rbf", "--algorithm", "averaged", "--multiclass", "direct"},
        new String[] {"--kernel", "rbf", "--gamma", "0.5", "--algorithm", "perceptron", "--budget", "20"},
        new String[] {"--kernel", "poly", "--algorithm", "voted", "--multiclass", "direct"},
        new String[] {"--kernel", "linear", "--algorithm", "averaged"}).map(a -> Arguments.of((Object) a));
  }

  @ParameterizedTest
  @MethodSource("kernelLearners")
  void everyKernelLearnerRunsAllItsWarmUpFitsOnBothRowForms(String[] args) throws InterruptedException {
    TrainArgs train = trainArgs(args);
    assertNull(Warmup.start(train, true, Warmup.KERNEL_MIN_FILE_BYTES - 1));
    for (boolean sparse : new boolean[] {false, true}) {
      Warmup w = Warmup.start(train, sparse, Warmup.KERNEL_MIN_FILE_BYTES);
      assertNotNull(w, "a file of KERNEL_MIN_FILE_BYTES on two processors warms up the kernel perceptron");
      long deadline = System.nanoTime() + 120_000_000_000L;
      while (w.running() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertFalse(w.running(), "the warm-up ends by itself");
      // A fit that threw would end the warm-up early: the generated data must suit every form.
      assertEquals(Warmup.KERNEL_FITS, w.fitsDone(), String.join(" ", args) + (sparse ? ", sparse" : ", dense"));
    }
  }

  @Test
  void theKernelFitWaitsForTheFirstWarmUpFitsAtMostTheBound() {
    Warmup w = Warmup.start(trainArgs("--kernel", "rbf", "--algorithm", "averaged", "--multiclass", "direct"), true,
        Warmup.KERNEL_MIN_FILE_BYTES);
    assertNotNull(w);
    try {
      long t0 = System.nanoTime();
      w.beforeFit();
      long waited = System.nanoTime() - t0;
      // The first fits of a cold JVM take tens of milliseconds at least: without the wait none is done.
      assertTrue(w.fitsDone() >= Warmup.KERNEL_FITS_BEFORE_FIT || waited >= Warmup.KERNEL_WAIT_MILLIS * 1_000_000L,
          "beforeFit returned after " + waited / 1e6 + " ms with " + w.fitsDone() + " fits done");
      assertTrue(waited < Warmup.KERNEL_WAIT_MILLIS * 1_000_000L + 5_000_000_000L,
          "beforeFit waited " + waited / 1e6 + " ms, past its bound");
    } finally {
      w.finish();
    }
  }

  @Test
  void aWaitForMoreFitsThanTheWarmUpRunsEndsWithIt() {
    Warmup w = Warmup.start(trainArgs("--kernel", "poly", "--algorithm", "perceptron"), false,
        Warmup.KERNEL_MIN_FILE_BYTES);
    assertNotNull(w);
    try {
      long t0 = System.nanoTime();
      w.awaitFits(Warmup.KERNEL_FITS + 1, 60_000_000_000L);
      long waited = System.nanoTime() - t0;
      assertEquals(Warmup.KERNEL_FITS, w.fitsDone(), "the wait ends when the last fit is done");
      assertTrue(waited < 30_000_000_000L, "the wait ended with the warm-up, not at its bound: " + waited / 1e9 + " s");
    } finally {
      w.finish();
    }
  }

  /** Every learner the command can train, as train's arguments. */
  static Stream<Arguments> linearLearners() {
    List<String[]> all = new ArrayList<>();
    for (String a : new String[] {"perceptron", "pla", "pocket", "voted", "averaged", "margin"}) {
      all.add(new String[] {"--algorithm", a});
      if (!a.equals("voted")) {
        all.add(new String[] {"--algorithm", a, "--multiclass", "ovr"});
      }
    }
    all.add(new String[] {"--algorithm", "averaged", "--multiclass", "direct"});
    return all.stream().map(a -> Arguments.of((Object) a));
  }

  /** Only the kernel perceptron warms up, whatever the size of the file. */
  @ParameterizedTest
  @MethodSource("linearLearners")
  void linearLearnersStartNone(String[] args) {
    assertNull(Warmup.start(trainArgs(args), true, Long.MAX_VALUE), String.join(" ", args));
    assertNull(Warmup.start(trainArgs(args), false, Long.MAX_VALUE), String.join(" ", args));
  }

  @Test
  void aKernelFitBesideTheWarmUpEqualsOneWithout() {
    Random r = new Random(17);
    int d = 50;
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < 600; i++) {
      int[] idx = r.ints(0, d).distinct().limit(1 + r.nextInt(30)).sorted().toArray();
      float[] val = new float[idx.length];
      for (int t = 0; t < val.length; t++) {
        val[t] = r.nextFloat();
      }
      b.add(idx, val, r.nextInt(4));
    }
    Dataset data = b.build();
    TrainArgs train = trainArgs("--kernel", "rbf", "--algorithm", "averaged", "--multiclass", "direct", "--seed", "3");
    TrainingOptions options = train.options();
    KernelModel alone = (KernelModel) train.fit(data, options).model();
    Warmup w = Warmup.start(train, true, Warmup.KERNEL_MIN_FILE_BYTES);
    KernelModel beside;
    try {
      beside = (KernelModel) train.fit(data, options).model();
    } finally {
      w.finish();
    }
    assertEquals(alone.size(), beside.size());
    float[][] a = alone.coefficients();
    float[][] c = beside.coefficients();
    for (int s = 0; s < a.length; s++) {
      assertArrayEquals(a[s], c[s], "coefficients of support vector " + s);
    }
    assertArrayEquals(alone.biases(), beside.biases());
  }

  @Test
  void smallFilesAndTheSwitchStartNone() {
    TrainArgs train = trainArgs("--kernel", "rbf", "--algorithm", "averaged", "--multiclass", "direct");
    assertNull(Warmup.start(train, true, Warmup.KERNEL_MIN_FILE_BYTES - 1));
    String before = System.getProperty("perceptron.warmup");
    System.setProperty("perceptron.warmup", "false");
    try {
      assertNull(Warmup.start(train, true, Warmup.KERNEL_MIN_FILE_BYTES));
    } finally {
      if (before == null) {
        System.clearProperty("perceptron.warmup");
      } else {
        System.setProperty("perceptron.warmup", before);
      }
    }
  }
}
