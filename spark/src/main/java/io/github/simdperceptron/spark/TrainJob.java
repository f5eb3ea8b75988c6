package io.github.simdperceptron.spark;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Model;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark application that trains {@link PerceptronClassifier} on libsvm files: the job that
 * docs/spark.md runs with {@code spark-submit} on a cluster, or with {@code java} and
 * {@code --master local[2]} on one machine. It prints one line per epoch, saves the model the
 * Spark way and/or as the project's model file as soon as training ends, then prints the test
 * accuracy.
 *
 * <pre>
 * --train PATH        libsvm training data (any path Spark reads: file:, hdfs:, s3a:, ...)
 * --test PATH         libsvm test data (optional; a file or a directory of files, any path Hadoop
 *                     reads), read on the driver with the model's dimension: features beyond it
 *                     are ignored, with one warning line
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
 *
 * <p>Exit status: 0 success; 2 bad usage or bad data (a malformed or missing file, bad labels or
 * features), with one line on stderr naming the file; 1 any other failure.
 */
public final class TrainJob {
  private static final String NAME = "simdperceptron TrainJob";
  private static final List<String> OPTIONS = List.of("train", "test", "algorithm", "epochs", "multiclass", "mixing",
      "tau", "seed", "partitions", "save", "export", "master");

  /** Bad usage or bad data: one line on stderr, exit status 2. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final boolean usage;

    Refused(String message, boolean usage) {
      super(message);
      this.usage = usage;
    }
  }

  private TrainJob() {}

  /**
   * Runs the job and exits with its status; a failure that is not about the data or the options
   * prints its stack trace.
   */
  public static void main(String[] args) {
    int status;
    try {
      status = run(args, System.out, System.err);
    } catch (RuntimeException | Error e) {
      e.printStackTrace();
      status = 1;
    }
    System.exit(status);
  }

  /** Runs the job, printing on {@code out} and {@code err}; returns the exit status (0, 1 or 2). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      return train(args, out, err);
    } catch (Refused e) {
      err.println(NAME + ": " + e.getMessage());
      if (e.usage) {
        err.println("usage: --train PATH [--test PATH] [--algorithm perceptron|averaged|margin] [--epochs N]"
            + " [--multiclass oneVsRest|direct] [--mixing uniform|updates] [--tau T] [--seed S] [--partitions P]"
            + " [--save DIR] [--export FILE] [--master M]");
      }
      return 2;
    }
  }

  private static int train(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> a = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 == args.length) {
        throw new Refused("expected --option value pairs, got '" + args[i] + "'", true);
      }
      String key = args[i].substring(2);
      if (!OPTIONS.contains(key)) {
        throw new Refused("unknown option --" + key, true);
      }
      if (a.put(key, args[++i]) != null) {
        throw new Refused("--" + key + " is given twice", true);
      }
    }
    if (!a.containsKey("train")) {
      throw new Refused("--train is required", true);
    }
    PerceptronClassifier estimator;
    try {
      estimator = new PerceptronClassifier()
          .setAlgorithm(a.getOrDefault("algorithm", "averaged"))
          .setMaxIter(Integer.parseInt(a.getOrDefault("epochs", "10")))
          .setMulticlass(a.getOrDefault("multiclass", "oneVsRest"))
          .setMixing(a.getOrDefault("mixing", "uniform"))
          .setTau(Double.parseDouble(a.getOrDefault("tau", "0")))
          .setSeed(Long.parseLong(a.getOrDefault("seed", "0")));
    } catch (IllegalArgumentException e) {
      throw new Refused(e.getMessage(), true);
    }
    int partitions = a.containsKey("partitions") ? number(a, "partitions") : 0;
    checkOutput(a.get("export"));

    SparkSession.Builder builder = SparkSession.builder().appName("simdperceptron");
    if (a.containsKey("master")) {
      builder.master(a.get("master"));
    }
    SparkSession spark = builder.getOrCreate();
    try {
      String trainPath = a.get("train");
      PerceptronClassificationModel model;
      try {
        org.apache.spark.sql.Dataset<Row> train = spark.read().format("libsvm").load(trainPath);
        if (partitions > 0) {
          train = train.repartition(partitions);
        }
        model = estimator.fit(train);
      } catch (RuntimeException e) {
        throw dataProblem(trainPath, e);
      }
      // The training is kept before anything else can fail: the local file first, then Spark's copy.
      String[][] outputs = {{"export", a.get("export")}, {"save", a.get("save")}};
      for (String[] o : outputs) {
        if (o[1] == null) {
          continue;
        }
        try {
          if (o[0].equals("export")) {
            model.exportModelFile(o[1]);
          } else {
            model.write().overwrite().save(o[1]);
          }
        } catch (IOException e) {
          err.println(NAME + ": --" + o[0] + " " + o[1] + ": " + e.getMessage());
          return 1;
        }
        out.println("model " + (o[0].equals("export") ? "exported" : "saved") + " to " + o[1]);
      }
      out.println(model);
      for (EpochReport r : model.epochReports()) {
        out.printf("epoch %d: %d mistakes, %.3f s (learners %.3f s, slowest %.3f s)%n", r.epoch() + 1,
            r.mistakes(), r.seconds(), r.learnSeconds(), r.slowestLearnSeconds());
      }
      if (a.containsKey("test")) {
        String testPath = a.get("test");
        long[] score;
        try {
          score = score(model, testPath, spark.sparkContext().hadoopConfiguration(), err);
        } catch (IOException | RuntimeException e) {
          throw dataProblem(testPath, e);
        }
        out.printf("test accuracy %.4f (%d of %d)%n", (double) score[0] / score[1], score[0], score[1]);
      }
      return 0;
    } finally {
      spark.stop();
    }
  }

  private static int number(Map<String, String> a, String key) {
    try {
      int n = Integer.parseInt(a.get(key));
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // Refused below, as a value out of range.
    }
    throw new Refused("--" + key + " " + a.get(key) + ": expected a whole number >= 1", true);
  }

  /**
   * Refuses, before training, an export that could not be written: a directory, or a file in a
   * directory that does not exist.
   */
  private static void checkOutput(String export) {
    if (export == null) {
      return;
    }
    Path p = Paths.get(export);
    Path parent = p.toAbsolutePath().getParent();
    if (Files.isDirectory(p)) {
      throw new Refused("--export " + export + ": is a directory; give the name of a file to write", true);
    }
    if (parent != null && !Files.isDirectory(parent)) {
      throw new Refused("--export " + export + ": the directory " + parent + " does not exist", true);
    }
  }

  /**
   * Bad data as one line naming {@code path} (exit status 2): the first exception in the cause
   * chain that is about the data (a format error, a refused label or feature, a missing file);
   * anything else is rethrown.
   */
  private static RuntimeException dataProblem(String path, Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      boolean missing = t instanceof FileNotFoundException
          || t instanceof AnalysisException && String.valueOf(t.getMessage()).contains("PATH_NOT_FOUND");
      if (t instanceof FormatException || t instanceof IllegalArgumentException || missing) {
        String m = missing ? "no such file or directory"
            : String.valueOf(t.getMessage()).replace('\n', ' ').replaceFirst("^requirement failed: ", "");
        return new Refused(m.contains(path) ? m : path + ": " + m, false);
      }
    }
    if (e instanceof RuntimeException) {
      return (RuntimeException) e;
    }
    return new RuntimeException(e);
  }

  /**
   * Reads the libsvm test file {@code path} (or each file of the directory, in name order) on the
   * driver, as {@code bin/perceptron eval} reads a file: the model's dimension fixed, a feature
   * beyond it ignored (its weight would be 0) and counted in one warning line per file; then
   * scores every row with the kernel's model. Returns {right, rows}.
   */
  static long[] score(PerceptronClassificationModel model, String path, Configuration conf, PrintStream err)
      throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    FileSystem fs = p.getFileSystem(conf);
    FileStatus status = fs.getFileStatus(p);
    List<FileStatus> files = new ArrayList<>();
    if (status.isDirectory()) {
      for (FileStatus f : fs.listStatus(p)) {
        String name = f.getPath().getName();
        if (f.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
          files.add(f);
        }
      }
      files.sort(Comparator.comparing(f -> f.getPath().getName()));
    } else {
      files.add(status);
    }
    int d = model.numFeatures();
    Model m = model.kernelModel();
    double[] classValues = model.classValues();
    DataFormat format = DataFormat.libsvm().withDimension(d, true);
    long right = 0;
    long rows = 0;
    for (FileStatus f : files) {
      String source = status.isDirectory() ? f.getPath().toString() : path;
      Dataset data;
      try (DataFormat.Reader r = format.open(fs.open(f.getPath()), source)) {
        data = r.readAll();
        long dropped = r.droppedFeatures();
        if (dropped > 0) {
          err.println(NAME + ": warning: " + source + ": " + dropped + (dropped == 1 ? " feature has an index"
              : " features have indices") + " beyond the model's " + d + " features (the first on line "
              + r.firstDroppedLine() + "); " + (dropped == 1 ? "it is" : "they are") + " ignored, as the model has"
              + " no weight for them");
        }
      }
      double[] truth = new double[data.labels().size()];
      for (int c = 0; c < truth.length; c++) {
        String label = data.labels().name(c);
        try {
          truth[c] = Double.parseDouble(label);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(source + ": label '" + label + "' is not a number (the model's classes"
              + " are numbers)");
        }
      }
      int[] predicted = m.predictClasses(data);
      for (int i = 0; i < predicted.length; i++) {
        if (predicted[i] >= 0 && classValues[predicted[i]] == truth[data.classOf(i)]) {
          right++;
        }
      }
      rows += predicted.length;
    }
    if (rows == 0) {
      throw new IllegalArgumentException(path + ": no examples");
    }
    return new long[] {right, rows};
  }
}
