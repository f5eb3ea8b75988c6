package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.LinearModel;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.attribute.NominalAttribute;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad input fails with a message that names it, never with a model; an empty partition changes nothing. */
class BadInputTest {
  private static final long SEED = 5_550L;
  private static SparkSession spark;
  private static JavaSparkContext jsc;

  @BeforeAll
  static void start() {
    System.out.println("BadInputTest seed " + SEED);
    spark = SparkTests.session();
    jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
  }


  private static org.apache.spark.sql.Dataset<Row> frame(JavaRDD<Row> rows) {
    return spark.createDataFrame(rows, SparkTests.SCHEMA);
  }

  private static List<Row> rows(Dataset data) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < data.size(); i++) {
      rows.add(RowFactory.create(SparkTests.label(data, i), SparkTests.vector(data, i)));
    }
    return rows;
  }

  private static PerceptronClassifier estimator() {
    return new PerceptronClassifier().setMaxIter(3).setSeed(SEED);
  }

  private static void assertFails(Executable fit, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, fit);
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "'" + f + "' not in: " + e.getMessage());
    }
  }

  @Test
  void aLabelOutsideTheClassesTheMetadataDeclaresIsRefused() {
    List<Row> rows = rows(SparkTests.gaussian(60, 5, 3, SEED));
    org.apache.spark.sql.Dataset<Row> df = frame(jsc.parallelize(rows, 2));
    org.apache.spark.sql.Dataset<Row> declaredTwo = df.withColumn("label", functions.col("label").as("label",
        NominalAttribute.defaultAttr().withName("label").withNumValues(2).toMetadata()));
    assertFails(() -> estimator().fit(declaredTwo), "declares 2 classes", "label 2.0");
  }

  @Test
  void nonFiniteFeaturesAreRefused() {
    List<Row> rows = rows(SparkTests.gaussian(40, 5, 2, SEED));
    rows.set(17, RowFactory.create(1.0, Vectors.dense(1, 2, Double.NaN, 4, 5)));
    assertFails(() -> estimator().fit(frame(jsc.parallelize(rows, 1))), "partition 0, row 17", "feature 2 is NaN");
    List<Row> sparse = rows(SparkTests.bagOfWords(40, 30, 2, SEED));
    sparse.set(3, RowFactory.create(0.0, Vectors.sparse(30, new int[] {4, 9}, new double[] {1, 1e300})));
    assertFails(() -> estimator().fit(frame(jsc.parallelize(sparse, 2))), "row 3", "feature 9", "beyond the float range");
  }

  @Test
  void vectorsOfDifferentSizesAreRefused() {
    List<Row> rows = rows(SparkTests.gaussian(40, 5, 2, SEED));
    rows.set(30, RowFactory.create(0.0, Vectors.dense(1, 2, 3, 4, 5, 6)));
    assertFails(() -> estimator().fit(frame(jsc.parallelize(rows, 1))), "row 30", "size 6", "size 5");
    // Rows 20..39 are partition 1: every row there has size 6, so only the driver sees the difference.
    List<Row> halves = rows(SparkTests.gaussian(40, 5, 2, SEED));
    for (int i = 20; i < 40; i++) {
      halves.set(i, RowFactory.create(halves.get(i).getDouble(0), Vectors.dense(1, 2, 3, 4, 5, 6)));
    }
    assertFails(() -> estimator().fit(frame(jsc.parallelize(halves, 2))), "size 5 and 6", "partition 1");
  }

  @Test
  void badLabelsAndTooFewClassesAreRefused() {
    List<Row> rows = rows(SparkTests.gaussian(30, 4, 2, SEED));
    rows.set(4, RowFactory.create(Double.NaN, Vectors.dense(1, 2, 3, 4)));
    assertFails(() -> estimator().fit(frame(jsc.parallelize(rows, 2))), "NaN", "finite");
    List<Row> one = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      one.add(RowFactory.create(1.0, Vectors.dense(i, 1)));
    }
    assertFails(() -> estimator().fit(frame(jsc.parallelize(one, 2))), "1 class (1.0)", "at least 2");
    assertFails(() -> estimator().fit(frame(jsc.parallelize(new ArrayList<Row>(), 2))), "0 classes");
    List<Row> three = rows(SparkTests.gaussian(30, 4, 3, SEED));
    assertFails(() -> estimator().setAlgorithm("margin").setMulticlass("direct").fit(frame(jsc.parallelize(three, 2))),
        "not margin");
  }

  @Test
  void aModelRefusesVectorsOfAnotherSize() {
    List<Row> rows = rows(SparkTests.gaussian(30, 4, 2, SEED));
    PerceptronClassificationModel m = estimator().fit(frame(jsc.parallelize(rows, 1)));
    List<Row> wide = List.of(RowFactory.create(0.0, Vectors.dense(1, 2, 3, 4, 5)));
    Exception e = assertThrows(Exception.class, () -> m.transform(frame(jsc.parallelize(wide, 1))).collectAsList());
    StringBuilder messages = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    assertTrue(messages.toString().contains("the features vector has size 5, the model was trained on size 4: give it"
        + " vectors of size 4"), messages.toString());
  }

  /** Partitions [empty, data, empty] train the model of [data] alone: empty partitions neither learn nor count. */
  @Test
  void emptyPartitionsChangeNothing() {
    Dataset data = SparkTests.gaussian(120, 6, 2, SEED);
    List<Row> rows = rows(data);
    JavaRDD<Row> empty = jsc.parallelize(new ArrayList<Row>(), 1);
    JavaRDD<Row> padded = empty.union(jsc.parallelize(rows, 1)).union(jsc.parallelize(new ArrayList<Row>(), 1));
    assertEquals(3, padded.getNumPartitions());
    for (String mixing : new String[] {"uniform", "updates"}) {
      LinearModel alone = (LinearModel) estimator().setMixing(mixing).fit(frame(jsc.parallelize(rows, 1)))
          .kernelModel();
      LinearModel withEmpty = (LinearModel) estimator().setMixing(mixing).fit(frame(padded)).kernelModel();
      assertArrayEquals(alone.weights(), withEmpty.weights(), mixing);
      assertEquals(alone.bias(), withEmpty.bias(), mixing);
    }
  }
}
