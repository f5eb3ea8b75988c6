package io.github.simdperceptron.spark;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark application that trains {@link PerceptronClassifier} on libsvm files: the job that
 * docs/spark.md runs with {@code spark-submit} on a cluster, or with {@code java} and
 * {@code --master local[2]} on one machine. It prints one line per epoch and the test accuracy,
 * and saves the model the Spark way and/or as the project's model file.
 *
 * <pre>
 * --train PATH        libsvm training data (any path Spark reads: file:, hdfs:, s3a:, ...)
 * --test PATH         libsvm test data (optional), read with the training data's vector size
 * --algorithm A       perceptron | averaged | margin (default averaged)
 * --epochs N          default 10
 * --multiclass M      oneVsRest | direct (default oneVsRest)
 * --mixing M          uniform | updates (default uniform)
 * --tau T             the margin perceptron's tau (default 0)
 * --seed S            default 0
 * --partitions P      repartition the training rows into P partitions (default: as read)
 * --save DIR          save the model with Spark ML's writer (overwrites)
 * --export FILE       write the project's model file (a local path on the driver)
 * --master M          the Spark master when not started by spark-submit, e.g. local[2]
 * </pre>
 */
public final class TrainJob {
  private TrainJob() {}

  /** Runs the job; a bad argument prints the usage and exits with status 2. */
  public static void main(String[] args) throws IOException {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 == args.length) {
        usage("expected --option value pairs, got '" + args[i] + "'");
      }
      a.put(args[i].substring(2), args[++i]);
    }
    for (String key : a.keySet()) {
      if (!List.of("train", "test", "algorithm", "epochs", "multiclass", "mixing", "tau", "seed", "partitions",
          "save", "export", "master").contains(key)) {
        usage("unknown option --" + key);
      }
    }
    if (!a.containsKey("train")) {
      usage("--train is required");
    }
    SparkSession.Builder builder = SparkSession.builder().appName("simdperceptron");
    if (a.containsKey("master")) {
      builder.master(a.get("master"));
    }
    SparkSession spark = builder.getOrCreate();
    try {
      Dataset<Row> train = spark.read().format("libsvm").load(a.get("train"));
      if (a.containsKey("partitions")) {
        train = train.repartition(Integer.parseInt(a.get("partitions")));
      }
      PerceptronClassifier estimator = new PerceptronClassifier()
          .setAlgorithm(a.getOrDefault("algorithm", "averaged"))
          .setMaxIter(Integer.parseInt(a.getOrDefault("epochs", "10")))
          .setMulticlass(a.getOrDefault("multiclass", "oneVsRest"))
          .setMixing(a.getOrDefault("mixing", "uniform"))
          .setTau(Double.parseDouble(a.getOrDefault("tau", "0")))
          .setSeed(Long.parseLong(a.getOrDefault("seed", "0")));
      PerceptronClassificationModel model = estimator.fit(train);
      System.out.println(model);
      for (EpochReport r : model.epochReports()) {
        System.out.printf("epoch %d: %d mistakes, %.3f s (learners %.3f s, slowest %.3f s)%n", r.epoch() + 1,
            r.mistakes(), r.seconds(), r.learnSeconds(), r.slowestLearnSeconds());
      }
      if (a.containsKey("test")) {
        Dataset<Row> test = spark.read().format("libsvm").option("numFeatures", model.numFeatures())
            .load(a.get("test"));
        List<Row> out = model.transform(test).select("label", "prediction").collectAsList();
        long right = out.stream().filter(r -> r.getDouble(0) == r.getDouble(1)).count();
        System.out.printf("test accuracy %.4f (%d of %d)%n", (double) right / out.size(), right, out.size());
      }
      if (a.containsKey("save")) {
        model.write().overwrite().save(a.get("save"));
      }
      if (a.containsKey("export")) {
        model.exportModelFile(a.get("export"));
      }
    } finally {
      spark.stop();
    }
  }

  private static void usage(String problem) {
    System.err.println("simdperceptron TrainJob: " + problem);
    System.err.println("usage: --train PATH [--test PATH] [--algorithm perceptron|averaged|margin] [--epochs N]"
        + " [--multiclass oneVsRest|direct] [--mixing uniform|updates] [--tau T] [--seed S] [--partitions P]"
        + " [--save DIR] [--export FILE] [--master M]");
    System.exit(2);
  }
}
