package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.FeatureHasher;
import org.apache.spark.ml.feature.HashingTF;
import org.apache.spark.ml.feature.Tokenizer;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark ML persistence of the estimator and the model, pipelines over libsvm files, HashingTF and
 * FeatureHasher output without conversion, and the export to the project's model file.
 */
class PersistenceAndPipelineTest {
  private static final long SEED = 8_080L;
  private static SparkSession spark;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    System.out.println("PersistenceAndPipelineTest seed " + SEED);
    spark = SparkTests.session();
  }


  private static List<Double> predictions(org.apache.spark.ml.Transformer model, org.apache.spark.sql.Dataset<Row> df) {
    return model.transform(df).select("prediction").collectAsList().stream().map(r -> r.getDouble(0))
        .collect(Collectors.toList());
  }

  @Test
  void aSavedModelAndEstimatorLoadAsTheyWere() throws IOException {
    Dataset data = SparkTests.gaussian(200, 8, 3, SEED);
    org.apache.spark.sql.Dataset<Row> df = SparkTests.frame(spark, data, 2);
    PerceptronClassifier estimator = new PerceptronClassifier().setAlgorithm("perceptron").setMulticlass("direct")
        .setMixing("updates").setMaxIter(4).setSeed(SEED).setFitIntercept(false);
    PerceptronClassificationModel m = estimator.fit(df);
    assertEquals(estimator, m.parent());
    assertEquals("guess", estimator.copy(new ParamMap()).setPredictionCol("guess").fit(df).getPredictionCol(),
        "the estimator's columns carry over to its model");
    m.setPredictionCol("predicted");
    m.write().overwrite().save(dir.resolve("model").toString());
    estimator.write().overwrite().save(dir.resolve("estimator").toString());

    PerceptronClassificationModel loaded = PerceptronClassificationModel.load(dir.resolve("model").toString());
    assertEquals(m.uid(), loaded.uid());
    assertEquals("predicted", loaded.getPredictionCol());
    assertEquals("MULTICLASS(PERCEPTRON)", loaded.learner());
    assertArrayEquals(m.classValues(), loaded.classValues());
    assertArrayEquals(((MulticlassModel) m.kernelModel()).weights(), ((MulticlassModel) loaded.kernelModel()).weights());
    assertArrayEquals(((MulticlassModel) m.kernelModel()).biases(), ((MulticlassModel) loaded.kernelModel()).biases());
    List<Row> a = m.transform(df).select("predicted", "rawPrediction").collectAsList();
    assertEquals(a, loaded.transform(df).select("predicted", "rawPrediction").collectAsList());

    PerceptronClassifier back = PerceptronClassifier.load(dir.resolve("estimator").toString());
    assertEquals(estimator.uid(), back.uid());
    assertEquals("perceptron", back.getAlgorithm());
    assertEquals("direct", back.getMulticlass());
    assertEquals("updates", back.getMixing());
    assertEquals(4, back.getMaxIter());
    assertEquals(SEED, back.getSeed());
    assertEquals(false, back.getFitIntercept());
    assertArrayEquals(((MulticlassModel) m.kernelModel()).weights(),
        ((MulticlassModel) back.fit(df).kernelModel()).weights(), "the loaded estimator trains the same model");
  }

  @Test
  void theExportedModelFileHoldsTheSameModel() throws IOException {
    Dataset data = SparkTests.bagOfWords(300, 200, 2, SEED);
    org.apache.spark.sql.Dataset<Row> df = SparkTests.frame(spark, data, 3);
    PerceptronClassificationModel m = new PerceptronClassifier().setAlgorithm("margin").setTau(0.5).setMaxIter(3)
        .setSeed(SEED).fit(df);
    Path file = dir.resolve("model.bin");
    m.exportModelFile(file.toString());
    ModelFile saved = ModelFile.read(file);
    assertEquals("MARGIN", saved.algorithm());
    Model model = saved.model();
    List<Double> spark = predictions(m, df);
    for (int i = 0; i < data.size(); i++) {
      double fromFile = Double.parseDouble(model.labels().name(model.predictClass(data, i)));
      assertEquals(spark.get(i), fromFile, "row " + i);
    }
  }

  /** A libsvm file with -1/+1 labels and 1-based indices trains as read; predictions are -1 or +1. */
  @Test
  void libsvmFilesTrainAsRead() throws IOException {
    Random rnd = new Random(SEED);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      int y = rnd.nextBoolean() ? 1 : -1;
      StringBuilder line = new StringBuilder(y > 0 ? "+1" : "-1");
      for (int j = 1; j <= 30; j++) {
        if (rnd.nextInt(4) == 0 || (y > 0 && j == 7)) {
          line.append(' ').append(j).append(':').append(y > 0 && j == 7 ? 3 : rnd.nextInt(3));
        }
      }
      lines.add(line.toString());
    }
    Path file = Files.write(dir.resolve("train.svm"), lines);
    org.apache.spark.sql.Dataset<Row> df = spark.read().format("libsvm").load(file.toString());
    PerceptronClassificationModel m = new PerceptronClassifier().setMaxIter(5).setSeed(SEED).fit(df);
    assertArrayEquals(new double[] {-1, 1}, m.classValues());
    List<Row> out = m.transform(df).select("label", "prediction").collectAsList();
    long right = out.stream().filter(r -> r.getDouble(0) == r.getDouble(1)).count();
    assertTrue(out.stream().allMatch(r -> r.getDouble(1) == 1 || r.getDouble(1) == -1));
    assertTrue(right >= 190, right + " of 200 right on a separable training set");
  }

  /** Tokenizer + HashingTF and FeatureHasher feed the estimator directly; the pipeline saves and loads. */
  @Test
  void hashedFeaturesTrainInAPipelineThatSavesAndLoads() throws IOException {
    Random rnd = new Random(SEED);
    String[][] topics = {{"goal", "match", "team", "score"}, {"vote", "party", "law", "court"},
        {"cpu", "cache", "kernel", "vector"}};
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      int t = rnd.nextInt(3);
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 8; w++) {
        text.append(rnd.nextInt(3) == 0 ? topics[t][rnd.nextInt(4)] : "word" + rnd.nextInt(50)).append(' ');
      }
      rows.add(RowFactory.create((double) t, text.toString(), "site" + rnd.nextInt(5), (double) rnd.nextInt(10)));
    }
    StructType schema = new StructType().add("label", DataTypes.DoubleType).add("text", DataTypes.StringType)
        .add("site", DataTypes.StringType).add("hour", DataTypes.DoubleType);
    org.apache.spark.sql.Dataset<Row> df = spark.createDataFrame(rows, schema);

    Pipeline text = new Pipeline().setStages(new PipelineStage[] {
        new Tokenizer().setInputCol("text").setOutputCol("words"),
        new HashingTF().setInputCol("words").setOutputCol("features").setNumFeatures(1 << 10),
        new PerceptronClassifier().setMaxIter(5).setSeed(SEED)});
    PipelineModel fitted = text.fit(df);
    assertTrue(fitted.transform(df).select("features").first().get(0) instanceof SparseVector);
    List<Double> before = predictions(fitted, df);
    long right = 0;
    for (int i = 0; i < rows.size(); i++) {
      right += before.get(i) == rows.get(i).getDouble(0) ? 1 : 0;
    }
    assertTrue(right >= 270, right + " of 300 right");
    fitted.write().overwrite().save(dir.resolve("pipeline").toString());
    assertEquals(before, predictions(PipelineModel.load(dir.resolve("pipeline").toString()), df));

    Pipeline hashed = new Pipeline().setStages(new PipelineStage[] {
        new FeatureHasher().setInputCols(new String[] {"site", "hour"}).setOutputCol("features").setNumFeatures(64),
        new PerceptronClassifier().setMaxIter(2).setSeed(SEED)});
    PipelineModel hashedModel = hashed.fit(df);
    Vector first = (Vector) hashedModel.transform(df).select("features").first().get(0);
    assertEquals(64, first.size());
    assertEquals(3, ((PerceptronClassificationModel) hashedModel.stages()[1]).numClasses());
  }
}
