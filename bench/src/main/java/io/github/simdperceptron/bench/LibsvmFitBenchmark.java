package io.github.simdperceptron.bench;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.file.Paths;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

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
 * java -cp bench/target/benchmarks.jar io.github.simdperceptron.bench.LibsvmFitBenchmark TRAIN cold-floor
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.simdperceptron.bench.LibsvmFitBenchmark TRAIN TEST kernel-rbf GAMMA [rounds]
 * </pre>
 *
 * <p>The second form only times the first run of {@link BareRows}' loop in a fresh JVM. The third
 * is the kernel perceptron as a program that links the library runs it: each round reads the
 * training file, fits (averaged, direct multi-class, 5 epochs, seed 42, as the command's
 * comparison with LIBSVM trains) and scores the test file, in one JVM; the first round is cold,
 * the later ones run compiled code.
 */
public final class LibsvmFitBenchmark {
  private LibsvmFitBenchmark() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 2 && args[1].equals("cold-floor")) {
      // A fresh JVM that has compiled nothing but its reader: the cold floor of any Java loop.
      BareRows rows = BareRows.read(Paths.get(args[0]));
      long start = System.nanoTime();
      int mistakes = rows.barePerceptron(null);
      System.out.printf("cold floor, the binary perceptron as one plain loop over int arrays, 10 epochs, shuffled,"
          + " first run in this JVM: %.4f s (%d mistakes); JDK %s%n", (System.nanoTime() - start) / 1e9, mistakes,
          System.getProperty("java.version"));
      return;
    }
    if (args.length < 3) {
      System.err.println("usage: LibsvmFitBenchmark TRAIN TEST perceptron|averaged [binary|direct|ovr] [fits]\n"
          + "       LibsvmFitBenchmark TRAIN cold-floor\n"
          + "       LibsvmFitBenchmark TRAIN TEST kernel-rbf GAMMA [rounds]");
      System.exit(2);
    }
    if (args[2].equals("kernel-rbf")) {
      kernelRounds(args);
      return;
    }
    long t0 = System.nanoTime();
    Dataset train = DataFormat.libsvm().read(Paths.get(args[0]));
    Dataset test = DataFormat.libsvm().withDimension(train.dimension(), true).read(Paths.get(args[1]));
    double load = (System.nanoTime() - t0) / 1e9;
    Algorithm algorithm = Algorithm.valueOf(args[2].toUpperCase(java.util.Locale.ROOT));
    String mode = args.length > 3 ? args[3] : "binary";
    int fits = args.length > 4 ? Integer.parseInt(args[4]) : 5;
    System.out.printf("%s: %d x %d, %d classes, loaded in %.2f s; JDK %s; kernel %s%n", args[0], train.size(),
        train.dimension(), train.labels().size(), load, System.getProperty("java.version"), Kernel.describe());
    TrainingOptions options = TrainingOptions.builder().maxEpochs(10).seed(42).shuffle(true).build();
    double best = Double.POSITIVE_INFINITY;
    for (int i = 1; i <= fits; i++) {
      long start = System.nanoTime();
      FitResult<? extends Model> r;
      switch (mode) {
        case "direct":
          r = Learner.fitMulticlass(algorithm, train, options);
          break;
        case "ovr":
          r = Learner.fitOneVsRest(algorithm, train, options);
          break;
        default:
          r = Learner.fit(algorithm, train, options);
      }
      double fit = (System.nanoTime() - start) / 1e9;
      best = Math.min(best, r.report().seconds());
      System.out.printf("fit %d: train_seconds %.4f, fit call %.4f s, mistakes %d, test accuracy %.4f%n", i,
          r.report().seconds(), fit, r.report().mistakes(), r.model().accuracy(test));
    }
    System.out.printf("best train_seconds %.4f%n", best);
    if (mode.equals("binary")) {
      float[] w = ((io.github.simdperceptron.learn.LinearModel) Learner.fit(algorithm, train, options).model())
          .weights();
      for (boolean shuffled : new boolean[] {true, false}) {
        double floor = Double.POSITIVE_INFINITY;
        for (int i = 0; i < fits; i++) {
          floor = Math.min(floor, dotsAlone(train, w, shuffled));
        }
        System.out.printf("floor, 10 epochs of x_i . w alone (no update, no loop), %s: best %.4f s%n",
            shuffled ? "shuffled" : "in file order", floor);
      }
      BareRows rows = BareRows.read(Paths.get(args[0]));
      for (String order : new String[] {"shuffled", "shuffled, orders drawn beforehand", "in file order"}) {
        double floor = Double.POSITIVE_INFINITY;
        int mistakes = 0;
        for (int i = 0; i < fits; i++) {
          int[][] orders = rows.orders(!order.equals("in file order"));
          long start = System.nanoTime();
          mistakes = rows.barePerceptron(order.equals("shuffled") ? null : orders);
          floor = Math.min(floor, (System.nanoTime() - start) / 1e9);
        }
        System.out.printf("floor, the binary perceptron as one plain loop over int arrays, 10 epochs, %s: best %.4f s"
            + " (%d mistakes)%n", order, floor, mistakes);
      }
      PaddedRows padded = new PaddedRows(rows);
      // Untimed calls first, so that neither design is timed while its loop is still being compiled.
      for (int i = 0; i < 3; i++) {
        rows.intPerceptron(rows.orders(false));
        padded.perceptron(rows.orders(false));
      }
      for (boolean padding : new boolean[] {false, true}) {
        String design = padding ? "padded rows, one gather per block" : "int weights";
        for (boolean shuffled : new boolean[] {false, true}) {
          double floor = Double.POSITIVE_INFINITY;
          int mistakes = 0;
          for (int i = 0; i < fits; i++) {
            int[][] orders = rows.orders(shuffled);
            long start = System.nanoTime();
            mistakes = padding ? padded.perceptron(orders) : rows.intPerceptron(orders);
            floor = Math.min(floor, (System.nanoTime() - start) / 1e9);
          }
          System.out.printf("floor, the binary perceptron with %s, 10 epochs, %s (orders drawn beforehand): best %.4f s"
              + " (%d mistakes)%n", design, shuffled ? "shuffled" : "in file order", floor, mistakes);
        }
      }
    }
  }

  /**
   * Rounds of read, fit and test scoring of the RBF kernel perceptron in one JVM (args: TRAIN TEST
   * kernel-rbf GAMMA [rounds, default 6]): one line per round, then the median of the rounds after
   * the first.
   */
  private static void kernelRounds(String[] args) throws IOException {
    if (args.length < 4) {
      System.err.println("usage: LibsvmFitBenchmark TRAIN TEST kernel-rbf GAMMA [rounds]");
      System.exit(2);
    }
    double gamma = Double.parseDouble(args[3]);
    int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 6;
    if (rounds < 2) {
      throw new IllegalArgumentException("rounds must be at least 2 (the first is cold), got " + rounds);
    }
    KernelModel.Function rbf = KernelModel.Function.rbf(gamma);
    TrainingOptions options = TrainingOptions.builder().maxEpochs(5).seed(42).build();
    System.out.printf("%s, rbf gamma %s, averaged, direct, 5 epochs, seed 42; JDK %s; kernel %s%n", args[0], gamma,
        System.getProperty("java.version"), Kernel.describe());
    double[] readFit = new double[rounds - 1];
    double[] predict = new double[rounds - 1];
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      Dataset train = DataFormat.libsvm().read(Paths.get(args[0]));
      long t1 = System.nanoTime();
      FitResult<KernelModel> fit = KernelLearner.fit(Algorithm.AVERAGED, rbf, 0, train, options);
      long t2 = System.nanoTime();
      Dataset test = DataFormat.libsvm().withDimension(train.dimension(), true).read(Paths.get(args[1]));
      int[] predicted = fit.model().predictClasses(test);
      long t3 = System.nanoTime();
      int correct = 0;
      for (int t = 0; t < predicted.length; t++) {
        correct += predicted[t] == fit.model().labels().indexOf(test.labels().name(test.classOf(t))) ? 1 : 0;
      }
      System.out.printf("round %d: read %.3f s, fit %.3f s, read and score the test file %.3f s; %d support vectors,"
          + " test accuracy %.4f%n", i + 1, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, fit.model().size(),
          (double) correct / predicted.length);
      if (i > 0) {
        readFit[i - 1] = (t2 - t0) / 1e9;
        predict[i - 1] = (t3 - t2) / 1e9;
      }
    }
    java.util.Arrays.sort(readFit);
    java.util.Arrays.sort(predict);
    System.out.printf("rounds 2-%d: read and fit median %.3f s (%.3f-%.3f), test read and scored median %.3f s"
        + " (%.3f-%.3f)%n", rounds, FashionMnistBenchmark.median(readFit), readFit[0], readFit[readFit.length - 1],
        FashionMnistBenchmark.median(predict), predict[0], predict[predict.length - 1]);
  }

  /** Seconds for 10 passes of {@code Dataset.dot(i, w)} over every row, in a seeded shuffled order or in order. */
  private static double dotsAlone(Dataset data, float[] w, boolean shuffled) {
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

  /**
   * The plainest form of the binary perceptron on binary rows: a row-pointer array and one index
   * array (each row's indices in file order), labels as +1/-1 ints, the weights and bias as floats
   * ({@link #intPerceptron}: ints), no dataset, no kernel, no checks beyond Java's. Its time is the floor of any implementation of
   * the algorithm on this layout in Java: the row fetch per visit, one gather per non-zero, the
   * shuffle.
   */
  static final class BareRows {
    final int[] rowStart;
    final int[] index;
    final int[] label;
    final int dimension;

    private BareRows(int[] rowStart, int[] index, int[] label, int dimension) {
      this.rowStart = rowStart;
      this.index = index;
      this.label = label;
      this.dimension = dimension;
    }

    /** Reads a libsvm file of binary rows (every value 1) with labels +1 and -1. */
    static BareRows read(java.nio.file.Path file) throws IOException {
      java.util.List<String> lines = java.nio.file.Files.readAllLines(file);
      int[] rowStart = new int[lines.size() + 1];
      int[] label = new int[lines.size()];
      int[] index = new int[1 << 16];
      int nnz = 0;
      int dimension = 0;
      for (int i = 0; i < lines.size(); i++) {
        String[] tokens = lines.get(i).trim().split("\\s+");
        label[i] = Double.parseDouble(tokens[0]) > 0 ? 1 : -1;
        for (int t = 1; t < tokens.length; t++) {
          int j = Integer.parseInt(tokens[t].substring(0, tokens[t].indexOf(':'))) - 1;
          if (nnz == index.length) {
            index = java.util.Arrays.copyOf(index, 2 * nnz);
          }
          index[nnz++] = j;
          dimension = Math.max(dimension, j + 1);
        }
        rowStart[i + 1] = nnz;
      }
      return new BareRows(rowStart, java.util.Arrays.copyOf(index, nnz), label, dimension);
    }

    /** The 10 epochs' example orders: shuffled as the learners shuffle (seed 42), or 0..n-1. */
    int[][] orders(boolean shuffled) {
      int n = label.length;
      int[][] orders = new int[10][];
      long seed = (42L ^ 0x5DEECE66DL) & ((1L << 48) - 1);
      for (int e = 0; e < 10; e++) {
        orders[e] = new int[n];
        seed = fillOrder(orders[e], shuffled, seed);
      }
      return orders;
    }

    /**
     * order = 0..n-1, then when shuffling the learners' Fisher-Yates from the top with
     * java.util.Random's generator (its nextInt(bound), inline, without the atomic seed); returns the new seed.
     */
    static long fillOrder(int[] order, boolean shuffled, long seed) {
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      for (int i = order.length - 1; shuffled && i > 0; i--) {
        int bound = i + 1;
        int j;
        seed = (seed * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1);
        int r = (int) (seed >>> 17);
        if ((bound & -bound) == bound) {
          j = (int) ((bound * (long) r) >> 31);
        } else {
          for (int u = r; u - (r = u % bound) + bound - 1 < 0; u = (int) (seed >>> 17)) {
            seed = (seed * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1);
          }
          j = r;
        }
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      return seed;
    }

    /**
     * 10 epochs of the perceptron with bias; the orders come from {@code orders} or, when it is
     * null, are shuffled at the start of each epoch as above. Returns the mistakes.
     */
    int barePerceptron(int[][] orders) {
      int n = label.length;
      float[] w = new float[dimension];
      float b = 0f;
      int[] own = new int[n];
      long seed = (42L ^ 0x5DEECE66DL) & ((1L << 48) - 1);
      int mistakes = 0;
      for (int e = 0; e < 10; e++) {
        int[] order;
        if (orders == null) {
          seed = fillOrder(own, true, seed);
          order = own;
        } else {
          order = orders[e];
        }
        for (int t = 0; t < n; t++) {
          int i = order[t];
          int from = rowStart[i];
          int to = rowStart[i + 1];
          float a = 0f;
          for (int k = from; k < to; k++) {
            a += w[index[k]];
          }
          a += b;
          int y = label[i];
          if (y * a <= 0f) {
            mistakes++;
            for (int k = from; k < to; k++) {
              w[index[k]] += y;
            }
            b += y;
          }
        }
      }
      return mistakes;
    }

    /** {@link #barePerceptron} with int weights and bias (exact for binary rows), in the given orders. */
    int intPerceptron(int[][] orders) {
      int[] w = new int[dimension];
      int b = 0;
      int mistakes = 0;
      for (int[] order : orders) {
        for (int i : order) {
          int from = rowStart[i];
          int to = rowStart[i + 1];
          int a = b;
          for (int k = from; k < to; k++) {
            a += w[index[k]];
          }
          int y = label[i];
          if (y * a <= 0) {
            mistakes++;
            for (int k = from; k < to; k++) {
              w[index[k]] += y;
            }
            b += y;
          }
        }
      }
      return mistakes;
    }
  }

  /**
   * A different layout for the same loop: each row's indices padded with a sentinel index (whose
   * weight stays 0) to whole vectors of the preferred int species, the weights and bias as ints
   * (exact for binary rows: every weight is an integer), and each block of a row summed by one
   * gather and a lane sum. A row of at most one vector's lanes of non-zeros is one block: no loop exit
   * to mispredict.
   */
  static final class PaddedRows {
    private static final VectorSpecies<Integer> S = IntVector.SPECIES_PREFERRED;
    final BareRows rows;
    final int[] blockStart;
    final int[] index;

    PaddedRows(BareRows rows) {
      this.rows = rows;
      int n = rows.label.length;
      int l = S.length();
      blockStart = new int[n + 1];
      for (int i = 0; i < n; i++) {
        int nnz = rows.rowStart[i + 1] - rows.rowStart[i];
        blockStart[i + 1] = blockStart[i] + Math.max(l, (nnz + l - 1) / l * l);
      }
      index = new int[blockStart[n]];
      java.util.Arrays.fill(index, rows.dimension);
      for (int i = 0; i < n; i++) {
        System.arraycopy(rows.index, rows.rowStart[i], index, blockStart[i], rows.rowStart[i + 1] - rows.rowStart[i]);
      }
    }

    /** Row i's dot product with w, in a small method of its own, as the kernel's vector loops are. */
    private int dot(int[] w, int i) {
      int k = blockStart[i];
      int end = blockStart[i + 1];
      IntVector sum = IntVector.fromArray(S, w, 0, index, k);
      for (k += S.length(); k < end; k += S.length()) {
        sum = sum.add(IntVector.fromArray(S, w, 0, index, k));
      }
      return sum.reduceLanes(VectorOperators.ADD);
    }

    /** 10 epochs in the given orders; updates touch only the real non-zeros. Returns the mistakes. */
    int perceptron(int[][] orders) {
      int[] w = new int[rows.dimension + 1];
      int b = 0;
      int mistakes = 0;
      for (int[] order : orders) {
        for (int i : order) {
          int a = dot(w, i) + b;
          int y = rows.label[i];
          if (y * a <= 0) {
            mistakes++;
            for (int t = rows.rowStart[i], to = rows.rowStart[i + 1]; t < to; t++) {
              w[rows.index[t]] += y;
            }
            b += y;
          }
        }
      }
      return mistakes;
    }
  }

  /** Keeps the floors' sums alive. */
  static volatile float blackhole;
}
