package io.github.simdperceptron.theory;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import org.junit.jupiter.api.Test;

/**
 * Example 2.12 of the course notes: the perceptron learning k-literal conjunctions over
 * {-1, 1}^d, run to a full cycle without a mistake (cyclic PLA with the bias, which is the
 * constant feature of the example). docs/theory.md derives the bound checked here,
 * (d + 1)(k^2 - k + 1), and holds the table this test prints.
 *
 * <p>Reproduce the table: {@code mvn -B -pl kernel -am test -Dtest=ConjunctionMistakesTest
 * -Dsurefire.failIfNoSpecifiedTests=false} (it is printed once per surefire execution).
 */
class ConjunctionMistakesTest {
  private static final long SEED = Long.getLong("tests.seed", 2012L);
  private static final int[] DIMENSIONS = {10, 30, 100, 300, 1000};
  private static final int SEEDS = 3;

  @Test
  void mistakesStayWithinTheBoundAndGrowLinearlyInD() {
    StringBuilder table = new StringBuilder("| k | d | n | mean mistakes | max mistakes | bound (d+1)(k^2-k+1) | text's d(2k^2-2k+1) | mean / (d+1) |\n");
    table.append("|---|---|---|---|---|---|---|---|\n");
    for (int k = 1; k <= 3; k++) {
      double[] mean = new double[DIMENSIONS.length];
      for (int di = 0; di < DIMENSIONS.length; di++) {
        int d = DIMENSIONS[di];
        int n = 4 * d;
        long bound = (long) (d + 1) * (k * k - k + 1);
        long max = 0;
        for (int s = 0; s < SEEDS; s++) {
          long seed = SEED + 31L * s + 1009L * d + k;
          Dataset data = Generators.conjunction(n, d, k, seed);
          TrainingReport r = Learner.fit(Algorithm.PLA, data,
              TrainingOptions.builder().maxEpochs(100_000).seed(seed).bias(true).build()).report();
          String where = "k=" + k + " d=" + d + " seed=" + seed;
          assertTrue(r.halted(), where + ": PLA did not halt in " + r.epochs() + " epochs");
          assertTrue(r.mistakes() <= bound, where + ": " + r.mistakes() + " mistakes > bound " + bound);
          mean[di] += r.mistakes() / (double) SEEDS;
          max = Math.max(max, r.mistakes());
        }
        table.append(String.format("| %d | %d | %d | %.1f | %d | %d | %d | %.3f |%n", k, d, n, mean[di], max, bound,
            (long) d * (2 * k * k - 2 * k + 1), mean[di] / (d + 1)));
      }
      // Linear growth: over a 100x range of d, mistakes grow by a factor close to 100 (slope of
      // log mistakes against log d near 1), far from the log d of attribute-efficient learners.
      double slope = Math.log(mean[DIMENSIONS.length - 1] / mean[0])
          / Math.log((double) DIMENSIONS[DIMENSIONS.length - 1] / DIMENSIONS[0]);
      table.append(String.format("| %d | slope of log(mistakes) vs log(d): %.2f | | | | | | |%n", k, slope));
      assertTrue(slope > 0.8 && slope < 1.2, "k=" + k + ": log-log slope " + slope + " is not linear growth");
    }
    System.out.println(table);
  }
}
