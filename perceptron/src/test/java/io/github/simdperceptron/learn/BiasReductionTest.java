package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CIML Algorithm 5's bias equals Algorithm 2.10 without bias on inputs extended by a constant 1
 * feature: the same updates in the same order, w equal on the first d coordinates and b equal to
 * the extra one. The data is integer-valued ({-1, 1} conjunctions): the learner adds b after the
 * dot while the extended run sums it inside the dot, which is the same only when both are exact.
 */
class BiasReductionTest {
  private static final long SEED = Long.getLong("tests.seed", 99L);

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"PERCEPTRON", "PLA", "MARGIN", "AVERAGED", "POCKET"})
  void biasEqualsConstantFeature(Algorithm algorithm) {
    Dataset data = Generators.conjunction(300, 24, 2, SEED);
    int d = data.dimension();
    Dataset.Builder extended = Dataset.builder(d + 1);
    for (int i = 0; i < data.size(); i++) {
      float[] x = Arrays.copyOf(data.denseRow(i), d + 1);
      x[d] = 1f;
      extended.add(x, data.label(i));
    }
    TrainingOptions options = TrainingOptions.builder().maxEpochs(8).seed(SEED).tau(2f)
        .updateLog(true).build();
    FitResult<BinaryModel> withBias = Learner.fit(algorithm, data, options.toBuilder().bias(true).build());
    FitResult<BinaryModel> withFeature = Learner.fit(algorithm, extended.build(),
        options.toBuilder().bias(false).build());

    String where = algorithm + " seed " + SEED;
    assertArrayEquals(withFeature.report().updateLog(), withBias.report().updateLog(), where + ": update order");
    LinearModel a = (LinearModel) withBias.model();
    LinearModel b = (LinearModel) withFeature.model();
    assertArrayEquals(Arrays.copyOf(b.weights(), d), a.weights(), where + ": weights");
    assertEquals(b.weights()[d], a.bias(), where + ": bias vs constant feature");
    assertEquals(0f, b.bias(), where + ": no bias learned without the option");
  }
}
