package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Warm start of the online multi-class learner, on small-integer data so every float step is exact. */
class OnlineMulticlassWarmStartTest {
  private static final long SEED = 4_1414L;
  private static final Labels ABC = Labels.of(List.of("a", "b", "c"));

  private static Dataset integerData(int n, int d) {
    Random rnd = new Random(SEED);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = rnd.nextInt(7) - 3;
      }
      b.add(x, ABC.name(rnd.nextInt(3)));
    }
    return b.build();
  }

  @Test
  void aWarmStartFromTheFirstEpochContinuesLikeOneLearner() {
    System.out.println("OnlineMulticlassWarmStartTest seed " + SEED);
    Dataset data = integerData(200, 9);
    TrainingOptions o = TrainingOptions.builder().shuffle(false).build();
    Learner<MulticlassModel> one = Learner.multiclass(Algorithm.PERCEPTRON, 9, ABC, o);
    one.partialFit(data);
    MulticlassModel afterFirst = one.model();
    one.partialFit(data);
    Learner<MulticlassModel> warm = Learner.multiclass(Algorithm.PERCEPTRON, afterFirst, o);
    warm.partialFit(data);
    assertArrayEquals(one.model().weights(), warm.model().weights());
    assertArrayEquals(one.model().biases(), warm.model().biases());
    assertNotEquals(0L, warm.mistakes(), "the second epoch must make mistakes for this comparison");
  }

  @Test
  void theAveragedWarmStartAveragesFromTheModelsWeights() {
    float[][] w = {{1, 0}, {0, 1}, {-1, -1}};
    MulticlassModel m = new MulticlassModel(w, new float[] {0, 2, 0}, ABC);
    Learner<MulticlassModel> warm =
        Learner.multiclass(Algorithm.AVERAGED, m, TrainingOptions.defaults());
    warm.learn(new float[] {4, 0}, "a");
    assertArrayEquals(w, warm.model().weights(), "no mistake: the average is the start");
    warm.learn(new float[] {2, 0}, "c");
    // One mistake (a predicted, c true) at counter 2, so u = 2 (x on c, -x on a) and avg = w - u / 3 in double.
    float third = (float) (1.0 / 3.0);
    assertArrayEquals(new float[][] {{(float) (-1 + 4.0 / 3), 0}, {0, 1}, {(float) (1 - 4.0 / 3), -1}},
        warm.model().weights());
    assertArrayEquals(new float[] {-third, 2, third}, warm.model().biases());
    assertEquals(1L, warm.mistakes());
  }
}
