package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The averaged perceptron after more than 10^6 example visits against an all-double
 * implementation written here. On integer data the weights w are exact in float, so both runs
 * take the same decisions; the averaged weights must then agree to the last bit of the float
 * result. The deviation a float accumulator u (the trap of kernel-notes.md) would have had on the
 * same run is printed for comparison.
 */
class AveragedLongRunTest {
  private static final long SEED = Long.getLong("tests.seed", 7L);

  @Test
  void averagedWeightsStayExactOverMillionsOfVisits() {
    int n = 5000;
    int d = 16;
    int epochs = 220;
    Random rnd = new Random(SEED);
    float[] rows = new float[n * d];
    double[] labels = new double[n];
    for (int i = 0; i < n; i++) {
      int score = 0;
      for (int j = 0; j < d; j++) {
        int v = rnd.nextInt(7) - 3;
        rows[i * d + j] = v;
        score += (j % 3 == 0 ? 2 : -1) * v;
      }
      labels[i] = (score >= 0) != (rnd.nextDouble() < 0.15) ? 1 : -1;
    }
    Dataset data = Dataset.of(rows, d, labels);
    TrainingOptions options = TrainingOptions.builder().maxEpochs(epochs).seed(SEED).shuffle(true).build();
    FitResult<BinaryModel> fit = Learner.fit(Algorithm.AVERAGED, data, options);
    assertTrue(fit.report().visits() >= 1_000_000, "seed " + SEED + ": only " + fit.report().visits() + " visits");

    // The double-precision twin: same order, same decisions, every sum in double.
    double[] w = new double[d];
    double b = 0;
    double[] u = new double[d];
    double beta = 0;
    float[] uFloat = new float[d];
    long c = 1;
    Random order = new Random(SEED);
    int[] perm = new int[n];
    double maxAbsW = 0;
    for (int e = 0; e < fit.report().epochs(); e++) {
      Trainer.fillOrder(perm, order);
      for (int t = 0; t < n; t++) {
        int i = perm[t];
        double y = labels[i];
        double a = b;
        for (int j = 0; j < d; j++) {
          a += w[j] * rows[i * d + j];
        }
        if (y * a <= 0) {
          for (int j = 0; j < d; j++) {
            w[j] += y * rows[i * d + j];
            u[j] += y * c * rows[i * d + j];
            uFloat[j] += (float) (y * c) * rows[i * d + j];
            maxAbsW = Math.max(maxAbsW, Math.abs(w[j]));
          }
          b += y;
          beta += y * c;
        }
        c++;
      }
    }
    // Precondition of the comparison: every float dot the kernel took was exact.
    assertTrue((maxAbsW + 1) * 3 * (d + 1) < (1 << 24), "seed " + SEED + ": |w| grew to " + maxAbsW);

    LinearModel model = (LinearModel) fit.model();
    float[] averaged = model.weights();
    double worstFloatTrap = 0;
    for (int j = 0; j < d; j++) {
      double exact = w[j] - u[j] / c;
      assertEquals((float) exact, averaged[j], "seed " + SEED + ": averaged w[" + j + "]");
      worstFloatTrap = Math.max(worstFloatTrap, Math.abs((w[j] - uFloat[j] / (double) c) - exact));
    }
    assertEquals((float) (b - beta / c), model.bias(), "seed " + SEED + ": averaged bias");
    System.out.printf("seed %d: %d visits, %d mistakes; a float accumulator u would be off by up to %.4g%n",
        SEED, fit.report().visits(), fit.report().mistakes(), worstFloatTrap);
  }
}
