package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.OptionException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.internal.ClassScores;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The multi-class API: class values, the model's scores and predictions, options, online use, errors. */
class MulticlassLearnerTest {
  private static final TrainingOptions OPTIONS = TrainingOptions.builder().maxEpochs(5).seed(3).build();

  /** Three well separated blobs in 2-d named by strings, plus a constant-ish third feature. */
  private static Dataset blobs(String[] names, int perClass, long seed) {
    Random rnd = new Random(seed);
    float[][] centres = {{5, 0}, {-5, 5}, {-5, -5}};
    Dataset.Builder b = Dataset.builder(3);
    for (int i = 0; i < perClass; i++) {
      for (int c = 0; c < names.length; c++) {
        float[] x = {centres[c][0] + (float) rnd.nextGaussian(), centres[c][1] + (float) rnd.nextGaussian(), 1f};
        b.add(x, names[c]);
      }
    }
    return b.build();
  }

  @Test
  void stringClassesAreMappedOnceAndKeptInTheModel() {
    Dataset data = blobs(new String[] {"trouser", "bag", "sneaker"}, 40, 1);
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
      MulticlassModel native_ = Learner.fitMulticlass(a, data, OPTIONS).model();
      MulticlassModel ovr = Learner.fitOneVsRest(a, data, OPTIONS).model();
      for (MulticlassModel m : new MulticlassModel[] {native_, ovr}) {
        assertEquals(List.of("bag", "sneaker", "trouser"), m.labels().names());
        assertEquals(1.0, m.accuracy(data), a.toString());
        assertEquals("trouser", m.predict(new float[] {5, 0, 1}));
        assertEquals("bag", m.predict(new int[] {0, 1, 2}, new float[] {-5, 5, 1}));
        assertEquals("sneaker", m.predict(new float[] {-5, -5, 1}));
      }
    }
  }

  @Test
  void integerClassesKeepTheirValues() {
    Dataset.Builder b = Dataset.builder(2);
    int[] values = {-7, 3, 12};
    for (int i = 0; i < 60; i++) {
      int c = i % 3;
      b.add(new float[] {c == 0 ? 4f : -4f, c == 2 ? 4f : -4f}, values[c]);
    }
    FitResult<MulticlassModel> r = Learner.fitMulticlass(Algorithm.PERCEPTRON, b.build(), OPTIONS);
    assertEquals(List.of("-7", "3", "12"), r.model().labels().names());
    assertEquals("-7", r.model().predict(new float[] {4, -4}));
    assertEquals("12", r.model().predict(new float[] {-4, 4}));
    assertTrue(r.report().converged());
    assertEquals("MULTICLASS(PERCEPTRON)", r.report().algorithm());
  }

  @Test
  void scoresAgreeForDenseSparseAndDatasetRows() {
    Dataset data = MulticlassEquivalenceTest.realValuedProblem(true, 200, 40, 4, 5);
    MulticlassModel m = Learner.fitOneVsRest(Algorithm.AVERAGED, data, OPTIONS).model();
    Dataset sparse = data;
    for (int i = 0; i < data.size(); i++) {
      float[] dense = data.denseRow(i);
      int start = DataAccess.rowStart(sparse, i);
      int[] idx = Arrays.copyOfRange(DataAccess.indices(sparse), start, start + sparse.nonZeros(i));
      float[] val = Arrays.copyOfRange(DataAccess.values(sparse), start, start + sparse.nonZeros(i));
      float[] fromRow = m.scores(data, i);
      assertArrayEquals(fromRow, m.scores(idx, val), "row " + i);
      float[] fromDense = m.scores(dense);
      for (int c = 0; c < fromRow.length; c++) {
        // A dense pass sums the zeros too, in another order: equal up to rounding.
        assertEquals(fromRow[c], fromDense[c], 1e-4f * (1 + Math.abs(fromRow[c])), "row " + i);
      }
      assertEquals(m.predictClass(data, i), m.predictClass(idx, val));
      int best = 0;
      for (int c = 1; c < fromRow.length; c++) {
        if (fromRow[c] > fromRow[best]) {
          best = c;
        }
      }
      assertEquals(best, m.predictClass(data, i));
    }
  }

  @Test
  void tiesGoToTheSmallestClassIndex() {
    Labels labels = Labels.of(List.of("a", "b", "c"));
    MulticlassModel zero = new MulticlassModel(new float[3][4], new float[3], labels);
    assertEquals(0, zero.predictClass(new float[] {1, 2, 3, 4}));
    MulticlassModel tied = new MulticlassModel(new float[][] {{0, 0}, {1, 0}, {1, 0}}, new float[] {0, 0, 0}, labels);
    assertEquals("b", tied.predict(new float[] {1, 0}));
  }

  @Test
  void parallelPredictionEqualsRowByRow() {
    Dataset data = MulticlassEquivalenceTest.realValuedProblem(false, 6000, 70, 10, 9);
    MulticlassModel m = Learner.fitMulticlass(Algorithm.PERCEPTRON, data,
        OPTIONS.toBuilder().maxEpochs(1).build()).model();
    int[] all = m.predictClasses(data);
    for (int i = 0; i < data.size(); i++) {
      assertEquals(m.predictClass(data, i), all[i], "row " + i);
    }
  }

  @Test
  void earlyStoppingReportsValidationAccuracy() {
    Dataset data = MulticlassEquivalenceTest.realValuedProblem(false, 600, 30, 5, 21);
    FitResult<MulticlassModel> r = Learner.fitMulticlass(Algorithm.AVERAGED, data,
        OPTIONS.toBuilder().maxEpochs(30).earlyStopping(0.2, 3).build());
    double[] acc = r.report().validationAccuracyPerEpoch();
    assertTrue(acc.length >= 1 && acc.length <= 30);
    assertTrue(r.model().accuracy(data) > 0.6, "accuracy " + r.model().accuracy(data));
    FitResult<MulticlassModel> ovr = Learner.fitOneVsRest(Algorithm.PERCEPTRON, data,
        OPTIONS.toBuilder().earlyStopping(0.2, 2).build());
    assertEquals(ovr.report().epochs(), ovr.report().validationAccuracyPerEpoch().length);
    assertEquals("OVR(PERCEPTRON)", ovr.report().algorithm());
  }

  @Test
  void onlineEpochsEqualABatchFit() {
    Dataset data = MulticlassEquivalenceTest.realValuedProblem(false, 300, 20, 4, 17);
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED}) {
      TrainingOptions o = OPTIONS.toBuilder().maxEpochs(3).build();
      FitResult<MulticlassModel> batch = Learner.fitMulticlass(a, data, o);
      assertEquals(3, batch.report().epochs(), "the batch run must not converge for this comparison");
      Learner<MulticlassModel> online = Learner.multiclass(a, data.dimension(), data.labels(), o);
      for (int e = 0; e < 3; e++) {
        online.partialFit(data);
      }
      assertArrayEquals(batch.model().weights(), online.model().weights(), a.toString());
      assertArrayEquals(batch.model().biases(), online.model().biases(), a.toString());
      assertEquals(batch.report().mistakes(), online.mistakes());
      assertEquals(900, online.visits());
    }
  }

  @Test
  void onlineExamplesOneByOneEqualAnUnshuffledEpoch() {
    Dataset data = MulticlassEquivalenceTest.realValuedProblem(false, 100, 12, 3, 4);
    TrainingOptions o = OPTIONS.toBuilder().shuffle(false).build();
    Learner<MulticlassModel> byEpoch = Learner.multiclass(Algorithm.AVERAGED, 12, data.labels(), o);
    Learner<MulticlassModel> byExample = Learner.multiclass(Algorithm.AVERAGED, 12, data.labels(), o);
    byEpoch.partialFit(data);
    for (int i = 0; i < data.size(); i++) {
      byExample.learn(data.denseRow(i), Double.parseDouble(data.labels().name(data.classOf(i))));
    }
    assertArrayEquals(byEpoch.model().weights(), byExample.model().weights());
    assertEquals(byEpoch.mistakes(), byExample.mistakes());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> byExample.learn(new float[12], "99"));
    assertTrue(e.getMessage().contains("'99'"), e.getMessage());
  }

  @Test
  void unsupportedAlgorithmsAreRefusedClearly() {
    Dataset data = blobs(new String[] {"a", "b", "c"}, 5, 2);
    OptionException voted = assertThrows(OptionException.class,
        () -> Learner.fitOneVsRest(Algorithm.VOTED, data, OPTIONS));
    assertTrue(voted.getMessage().contains("VOTED"), voted.getMessage());
    assertEquals("algorithm", voted.option());
    assertEquals(Algorithm.VOTED, voted.value());
    OptionException pla = assertThrows(OptionException.class,
        () -> Learner.fitMulticlass(Algorithm.PLA, data, OPTIONS));
    assertTrue(pla.getMessage().contains("PERCEPTRON, AVERAGED, PA, PA1 or PA2"), pla.getMessage());
    assertEquals(Algorithm.PLA, pla.value());
    OptionException online = assertThrows(OptionException.class,
        () -> Learner.multiclass(Algorithm.POCKET, 3, data.labels(), OPTIONS));
    assertEquals("algorithm", online.option());
    OptionException binary = assertThrows(OptionException.class,
        () -> Learner.binary(Algorithm.PLA, 3, Labels.of(List.of("-1", "1")), OPTIONS));
    assertTrue(binary.reason().contains("PERCEPTRON, VOTED, AVERAGED, MARGIN, PA, PA1 or PA2"), binary.getMessage());
  }

  @Test
  void modelValidatesItsArguments() {
    Labels two = Labels.of(List.of("x", "y"));
    assertThrows(IllegalArgumentException.class, () -> new MulticlassModel(new float[3][2], new float[3], two));
    assertThrows(IllegalArgumentException.class,
        () -> new MulticlassModel(new float[][] {{1, 2}, {3}}, new float[2], two));
    IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
        () -> new MulticlassModel(new float[][] {{1, Float.NaN}, {3, 4}}, new float[2], two));
    assertTrue(nan.getMessage().contains("weights[0][1]"), nan.getMessage());
    MulticlassModel m = new MulticlassModel(new float[][] {{1, 2}, {3, 4}}, new float[] {0.5f, -1f}, two);
    assertThrows(IllegalArgumentException.class, () -> m.scores(new float[3]));
    assertThrows(IndexOutOfBoundsException.class, () -> m.scores(new int[] {2}, new float[] {1f}));
    assertArrayEquals(new float[] {1 * 1 + 2 * 2 + 0.5f, 3 * 1 + 4 * 2 - 1f}, m.scores(new float[] {1, 2}));
    assertEquals("y", m.predict(new float[] {1, 2}));
  }
}
