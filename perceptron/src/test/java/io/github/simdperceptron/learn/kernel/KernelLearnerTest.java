package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.IntData;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import io.github.simdperceptron.reference.ReferenceKernelPerceptron;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The kernel perceptron against its literal twin and against the primal perceptron, on
 * small-integer data where every sum is exact: the same mistakes, the same support vectors and
 * the same coefficients bit for bit; and the blocked scoring against one visit at a time.
 */
class KernelLearnerTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")";
  }

  /** n rows, entries in {-2..2}, labelled by the arg max of k planted integer directions (k = 2: the sign of one). */
  static Dataset classes(int n, int d, int k, double flip, long seed) {
    if (k <= 2) {
      return IntData.noisy(n, d, flip, seed);
    }
    Random rnd = new Random(seed);
    int[][] u = new int[k][d];
    for (int[] row : u) {
      for (int j = 0; j < d; j++) {
        row[j] = rnd.nextInt(5) - 2;
      }
    }
    Dataset.Builder b = Dataset.builder(d);
    float[] x = new float[d];
    for (int i = 0; i < n; i++) {
      int best = 0;
      long bestScore = Long.MIN_VALUE;
      for (int j = 0; j < d; j++) {
        x[j] = rnd.nextDouble() < 0.4 ? 0 : rnd.nextInt(5) - 2;
      }
      for (int c = 0; c < k; c++) {
        long s = 0;
        for (int j = 0; j < d; j++) {
          s += (long) u[c][j] * (long) x[j];
        }
        if (s > bestScore) {
          bestScore = s;
          best = c;
        }
      }
      if (rnd.nextDouble() < flip) {
        best = rnd.nextInt(k);
      }
      b.add(x, "c" + best);
    }
    return b.build();
  }

  /** The rows of data with each entry kept with probability 0.2 (the labels as they were). */
  static Dataset thin(Dataset data, long seed) {
    Random rnd = new Random(seed ^ 0x5DEECE66DL);
    Dataset.Builder b = Dataset.builder(data.dimension());
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      for (int j = 0; j < x.length; j++) {
        x[j] = rnd.nextDouble() < 0.2 ? x[j] : 0f;
      }
      b.add(x, data.labels().name(data.classOf(i)));
    }
    return b.build();
  }

  private static int[] classIndices(Dataset data) {
    int[] classes = new int[data.size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = data.labels().size() <= 2 ? (data.label(i) > 0 ? 1 : 0) : data.classOf(i);
    }
    return classes;
  }

  private static float[][] rows(Dataset data) {
    float[][] x = new float[data.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = data.denseRow(i);
    }
    return x;
  }

  private static TrainingOptions options(int epochs, long seed, boolean bias) {
    return TrainingOptions.builder().maxEpochs(epochs).seed(seed).bias(bias).updateLog(true).build();
  }

  @Test
  void thePolynomialKernelEqualsItsLiteralTwinBitForBit() {
    System.out.println("KernelLearnerTest " + tag());
    Random r = new Random(SEED);
    for (int k : new int[] {2, 4}) {
      for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
        // dense rows; sparse rows 60% full (written out dense for the Gram blocks); sparse rows
        // about 12% full (the sparse Gram block)
        for (int form = 0; form < 3; form++) {
          boolean sparse = form > 0;
          long seed = r.nextLong();
          boolean bias = r.nextBoolean();
          Dataset dense = form == 2 ? thin(classes(150, 7, k, 0.05, seed), seed) : classes(150, 7, k, 0.05, seed);
          Dataset data = sparse ? IntData.sparse(dense) : dense;
          KernelModel.Function poly = KernelModel.Function.poly(1, 2, 1);
          FitResult<KernelModel> fast = KernelLearner.fit(algorithm, poly, 0, data, options(6, seed, bias));
          ReferenceKernelPerceptron.Run ref = ReferenceKernelPerceptron.fit(rows(dense), classIndices(dense), k,
              ReferenceKernelPerceptron.Kernel.POLY, 1f, 2, 1f, algorithm == Algorithm.AVERAGED, 6, seed, true, bias);
          String where = tag() + " k=" + k + " " + algorithm + " " + (form == 0 ? "dense" : form == 1 ? "sparse"
              : "thin sparse") + " bias=" + bias;
          assertArrayEquals(ref.mistakesPerEpoch, fast.report().mistakesPerEpoch(), where + " mistakes");
          assertArrayEquals(ref.updateLog, fast.report().updateLog(), where + " update log");
          assertSameModel(ref, fast.model(), where);
        }
      }
    }
  }

  private static void assertSameModel(ReferenceKernelPerceptron.Run ref, KernelModel model, String where) {
    assertEquals(ref.supportVectors.length, model.size(), where + " support vectors");
    float[][] coef = model.coefficients();
    for (int s = 0; s < coef.length; s++) {
      assertArrayEquals(IntData.bits(ref.alpha[s]), IntData.bits(coef[s]), where + " coefficients of sv " + s);
    }
    assertArrayEquals(IntData.bits(ref.b), IntData.bits(model.biases()), where + " biases");
  }

  @Test
  void blockScoringMakesTheMistakesOfOneVisitAtATime() {
    Random r = new Random(SEED + 1);
    for (int k : new int[] {2, 5}) {
      for (boolean sparse : new boolean[] {false, true}) {
        long seed = r.nextLong();
        Dataset dense = classes(300, 9, k, 0.1, seed);
        Dataset data = sparse ? IntData.sparse(dense) : dense;
        KernelModel.Function poly = KernelModel.Function.poly(1, 2, 1);
        TrainingOptions options = options(5, seed, true);
        FitResult<KernelModel> one = TrainingLoop.fit(KernelLearner.rule(Algorithm.AVERAGED, poly, 0, data, options,
            KernelSettings.DEFAULT.pending(1)), data, options);
        for (int cap : new int[] {3, 16, KernelSettings.PENDING}) {
          FitResult<KernelModel> block = TrainingLoop.fit(KernelLearner.rule(Algorithm.AVERAGED, poly, 0, data,
              options, KernelSettings.DEFAULT.pending(cap)), data, options);
          String where = tag() + " k=" + k + " pending " + cap + (sparse ? " sparse" : "");
          assertArrayEquals(one.report().updateLog(), block.report().updateLog(), where);
          float[][] a = one.model().coefficients();
          float[][] b = block.model().coefficients();
          for (int s = 0; s < a.length; s++) {
            assertArrayEquals(IntData.bits(a[s]), IntData.bits(b[s]), where + " sv " + s);
          }
        }
      }
    }
  }

  /**
   * Updates from cached columns are deferred and added to every row's scores in one pass (with
   * the next commit, or when DEFERRED terms wait); each row's scores receive the same additions in
   * the same order as when each is added at once (a cap of 1), so even on real data, where
   * rounding depends on the order, the runs agree bit for bit. Large enough for the commits to be
   * split over threads.
   */
  @Test
  void deferredColumnUpdatesGiveTheBitsOfUpdatesAddedAtOnce() {
    Random r = new Random(SEED + 3);
    long seed = r.nextLong();
    // Real-valued rows with a third of the labels drawn at random: many mistakes on support vectors.
    Dataset clean = KernelTrainingScoresTest.real(1500, 48, 5, seed);
    Random flip = new Random(seed);
    Dataset.Builder builder = Dataset.builder(clean.dimension());
    for (int i = 0; i < clean.size(); i++) {
      int cls = flip.nextInt(3) == 0 ? flip.nextInt(5) : clean.classOf(i);
      builder.add(clean.denseRow(i), clean.labels().name(cls));
    }
    Dataset data = builder.build();
    for (int budget : new int[] {0, 60}) {
      for (Algorithm algorithm : new Algorithm[] {Algorithm.AVERAGED, Algorithm.PERCEPTRON}) {
        TrainingOptions options = options(4, seed, true);
        KernelModel.Function rbf = KernelModel.Function.rbf(0.05);
        KernelSettings settings = KernelSettings.DEFAULT.pending(budget > 0 ? 7 : KernelSettings.PENDING);
        KernelRule atOnce = KernelLearner.rule(algorithm, rbf, budget, data, options, settings.deferCap(1));
        FitResult<KernelModel> one = TrainingLoop.fit(atOnce, data, options);
        KernelRule later = KernelLearner.rule(algorithm, rbf, budget, data, options, settings);
        FitResult<KernelModel> deferred = TrainingLoop.fit(later, data, options);
        String where = tag() + " data seed " + seed + " " + algorithm + " budget " + budget;
        assertTrue(one.report().updates() > 2 * one.model().size(), where + ": too few updates from cached columns ("
            + one.report().updates() + " updates, " + one.model().size() + " support vectors)");
        assertArrayEquals(one.report().updateLog(), deferred.report().updateLog(), where + " update log");
        // Every row's scores, bit for bit: the order of the additions is the same.
        assertArrayEquals(IntData.bits(atOnce.scores().committedScores()),
            IntData.bits(later.scores().committedScores()), where + " committed scores");
        float[][] a = one.model().coefficients();
        float[][] b = deferred.model().coefficients();
        assertEquals(a.length, b.length, where);
        for (int s = 0; s < a.length; s++) {
          assertArrayEquals(IntData.bits(a[s]), IntData.bits(b[s]), where + " sv " + s);
        }
        assertArrayEquals(IntData.bits(one.model().biases()), IntData.bits(deferred.model().biases()), where);
        assertArrayEquals(one.model().predictClasses(data), deferred.model().predictClasses(data), where);
      }
    }
  }

  @Test
  void theLinearKernelsDualRunEqualsThePrimalPerceptron() {
    Random r = new Random(SEED + 2);
    for (int k : new int[] {2, 4}) {
      long seed = r.nextLong();
      Dataset data = classes(250, 8, k, 0.05, seed);
      TrainingOptions options = options(6, seed, true);
      FitResult<KernelModel> dual = KernelLearner.fit(Algorithm.PERCEPTRON, KernelModel.Function.linear(), 0, data,
          options);
      float[][] primalW;
      float[] primalB;
      FitResult<? extends Model> primal;
      if (k == 2) {
        FitResult<BinaryModel> p = Learner.fit(Algorithm.PERCEPTRON, data, options);
        primal = p;
        primalW = new float[][] {((LinearModel) p.model()).weights()};
        primalB = new float[] {((LinearModel) p.model()).bias()};
      } else {
        FitResult<MulticlassModel> p = Learner.fitMulticlass(Algorithm.PERCEPTRON, data, options);
        primal = p;
        primalW = p.model().weights();
        primalB = p.model().biases();
      }
      String where = tag() + " k=" + k;
      assertArrayEquals(primal.report().mistakesPerEpoch(), dual.report().mistakesPerEpoch(), where + " mistakes");
      assertArrayEquals(primal.report().updateLog(), dual.report().updateLog(), where + " update log");
      // w_c = sum_s alpha_{s,c} x_s, exact on these integers.
      KernelModel model = dual.model();
      float[][] coef = model.coefficients();
      for (int c = 0; c < primalW.length; c++) {
        float[] w = new float[data.dimension()];
        for (int s = 0; s < model.size(); s++) {
          float[] x = model.supportVectors().denseRow(s);
          for (int j = 0; j < w.length; j++) {
            w[j] += coef[s][c] * x[j];
          }
        }
        assertArrayEquals(IntData.bits(primalW[c]), IntData.bits(w), where + " weights of score " + c);
        assertEquals(primalB[c], model.biases()[c], where + " bias " + c);
      }
      assertArrayEquals(primal.model().predictClasses(data), model.predictClasses(data), where + " predictions");
    }
  }

  @Test
  void theVotedDualModelPredictsAsThePrimalVotedPerceptron() {
    long seed = SEED + 3;
    Dataset data = classes(200, 6, 2, 0.1, seed);
    TrainingOptions options = options(4, seed, true);
    FitResult<KernelModel> dual = KernelLearner.fit(Algorithm.VOTED, KernelModel.Function.linear(), 0, data, options);
    FitResult<BinaryModel> primal = Learner.fit(Algorithm.VOTED, data, options);
    assertArrayEquals(primal.report().updateLog(), dual.report().updateLog(), tag() + " update log");
    Dataset test = classes(300, 6, 2, 0, seed + 1);
    assertArrayEquals(primal.model().predictClasses(test), dual.model().predictClasses(test), tag() + " predictions");
    for (int i = 0; i < 20; i++) {
      assertEquals(primal.model().predictClass(test, i), dual.model().predictClass(test.denseRow(i)));
    }
  }

  @Test
  void theBudgetCapsTheSupportVectorsAndIsSeeded() {
    long seed = SEED + 4;
    Dataset data = classes(400, 8, 3, 0.2, seed);
    KernelModel.Function rbf = KernelModel.Function.rbf(0.1);
    for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
      FitResult<KernelModel> a = KernelLearner.fit(algorithm, rbf, 25, data, options(3, seed, true));
      FitResult<KernelModel> b = KernelLearner.fit(algorithm, rbf, 25, data, options(3, seed, true));
      assertTrue(a.model().size() <= 25, "support vectors " + a.model().size());
      assertEquals(25, a.model().size(), "the budget fills on noisy data");
      assertArrayEquals(a.report().updateLog(), b.report().updateLog(), "the same seed, the same run");
      FitResult<KernelModel> free = KernelLearner.fit(algorithm, rbf, 0, data, options(3, seed, true));
      assertTrue(free.model().size() > 25, "without a budget " + free.model().size());
    }
  }

  @Test
  void badArgumentsNameTheOption() {
    Dataset data = classes(20, 3, 2, 0, 1);
    KernelModel.Function rbf = KernelModel.Function.rbf(1);
    TrainingOptions o = TrainingOptions.builder().build();
    assertTrue(assertThrows(OptionException.class, () -> KernelLearner.fit(Algorithm.PLA, rbf, 0, data, o))
        .getMessage().contains("algorithm"));
    assertTrue(assertThrows(OptionException.class, () -> KernelLearner.fit(Algorithm.VOTED, rbf, 5, data, o))
        .getMessage().contains("budget"));
    assertTrue(assertThrows(OptionException.class, () -> KernelLearner.fit(Algorithm.PERCEPTRON, rbf, -1, data, o))
        .getMessage().contains("budget"));
    assertThrows(IllegalArgumentException.class, () -> KernelModel.Function.rbf(0));
    assertThrows(IllegalArgumentException.class, () -> KernelModel.Function.poly(1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> KernelModel.Function.of("sigmoid", 1, 1, 0));
    assertEquals(KernelModel.Function.poly(0.5, 3, 1), KernelModel.Function.of("POLY", 0.5, 3, 1));
  }

  @Test
  void scaleGammaIsOneOverDTimesTheVariance() {
    Dataset data = Dataset.of(new float[][] {{0, 2}, {2, 0}}, new double[] {1, -1});
    // values 0, 2, 2, 0: mean 1, variance 1; d = 2.
    assertEquals(0.5, KernelModel.Function.scaleGamma(data), 1e-12);
    assertEquals(0.5, KernelModel.Function.scaleGamma(IntData.sparse(data)), 1e-12);
    assertTrue(Arrays.equals(new float[] {0, 2}, data.denseRow(0)));
  }
}
