package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One-vs-rest on multi-label rows: class c's row of the model is, bit for bit on integer data, the
 * binary learner's on the rows relabelled "c among the row's classes" against the rest.
 */
class MultiLabelTest {
  @Test
  void eachClassIsTheBinaryRunOnItsRelabelledRows() {
    long seed = 20261201L;
    System.out.println("MultiLabelTest seed " + seed);
    Random rnd = new Random(seed);
    int n = 300;
    int d = 40;
    int k = 4;
    Dataset.Builder b = Dataset.builder(d);
    int[][] classes = new int[n][];
    for (int i = 0; i < n; i++) {
      int nnz = 2 + rnd.nextInt(8);
      int[] idx = rnd.ints(0, d).distinct().limit(nnz).sorted().toArray();
      float[] val = new float[idx.length];
      for (int j = 0; j < val.length; j++) {
        val[j] = 1 + rnd.nextInt(3);
      }
      int first = rnd.nextInt(k);
      classes[i] = rnd.nextBoolean() ? new int[] {first} : new int[] {first, (first + 1 + rnd.nextInt(k - 1)) % k};
      b.add(idx, val, "c" + first);
    }
    Dataset data = b.build();
    for (Algorithm a : List.of(Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.MARGIN)) {
      TrainingOptions o = TrainingOptions.builder().maxEpochs(4).seed(7).tau(a == Algorithm.MARGIN ? 2f : 0f).build();
      // Dataset classes are the names c0..c3 sorted, so class index = the number.
      FitResult<MulticlassModel> fit = Learner.fitMultiLabel(a, data, i -> classes[i], o);
      for (int c = 0; c < k; c++) {
        int[] binary = new int[n];
        for (int i = 0; i < n; i++) {
          for (int x : classes[i]) {
            binary[i] |= x == c ? 1 : 0;
          }
        }
        Dataset relabelled = data.withLabels(Labels.of(List.of("-1", "1")), binary);
        FitResult<BinaryModel> one = Learner.fit(a, relabelled, o);
        LinearModel m = (LinearModel) one.model();
        assertArrayEquals(m.weights(), fit.model().weights(c), a + " class " + c);
        assertEquals(m.bias(), fit.model().biases()[c], a + " class " + c);
      }
    }
  }

  @Test
  void badArgumentsAreNamed() {
    Dataset data = Dataset.builder(3).add(new int[] {0}, null, "a").add(new int[] {1}, null, "b").build();
    TrainingOptions o = TrainingOptions.builder().build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Learner.fitMultiLabel(Algorithm.AVERAGED, data, i -> new int[0], o));
    assertTrue(e.getMessage().startsWith("classesOf: row 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> Learner.fitMultiLabel(Algorithm.AVERAGED, data, i -> new int[] {5}, o));
    assertTrue(e.getMessage().contains("class 5"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> Learner.fitMultiLabel(Algorithm.POCKET, data, i -> new int[] {i}, o));
    assertTrue(e.getMessage().contains("algorithm"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Learner.fitMultiLabel(Algorithm.AVERAGED, data,
        i -> new int[] {i}, o.toBuilder().earlyStopping(0.5, 2).build()));
    assertTrue(e.getMessage().startsWith("options"), e.getMessage());
  }
}
