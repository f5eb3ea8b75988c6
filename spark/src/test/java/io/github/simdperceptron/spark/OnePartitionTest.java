package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With one partition the estimator's model equals, bit for bit (float bits compared), the
 * single-machine sequence of {@link SparkTests#singleMachine}: per epoch t, one epoch of the kernel
 * learner with seed partitionSeed(seed, t, 0) from the previous epoch's model. Real-valued
 * Gaussian rows (dense) and word counts (sparse), so any difference in order or arithmetic shows.
 */
class OnePartitionTest {
  private static final long SEED = 20_101L;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    System.out.println("OnePartitionTest seed " + SEED);
    spark = SparkTests.session();
  }


  private static PerceptronClassificationModel fit(Dataset data, String algorithm, String multiclass, String mixing,
      int epochs) {
    return new PerceptronClassifier().setAlgorithm(algorithm).setMulticlass(multiclass).setMixing(mixing)
        .setMaxIter(epochs).setSeed(SEED).setTau(1.0).fit(SparkTests.frame(spark, data, 1));
  }

  private static void assertSameModel(Model expected, Model actual, String ctx) {
    assertEquals(expected.labels(), actual.labels(), ctx);
    if (expected instanceof LinearModel) {
      LinearModel e = (LinearModel) expected;
      LinearModel a = assertInstanceOf(LinearModel.class, actual, ctx);
      assertArrayEquals(e.weights(), a.weights(), ctx);
      assertEquals(Float.floatToIntBits(e.bias()), Float.floatToIntBits(a.bias()), ctx);
    } else {
      MulticlassModel e = (MulticlassModel) expected;
      MulticlassModel a = assertInstanceOf(MulticlassModel.class, actual, ctx);
      assertArrayEquals(e.weights(), a.weights(), ctx);
      assertArrayEquals(e.biases(), a.biases(), ctx);
    }
  }

  private static void check(Dataset data, Algorithm a, String multiclass, String mixing, int epochs) {
    String ctx = a + " " + multiclass + " " + mixing + (data.isSparse() ? " sparse" : " dense") + ", seed " + SEED;
    PerceptronClassificationModel m = fit(data, a.name().toLowerCase(Locale.ROOT), multiclass, mixing, epochs);
    assertSameModel(SparkTests.singleMachine(a, multiclass, data, true, 1.0, SEED, epochs), m.kernelModel(), ctx);
    assertEquals(epochs, m.epochReports().size(), ctx);
    assertNotEquals(0L, m.epochReports().get(0).mistakes(), ctx);
  }

  @Test
  void binaryDenseEqualsTheSingleMachineSequence() {
    Dataset data = SparkTests.gaussian(300, 20, 2, SEED);
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.MARGIN}) {
      check(data, a, "oneVsRest", "uniform", 3);
    }
    check(data, Algorithm.PERCEPTRON, "oneVsRest", "updates", 3);
  }

  @Test
  void binarySparseEqualsTheSingleMachineSequence() {
    Dataset data = SparkTests.bagOfWords(300, 400, 2, SEED);
    check(data, Algorithm.AVERAGED, "oneVsRest", "updates", 3);
    check(data, Algorithm.MARGIN, "oneVsRest", "uniform", 2);
  }

  @Test
  void multiclassEqualsTheSingleMachineSequence() {
    Dataset dense = SparkTests.gaussian(300, 12, 4, SEED + 1);
    Dataset sparse = SparkTests.bagOfWords(300, 300, 3, SEED + 1);
    check(dense, Algorithm.AVERAGED, "oneVsRest", "uniform", 3);
    check(sparse, Algorithm.MARGIN, "oneVsRest", "updates", 2);
    check(dense, Algorithm.PERCEPTRON, "direct", "updates", 3);
    check(sparse, Algorithm.AVERAGED, "direct", "uniform", 2);
  }

  /** On separable data training stops after the first epoch without updates, with the model of all the epochs. */
  @Test
  void trainingStopsWhenNoPartitionUpdates() {
    Dataset data = SparkTests.gaussian(100, 4, 2, SEED + 3);
    Dataset.Builder b = Dataset.builder(4);
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      x[0] = data.classOf(i) == 1 ? 20 : -20;
      b.add(x, SparkTests.label(data, i));
    }
    Dataset separable = b.build();
    PerceptronClassificationModel m = fit(separable, "perceptron", "oneVsRest", "uniform", 30);
    int epochs = m.epochReports().size();
    assertTrue(epochs < 30, epochs + " epochs");
    assertEquals(0L, m.epochReports().get(epochs - 1).mistakes());
    assertSameModel(SparkTests.singleMachine(Algorithm.PERCEPTRON, "oneVsRest", separable, true, 1.0, SEED, 30),
        m.kernelModel(), "separable");
  }

  /** The first epoch from zero is one epoch of the batch learners, which know nothing of warm starts. */
  @Test
  void oneEpochEqualsTheBatchLearners() {
    TrainingOptions o =
        SparkTests.options(true, 1.0).toBuilder().seed(PerceptronClassifier.partitionSeed(SEED, 0, 0)).build();
    Dataset binary = SparkTests.gaussian(200, 10, 2, SEED + 2);
    assertSameModel(Learner.fit(Algorithm.MARGIN, binary, o).model(),
        fit(binary, "margin", "oneVsRest", "uniform", 1).kernelModel(), "binary margin");
    Dataset three = SparkTests.gaussian(200, 10, 3, SEED + 2);
    assertSameModel(Learner.fitOneVsRest(Algorithm.AVERAGED, three, o).model(),
        fit(three, "averaged", "oneVsRest", "uniform", 1).kernelModel(), "one-vs-rest averaged");
    assertSameModel(Learner.fitMulticlass(Algorithm.PERCEPTRON, three, o).model(),
        fit(three, "perceptron", "direct", "uniform", 1).kernelModel(), "direct perceptron");
  }
}
