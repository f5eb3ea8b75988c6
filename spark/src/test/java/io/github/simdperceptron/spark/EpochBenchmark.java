package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.sql.Row;
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

    String[][] runs = {{"local[1]", "1"}, {"local[1]", "2"}, {"local[2]", "2"}};
    for (String[] run : runs) {
      SparkSession spark = SparkSession.builder().master(run[0]).appName("epoch-benchmark")
          .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1").getOrCreate();
      try {
        int partitions = Integer.parseInt(run[1]);
        int threads = Integer.parseInt(run[0].replaceAll("\\D", ""));
        org.apache.spark.sql.Dataset<Row> df = SparkTests.frame(spark, data, partitions).cache();
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
