package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.IntData;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.reference.ReferenceKernelPerceptron;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The margin and passive-aggressive kernel learners. The margin kernel perceptron steps by 1, so
 * on integer data with the polynomial kernel (integer parameters) every sum is exact and it must
 * equal its literal twin bit for bit. The passive-aggressive steps are real-valued and the engine
 * sums scores in its own order (possibly with FMA), so no whole run is exact: the tests check the
 * first step against the twin within the rounding of K(x, x) alone, and the defining property of
 * the unbounded step (Crammer et al. 2006), that the example just updated sits on the margin.
 */
class KernelMarginLearnersTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());
  private static final double U = Math.scalb(1.0, -24);

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")";
  }

  @Test
  void theMarginKernelPerceptronEqualsItsLiteralTwinBitForBit() {
    System.out.println("KernelMarginLearnersTest " + tag());
    Random r = new Random(SEED);
    for (int k : new int[] {2, 4}) {
      for (float tau : new float[] {0f, 3f, 40f}) {
        for (boolean sparse : new boolean[] {false, true}) {
          long seed = r.nextLong();
          boolean bias = r.nextBoolean();
          Dataset dense = KernelLearnerTest.classes(120, 7, k, 0.05, seed);
          Dataset data = sparse ? IntData.sparse(dense) : dense;
          KernelModel.Function poly = KernelModel.Function.poly(1, 2, 1);
          TrainingOptions o = TrainingOptions.builder().maxEpochs(5).seed(seed).bias(bias).tau(tau).updateLog(true)
              .build();
          FitResult<KernelModel> fast = KernelLearner.fit(Algorithm.MARGIN, poly, 0, data, o);
          ReferenceKernelPerceptron.Run ref = ReferenceKernelPerceptron.fitMargin(rows(dense), classIndices(dense), k,
              ReferenceKernelPerceptron.Kernel.POLY, 1f, 2, 1f, ReferenceKernelPerceptron.MarginRule.MARGIN, tau, 1f,
              5, seed, true, bias);
          String where = tag() + " k=" + k + " tau=" + tau + " sparse=" + sparse + " bias=" + bias;
          assertTrue(ref.updateLog.length > 0, where + ": no update");
          assertArrayEquals(ref.mistakesPerEpoch, fast.report().mistakesPerEpoch(), where + " mistakes");
          assertArrayEquals(ref.updatesPerEpoch, fast.report().updatesPerEpoch(), where + " updates");
          assertArrayEquals(ref.updateLog, fast.report().updateLog(), where + " update log");
          assertEquals(ref.supportVectors.length, fast.model().size(), where + " support vectors");
          float[][] coef = fast.model().coefficients();
          for (int s = 0; s < coef.length; s++) {
            assertArrayEquals(IntData.bits(ref.alpha[s]), IntData.bits(coef[s]), where + " coefficients of sv " + s);
          }
          assertArrayEquals(IntData.bits(ref.b), IntData.bits(fast.model().biases()), where + " biases");
          assertEquals(Algorithm.MARGIN, fast.model().algorithm(), where);
          if (tau > 0f) {
            int[] m = fast.report().mistakesPerEpoch();
            int[] u = fast.report().updatesPerEpoch();
            int extra = 0;
            for (int e = 0; e < m.length; e++) {
              assertTrue(u[e] >= m[e], where + ": every mistake updates");
              extra += u[e] - m[e];
            }
            assertTrue(extra > 0, where + ": a margin of " + tau + " updates on some correct visit");
          }
        }
      }
    }
  }

  /**
   * From zero coefficients the first visit has score b = 0, loss 1 and q = m (K(x, x) + 1): the
   * fast step differs from the twin's only through K(x, x). The linear kernel's |x|^2 is a sum of
   * d squares in either order, each within gamma_d |x|^2 of the exact value; tau then differs
   * relatively by at most 2 gamma_d / (1 - 2 gamma_d) + 8u (one rounding per side for the bias
   * addition, the factor 2 (exact), PA-II's addition and the division). RBF has K(x, x) = 1 on
   * both sides, so its first step is the same bits.
   */
  @Test
  void theFirstPassiveAggressiveStepIsWithinTheRoundingOfTheSelfKernel() {
    Random r = new Random(SEED + 1);
    int compared = 0;
    for (int trial = 0; trial < 30; trial++) {
      int d = 1 + r.nextInt(200);
      int k = trial % 2 == 0 ? 2 : 3;
      Algorithm a = new Algorithm[] {Algorithm.PA, Algorithm.PA1, Algorithm.PA2}[trial % 3];
      boolean rbf = trial % 5 == 0;
      boolean bias = r.nextBoolean();
      float c = (float) Math.exp(r.nextGaussian() * 2);
      Dataset.Builder b = Dataset.builder(d);
      float[][] x = new float[k][d];
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < d; j++) {
          x[i][j] = (float) (r.nextGaussian() * Math.exp(r.nextGaussian()));
        }
        b.add(x[i], "c" + i);
      }
      Dataset data = b.build();
      KernelModel.Function f = rbf ? KernelModel.Function.rbf(0.5) : KernelModel.Function.linear();
      TrainingOptions o = TrainingOptions.builder().maxEpochs(1).shuffle(false).bias(bias).aggressiveness(c)
          .updateLog(true).build();
      // One epoch in file order: the first visit (row 0) always updates; compare its coefficient.
      KernelModel m = KernelLearner.fit(a, f, 0, data, o).model();
      ReferenceKernelPerceptron.Run ref = ReferenceKernelPerceptron.fitMargin(x, classIndices(data), k,
          rbf ? ReferenceKernelPerceptron.Kernel.RBF : ReferenceKernelPerceptron.Kernel.LINEAR, 0.5f, 1, 0f,
          ReferenceKernelPerceptron.MarginRule.valueOf(a.name()), 0f, c, 1, 0L, false, bias);
      String where = tag() + " trial " + trial + " " + a + " k=" + k + " d=" + d + " rbf=" + rbf + " bias=" + bias
          + " C=" + c;
      assertEquals(0, ref.supportVectors[0], where);
      assertArrayEquals(x[0], m.supportVectors().denseRow(0), where + ": row 0 is the first support vector");
      float[] fast = m.coefficients()[0];
      float[] twin = ref.alpha[0];
      double gamma = d * U / (1 - d * U);
      double rel = rbf ? 0 : 2 * gamma / (1 - 2 * gamma) + 8 * U;
      for (int cl = 0; cl < twin.length; cl++) {
        double bound = Math.abs((double) twin[cl]) * rel * (1 + 4 * U);
        assertTrue(Math.abs((double) fast[cl] - twin[cl]) <= bound,
            where + ": class " + cl + " " + fast[cl] + " vs twin " + twin[cl] + ", bound " + bound);
        compared += twin[cl] != 0f ? 1 : 0;
      }
    }
    assertTrue(compared >= 30, "first-step coefficients compared: " + compared);
  }

  @Test
  void anUnboundedPassiveAggressiveStepLeavesItsExampleOnTheMargin() {
    Random r = new Random(SEED + 2);
    for (KernelModel.Function f : new KernelModel.Function[] {KernelModel.Function.linear(),
        KernelModel.Function.poly(0.5, 2, 1), KernelModel.Function.rbf(0.3)}) {
      for (int k : new int[] {2, 3}) {
        long seed = r.nextLong();
        Dataset data = KernelLearnerTest.classes(60, 5, k, 0.1, seed);
        TrainingOptions o = TrainingOptions.builder().maxEpochs(1).seed(seed).updateLog(true).build();
        FitResult<KernelModel> fit = KernelLearner.fit(Algorithm.PA, f, 0, data, o);
        int[] log = fit.report().updateLog();
        String where = tag() + " " + f + " k=" + k;
        assertTrue(log.length > 5, where + ": updates " + log.length);
        int last = log[log.length - 1];
        KernelModel m = fit.model();
        float[] s = new float[m.scoreCount()];
        float[] x = data.denseRow(last);
        m.scores(x, s);
        // The scores' size: sum over support vectors and scores of |alpha K(x, s)|, plus the biases.
        double scale = 0;
        for (int t = 0; t < m.size(); t++) {
          double kv = kernel(f, x, m.supportVectors().denseRow(t));
          for (float a : m.coefficients()[t]) {
            scale += Math.abs(a * kv);
          }
        }
        for (float b : m.biases()) {
          scale += Math.abs(b);
        }
        double margin;
        if (k == 2) {
          margin = data.label(last) * s[0];
        } else {
          // The class that lost the last step: the one with a negative coefficient for that row,
          // updated once in one epoch.
          int slot = -1;
          for (int t = 0; t < m.size(); t++) {
            if (java.util.Arrays.equals(m.supportVectors().denseRow(t), x)) {
              slot = t;
            }
          }
          int truth = data.classOf(last);
          int loser = -1;
          float[] alpha = m.coefficients()[slot];
          for (int cl = 0; cl < k; cl++) {
            if (alpha[cl] < 0f) {
              loser = cl;
            }
          }
          margin = (double) s[truth] - s[loser];
        }
        // Each score is a float sum of at most 61 terms (gamma_61 < 4e-6 of the scale) of kernel
        // values within a few ulps each (the RBF's exp approximation): 1e-5 of the scale covers both.
        assertEquals(1.0, margin, 1e-5 * Math.max(1, scale), where + ": example " + last + ", scale " + scale);
      }
    }
  }

  @Test
  void theBudgetAppliesToTheMarginLearners() {
    Dataset data = KernelLearnerTest.classes(200, 6, 3, 0.2, SEED + 3);
    KernelModel.Function rbf = KernelModel.Function.rbf(0.2);
    for (Algorithm a : new Algorithm[] {Algorithm.MARGIN, Algorithm.PA1}) {
      TrainingOptions o = TrainingOptions.builder().maxEpochs(3).seed(SEED).tau(1f).build();
      KernelModel capped = KernelLearner.fit(a, rbf, 25, data, o).model();
      KernelModel free = KernelLearner.fit(a, rbf, 0, data, o).model();
      assertTrue(capped.size() <= 25, a + ": " + capped.size() + " support vectors, " + tag());
      assertTrue(free.size() > 25, a + ": the budget must bind, " + free.size() + " support vectors, " + tag());
      assertEquals(a, capped.algorithm());
    }
  }

  /** K(x, s) in double from the kernel's definition. */
  private static double kernel(KernelModel.Function f, float[] x, float[] s) {
    double dot = 0;
    double dist = 0;
    for (int j = 0; j < x.length; j++) {
      dot += (double) x[j] * s[j];
      dist += ((double) x[j] - s[j]) * ((double) x[j] - s[j]);
    }
    switch (f.kind()) {
      case POLY:
        return Math.pow(f.gamma() * dot + f.coef0(), f.degree());
      case RBF:
        return Math.exp(-f.gamma() * dist);
      default:
        return dot;
    }
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
