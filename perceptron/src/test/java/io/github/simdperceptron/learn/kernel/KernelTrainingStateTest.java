package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exact resume of the kernel perceptron: E1 epochs, the state written to a model file and read
 * back, then E2 more on the same rows give the model file of one fit of E1 + E2 epochs byte for
 * byte, for every algorithm and form, on real-valued data where the engine's order of sums
 * matters (pending updates, cached columns, deferred terms, a budget's removals all carried over).
 */
class KernelTrainingStateTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @TempDir
  Path dir;

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")";
  }

  private static TrainingOptions options(int epochs) {
    return TrainingOptions.builder().maxEpochs(epochs).seed(SEED).tau(0.5f).aggressiveness(0.7f).build();
  }

  /** The same rows in a dataset object of its own (a second read of the same file). */
  private static Dataset again(Dataset data) {
    return data.subset(IntStream.range(0, data.size()).toArray());
  }

  private byte[] fileBytes(ModelFile file, String name) throws IOException {
    Path p = dir.resolve(name);
    ModelFile.write(p, file);
    return Files.readAllBytes(p);
  }

  /** One fit of e1 + e2 epochs against e1, the file written and read, then e2 more: the same model file bytes. */
  private void check(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel, int budget, Dataset data,
      KernelSettings settings, int e1, int e2, String where) throws IOException {
    TrainingOptions all = options(e1 + e2);
    KernelRule rule = averagedForm ? KernelLearner.averagedRule(algorithm, kernel, budget, data, all, settings)
        : KernelLearner.rule(algorithm, kernel, budget, data, all, settings);
    FitResult<KernelModel> one = TrainingLoop.fit(rule, data, all);
    byte[] expected = fileBytes(ModelFile.of(one.model(), one.report().algorithm(), one.options()), "one.bin");

    KernelTrainingState state = KernelTrainingState.start(algorithm, averagedForm, kernel, budget, options(1),
        settings);
    FitResult<KernelModel> first = state.train(data, e1);
    assertEquals(e1, first.report().epochs(), where + ": the first run's epochs");
    Path saved = dir.resolve("saved.bin");
    ModelFile.write(saved, ModelFile.of(state));
    ModelFile read = ModelFile.read(saved);
    assertNotNull(read.kernelState(), where + ": the file's training state");
    KernelTrainingState resumed = read.kernelState();
    assertEquals(e1, resumed.epochs(), where);
    resumed.train(again(data), e2);
    byte[] actual = fileBytes(ModelFile.of(resumed).withoutState(), "resumed.bin");
    assertArrayEquals(expected, actual, where + ": resumed after " + e1 + " epochs (" + one.model().size()
        + " support vectors in one run, " + resumed.model().size() + " resumed)");

    // The same in one process, in three runs, with another dataset object of the same rows between.
    KernelTrainingState inProcess = KernelTrainingState.start(algorithm, averagedForm, kernel, budget, options(1),
        settings);
    int second = e1 > 1 ? e1 - 1 : 1;
    inProcess.train(data, 1);
    inProcess.train(again(data), second);
    if (e1 + e2 - 1 - second > 0) {
      inProcess.train(data, e1 + e2 - 1 - second);
    }
    assertEquals(e1 + e2, inProcess.epochs(), where);
    assertArrayEquals(expected, fileBytes(ModelFile.of(inProcess).withoutState(), "in-process.bin"),
        where + ": three runs in one process");
  }

  @Test
  void resumingGivesTheModelOfOneRunByteForByte() throws IOException {
    Random r = new Random(SEED);
    long seed = r.nextLong();
    String where = tag() + " data seed " + seed;
    System.out.println("KernelTrainingStateTest " + where);
    Dataset four = KernelTrainingScoresTest.noisy(400, 23, 4, seed);
    Dataset two = KernelTrainingScoresTest.noisy(300, 17, 2, seed + 1);
    KernelModel.Function rbf = KernelModel.Function.rbf(0.1);
    // A few columns cached, small commits and flushes: every path of the engine is taken and left mid-way.
    KernelSettings tight = new KernelSettings(5, 12L * (400 + 3) * Float.BYTES, 3);
    KernelSettings roomy = new KernelSettings(KernelSettings.PENDING, 1L << 30, KernelSettings.DEFERRED);
    check(Algorithm.PERCEPTRON, false, rbf, 0, four, tight, 2, 3, where + " perceptron tight");
    check(Algorithm.PERCEPTRON, false, rbf, 0, four, roomy, 1, 2, where + " perceptron roomy");
    check(Algorithm.AVERAGED, false, rbf, 0, four, roomy, 2, 2, where + " averaged");
    check(Algorithm.AVERAGED, false, rbf, 70, four, tight, 2, 3, where + " averaged budget");
    check(Algorithm.VOTED, false, rbf, 0, two, tight, 1, 3, where + " voted binary");
    check(Algorithm.VOTED, false, rbf, 0, four, roomy, 2, 1, where + " voted");
    check(Algorithm.MARGIN, false, rbf, 0, two, roomy, 2, 2, where + " margin binary");
    check(Algorithm.MARGIN, true, rbf, 50, four, tight, 2, 2, where + " averaged margin budget");
    check(Algorithm.PA, false, rbf, 0, four, tight, 1, 2, where + " pa");
    check(Algorithm.PA1, true, rbf, 0, two, roomy, 2, 3, where + " averaged pa1 binary");
    check(Algorithm.PA2, true, KernelModel.Function.poly(0.5, 2, 1), 0,
        io.github.simdperceptron.learn.IntData.sparse(four), tight, 2, 2, where + " averaged pa2 poly sparse");
  }

  @Test
  void onIntegerDataTheResumedModelIsTheLiteralTwinsToo() throws IOException {
    // The fit of one run equals the reference twin on integer data (KernelLearnerTest); here the
    // resumed run equals that fit, so the twin's uninterrupted run.
    Dataset data = KernelLearnerTest.classes(300, 9, 3, 0.1, SEED);
    check(Algorithm.AVERAGED, false, KernelModel.Function.poly(1, 2, 1), 0, data,
        KernelSettings.DEFAULT.cacheBytes(1L << 28), 2, 3, tag() + " poly integer");
  }

  @Test
  void aLearnerThatStoppedAddsNoEpoch() {
    // Separable: the classes are the sign of the first feature.
    Dataset.Builder b = Dataset.builder(2);
    Random r = new Random(SEED);
    for (int i = 0; i < 60; i++) {
      float x = r.nextInt(5) + 1;
      b.add(new float[] {i % 2 == 0 ? x : -x, r.nextInt(3)}, i % 2 == 0 ? "pos" : "neg");
    }
    Dataset data = b.build();
    KernelTrainingState state = KernelTrainingState.start(Algorithm.PERCEPTRON, false, KernelModel.Function.linear(), 0,
        options(1));
    FitResult<KernelModel> fit = state.train(data, 50);
    assertTrue(fit.report().converged() && fit.report().epochs() < 50, tag() + ": " + fit.report().epochs());
    FitResult<KernelModel> more = state.train(data, 5);
    assertEquals(0, more.report().epochs(), tag());
    assertEquals(fit.report().epochs(), state.epochs(), tag());
  }

  /** The rows of data with a class name of their own (prefixed), so that a run on them brings new classes. */
  private static Dataset renamed(Dataset data, String prefix, int dimension) {
    Dataset.Builder b = Dataset.builder(dimension);
    for (int i = 0; i < data.size(); i++) {
      b.add(java.util.Arrays.copyOf(data.denseRow(i), dimension), prefix + data.labels().name(data.classOf(i)));
    }
    return b.build();
  }

  /**
   * Runs on d1, then on d2 (other rows), then more on d2 twice: in memory, and with the state
   * written and read back before the last run. The same model file bytes.
   */
  private void checkOtherRows(Algorithm algorithm, boolean averagedForm, KernelModel.Function kernel, int budget,
      Dataset d1, Dataset d2, KernelSettings settings, String where) throws IOException {
    KernelTrainingState memory = KernelTrainingState.start(algorithm, averagedForm, kernel, budget, options(1),
        settings);
    memory.train(d1, 2);
    int before = memory.model().size();
    memory.train(d2, 2);
    Path saved = dir.resolve("other.bin");
    ModelFile.write(saved, ModelFile.of(memory));
    KernelTrainingState read = ModelFile.read(saved).kernelState();
    memory.train(again(d2), 2);
    read.train(d2, 2);
    assertArrayEquals(fileBytes(ModelFile.of(memory), "memory.bin"), fileBytes(ModelFile.of(read), "read.bin"),
        where + ": after a run on other rows, resumed from a file");
    assertEquals(6, memory.epochs(), where);
    assertTrue(memory.model().dimension() >= Math.max(d1.dimension(), d2.dimension()), where);
    if (budget == 0 && algorithm != Algorithm.VOTED) {
      assertTrue(memory.model().size() >= before, where + ": the earlier support vectors are kept");
    }
  }

  @Test
  void otherRowsGoOnFromTheModelAndResumeExactly() throws IOException {
    Random r = new Random(SEED + 5);
    long seed = r.nextLong();
    String where = tag() + " data seed " + seed;
    System.out.println("KernelTrainingStateTest other rows " + where);
    KernelModel.Function rbf = KernelModel.Function.rbf(0.1);
    KernelSettings tight = new KernelSettings(5, 12L * (600 + 3) * Float.BYTES, 3);
    Dataset d1 = KernelTrainingScoresTest.noisy(200, 12, 3, seed);
    Dataset d2 = KernelTrainingScoresTest.noisy(150, 15, 3, seed + 1);
    Dataset newClasses = renamed(KernelTrainingScoresTest.noisy(150, 12, 2, seed + 2), "n", 12);
    checkOtherRows(Algorithm.PERCEPTRON, false, rbf, 0, d1, d2, tight, where + " perceptron, more features");
    checkOtherRows(Algorithm.AVERAGED, false, rbf, 40, d1, newClasses, tight, where + " averaged budget, new classes");
    checkOtherRows(Algorithm.MARGIN, true, rbf, 0, d1, io.github.simdperceptron.learn.IntData.sparse(d2),
        KernelSettings.DEFAULT.cacheBytes(1L << 26), where + " averaged margin, sparse");
    checkOtherRows(Algorithm.VOTED, false, rbf, 0, KernelTrainingScoresTest.noisy(200, 12, 2, seed + 3),
        KernelTrainingScoresTest.noisy(100, 12, 2, seed + 4), tight, where + " voted binary");
  }

  /**
   * On integer data with a polynomial kernel every sum is exact: the K-class perceptron that goes
   * on with other rows equals a literal loop that starts from the first model's support vectors,
   * coefficients and biases and visits the new rows in the order the loop's generator draws.
   */
  @Test
  void otherRowsEqualALiteralLoopFromTheModel() {
    Dataset d1 = KernelLearnerTest.classes(150, 7, 3, 0.1, SEED);
    Dataset d2 = KernelLearnerTest.classes(120, 7, 3, 0.1, SEED + 1);
    KernelModel.Function poly = KernelModel.Function.poly(1, 2, 1);
    KernelTrainingState state = KernelTrainingState.start(Algorithm.PERCEPTRON, false, poly, 0, options(1));
    KernelModel first = state.train(d1, 2).model();
    long generator = state.loop.generator();
    KernelModel then = state.train(d2, 3).model();

    // The literal loop: support vectors as rows, coefficients and biases in double.
    int k = 3;
    java.util.List<double[]> sv = new java.util.ArrayList<>();
    java.util.List<double[]> alpha = new java.util.ArrayList<>();
    java.util.Map<Integer, Integer> slotOfNewRow = new java.util.HashMap<>();
    for (int s = 0; s < first.size(); s++) {
      sv.add(toDouble(first.supportVectors().denseRow(s)));
      alpha.add(toDouble(first.coefficients()[s]));
    }
    double[] b = toDouble(first.biases());
    // d2's classes as the model's (the same names, maybe another order).
    int[] y = new int[d2.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = first.labels().indexOf(d2.labels().name(d2.classOf(i)));
    }
    io.github.simdperceptron.learn.internal.SeededRandom rnd = new io.github.simdperceptron.learn.internal.SeededRandom(0);
    rnd.restore(generator);
    int[] order = new int[d2.size()];
    for (int epoch = 0; epoch < 3; epoch++) {
      io.github.simdperceptron.learn.internal.EpochOrder.fill(order, rnd);
      for (int i : order) {
        double[] x = toDouble(d2.denseRow(i));
        double[] score = b.clone();
        for (int s = 0; s < sv.size(); s++) {
          double dot = 0;
          for (int j = 0; j < x.length; j++) {
            dot += sv.get(s)[j] * x[j];
          }
          double kv = (dot + 1) * (dot + 1);
          for (int c = 0; c < k; c++) {
            score[c] += alpha.get(s)[c] * kv;
          }
        }
        int pred = 0;
        for (int c = 1; c < k; c++) {
          if (score[c] > score[pred]) {
            pred = c;
          }
        }
        if (pred != y[i]) {
          Integer slot = slotOfNewRow.get(i);
          if (slot == null) {
            slot = sv.size();
            slotOfNewRow.put(i, slot);
            sv.add(x);
            alpha.add(new double[k]);
          }
          alpha.get(slot)[y[i]] += 1;
          alpha.get(slot)[pred] -= 1;
          b[y[i]] += 1;
          b[pred] -= 1;
        }
      }
    }
    assertEquals(sv.size(), then.size(), tag() + ": support vectors");
    float[][] coef = then.coefficients();
    for (int s = 0; s < sv.size(); s++) {
      assertArrayEquals(toFloat(sv.get(s)), then.supportVectors().denseRow(s), tag() + ": support vector " + s);
      assertArrayEquals(toFloat(alpha.get(s)), coef[s], tag() + ": coefficients of " + s);
    }
    assertArrayEquals(toFloat(b), then.biases(), tag() + ": biases");
  }

  private static double[] toDouble(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }

  private static float[] toFloat(double[] v) {
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) v[i];
    }
    return out;
  }

  @Test
  void aBinaryModelsClassesAreFixed() {
    Dataset two = KernelTrainingScoresTest.real(80, 5, 2, SEED);
    KernelTrainingState state = KernelTrainingState.start(Algorithm.AVERAGED, false, KernelModel.Function.rbf(0.2), 0,
        options(1));
    state.train(two, 1);
    Dataset three = renamed(KernelTrainingScoresTest.real(80, 5, 3, SEED + 1), "n", 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> state.train(three, 1));
    assertTrue(e.getMessage().contains("binary kernel model's classes are fixed"), e.getMessage());
    assertEquals(1, state.epochs(), "a refused run changes nothing");
    state.train(again(two), 1);
    assertEquals(2, state.epochs());
  }

  @Test
  void aValidationSplitAndAWrongFormAreRefused() {
    TrainingOptions split = options(3).toBuilder().earlyStopping(0.2, 2).build();
    assertThrows(IllegalArgumentException.class, () -> KernelTrainingState.start(Algorithm.AVERAGED, false,
        KernelModel.Function.linear(), 0, split));
    assertThrows(RuntimeException.class, () -> KernelTrainingState.start(Algorithm.AVERAGED, true,
        KernelModel.Function.linear(), 0, options(1)));
    assertThrows(RuntimeException.class, () -> KernelTrainingState.start(Algorithm.VOTED, false,
        KernelModel.Function.linear(), 10, options(1)));
  }

  @Test
  void aDamagedStateIsRefusedWithItsField() throws IOException {
    Dataset data = KernelTrainingScoresTest.noisy(150, 8, 3, SEED);
    KernelTrainingState state = KernelTrainingState.start(Algorithm.AVERAGED, false, KernelModel.Function.rbf(0.2), 30,
        options(1), new KernelSettings(4, 1L << 24, 2));
    state.train(data, 2);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    state.writeTo(new DataOutputStream(bytes));
    byte[] good = bytes.toByteArray();
    assertEquals(state.bytes(), good.length, "bytes() and writeTo agree");
    KernelModel model = state.model();
    String learner = state.learner();
    KernelTrainingState back = KernelTrainingState.readFrom(new DataInputStream(new ByteArrayInputStream(good)),
        good.length, model, learner, state.options());
    assertEquals(state.epochs(), back.epochs());
    // Truncated.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KernelTrainingState.readFrom(
        new DataInputStream(new ByteArrayInputStream(good)), good.length - 3, model, learner, state.options()));
    assertTrue(e.getMessage().contains("ends early") || e.getMessage().contains("bytes left"), e.getMessage());
    // The format byte, the number of training rows, and the learner's name.
    byte[] bad = good.clone();
    bad[0] = 9;
    e = assertThrows(IllegalArgumentException.class, () -> KernelTrainingState.readFrom(
        new DataInputStream(new ByteArrayInputStream(bad)), bad.length, model, learner, state.options()));
    assertTrue(e.getMessage().contains("state format 9"), e.getMessage());
    byte[] rows = good.clone();
    // format 1, epochs 4, generator 8, fingerprint 8, status 1, clean 4, budget 4, aggressiveness 4: n at 34.
    rows[34] = (byte) 0x7F;
    e = assertThrows(IllegalArgumentException.class, () -> KernelTrainingState.readFrom(
        new DataInputStream(new ByteArrayInputStream(rows)), rows.length, model, learner, state.options()));
    assertTrue(e.getMessage().contains("rows"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> KernelTrainingState.readFrom(
        new DataInputStream(new ByteArrayInputStream(good)), good.length, model, "KERNEL(PERCEPTRON, linear)",
        state.options()));
    assertTrue(e.getMessage().contains("learner"), e.getMessage());
  }
}
