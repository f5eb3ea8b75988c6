package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.reference.ReferenceData;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceMulticlass;
import io.github.simdperceptron.reference.ReferenceRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The passive-aggressive learners against their literal twins in {@code reference}.
 *
 * <p>Bit for bit: the fast rules compute a, the loss, q, tau and the step in the twins' order of
 * float operations, so the runs agree exactly wherever the dot products do. They do on rows with
 * one non-zero each, of any real value (a dot product is then one rounded product, whatever the
 * summation order or FMA), sharing a few features and the bias so that the updates interact: the
 * same updates in the same order, the same counts and stopping, the same weight bits.
 *
 * <p>Within a rounding bound: on rows with many real values the kernel sums |x|^2 in its own order;
 * the first step (from w = 0, b = 0, so a = 0, loss = 1 and tau = f(1, q)) then differs from the
 * twin's by the rounding of q alone: |q_fast - q_twin| &lt;= 2 gamma_n |x|^2 (each within
 * gamma_n = n u / (1 - n u), u = 2^-24, of the exact sum), so tau differs relatively by at most
 * 2 gamma_n / (1 - 2 gamma_n) plus 6u (one rounding per side for the bias addition, PA-II's
 * {@code + 1/(2C)} and the division; the min of PA-I adds nothing), and each weight
 * {@code tau y x_j} by that plus 2u for its products (first order; the test allows 4u on top).
 */
class PassiveAggressiveEquivalenceTest {
  private static final long SEED = Long.getLong("tests.seed", 20261202L);
  private static final Algorithm[] PA = {Algorithm.PA, Algorithm.PA1, Algorithm.PA2};
  private static final double U = Math.scalb(1.0, -24);

  static List<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Algorithm a : PA) {
      for (boolean sparse : new boolean[] {false, true}) {
        for (boolean bias : new boolean[] {true, false}) {
          out.add(Arguments.of(a, sparse, bias));
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} sparse={1} bias={2}")
  @MethodSource("cases")
  void binaryEqualsItsTwinBitForBit(Algorithm algorithm, boolean sparse, boolean bias) {
    for (int trial = 0; trial < 3; trial++) {
      long seed = SEED + 100L * trial;
      float c = trial == 0 ? 1f : trial == 1 ? 0.3f : 0.05f;
      Dataset data = oneNonZero(sparse, 70, 6, 2, seed);
      TrainingOptions o = TrainingOptions.builder().maxEpochs(6).seed(seed).shuffle(trial != 2).bias(bias)
          .aggressiveness(c).updateLog(true).build();
      String where = algorithm + " sparse=" + sparse + " bias=" + bias + " C=" + c + " seed=" + seed + " on "
          + Kernel.describe();
      FitResult<BinaryModel> fast = Learner.fit(algorithm, data, o);
      ReferenceRun ref = ReferenceLearners.passiveAggressive(referenceData(data), variant(algorithm), c,
          o.maxEpochs(), seed, o.shuffle(), bias);
      TrainingReport r = fast.report();
      assertTrue(ref.updateLog.length > 10, where + ": the twin made few updates, the case tests little");
      assertArrayEquals(ref.updateLog, r.updateLog(), where + ": update order");
      assertArrayEquals(ref.mistakesPerEpoch, r.mistakesPerEpoch(), where + ": mistakes per epoch");
      assertArrayEquals(ref.updatesPerEpoch, r.updatesPerEpoch(), where + ": updates per epoch");
      assertEquals(ref.epochs, r.epochs(), where + ": epochs");
      assertEquals(ref.converged, r.converged(), where + ": converged");
      LinearModel m = (LinearModel) fast.model();
      assertArrayEquals(bits(ref.w), bits(m.weights()), where + ": weights");
      assertEquals(Float.floatToRawIntBits(ref.b), Float.floatToRawIntBits(m.bias()), where + ": bias");
    }
  }

  @ParameterizedTest(name = "{0} sparse={1} bias={2}")
  @MethodSource("cases")
  void multiclassAndOneVsRestEqualTheirTwinsBitForBit(Algorithm algorithm, boolean sparse, boolean bias) {
    for (int trial = 0; trial < 2; trial++) {
      long seed = SEED + 7 + 100L * trial;
      float c = trial == 0 ? 1f : 0.2f;
      Dataset data = oneNonZero(sparse, 90, 7, 4, seed);
      TrainingOptions o = TrainingOptions.builder().maxEpochs(5).seed(seed).bias(bias).aggressiveness(c)
          .updateLog(true).build();
      String where = algorithm + " sparse=" + sparse + " bias=" + bias + " C=" + c + " seed=" + seed + " on "
          + Kernel.describe();
      ReferenceMulticlass.Data x = multiclassData(data, 4);

      FitResult<MulticlassModel> direct = Learner.fitMulticlass(algorithm, data, o);
      ReferenceMulticlass.Run ref = ReferenceMulticlass.passiveAggressive(x, variant(algorithm), c, o.maxEpochs(),
          seed, true, bias);
      assertTrue(ref.updateLog.length > 10, where + ": the twin made few updates");
      assertSameRun(ref, direct, where + " direct");

      FitResult<MulticlassModel> ovr = Learner.fitOneVsRest(algorithm, data, o);
      ReferenceMulticlass.Run refOvr = ReferenceMulticlass.oneVsRest(ReferenceMulticlass.Binary.valueOf(algorithm.name()),
          x, o.maxEpochs(), seed, true, bias, 0f, c);
      assertSameRun(refOvr, ovr, where + " one-vs-rest");
      assertEquals(4, ovr.report().classMistakesPerEpoch().length, where);
      for (int k = 0; k < 4; k++) {
        assertArrayEquals(trimmed(refOvr.classUpdatesPerEpoch[k], ovr.report().epochs()),
            trimmed(ovr.report().classUpdatesPerEpoch()[k], ovr.report().epochs()), where + ": class " + k);
      }
    }
  }

  @Test
  void theFirstStepOnRealRowsIsWithinTheRoundingOfTheSquaredNorm() {
    Random rnd = new Random(SEED);
    System.out.println("PassiveAggressiveEquivalenceTest first-step seed " + SEED);
    int checked = 0;
    for (int trial = 0; trial < 60; trial++) {
      int d = 1 + rnd.nextInt(300);
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = (float) (rnd.nextGaussian() * Math.exp(rnd.nextGaussian()));
      }
      float y = rnd.nextBoolean() ? 1f : -1f;
      boolean bias = rnd.nextBoolean();
      float c = (float) Math.exp(rnd.nextGaussian() * 3);
      Algorithm algorithm = PA[trial % 3];
      Dataset one = Dataset.of(new float[][] {x}, new double[] {y});
      TrainingOptions o = TrainingOptions.builder().maxEpochs(1).bias(bias).aggressiveness(c).build();
      LinearModel m = (LinearModel) Learner.fit(algorithm, one, o).model();
      ReferenceRun ref = ReferenceLearners.passiveAggressive(ReferenceData.dense(new float[][] {x},
          new float[] {one.label(0)}), variant(algorithm), c, 1, 0L, true, bias);
      double gamma = d * U / (1 - d * U);
      double relTau = 2 * gamma / (1 - 2 * gamma) + 6 * U;
      String where = algorithm + " d=" + d + " bias=" + bias + " C=" + c + " trial " + trial + " seed " + SEED;
      double tau = Math.abs((double) ref.b) > 0 ? Math.abs((double) ref.b) : Double.NaN;
      for (int j = 0; j < d; j++) {
        double bound = Math.abs((double) ref.w[j]) * (relTau + 2 * U) * (1 + 4 * U);
        assertTrue(Math.abs((double) m.weights()[j] - ref.w[j]) <= bound,
            where + ": w[" + j + "] " + m.weights()[j] + " vs twin " + ref.w[j] + ", bound " + bound);
        checked++;
      }
      if (bias) {
        assertTrue(Math.abs((double) m.bias() - ref.b) <= tau * relTau * (1 + 4 * U),
            where + ": b " + m.bias() + " vs twin " + ref.b);
      }
    }
    assertTrue(checked > 1000, "weights compared: " + checked);
  }

  @Test
  void anUnboundedStepLeavesTheVisitedExampleOnTheMargin() {
    // PA's defining property (Crammer et al., eq. 2): after an update, y (w.x + b) = 1 up to rounding.
    Random rnd = new Random(SEED + 3);
    System.out.println("PassiveAggressiveEquivalenceTest margin seed " + (SEED + 3));
    int d = 20;
    Learner<BinaryModel> learner = Learner.binary(Algorithm.PA, d, io.github.simdperceptron.data.Labels.of(
        List.of("-1", "1")), TrainingOptions.defaults());
    int updates = 0;
    for (int t = 0; t < 200; t++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = (float) rnd.nextGaussian();
      }
      double y = rnd.nextBoolean() ? 1 : -1;
      if (learner.learn(x, y)) {
        updates++;
        LinearModel m = (LinearModel) learner.model();
        double a = m.bias();
        double scale = Math.abs(m.bias());
        for (int j = 0; j < d; j++) {
          a += (double) m.weights()[j] * x[j];
          scale += Math.abs((double) m.weights()[j] * x[j]);
        }
        assertEquals(1.0, y * a, 1e-5 * Math.max(1, scale), "visit " + t + ", seed " + (SEED + 3));
      }
    }
    assertTrue(updates > 100, "updates: " + updates);
  }

  @Test
  void pa1NeverStepsFurtherThanItsAggressiveness() {
    long seed = SEED + 5;
    Dataset data = oneNonZero(false, 60, 5, 2, seed);
    float c = 0.01f;
    TrainingOptions o = TrainingOptions.builder().maxEpochs(3).seed(seed).aggressiveness(c).updateLog(true).build();
    FitResult<BinaryModel> r = Learner.fit(Algorithm.PA1, data, o);
    LinearModel m = (LinearModel) r.model();
    double maxX = 0;
    for (int i = 0; i < data.size(); i++) {
      for (float v : data.denseRow(i)) {
        maxX = Math.max(maxX, Math.abs(v));
      }
    }
    long updates = r.report().updates();
    assertTrue(updates > 0, "seed " + seed);
    assertTrue(Math.abs(m.bias()) <= updates * c * (1 + 1e-5), "bias " + m.bias() + ", seed " + seed);
    for (float w : m.weights()) {
      assertTrue(Math.abs(w) <= updates * c * maxX * (1 + 1e-5), "weight " + w + ", seed " + seed);
    }
    FitResult<BinaryModel> pa = Learner.fit(Algorithm.PA, data, o);
    assertTrue(maxAbs(((LinearModel) pa.model()).weights()) > maxAbs(m.weights()),
        "PA's uncapped steps go further than PA-I's with C = " + c + ", seed " + seed);
  }

  @Test
  void theAggressivenessMustBePositiveAndFinite() {
    for (float bad : new float[] {0f, -1f, Float.NaN, Float.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> TrainingOptions.builder().aggressiveness(bad));
      assertTrue(e.getMessage().contains("aggressiveness"), e.getMessage());
    }
    assertEquals(1f, TrainingOptions.defaults().aggressiveness());
    assertEquals(0.25f, TrainingOptions.builder().aggressiveness(0.25f).build().aggressiveness());
  }

  private static double maxAbs(float[] a) {
    double m = 0;
    for (float v : a) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }

  /**
   * n rows of dimension d with exactly one non-zero each, a real value of either sign and varied
   * magnitude, at a random feature; k classes (numeric labels 0..k-1, each present), the class
   * planted by the feature and the sign with 15% redrawn.
   */
  static Dataset oneNonZero(boolean sparse, int n, int d, int k, long seed) {
    Random rnd = new Random(seed);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      int j = rnd.nextInt(d);
      float v = (float) ((rnd.nextBoolean() ? 1 : -1) * (0.1 + 3 * rnd.nextDouble()));
      int cls = i < k ? i : (rnd.nextDouble() < 0.15 ? rnd.nextInt(k) : (j + (v > 0 ? 1 : 0)) % k);
      double label = k == 2 ? (cls == 0 ? -1 : 1) : cls;
      if (sparse) {
        b.add(new int[] {j}, new float[] {v}, label);
      } else {
        float[] x = new float[d];
        x[j] = v;
        b.add(x, label);
      }
    }
    return b.build();
  }

  static ReferenceData referenceData(Dataset data) {
    int n = data.size();
    float[][] rows = new float[n][];
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      rows[i] = data.denseRow(i);
      y[i] = data.label(i);
    }
    return ReferenceData.dense(rows, y);
  }

  static ReferenceMulticlass.Data multiclassData(Dataset data, int k) {
    int n = data.size();
    float[][] rows = new float[n][];
    int[] classes = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = data.denseRow(i);
      classes[i] = data.classOf(i);
    }
    return ReferenceMulticlass.Data.dense(rows, classes, k);
  }

  static ReferenceLearners.PassiveAggressive variant(Algorithm a) {
    return ReferenceLearners.PassiveAggressive.valueOf(a.name());
  }

  private static void assertSameRun(ReferenceMulticlass.Run ref, FitResult<MulticlassModel> fit, String where) {
    TrainingReport r = fit.report();
    assertArrayEquals(ref.updateLog, r.updateLog(), where + ": update log");
    assertArrayEquals(ref.mistakesPerEpoch, r.mistakesPerEpoch(), where + ": mistakes per epoch");
    assertArrayEquals(ref.updatesPerEpoch, r.updatesPerEpoch(), where + ": updates per epoch");
    assertEquals(ref.epochs, r.epochs(), where + ": epochs");
    assertEquals(ref.converged, r.converged(), where + ": converged");
    MulticlassModel m = fit.model();
    for (int c = 0; c < m.classes(); c++) {
      assertArrayEquals(bits(ref.w[c]), bits(m.weights(c)), where + ": weights of class " + c);
    }
    assertArrayEquals(bits(ref.b), bits(m.biases()), where + ": biases");
  }

  private static int[] trimmed(int[] a, int n) {
    return java.util.Arrays.copyOf(a, n);
  }

  static int[] bits(float[] a) {
    int[] out = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = Float.floatToRawIntBits(a[i]);
    }
    return out;
  }
}
