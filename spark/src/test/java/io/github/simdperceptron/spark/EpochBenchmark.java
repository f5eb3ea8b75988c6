package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Time per epoch of iterative parameter mixing in local mode against the single-machine learner
 * on the same data, and the share of an epoch that is not the learners' own work (broadcast,
 * task scheduling, the shuffle of the partitions' weights, the mixing). Not part of the normal
 * build (its name is not a test name); docs/spark.md gives the command. System properties:
 * {@code bench.data} = fashion (Fashion-MNIST's 60,000 training rows, dense) or text (synthetic
 * bag-of-words, sparse), {@code bench.rows} (default all / 100,000), {@code bench.epochs}
 * (default 10), {@code bench.repeats} (default 3; the median is reported).
 *
 * <p>The synthetic text rows are handed to Spark from the driver ({@code parallelize}). Fashion-MNIST
 * is read as a user's job reads its data: the rows are written once as a libsvm file (under
 * {@code bench.dir}, default {@code target/epoch-benchmark}; kept for the next run), which Spark's
 * libsvm data source reads on the executors; each row is made dense there ({@code toDense}), the
 * representation the single-machine run uses. Handing Fashion-MNIST over from the driver would
 * serialize each partition into its task (370 MB for one partition), more than a 3 GB heap holds.
 *
 * <p>It checks its answer as well: every run reports one line per epoch, and the mixed model of
 * one partition is at most 0.01 below the single-machine model on the training data.
 */
class EpochBenchmark {
  private static final long SEED = 42L;

  private static Dataset data(String name, int rows) throws IOException {
    if (name.equals("text")) {
      return SparkTests.bagOfWords(rows > 0 ? rows : 100_000, 1 << 16, 4, SEED);
    }
    Path dir = Paths.get(System.getenv().getOrDefault("FASHION_MNIST_DIR", "/usr/share/datasets/fashion-mnist"));
    Dataset all = IdxReader.readDataset(dir.resolve("train-images-idx3-ubyte.gz"),
        dir.resolve("train-labels-idx1-ubyte.gz"));
    return rows > 0 && rows < all.size() ? all.subset(IntStream.range(0, rows).toArray()) : all;
  }

  /**
   * The rows of {@code data} as a libsvm file (labels as class names, 1-based indices, the
   * non-zero values as Float.toString writes them, which reads back to the same float), written
   * once: an existing file of the same name is used as it is.
   */
  private static Path libsvmFile(Dataset data, String name) throws IOException {
    Path dir = Paths.get(System.getProperty("bench.dir", "target/epoch-benchmark"));
    Path file = dir.resolve(name + "-" + data.size() + ".svm");
    if (Files.exists(file)) {
      return file;
    }
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, name, ".tmp");
    try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < data.size(); i++) {
        float[] x = data.denseRow(i);
        line.setLength(0);
        line.append(data.labels().name(data.classOf(i)));
        for (int j = 0; j < x.length; j++) {
          if (x[j] != 0) {
            line.append(' ').append(j + 1).append(':').append(x[j]);
          }
        }
        w.write(line.append('\n').toString());
      }
    }
    return Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * The libsvm file as a job reads it: Spark's libsvm data source on the executors, then dense
   * vectors (as the single-machine data is) in {@code partitions} partitions.
   */
  private static org.apache.spark.sql.Dataset<Row> denseFrame(SparkSession spark, Path file, int d, int partitions) {
    org.apache.spark.sql.Dataset<Row> read = spark.read().format("libsvm").option("numFeatures", d)
        .load(file.toAbsolutePath().toString());
    read = partitions == 1 ? read.coalesce(1) : read.repartition(partitions);
    return read.map((MapFunction<Row, Row>) r -> RowFactory.create(r.getDouble(0), ((Vector) r.get(1)).toDense()),
        Encoders.row(SparkTests.SCHEMA));
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  @Test
  void epochTimes() throws IOException {
    String name = System.getProperty("bench.data", "fashion");
    int epochs = Integer.getInteger("bench.epochs", 10);
    int repeats = Integer.getInteger("bench.repeats", 3);
    Dataset data = data(name, Integer.getInteger("bench.rows", 0));
    System.out.printf("# %s: %d rows, %d features, %d classes; direct averaged perceptron, %d epochs, median of %d"
        + "%n# JVM %s, %d processors, kernel %s%n", name, data.size(), data.dimension(), data.labels().size(), epochs,
        repeats, System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors(), Kernel.describe());

    TrainingOptions o = TrainingOptions.builder().maxEpochs(epochs).seed(SEED).build();
    double[] single = new double[repeats];
    double singleAccuracy = 0;
    for (int r = 0; r < repeats; r++) {
      long t0 = System.nanoTime();
      singleAccuracy = Learner.fitMulticlass(Algorithm.AVERAGED, data, o).model().accuracy(data);
      single[r] = (System.nanoTime() - t0) / 1e9 / epochs;
    }
    System.out.println("| run | partitions | s/epoch | learners s/epoch (sum) | slowest learner s/epoch "
        + "| not learning |");
    System.out.println("|---|---|---|---|---|---|");
    System.out.printf("| single machine | - | %.4f | | | |%n", median(single));

    Path libsvm = name.equals("text") ? null : libsvmFile(data, name);
    String[][] runs = {{"local[1]", "1"}, {"local[1]", "2"}, {"local[2]", "2"}};
    for (String[] run : runs) {
      SparkSession spark = SparkSession.builder().master(run[0]).appName("epoch-benchmark")
          .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1").getOrCreate();
      try {
        int partitions = Integer.parseInt(run[1]);
        int threads = Integer.parseInt(run[0].replaceAll("\\D", ""));
        org.apache.spark.sql.Dataset<Row> df = (libsvm == null ? SparkTests.frame(spark, data, partitions)
            : denseFrame(spark, libsvm, data.dimension(), partitions)).cache();
        df.count();
        double[] wall = new double[repeats];
        double[] learn = new double[repeats];
        double[] slowest = new double[repeats];
        for (int r = 0; r < repeats; r++) {
          PerceptronClassificationModel m = new PerceptronClassifier().setMulticlass("direct").setMaxIter(epochs)
              .setSeed(SEED).fit(df);
          List<EpochReport> reports = m.epochReports();
          assertEquals(epochs, reports.size());
          wall[r] = reports.stream().mapToDouble(EpochReport::seconds).sum() / epochs;
          learn[r] = reports.stream().mapToDouble(EpochReport::learnSeconds).sum() / epochs;
          slowest[r] = reports.stream().mapToDouble(EpochReport::slowestLearnSeconds).sum() / epochs;
          if (partitions == 1) {
            double mixed = ((io.github.simdperceptron.learn.MulticlassModel) m.kernelModel()).accuracy(data);
            assertTrue(mixed >= singleAccuracy - 0.01, "training accuracy " + mixed + " against " + singleAccuracy);
          }
        }
        // The learners' critical path: their summed time spread over the threads that can run them.
        double busy = median(learn) / Math.min(threads, partitions);
        System.out.printf("| %s | %d | %.4f | %.4f | %.4f | %.0f%% |%n", run[0], partitions, median(wall), median(learn),
            median(slowest), 100 * Math.max(0, 1 - busy / median(wall)));
        df.unpersist();
      } finally {
        spark.stop();
      }
    }
  }
}
