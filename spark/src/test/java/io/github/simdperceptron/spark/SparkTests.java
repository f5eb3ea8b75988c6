package io.github.simdperceptron.spark;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** The tests' shared local Spark session, data frames from kernel datasets, and the single-machine references. */
final class SparkTests {
  static final StructType SCHEMA = new StructType()
      .add("label", DataTypes.DoubleType, true)
      .add("features", SQLDataTypes.VectorType(), true);

  private SparkTests() {}

  private static SparkSession shared;

  /**
   * Local mode on two threads, no UI: one session for every test class of the JVM (each start
   * costs seconds), created on first use and again after {@link #stopShared()}; Spark's shutdown
   * hook stops it when the JVM exits.
   */
  static synchronized SparkSession session() {
    if (shared == null || shared.sparkContext().isStopped()) {
      shared = SparkSession.builder().master("local[2]").appName("simdperceptron-test")
          .config("spark.ui.enabled", "false")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.sql.shuffle.partitions", "4")
          .getOrCreate();
    }
    return shared;
  }

  /** Stops the shared session, for a test of code that builds (and stops) a session of its own. */
  static synchronized void stopShared() {
    if (shared != null) {
      shared.stop();
      shared = null;
    }
  }

  /** The label of row i as its number. */
  static double label(Dataset data, int i) {
    return Double.parseDouble(data.labels().name(data.classOf(i)));
  }

  /** Row i as a Spark vector: dense for a dense dataset, sparse for a CSR one. */
  static Vector vector(Dataset data, int i) {
    float[] x = data.denseRow(i);
    if (!data.isSparse()) {
      double[] v = new double[x.length];
      for (int j = 0; j < x.length; j++) {
        v[j] = x[j];
      }
      return Vectors.dense(v);
    }
    Dataset s = data;
    int from = DataAccess.rowStart(s, i);
    int nnz = s.nonZeros(i);
    int[] idx = new int[nnz];
    double[] val = new double[nnz];
    for (int p = 0; p < nnz; p++) {
      idx[p] = DataAccess.indices(s)[from + p];
      val[p] = x[idx[p]];
    }
    return Vectors.sparse(x.length, idx, val);
  }

  /**
   * The rows of data in order, in {@code partitions} contiguous slices: partition p holds rows
   * [p n / P, (p + 1) n / P), as {@code parallelize} slices a list.
   */
  static org.apache.spark.sql.Dataset<Row> frame(SparkSession spark, Dataset data, int partitions) {
    List<Row> rows = new ArrayList<>(data.size());
    for (int i = 0; i < data.size(); i++) {
      rows.add(RowFactory.create(label(data, i), vector(data, i)));
    }
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(jsc.parallelize(rows, partitions), SCHEMA);
  }

  /** n rows of d Gaussian features (a dense dataset) from k classes around random centres. */
  static Dataset gaussian(int n, int d, int k, long seed) {
    Random rnd = new Random(seed);
    float[][] centres = new float[k][d];
    for (float[] c : centres) {
      for (int j = 0; j < d; j++) {
        c[j] = (float) rnd.nextGaussian();
      }
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      int c = rnd.nextInt(k);
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = centres[c][j] + (float) (1.5 * rnd.nextGaussian());
      }
      b.add(x, c);
    }
    return b.build();
  }

  /**
   * A synthetic bag-of-words set: n documents of 10 to 30 words over a vocabulary of v, each
   * document from one of k topics; a topic draws one word in six from its own 5% of the vocabulary
   * and the others uniformly. Values are word counts (CSR rows).
   */
  static Dataset bagOfWords(int n, int v, int k, long seed) {
    Random rnd = new Random(seed);
    int own = Math.max(1, v / 20);
    Dataset.Builder b = Dataset.builder(v);
    for (int i = 0; i < n; i++) {
      int topic = rnd.nextInt(k);
      float[] counts = new float[v];
      int words = 10 + rnd.nextInt(21);
      for (int w = 0; w < words; w++) {
        int word = rnd.nextInt(6) == 0 ? (topic * own + rnd.nextInt(own)) % v : rnd.nextInt(v);
        counts[word]++;
      }
      int nnz = 0;
      for (float c : counts) {
        nnz += c != 0 ? 1 : 0;
      }
      int[] idx = new int[nnz];
      float[] val = new float[nnz];
      for (int j = 0, p = 0; j < v; j++) {
        if (counts[j] != 0) {
          idx[p] = j;
          val[p++] = counts[j];
        }
      }
      b.add(idx, val, topic);
    }
    return b.build();
  }

  /** The options the estimator gives the kernel learner, but for the seed. */
  static TrainingOptions options(boolean bias, double tau) {
    return TrainingOptions.builder().maxEpochs(1).bias(bias).tau((float) tau).build();
  }

  /**
   * The single-machine sequence the estimator equals with one partition: per epoch t, one epoch
   * of the kernel learner with seed {@code partitionSeed(seed, t, 0)} from the previous model
   * (zero weights at t = 0). Binary: {@code Learner.fit} with a warm start; one-vs-rest: the
   * same per class on the data relabelled class-vs-rest; direct: {@code Learner.multiclass}
   * warm-started and {@code partialFit} once.
   */
  static Model singleMachine(Algorithm a, String multiclass, Dataset data, boolean bias, double tau, long seed,
      int epochs) {
    int d = data.dimension();
    int k = data.labels().size();
    if (k == 2) {
      LinearModel m = new LinearModel(new float[d], 0f, data.labels());
      for (int t = 0; t < epochs; t++) {
        TrainingOptions o = options(bias, tau).toBuilder().seed(PerceptronClassifier.partitionSeed(seed, t, 0)).build();
        m = (LinearModel) Learner.fit(a, data, o, m).model();
      }
      return m;
    }
    if (multiclass.equals("direct")) {
      MulticlassModel m = new MulticlassModel(new float[k][d], new float[k], data.labels());
      for (int t = 0; t < epochs; t++) {
        TrainingOptions o = options(bias, tau).toBuilder().seed(PerceptronClassifier.partitionSeed(seed, t, 0)).build();
        Learner<MulticlassModel> learner = Learner.multiclass(a, m, o);
        learner.partialFit(data);
        m = learner.model();
      }
      return m;
    }
    Labels restVsOne = Labels.of(List.of("-1", "1"));
    float[][] w = new float[k][];
    float[] b = new float[k];
    for (int c = 0; c < k; c++) {
      int[] classes = new int[data.size()];
      for (int i = 0; i < classes.length; i++) {
        classes[i] = data.classOf(i) == c ? 1 : 0;
      }
      Dataset one = data.withLabels(restVsOne, classes);
      LinearModel m = new LinearModel(new float[d], 0f, restVsOne);
      for (int t = 0; t < epochs; t++) {
        TrainingOptions o = options(bias, tau).toBuilder().seed(PerceptronClassifier.partitionSeed(seed, t, 0)).build();
        m = (LinearModel) Learner.fit(a, one, o, m).model();
      }
      w[c] = m.weights();
      b[c] = m.bias();
    }
    return new MulticlassModel(w, b, data.labels());
  }

  /** Accuracy of a Spark model's predictions on data (the prediction column against the label). */
  static double accuracy(PerceptronClassificationModel model, SparkSession spark, Dataset data) {
    List<Row> out = model.transform(frame(spark, data, 2)).select("label", "prediction").collectAsList();
    long right = out.stream().filter(r -> r.getDouble(0) == r.getDouble(1)).count();
    return (double) right / out.size();
  }
}
