package io.github.simdperceptron.bench;

import io.github.simdperceptron.data.SparseDataset;
import io.github.simdperceptron.io.LibsvmFormat;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryLearner;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassLearner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.file.Paths;

/**
 * Several fits in one JVM on libsvm files, the library's side of the warm comparisons with
 * scikit-learn ({@code bench/scripts/sklearn-fit.py --fits N} is the other side): the first fit
 * is cold (the JIT compilers have not seen the kernel yet), the best of the later ones is warm.
 * One line per fit: the training loop's seconds ({@code TrainingReport.seconds()}, the figure the
 * command reports as train_seconds), mistakes and test accuracy. 10 shuffled epochs, seed 42.
 * Not JMH: a fit is the figure a user sees, and scikit-learn's side is timed the same way.
 *
 * <pre>
 * mvn -B -q package -DskipTests -pl bench -am
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.simdperceptron.bench.LibsvmFitBenchmark TRAIN TEST perceptron|averaged [binary|direct|ovr] [fits]
 * </pre>
 */
public final class LibsvmFitBenchmark {
  private LibsvmFitBenchmark() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 3) {
      System.err.println("usage: LibsvmFitBenchmark TRAIN TEST perceptron|averaged [binary|direct|ovr] [fits]");
      System.exit(2);
    }
    long t0 = System.nanoTime();
    SparseDataset train = LibsvmFormat.defaults().read(Paths.get(args[0]));
    SparseDataset test = LibsvmFormat.defaults().withDimension(train.dimension(), true).read(Paths.get(args[1]));
    double load = (System.nanoTime() - t0) / 1e9;
    Algorithm algorithm = Algorithm.valueOf(args[2].toUpperCase(java.util.Locale.ROOT));
    String mode = args.length > 3 ? args[3] : "binary";
    int fits = args.length > 4 ? Integer.parseInt(args[4]) : 5;
    System.out.printf("%s: %d x %d, %d classes, loaded in %.2f s; JDK %s; kernel %s%n", args[0], train.size(),
        train.dimension(), train.labels().size(), load, System.getProperty("java.version"), Kernel.describe());
    TrainingOptions options = TrainingOptions.defaults().withMaxEpochs(10).withSeed(42).withShuffle(true);
    double best = Double.POSITIVE_INFINITY;
    for (int i = 1; i <= fits; i++) {
      long start = System.nanoTime();
      FitResult<? extends Model> r;
      switch (mode) {
        case "direct":
          r = MulticlassLearner.fit(algorithm, train, options);
          break;
        case "ovr":
          r = MulticlassLearner.fitOneVsRest(algorithm, train, options);
          break;
        default:
          r = BinaryLearner.fit(algorithm, train, options);
      }
      double fit = (System.nanoTime() - start) / 1e9;
      best = Math.min(best, r.report().seconds());
      System.out.printf("fit %d: train_seconds %.4f, fit call %.4f s, mistakes %d, test accuracy %.4f%n", i,
          r.report().seconds(), fit, r.report().mistakes(), r.model().accuracy(test));
    }
    System.out.printf("best train_seconds %.4f%n", best);
    if (mode.equals("binary")) {
      float[] w = ((io.github.simdperceptron.learn.LinearModel) BinaryLearner.fit(algorithm, train, options).model())
          .weights();
      for (boolean shuffled : new boolean[] {true, false}) {
        double floor = Double.POSITIVE_INFINITY;
        for (int i = 0; i < fits; i++) {
          floor = Math.min(floor, dotsAlone(train, w, shuffled));
        }
        System.out.printf("floor, 10 epochs of x_i . w alone (no update, no loop), %s: best %.4f s%n",
            shuffled ? "shuffled" : "in file order", floor);
      }
    }
  }

  /** Seconds for 10 passes of {@code Dataset.dot(i, w)} over every row, in a seeded shuffled order or in order. */
  private static double dotsAlone(SparseDataset data, float[] w, boolean shuffled) {
    int n = data.size();
    int[] order = new int[n];
    java.util.Random rnd = new java.util.Random(42);
    float sink = 0;
    long start = System.nanoTime();
    for (int e = 0; e < 10; e++) {
      Inputs.epochOrder(order, rnd, shuffled);
      for (int t = 0; t < n; t++) {
        sink += data.dot(order[t], w);
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    blackhole = sink;
    return seconds;
  }

  /** Keeps the floors' sums alive. */
  static volatile float blackhole;
}
