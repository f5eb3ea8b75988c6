package io.github.simdperceptron.bench;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Random;

/**
 * End-to-end Fashion-MNIST: load the IDX files, scale pixels to [0, 1], train every multi-class
 * variant for 10 shuffled epochs (seed fixed) and print test accuracy, training seconds and
 * examples per second. Each variant is fitted twice to warm the JVM up, then timed over several
 * fits; the table shows the median and the fastest fit (the whole {@code fit} call, which includes
 * the final training-error pass), and the process's CPU time during a fit (which shows how much
 * the one-vs-rest split ran in parallel, and how much of the wall time other processes took).
 * Not JMH: one fit is a second-scale, allocation-free loop, and this is the figure a user sees.
 *
 * <pre>
 * mvn -B -q package -DskipTests -pl bench -am
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.simdperceptron.bench.FashionMnistBenchmark [data-dir] [timed-fits] [variant-substring]
 * </pre>
 */
public final class FashionMnistBenchmark {
  /** Where Debian's {@code dataset-fashion-mnist} puts the files. */
  public static final String DEFAULT_DIR = "/usr/share/datasets/fashion-mnist";
  static final int EPOCHS = 10;
  static final long SEED = 42;
  static final int WARMUP_FITS = 2;
  /** Keeps the scores of the floor measurement alive. */
  static volatile float blackhole;

  private FashionMnistBenchmark() {}

  /**
   * The four multi-class variants; one-vs-rest also with one thread, to show what training
   * its two halves of the classes at once (the default on two or more cores) gains or loses; and
   * the four with the prefetch thread ({@link TrainingOptions.Builder#prefetch}), which on two cores
   * trains one-vs-rest in one part with the helper on the other core.
   */
  enum Variant {
    OVR_PERCEPTRON("one-vs-rest perceptron", true, Algorithm.PERCEPTRON, false),
    OVR_AVERAGED("one-vs-rest averaged", true, Algorithm.AVERAGED, false),
    MULTICLASS_PERCEPTRON("multi-class perceptron", false, Algorithm.PERCEPTRON, false),
    MULTICLASS_AVERAGED("multi-class averaged", false, Algorithm.AVERAGED, false),
    OVR_PERCEPTRON_PREFETCH("one-vs-rest perceptron, prefetch", true, Algorithm.PERCEPTRON, true),
    OVR_AVERAGED_PREFETCH("one-vs-rest averaged, prefetch", true, Algorithm.AVERAGED, true),
    MULTICLASS_PERCEPTRON_PREFETCH("multi-class perceptron, prefetch", false, Algorithm.PERCEPTRON, true),
    MULTICLASS_AVERAGED_PREFETCH("multi-class averaged, prefetch", false, Algorithm.AVERAGED, true);

    final String title;
    final boolean oneVsRest;
    final Algorithm algorithm;
    final boolean prefetch;

    Variant(String title, boolean oneVsRest, Algorithm algorithm, boolean prefetch) {
      this.title = title;
      this.oneVsRest = oneVsRest;
      this.algorithm = algorithm;
      this.prefetch = prefetch;
    }

    FitResult<MulticlassModel> fit(Dataset train, TrainingOptions options) {
      TrainingOptions o = options.toBuilder().prefetch(prefetch).build();
      return oneVsRest ? Learner.fitOneVsRest(algorithm, train, o) : Learner.fitMulticlass(algorithm, train, o);
    }
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : DEFAULT_DIR);
    int timedFits = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    String only = args.length > 2 ? args[2] : "";
    long t0 = System.nanoTime();
    Dataset train = IdxReader.readDataset(dir.resolve("train-images-idx3-ubyte.gz"),
        dir.resolve("train-labels-idx1-ubyte.gz"));
    Dataset test = IdxReader.readDataset(dir.resolve("t10k-images-idx3-ubyte.gz"),
        dir.resolve("t10k-labels-idx1-ubyte.gz"));
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("Fashion-MNIST from %s: train %d x %d, test %d, loaded in %.2f s%n", dir, train.size(),
        train.dimension(), test.size(), loadSeconds);
    System.out.printf("JDK %s (%s), %d cores, load average %.2f, kernel: %s%n", System.getProperty("java.version"),
        System.getProperty("java.vm.name"), Runtime.getRuntime().availableProcessors(), loadAverage(),
        Kernel.describe());
    System.out.printf("%d epochs, shuffled, seed %d, bias on; %d warm-up fits then %d timed fits per variant%n%n",
        EPOCHS, SEED, WARMUP_FITS, timedFits);
    TrainingOptions options = TrainingOptions.builder().maxEpochs(EPOCHS).seed(SEED).shuffle(true).build();
    System.out.printf("%-34s %8s %9s %11s %11s %9s %12s %9s%n", "variant", "test acc", "train acc",
        "train s med", "train s min", "fit s med", "examples/s", "cpu s med");
    MulticlassModel last = null;
    for (Variant v : Variant.values()) {
      if (!v.title.contains(only)) {
        continue;
      }
      for (int i = 0; i < WARMUP_FITS; i++) {
        v.fit(train, options);
      }
      double[] trainSeconds = new double[timedFits];
      double[] fitSeconds = new double[timedFits];
      double[] cpuSeconds = new double[timedFits];
      FitResult<MulticlassModel> r = null;
      for (int i = 0; i < timedFits; i++) {
        long cpu = processCpuNanos();
        long start = System.nanoTime();
        r = v.fit(train, options);
        fitSeconds[i] = (System.nanoTime() - start) / 1e9;
        cpuSeconds[i] = (processCpuNanos() - cpu) / 1e9;
        trainSeconds[i] = r.report().seconds();
      }
      double median = median(trainSeconds);
      System.out.printf("%-34s %8.4f %9.4f %11.3f %11.3f %9.3f %12.0f %9.3f%n", v.title, r.model().accuracy(test),
          1 - r.report().trainingError(), median, Arrays.stream(trainSeconds).min().getAsDouble(),
          median(fitSeconds), r.report().visits() / median, median(cpuSeconds));
      last = r.model();
    }
    if (last != null) {
      Csr csr = new Csr(train);
      for (Floor floor : Floor.values()) {
        double[] seconds = new double[timedFits];
        for (int i = 0; i < WARMUP_FITS + timedFits; i++) {
          long start = System.nanoTime();
          score(last, train, floor, csr);
          if (i >= WARMUP_FITS) {
            seconds[i - WARMUP_FITS] = (System.nanoTime() - start) / 1e9;
          }
        }
        System.out.printf("%-34s %8s %9s %11.3f %11.3f%n", floor.title, "", "", median(seconds),
            Arrays.stream(seconds).min().getAsDouble());
      }
    }
    System.out.printf("%ntrain s: the training loop (TrainingReport.seconds); fit s: the whole fit call, with the "
        + "final training-error pass;%nexamples/s: visits / median train s; cpu s: CPU time of the process during a "
        + "fit (all threads);%nscoring: %d passes of K scores per example, no update, row-major (Dataset.multiDot: K dot "
        + "products over the dense row)%nor feature-major (ClassScores.scores over the row's non-zeros, the learners' pass), "
        + "over every example in the learners'%nshuffled order, in file order, or over the first example every time "
        + "(weights and row stay in the caches: the arithmetic alone);%nload average now %.2f%n", EPOCHS, loadAverage());
  }

  /** The scoring floors: which rows {@link #score} visits. */
  enum Floor {
    SHUFFLED("row-major scoring, shuffled", false),
    IN_ORDER("row-major scoring, in order", false),
    ONE_ROW("row-major scoring, one row", false),
    FEATURE_MAJOR_SHUFFLED("feature-major scoring, shuffled", true),
    FEATURE_MAJOR_IN_ORDER("feature-major scoring, in order", true),
    FEATURE_MAJOR_ONE_ROW("feature-major scoring, one row", true);

    final String title;
    final boolean featureMajor;

    Floor(String title, boolean featureMajor) {
      this.title = title;
      this.featureMajor = featureMajor;
    }
  }

  /**
   * EPOCHS passes of n visits, each computing one example's K dot products with the model's rows
   * as the learners do (one {@code Dataset.multiDot} into a reused buffer): every example in the
   * learners' shuffled order, every example in file order, or the first example n times.
   */
  private static void score(MulticlassModel model, Dataset train, Floor floor, Csr csr) {
    int k = model.classes();
    int d = train.dimension();
    int kp = ClassScores.paddedClasses(k);
    float[] rows = new float[floor.featureMajor ? d * kp : k * d];
    for (int c = 0; c < k; c++) {
      float[] row = model.weights(c);
      for (int j = 0; j < d; j++) {
        rows[floor.featureMajor ? j * kp + c : c * d + j] = row[j];
      }
    }
    ClassMatrix matrix = new ClassMatrix(rows, kp);
    float[] out = new float[kp];
    Random rnd = new Random(SEED);
    int n = train.size();
    int[] order = new int[n];
    float sink = 0;
    for (int e = 0; e < EPOCHS; e++) {
      Inputs.epochOrder(order, rnd, floor == Floor.SHUFFLED || floor == Floor.FEATURE_MAJOR_SHUFFLED);
      if (floor == Floor.ONE_ROW || floor == Floor.FEATURE_MAJOR_ONE_ROW) {
        Arrays.fill(order, 0);
      }
      for (int t = 0; t < n; t++) {
        int i = order[t];
        if (floor.featureMajor) {
          ClassScores.scores(matrix, csr.idx, csr.val, csr.ptr[i], csr.ptr[i + 1], out);
        } else {
          DataAccess.multiDot(train, i, rows, k, out);
        }
        sink += out[0];
      }
    }
    blackhole = sink;
  }

  /** The training rows' non-zeros, as the learners' feature-major pass reads them. */
  static final class Csr {
    final int[] ptr;
    final int[] idx;
    final float[] val;

    Csr(Dataset data) {
      int n = data.size();
      int d = data.dimension();
      ptr = new int[n + 1];
      for (int i = 0; i < n; i++) {
        ptr[i + 1] = ptr[i] + data.nonZeros(i) - zeros(data, i);
      }
      idx = new int[ptr[n]];
      val = new float[ptr[n]];
      for (int i = 0, t = 0; i < n; i++) {
        float[] a = DataAccess.rowArray(data, i);
        for (int j = 0, off = DataAccess.rowOffset(data, i); j < d; j++) {
          if (a[off + j] != 0f) {
            idx[t] = j;
            val[t++] = a[off + j];
          }
        }
      }
    }

    private static int zeros(Dataset data, int i) {
      float[] a = DataAccess.rowArray(data, i);
      int z = 0;
      for (int j = DataAccess.rowOffset(data, i), end = j + data.dimension(); j < end; j++) {
        z += a[j] == 0f ? 1 : 0;
      }
      return z;
    }
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean
        ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : 0L;
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The median of a (not modified). */
  static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
