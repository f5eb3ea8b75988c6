package io.github.simdperceptron.learn.calibration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class CalibrationTest {
  private static final double EXACT = 1e-12;
  private static final TrainingOptions OPTIONS = TrainingOptions.builder().maxEpochs(5).seed(3).build();

  // Four binary rows, each top probability in a bin of its own (15 bins of width 1/15):
  // 0.78 -> (11/15, 12/15], 0.72 -> (10/15, 11/15], 0.62 -> (9/15, 10/15], 0.92 -> (13/15, 14/15].
  private static final double[][] FOUR = {{0.78, 0.22}, {0.28, 0.72}, {0.62, 0.38}, {0.92, 0.08}};
  private static final int[] FOUR_TRUTH = {0, 1, 1, 1};

  @Test
  void logLossOfFourRowsByHand() {
    double expected = -(Math.log(0.78) + Math.log(0.72) + Math.log(0.38) + Math.log(0.08)) / 4;
    assertEquals(expected, CalibrationMetrics.logLoss(FOUR, FOUR_TRUTH), EXACT);
  }

  @Test
  void brierScoreOfFourRowsByHand() {
    // (2 * 0.22^2 + 2 * 0.28^2 + 2 * 0.62^2 + 2 * 0.92^2) / 4 = (0.0968 + 0.1568 + 0.7688 + 1.6928) / 4
    assertEquals(0.6788, CalibrationMetrics.brierScore(FOUR, FOUR_TRUTH), EXACT);
  }

  @Test
  void expectedCalibrationErrorOfFourRowsInFourBins() {
    // Rows 0 and 1 right (|1 - c|), rows 2 and 3 wrong (|0 - c|), each alone in its bin.
    assertEquals((0.22 + 0.28 + 0.62 + 0.92) / 4, CalibrationMetrics.expectedCalibrationError(FOUR, FOUR_TRUTH), EXACT);
  }

  @Test
  void expectedCalibrationErrorAveragesWithinABin() {
    // Rows 0 and 1 share (7/15, 8/15]: mean confidence 0.51, one of two right; row 2 alone in (12/15, 13/15].
    double[][] p = {{0.5, 0.3, 0.2}, {0.52, 0.28, 0.2}, {0.1, 0.05, 0.85}};
    int[] truth = {0, 1, 2};
    assertEquals((2 * Math.abs(0.5 - 0.51) + Math.abs(1 - 0.85)) / 3,
        CalibrationMetrics.expectedCalibrationError(p, truth), EXACT);
    CalibrationMetrics.Bin[] bins = CalibrationMetrics.reliability(p, truth, 15);
    assertEquals(15, bins.length);
    assertEquals(2, bins[7].count());
    assertEquals(0.51, bins[7].confidence(), EXACT);
    assertEquals(0.5, bins[7].accuracy(), EXACT);
    assertEquals(1, bins[12].count());
    assertEquals(1.0, bins[12].accuracy(), EXACT);
    assertEquals(0, bins[0].count());
    assertTrue(Double.isNaN(bins[0].accuracy()));
    assertEquals(7.0 / 15, bins[7].from(), EXACT);
  }

  @Test
  void aClassTheModelDoesNotKnowHasProbabilityZero() {
    double[][] p = {{0.5, 0.5}};
    int[] truth = {-1};
    assertEquals(-Math.log(1e-15), CalibrationMetrics.logLoss(p, truth), EXACT);
    assertEquals(0.5, CalibrationMetrics.brierScore(p, truth), EXACT);
    assertEquals(0.5, CalibrationMetrics.expectedCalibrationError(p, truth), EXACT);
  }

  @Test
  void probabilitiesSumToOneForEveryMethodEvenOnExtremeScores() {
    long seed = seed();
    Random rnd = new Random(seed);
    float[] extremes = {0f, -0f, 1e-30f, -1e30f, 1e30f, Float.MAX_VALUE, -Float.MAX_VALUE, 7f};
    for (int trial = 0; trial < 300; trial++) {
      int k = 2 + rnd.nextInt(9);
      Calibration.Method method = Calibration.Method.values()[rnd.nextInt(3)];
      if (method == Calibration.Method.PLATT) {
        k = 2;
      }
      double[] parameters = new double[method.parameterCount(k)];
      for (int i = 0; i < parameters.length; i++) {
        parameters[i] = rnd.nextGaussian() * Math.pow(10, rnd.nextInt(7) - 3);
      }
      if (method == Calibration.Method.TEMPERATURE) {
        parameters[0] = Math.abs(parameters[0]);
      }
      Calibration c = Calibration.of(method, k, parameters);
      float[] s = new float[c.scoreCount()];
      for (int j = 0; j < s.length; j++) {
        s[j] = rnd.nextInt(4) == 0 ? extremes[rnd.nextInt(extremes.length)] : (float) (rnd.nextGaussian() * 10);
      }
      double[] p = c.probabilities(s);
      double sum = 0;
      for (double v : p) {
        assertTrue(v >= 0 && v <= 1, "seed " + seed + ": " + c + " on " + java.util.Arrays.toString(s));
        sum += v;
      }
      assertEquals(1, sum, 1e-12, "seed " + seed + ": " + c + " on " + java.util.Arrays.toString(s));
    }
  }

  @Test
  void eachMethodMapsScoresAsItsFormulaSays() {
    Calibration platt = Calibration.of(Calibration.Method.PLATT, 2, new double[] {2, -1});
    assertArrayEquals(new double[] {1 - 1 / (1 + Math.exp(-3)), 1 / (1 + Math.exp(-3))},
        platt.probabilities(new float[] {2}), EXACT);
    Calibration t = Calibration.of(Calibration.Method.TEMPERATURE, 3, new double[] {0.5});
    double z = Math.exp(0.5) + Math.exp(1) + Math.exp(-1);
    assertArrayEquals(new double[] {Math.exp(0.5) / z, Math.exp(1) / z, Math.exp(-1) / z},
        t.probabilities(new float[] {1, 2, -2}), EXACT);
    Calibration o = Calibration.of(Calibration.Method.OVR_PLATT, 2, new double[] {1, 0, -1, 1});
    double q0 = 1 / (1 + Math.exp(-3));
    double q1 = 1 / (1 + Math.exp(-(-1 * -1 + 1)));
    assertArrayEquals(new double[] {q0 / (q0 + q1), q1 / (q0 + q1)}, o.probabilities(new float[] {3, -1}), EXACT);
  }

  @Test
  void ofRefusesParametersThatDoNotFit() {
    assertThrows(IllegalArgumentException.class, () -> Calibration.of(Calibration.Method.PLATT, 3, new double[2]));
    assertThrows(IllegalArgumentException.class, () -> Calibration.of(Calibration.Method.OVR_PLATT, 3, new double[4]));
    assertThrows(IllegalArgumentException.class,
        () -> Calibration.of(Calibration.Method.TEMPERATURE, 3, new double[] {-1}));
    assertThrows(IllegalArgumentException.class,
        () -> Calibration.of(Calibration.Method.PLATT, 2, new double[] {Double.NaN, 0}));
  }

  @Test
  void everyKindOfModelIsCalibratedFromItsRawScores() {
    Dataset binary = Generators.noisy(240, 6, 0.1, 1.0, 0.1, 11).data();
    Dataset three = threeClasses(240, 5, 12);
    List<Function<Dataset, Model>> binaryFits = List.of(
        d -> Learner.fit(Algorithm.AVERAGED, d, OPTIONS).model(),
        d -> Learner.fit(Algorithm.VOTED, d, OPTIONS).model(),
        d -> KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.5), 0, d, OPTIONS).model());
    List<Function<Dataset, Model>> multiFits = List.of(
        d -> Learner.fitOneVsRest(Algorithm.AVERAGED, d, OPTIONS).model(),
        d -> Learner.fitMulticlass(Algorithm.PERCEPTRON, d, OPTIONS).model(),
        d -> KernelLearner.fit(Algorithm.PERCEPTRON, KernelModel.Function.rbf(0.5), 0, d, OPTIONS).model());
    for (Function<Dataset, Model> fit : binaryFits) {
      checkCalibrated(binary, fit, Calibration.Method.PLATT);
    }
    for (Function<Dataset, Model> fit : multiFits) {
      checkCalibrated(three, fit, Calibration.Method.TEMPERATURE);
      checkCalibrated(three, fit, Calibration.Method.OVR_PLATT);
    }
  }

  /** Held-out calibration: the fit is the one of the held-out rows' raw scores, and calibrated log-loss beats 1/K guessing. */
  private static void checkCalibrated(Dataset data, Function<Dataset, Model> fit, Calibration.Method method) {
    Dataset[] parts = Calibrator.split(data, 0.3, 5);
    assertEquals(data.size(), parts[0].size() + parts[1].size());
    assertEquals(72, parts[1].size());
    Model model = fit.apply(parts[0]);
    Calibration c = Calibrator.fit(model, parts[1], method);
    assertEquals(method, c.method());
    float[][] scores = new float[parts[1].size()][model.scoreCount()];
    int[] truth = new int[scores.length];
    for (int i = 0; i < scores.length; i++) {
      model.scores(parts[1].denseRow(i), scores[i]);
      truth[i] = parts[1].classOf(i);
    }
    assertEquals(Calibration.fit(method, model.labels().size(), scores, truth), c, model.toString());
    CalibratedModel calibrated = new CalibratedModel(model, c);
    double[][] p = calibrated.probabilities(parts[1]);
    assertArrayEquals(calibrated.probabilities(parts[1].denseRow(3)), p[3], EXACT);
    double logLoss = CalibrationMetrics.logLoss(p, CalibrationMetrics.truth(model, parts[1]));
    assertTrue(logLoss < Math.log(model.labels().size()), model + ": " + logLoss);
  }

  @Test
  void crossValidationIsSeededAndUsesEveryRowOnce() {
    Dataset three = threeClasses(90, 4, 21);
    int[] seen = new int[1];
    Function<Dataset, Model> fit = d -> {
      seen[0] += d.size();
      return Learner.fitMulticlass(Algorithm.AVERAGED, d, OPTIONS).model();
    };
    Calibration a = Calibrator.crossValidated(three, 4, 9, fit, null);
    // Each row is left out once, so it trains 3 of the 4 fold models.
    assertEquals(3 * 90, seen[0]);
    assertEquals(Calibration.Method.TEMPERATURE, a.method());
    assertEquals(a, Calibrator.crossValidated(three, 4, 9, fit, null));
    assertNotEquals(a, Calibrator.crossValidated(three, 4, 10, fit, null));
    assertThrows(IllegalArgumentException.class, () -> Calibrator.crossValidated(three, 1, 9, fit, null));
    assertThrows(IllegalArgumentException.class, () -> Calibrator.crossValidated(three, 91, 9, fit, null));
  }

  @Test
  void aMethodThatDoesNotFitTheScoresIsRefused() {
    Dataset binary = Generators.noisy(60, 3, 0.1, 1.0, 0.0, 2).data();
    Model m = Learner.fit(Algorithm.PERCEPTRON, binary, OPTIONS).model();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Calibrator.fit(m, binary, Calibration.Method.TEMPERATURE));
    assertTrue(e.getMessage().contains("one score per class"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Calibrator.split(binary, 1.0, 1));
    assertThrows(IllegalArgumentException.class, () -> Calibrator.split(binary, 0, 1));
  }

  /** n rows of three classes named a, b, c in d features: the arg max of a planted matrix times x, 10% relabelled. */
  static Dataset threeClasses(int n, int d, long seed) {
    Random rnd = new Random(seed);
    String[] names = {"a", "b", "c"};
    float[][] w = new float[3][d];
    for (float[] row : w) {
      for (int j = 0; j < d; j++) {
        row[j] = (float) rnd.nextGaussian();
      }
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = (float) rnd.nextGaussian();
      }
      int best = 0;
      for (int c = 1; c < 3; c++) {
        double sc = 0;
        double sb = 0;
        for (int j = 0; j < d; j++) {
          sc += w[c][j] * x[j];
          sb += w[best][j] * x[j];
        }
        best = sc > sb ? c : best;
      }
      b.add(x, rnd.nextDouble() < 0.1 ? names[rnd.nextInt(3)] : names[i < 3 ? i : best]);
    }
    return b.build();
  }

  /** {@code -Dtests.seed=N} replays a run; else a new seed, printed. */
  static long seed() {
    long seed = Long.getLong("tests.seed", System.nanoTime());
    System.out.println("seed " + seed + " (replay with -Dtests.seed=" + seed + ")");
    return seed;
  }
}
