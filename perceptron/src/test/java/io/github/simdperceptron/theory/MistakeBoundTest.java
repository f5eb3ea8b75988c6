package io.github.simdperceptron.theory;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The perceptron convergence theorem (Novikoff, Block 1962) and its non-separable form (Freund and
 * Schapire 1999), checked on generated data with a planted unit u and margin gamma.
 */
class MistakeBoundTest {
  private static final long SEED = Long.getLong("tests.seed", 1962L);
  private static final int SEEDS = 12;

  /** Separable data: total mistakes of PLA run to convergence never exceed (R / gamma)^2. */
  @ParameterizedTest(name = "d = {0}")
  @ValueSource(ints = {2, 10, 100, 1000, 10_000})
  void novikoffBoundHoldsOnSeparableData(int d) {
    double worst = 0;
    for (int s = 0; s < SEEDS; s++) {
      long seed = SEED + 7919L * s + d;
      Generators.Planted p = Generators.separable(d >= 1000 ? 150 : 400, d, 0.05, 1.0, seed);
      TrainingReport r = Learner.fit(Algorithm.PLA, p.data(),
          TrainingOptions.builder().maxEpochs(10_000).seed(seed).bias(false).build()).report();
      double gamma = Theory.margin(p.data(), p.u(), 0f, false);
      double bound = Theory.novikoffBound(Theory.radius(p.data(), false), gamma);
      String where = "d=" + d + " seed=" + seed + ": " + r.mistakes() + " mistakes, bound " + bound;
      assertTrue(gamma >= 0.05 * (1 - 1e-6), where + ": planted margin " + gamma + " below 0.05");
      assertTrue(r.halted() && r.separated(), where + ": did not converge");
      assertTrue(r.mistakes() > 0 && r.mistakes() <= bound, where);
      // The report's own bound, from the margin the final separator achieves, is looser and holds too.
      assertTrue(r.mistakes() <= r.mistakeBound(), where + ", report bound " + r.mistakeBound());
      worst = Math.max(worst, r.mistakes() / bound);
    }
    System.out.printf("d=%d: worst mistakes / Novikoff bound over %d seeds = %.3f%n", d, SEEDS, worst);
  }

  /**
   * Noisy data (5% of labels flipped): over k passes in a fixed order the perceptron's mistakes
   * never exceed ((R + sqrt(k) D) / gamma)^2, D the deviation of the planted u on one pass.
   */
  @ParameterizedTest(name = "d = {0}")
  @ValueSource(ints = {2, 10, 100, 1000})
  void freundSchapireBoundHoldsOnNoisyData(int d) {
    for (int s = 0; s < SEEDS; s++) {
      long seed = SEED + 104729L * s + d;
      Generators.Planted p = Generators.noisy(300, d, 0.05, 1.0, 0.05, seed);
      double gamma = 0.05;
      double radius = Theory.radius(p.data(), false);
      double deviation = Theory.deviation(p.data(), p.u(), 0f, false, gamma);
      assertTrue(deviation > 0, "d=" + d + " seed=" + seed + ": no label was flipped, the case tests nothing");
      for (int passes : new int[] {1, 3}) {
        TrainingReport r = Learner.fit(Algorithm.PERCEPTRON, p.data(),
            TrainingOptions.builder().maxEpochs(passes).shuffle(false).bias(false).build()).report();
        double bound = Theory.freundSchapireBound(radius, Math.sqrt(r.epochs()) * deviation, gamma);
        assertTrue(r.mistakes() <= bound, "d=" + d + " seed=" + seed + " passes=" + passes + ": " + r.mistakes()
            + " mistakes > bound " + bound);
      }
    }
  }
}
