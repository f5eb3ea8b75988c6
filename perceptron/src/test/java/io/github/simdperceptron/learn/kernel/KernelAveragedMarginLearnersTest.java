package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.IntData;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.reference.ReferenceKernelPerceptron;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The averaged forms of the margin and passive-aggressive kernel learners against their literal
 * twin ({@link ReferenceKernelPerceptron#fitMargin} with averaging). The margin perceptron steps by
 * 1, so on integer data with the polynomial kernel (integer parameters) every score is exact, the
 * sums {@code beta += delta * c} are exact in double, and each averaged coefficient is one
 * rounding of the same double on both sides: bit for bit. The passive-aggressive steps are
 * real-valued and the engine keeps scores as running sums of the steps' terms where the twin sums
 * the coefficients' products, so a general run is not exact; on rows of disjoint features whose
 * squared norms are powers of two every score has one term and every step is exact (loss over a
 * power of two, or a dyadic cap C), and there the averaged runs must agree bit for bit too.
 */
class KernelAveragedMarginLearnersTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")";
  }

  @Test
  void theAveragedMarginKernelPerceptronEqualsItsLiteralTwinBitForBit() {
    System.out.println("KernelAveragedMarginLearnersTest " + tag());
    Random r = new Random(SEED);
    for (int k : new int[] {2, 4}) {
      for (float tau : new float[] {0f, 3f, 40f}) {
        for (boolean sparse : new boolean[] {false, true}) {
          long seed = r.nextLong();
          boolean bias = r.nextBoolean();
          Dataset dense = KernelLearnerTest.classes(100, 7, k, 0.05, seed);
          Dataset data = sparse ? IntData.sparse(dense) : dense;
          KernelModel.Function poly = KernelModel.Function.poly(1, 2, 1);
          TrainingOptions o = TrainingOptions.builder().maxEpochs(4).seed(seed).bias(bias).tau(tau).updateLog(true)
              .build();
          FitResult<KernelModel> fast = KernelLearner.fitAveraged(Algorithm.MARGIN, poly, 0, data, o);
          ReferenceKernelPerceptron.Run ref = ReferenceKernelPerceptron.fitMargin(rows(dense), classIndices(dense), k,
              ReferenceKernelPerceptron.Kernel.POLY, 1f, 2, 1f, ReferenceKernelPerceptron.MarginRule.MARGIN, tau, 1f,
              true, 4, seed, true, bias);
          String where = tag() + " k=" + k + " tau=" + tau + " sparse=" + sparse + " bias=" + bias;
          assertTrue(ref.updateLog.length > 0, where + ": no update");
          assertSame(ref, fast, where);
          assertEquals(Algorithm.MARGIN, fast.model().algorithm(), where);
          assertTrue(fast.model().averagedForm(), where);
          // Averaging changes the model, not the updates: the last coefficients' run makes the same ones.
          FitResult<KernelModel> last = KernelLearner.fit(Algorithm.MARGIN, poly, 0, data, o);
          assertArrayEquals(last.report().updateLog(), fast.report().updateLog(), where + " update log");
          assertFalse(last.model().averagedForm(), where);
        }
      }
    }
  }

  /**
   * Rows of disjoint features (one class per block of features, values 1 or 2 so that |x|^2 is 1,
   * 2, 4, 8 or 16), no bias: every score is one product, every passive-aggressive step
   * {@code loss / q} or the cap C = 1/16 exact, so the averaged runs agree bit for bit over several
   * epochs and a shuffled order (PA-I's capped rows keep updating for epochs). PA-II's step
   * {@code loss / (q + 1 / (2C))} rounds, and the engine's running score then differs from the
   * twin's product of the rounded coefficient: it has no exact case here.
   */
  @Test
  void theAveragedPassiveAggressiveKernelLearnersEqualTheirTwinOnRowsOfDisjointFeatures() {
    Random r = new Random(SEED + 1);
    for (Algorithm a : new Algorithm[] {Algorithm.PA, Algorithm.PA1}) {
      for (int k : new int[] {2, 3}) {
        int n = 24;
        int d = n * 4;
        float[][] x = new float[n][d];
        Dataset.Builder b = Dataset.builder(d);
        int[] classes = new int[n];
        for (int i = 0; i < n; i++) {
          int ones = 1 << r.nextInt(3);
          boolean twos = r.nextBoolean();
          for (int j = 0; j < ones; j++) {
            x[i][i * 4 + j] = twos ? 2f : 1f;
          }
          classes[i] = i % k;
          b.add(x[i], "c" + classes[i]);
        }
        Dataset data = b.build();
        float c = 1f / 16f;
        long seed = r.nextLong();
        TrainingOptions o = TrainingOptions.builder().maxEpochs(6).seed(seed).bias(false).aggressiveness(c)
            .updateLog(true).build();
        FitResult<KernelModel> fast = KernelLearner.fitAveraged(a, KernelModel.Function.linear(), 0, data, o);
        ReferenceKernelPerceptron.Run ref = ReferenceKernelPerceptron.fitMargin(x, classIndices(data), k,
            ReferenceKernelPerceptron.Kernel.LINEAR, 1f, 1, 0f, ReferenceKernelPerceptron.MarginRule.valueOf(a.name()),
            0f, c, true, 6, seed, true, false);
        String where = tag() + " " + a + " k=" + k;
        assertEquals(n, ref.supportVectors.length, where + ": every row updates");
        if (a == Algorithm.PA1) {
          assertTrue(ref.updatesPerEpoch.length > 2, where + ": the cap keeps the rows updating for epochs");
        }
        assertSame(ref, fast, where);
        // The averaged coefficients lag the last ones: averaging is not the identity here.
        FitResult<KernelModel> last = KernelLearner.fit(a, KernelModel.Function.linear(), 0, data, o);
        assertFalse(java.util.Arrays.deepEquals(last.model().coefficients(), fast.model().coefficients()), where);
      }
    }
  }

  @Test
  void onlyTheMarginAndPassiveAggressiveLearnersHaveAnAveragedForm() {
    Dataset data = KernelLearnerTest.classes(30, 4, 2, 0.1, 7);
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.VOTED, Algorithm.PLA}) {
      OptionException e = assertThrows(OptionException.class, () -> KernelLearner.fitAveraged(a,
          KernelModel.Function.rbf(0.5), 0, data, TrainingOptions.defaults()), a.toString());
      assertEquals("algorithm", e.option());
    }
    for (Algorithm a : new Algorithm[] {Algorithm.MARGIN, Algorithm.PA, Algorithm.PA1, Algorithm.PA2}) {
      KernelModel m = KernelLearner.fitAveraged(a, KernelModel.Function.rbf(0.5), 10, data,
          TrainingOptions.builder().maxEpochs(3).build()).model();
      assertTrue(m.averagedForm() && m.size() <= 10, a + ": the budget applies to the averaged form too");
      assertEquals("averaged-" + a.canonicalName(), m.algorithmName());
    }
  }

  /** The twin's and the fast run's updates, support vectors, averaged coefficients and biases, bit for bit. */
  private static void assertSame(ReferenceKernelPerceptron.Run ref, FitResult<KernelModel> fast, String where) {
    assertArrayEquals(ref.mistakesPerEpoch, fast.report().mistakesPerEpoch(), where + " mistakes");
    assertArrayEquals(ref.updatesPerEpoch, fast.report().updatesPerEpoch(), where + " updates");
    assertArrayEquals(ref.updateLog, fast.report().updateLog(), where + " update log");
    assertEquals(ref.supportVectors.length, fast.model().size(), where + " support vectors");
    float[][] coef = fast.model().coefficients();
    for (int s = 0; s < coef.length; s++) {
      assertArrayEquals(IntData.bits(ref.alpha[s]), IntData.bits(coef[s]), where + " coefficients of sv " + s);
    }
    assertArrayEquals(IntData.bits(ref.b), IntData.bits(fast.model().biases()), where + " biases");
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
}
