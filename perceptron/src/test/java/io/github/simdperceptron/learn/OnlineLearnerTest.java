package io.github.simdperceptron.learn;

import static io.github.simdperceptron.learn.ModelAssert.assertSameModel;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The online interface (one example at a time, one epoch at a time), warm start, rejection of bad
 * input without a trace, and single-example prediction. Integer data, so equal decisions mean
 * bit-equal weights.
 */
class OnlineLearnerTest {
  private static final long SEED = 77_2024L;
  private static final int N = 160;
  private static final int D = 13;
  private static final Labels PM = Labels.of(List.of("-1", "1"));

  @BeforeAll
  static void printSeed() {
    System.out.println("OnlineLearnerTest seed " + SEED);
  }

  private static TrainingOptions options(int epochs, boolean shuffle) {
    return TrainingOptions.builder().maxEpochs(epochs).shuffle(shuffle).seed(SEED).tau(3f).build();
  }

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"PERCEPTRON", "MARGIN", "AVERAGED", "VOTED"})
  void learningEachExampleInOrderEqualsOneEpochOfFit(Algorithm alg) {
    Dataset data = IntData.noisy(N, D, 0.1, SEED);
    Dataset sparse = IntData.sparse(data);
    TrainingOptions o = options(1, false);
    FitResult<BinaryModel> fit = Learner.fit(alg, data, o);
    String ctx = alg + ", seed " + SEED;
    assertEquals(1, fit.report().epochs(), ctx);
    assertTrue(fit.report().updates() > 0, ctx);

    Learner<BinaryModel> dense = Learner.binary(alg, D, PM, o);
    Learner<BinaryModel> sparseLearner = Learner.binary(alg, D, PM, o);
    Learner<BinaryModel> named = Learner.binary(alg, D, PM, o);
    int updates = 0;
    for (int i = 0; i < N; i++) {
      float[] x = data.denseRow(i);
      int[] ix = IntData.nonZeroIndices(x);
      boolean u = dense.learn(x, (double) data.label(i));
      assertEquals(u, sparseLearner.learn(ix, IntData.values(x, ix), data.label(i)), ctx + ", row " + i);
      assertEquals(u, named.learn(x, data.label(i) > 0 ? "+1" : "-1.0"), ctx + ", row " + i);
      updates += u ? 1 : 0;
    }
    assertEquals(fit.report().updates(), updates, ctx);
    assertEquals(fit.report().mistakes(), dense.mistakes(), ctx);
    assertEquals(N, dense.visits(), ctx);
    assertSameModel(fit.model(), dense.model(), ctx + ", dense learn");
    assertSameModel(fit.model(), sparseLearner.model(), ctx + ", sparse learn");
    assertSameModel(fit.model(), named.model(), ctx + ", learn with class names");
    // and on sparse data, fit gives the same again
    assertSameModel(fit.model(), Learner.fit(alg, sparse, o).model(), ctx + ", fit on sparse data");
  }

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"PERCEPTRON", "MARGIN", "AVERAGED", "VOTED"})
  void partialFitEpochByEpochEqualsFitWithThatManyEpochs(Algorithm alg) {
    Dataset data = IntData.noisy(N, D, 0.15, SEED + 1);
    int k = 5;
    for (boolean shuffle : new boolean[] {false, true}) {
      String ctx = alg + ", shuffle " + shuffle + ", seed " + SEED;
      TrainingOptions o = options(k, shuffle);
      FitResult<BinaryModel> fit = Learner.fit(alg, data, o);
      int[] perEpoch = fit.report().updatesPerEpoch();
      assertEquals(k, perEpoch.length, ctx + ": precondition, no epoch converges");
      Learner<BinaryModel> learner = Learner.binary(alg, D, PM, o);
      for (int e = 0; e < k; e++) {
        TrainingReport r = learner.partialFit(e % 2 == 0 ? data : IntData.sparse(data));
        assertEquals(1, r.epochs(), ctx);
        assertEquals(perEpoch[e], r.updates(), ctx + ", epoch " + e);
        assertEquals(fit.report().mistakesPerEpoch()[e], r.mistakes(), ctx + ", epoch " + e);
      }
      assertEquals(fit.report().mistakes(), learner.mistakes(), ctx);
      assertEquals((long) k * N, learner.visits(), ctx);
      assertSameModel(fit.model(), learner.model(), ctx);
    }
  }

  @Test
  void warmStartContinuesWhereTheFirstFitStopped() {
    Dataset data = IntData.noisy(N, D, 0.1, SEED + 2);
    String ctx = "PERCEPTRON, seed " + SEED;
    FitResult<BinaryModel> three = Learner.fit(Algorithm.PERCEPTRON, data, options(3, false));
    assertEquals(3, three.report().epochs(), ctx + ": precondition, no early convergence");
    LinearModel one = (LinearModel) Learner.fit(Algorithm.PERCEPTRON, data, options(1, false)).model();
    float[] oneWeights = one.weights();
    float oneBias = one.bias();
    assertTrue(oneBias != 0f || one.weights()[0] != 0f, ctx + ": the first fit moved the weights");

    FitResult<BinaryModel> more = Learner.fit(Algorithm.PERCEPTRON, data, options(2, false), one);
    assertSameModel(three.model(), more.model(), ctx + ", fit 1 + warm fit 2");
    assertArrayEquals(
        java.util.Arrays.copyOfRange(three.report().updatesPerEpoch(), 1, 3), more.report().updatesPerEpoch(), ctx);

    Learner<BinaryModel> online = Learner.binary(Algorithm.PERCEPTRON, one, options(2, false));
    assertSameModel(one, online.model(), ctx + ", the warm learner starts at the model");
    online.partialFit(data);
    online.partialFit(data);
    assertSameModel(three.model(), online.model(), ctx + ", fit 1 + online warm 2 epochs");

    // the warm model itself did not move
    assertArrayEquals(IntData.bits(oneWeights), IntData.bits(one.weights()), ctx);
    assertEquals(oneBias, one.bias(), ctx);
  }

  @Test
  void aFailedWarmStartFitLeavesTheModelAsItWas() {
    Dataset data = IntData.noisy(N, D, 0.1, SEED + 3);
    LinearModel warm = (LinearModel) Learner.fit(Algorithm.PERCEPTRON, data, options(2, true)).model();
    int[] before = IntData.bits(warm.weights());
    float bias = warm.bias();
    String ctx = "seed " + SEED;

    Dataset wider = IntData.noisy(N, D + 1, 0.1, SEED);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Learner.fit(Algorithm.PERCEPTRON, wider, options(2, true), warm));
    assertTrue(e.getMessage().contains(String.valueOf(D + 1)), ctx + ": " + e.getMessage());

    Dataset zeroOne = Dataset.builder(D).add(new float[D], 0.0).add(new float[D], 1.0).build();
    e = assertThrows(IllegalArgumentException.class,
        () -> Learner.fit(Algorithm.PERCEPTRON, zeroOne, options(2, true), warm));
    assertTrue(e.getMessage().contains("[0, 1]"), ctx + ": " + e.getMessage());

    Dataset three = Dataset.builder(D).add(new float[D], -1.0).add(new float[D], 1.0)
        .add(new float[D], 2.0).build();
    for (Algorithm alg : Algorithm.values()) {
      assertThrows(IllegalArgumentException.class, () -> Learner.fit(alg, three, options(2, true), warm), alg + ", " + ctx);
      assertThrows(IllegalArgumentException.class, () -> Learner.fit(alg, three, options(2, true)), alg + ", " + ctx);
    }
    assertArrayEquals(before, IntData.bits(warm.weights()), ctx + ": the warm model is as it was");
    assertEquals(bias, warm.bias(), ctx);
  }

  /** Each bad call must throw and leave no trace: the learner then behaves exactly like a twin that never saw it. */
  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"PERCEPTRON", "MARGIN", "AVERAGED", "VOTED"})
  void rejectedInputLeavesTheLearnerUnchanged(Algorithm alg) {
    Dataset data = IntData.noisy(N, D, 0.1, SEED + 4);
    TrainingOptions o = options(1, true);
    Learner<BinaryModel> learner = Learner.binary(alg, D, PM, o);
    Learner<BinaryModel> twin = Learner.binary(alg, D, PM, o);
    String ctx = alg + ", seed " + SEED;
    int half = N / 2;
    for (int i = 0; i < half; i++) {
      learner.learn(data.denseRow(i), data.label(i));
      twin.learn(data.denseRow(i), data.label(i));
    }
    BinaryModel snapshot = learner.model();
    long visits = learner.visits();
    long mistakes = learner.mistakes();

    float[] nan = data.denseRow(half);
    nan[3] = Float.NaN;
    float[] inf = data.denseRow(half);
    inf[D - 1] = Float.NEGATIVE_INFINITY;
    float[] x = data.denseRow(half);
    List<Runnable> bad = new ArrayList<>();
    List<Class<? extends RuntimeException>> expected = new ArrayList<>();
    Consumer<Runnable> iae = r -> {
      bad.add(r);
      expected.add(IllegalArgumentException.class);
    };
    iae.accept(() -> learner.learn(new float[D + 1], 1.0)); // wrong dimension
    iae.accept(() -> learner.learn(new float[D - 1], "1"));
    iae.accept(() -> learner.learn(x, 7.0)); // unknown label
    iae.accept(() -> learner.learn(x, "dog"));
    iae.accept(() -> learner.learn(x, 0.0));
    iae.accept(() -> learner.learn(x, Double.NaN)); // non-finite label
    iae.accept(() -> learner.learn(nan, 1.0)); // NaN in the example
    iae.accept(() -> learner.learn(inf, -1.0));
    iae.accept(() -> learner.learn(new int[] {0, D}, new float[] {1, 1}, 1.0)); // index out of range
    iae.accept(() -> learner.learn(new int[] {4, 2}, new float[] {1, 1}, 1.0)); // not increasing
    iae.accept(() -> learner.learn(new int[] {2, 2}, null, 1.0)); // duplicate
    iae.accept(() -> learner.learn(new int[] {1, 2}, new float[] {1}, 1.0)); // length mismatch
    iae.accept(() -> learner.learn(new int[] {1, 2}, new float[] {1, Float.NaN}, -1.0));
    iae.accept(() -> learner.learn(new int[] {1}, new float[] {1}, 3.0));
    iae.accept(() -> learner.partialFit(IntData.noisy(10, D + 1, 0.1, SEED))); // wrong dimension
    iae.accept(() -> learner.partialFit(Dataset.builder(D).add(new float[D], 0.0).add(new float[D], 1.0).build()));
    iae.accept(() -> learner.partialFit(Dataset.builder(D).add(new float[D], 1.0).add(new float[D], -1.0)
        .add(new float[D], 2.0).build())); // three classes
    bad.add(() -> learner.learn(x, (String) null));
    expected.add(NullPointerException.class);
    bad.add(() -> learner.partialFit(null));
    expected.add(NullPointerException.class);

    for (int c = 0; c < bad.size(); c++) {
      assertThrows(expected.get(c), bad.get(c)::run, ctx + ", bad call " + c);
      assertSameModel(snapshot, learner.model(), ctx + ", after bad call " + c);
      assertEquals(visits, learner.visits(), ctx + ", after bad call " + c);
      assertEquals(mistakes, learner.mistakes(), ctx + ", after bad call " + c);
    }
    for (int i = half; i < N; i++) {
      assertEquals(twin.learn(data.denseRow(i), data.label(i)), learner.learn(data.denseRow(i), data.label(i)),
          ctx + ", row " + i);
    }
    learner.partialFit(data);
    twin.partialFit(data);
    assertSameModel(twin.model(), learner.model(), ctx + ", after the rest");
    assertEquals(twin.visits(), learner.visits(), ctx);
  }

  @Test
  void theVoteCapRefusesTheExampleWithoutChangingTheLearner() {
    TrainingOptions o = options(1, false).toBuilder().voteCap(2).bias(false).build();
    Learner<BinaryModel> learner = Learner.binary(Algorithm.VOTED, 1, PM, o);
    // v = 0: mistake, v = 1 (c = 1); x=1,y=-1: mistake, stores (1, c=1), v = 0 (c = 1): 2 vectors.
    assertTrue(learner.learn(new float[] {1}, 1.0));
    assertTrue(learner.learn(new float[] {1}, -1.0));
    // v = 0 is wrong on (1, +1) again; storing it would need a third vector.
    BinaryModel before = learner.model();
    assertEquals(2, ((VotedModel) before).vectors());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> learner.learn(new float[] {1}, 1.0));
    assertTrue(e.getMessage().contains("2"), e.getMessage());
    assertSameModel(before, learner.model(), "after the refused example");
    assertEquals(2, learner.visits());
    assertEquals(2, learner.mistakes());
    // A zero example has activation 0, a mistake for either label: refused as well.
    assertThrows(IllegalStateException.class, () -> learner.learn(new float[] {0}, -1.0));
    assertSameModel(before, learner.model(), "after the second refused example");
  }

  @Test
  void learnersThatNeedTheWholeSetOrMoreClassesAreRefused() {
    for (Algorithm alg : new Algorithm[] {Algorithm.PLA, Algorithm.POCKET}) {
      assertThrows(IllegalArgumentException.class, () -> Learner.binary(alg, 3, PM, TrainingOptions.defaults()));
    }
    assertThrows(IllegalArgumentException.class,
        () -> Learner.binary(Algorithm.PERCEPTRON, 3, Labels.of(List.of("a", "b", "c")), TrainingOptions.defaults()));
    assertThrows(IllegalArgumentException.class,
        () -> Learner.binary(Algorithm.PERCEPTRON, 0, PM, TrainingOptions.defaults()));
    assertThrows(NullPointerException.class,
        () -> Learner.binary(Algorithm.PERCEPTRON, 3, null, TrainingOptions.defaults()));
  }

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"PERCEPTRON", "AVERAGED", "VOTED", "POCKET", "MARGIN"})
  void singleExamplePredictionsAgreeWithTheWholeDataset(Algorithm alg) {
    Dataset data = IntData.noisy(N, D, 0.1, SEED + 5);
    Dataset sparse = IntData.sparse(data);
    BinaryModel m = Learner.fit(alg, data, options(3, true)).model();
    String ctx = alg + ", seed " + SEED;
    float[] sd = m.scores(data);
    float[] ss = m.scores(sparse);
    int[] classes = m.predictClasses(data);
    // Perceptron, pocket, margin and voted weights are integers: every score is exact. The averaged
    // weights are not; there single and batch scores may round differently, within the dot bound.
    boolean exact = alg != Algorithm.AVERAGED;
    float[] w = m instanceof LinearModel ? ((LinearModel) m).weights() : null;
    float b = m instanceof LinearModel ? ((LinearModel) m).bias() : 0f;
    for (int i = 0; i < N; i++) {
      float[] x = data.denseRow(i);
      int[] ix = IntData.nonZeroIndices(x);
      float[] single = {m.score(x), m.score(ix, IntData.values(x, ix)), m.score(data, i), m.score(sparse, i), ss[i]};
      if (exact) {
        for (float s : single) {
          assertEquals(sd[i], s, ctx + ", row " + i);
        }
      } else {
        double exactScore = b;
        double abs = Math.abs(b);
        for (int j = 0; j < D; j++) {
          exactScore += (double) x[j] * w[j];
          abs += Math.abs((double) x[j] * w[j]);
        }
        // float summation of D + 1 terms: |error| <= (D + 1) * 2^-24 * sum |terms| (first order), times 2 for slack
        double bound = 2 * (D + 1) * Math.ulp(1f) / 2 * abs;
        assertEquals(exactScore, sd[i], bound, ctx + ", row " + i);
        for (float s : single) {
          assertEquals(exactScore, s, bound, ctx + ", row " + i);
        }
      }
      assertEquals(m.score(x) > 0f ? 1f : -1f, m.predict(x), ctx + ", row " + i);
      assertEquals(m.predict(x), m.predict(ix, IntData.values(x, ix)), ctx + ", row " + i);
      assertEquals(sd[i] > 0f ? 1 : 0, classes[i], ctx + ", row " + i);
    }
    assertThrows(IllegalArgumentException.class, () -> m.scores(IntData.noisy(3, D + 2, 0, SEED)), ctx);
  }

  @Test
  void binarySparseExamplesScoreLikeTheirDenseForm() {
    // 0/1 data: the binary sparse form (values null) must score like the dense rows.
    Dataset.Builder b = Dataset.builder(D);
    Dataset.Builder s = Dataset.builder(D);
    java.util.Random rnd = new java.util.Random(SEED);
    for (int i = 0; i < N; i++) {
      float[] x = new float[D];
      for (int j = 0; j < D; j++) {
        x[j] = rnd.nextBoolean() ? 1 : 0;
      }
      double y = (x[0] + x[1] + x[2] >= 2) ^ (rnd.nextDouble() < 0.1) ? 1 : -1;
      b.add(x, y);
      s.add(IntData.nonZeroIndices(x), null, y);
    }
    Dataset dense = b.build();
    Dataset binary = s.build();
    assertTrue(DataAccess.isBinary(binary), "seed " + SEED);
    for (Algorithm alg : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.VOTED}) {
      String ctx = alg + ", seed " + SEED;
      BinaryModel m = Learner.fit(alg, dense, options(2, true)).model();
      assertSameModel(m, Learner.fit(alg, binary, options(2, true)).model(), ctx + ", fit on binary sparse");
      float[] sd = m.scores(dense);
      for (int i = 0; i < N; i++) {
        int[] ix = IntData.nonZeroIndices(dense.denseRow(i));
        assertEquals(sd[i], m.score(ix, null), ctx + ", row " + i);
        assertEquals(sd[i], m.score(binary, i), ctx + ", row " + i);
        assertEquals(m.predict(dense.denseRow(i)), m.predict(ix, null), ctx + ", row " + i);
      }
    }
    assertFalse(dense.isSparse(), "seed " + SEED);
  }
}
