package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/** {@code perceptron demo}: every algorithm on generated data, each run checked against the reference. */
final class DemoCommand {
  private final long seed;
  private final int epochs;
  private final boolean json;
  private final PrintWriter out;

  /** The options demo takes, in the order help lists them. */
  static Options options() {
    return new Options("perceptron demo",
        "Trains every algorithm on built-in data (separable, noisy, k-literal conjunctions), prints mistakes against"
            + " the mistake bound, training and held-out accuracy and speed, and checks each SIMD run against the"
            + " literal scalar reference run.",
        "Exits with 1 if any SIMD run and its reference run disagree beyond rounding.")
        .option("--seed", Options.Type.LONG, "S", 1L, "seed of the data and of the example order")
        .option("--epochs", Options.Type.INT, "N", 10, "epochs per run")
        .flag("--json", "print one JSON object with every run instead of the table");
  }

  /** Takes the values {@code given} holds; prints the table on {@code out}. */
  DemoCommand(Options given, PrintWriter out) {
    seed = given.get("--seed");
    epochs = given.get("--epochs");
    json = given.get("--json");
    this.out = out;
  }

  /** A built-in training/test split and a reference separator u' = (u, u_bias) to bound the mistakes with. */
  private static final class Problem {
    final String name;
    final Dataset train;
    final Dataset test;
    final double[] u;
    final double gamma;

    Problem(String name, Dataset all, int nTrain, double[] u, double gamma) {
      this.name = name;
      this.train = all.subset(IntStream.range(0, nTrain).toArray());
      this.test = all.subset(IntStream.range(nTrain, all.size()).toArray());
      this.u = u;
      this.gamma = gamma;
    }
  }

  /** Runs every algorithm on every problem and prints the table; returns the exit code. */
  int call() {
    if (epochs < 1) {
      throw new UsageException("--epochs must be >= 1, got " + epochs);
    }
    List<Problem> problems = problems();
    warmUp(problems.get(0).train);
    if (!json) {
      out.printf("perceptron demo: kernel %s, Java %s%n", Kernel.describe(), System.getProperty("java.version"));
      out.printf("each run: %d epochs at most, seed %d, bias on, margin tau 1; train/test split of generated data%n%n",
          epochs, seed);
      out.printf("%-12s %-10s %9s %9s %9s %9s %9s %10s  %s%n", "data", "algorithm", "mistakes", "bound", "train acc",
          "test acc", "time", "examples/s", "SIMD vs reference");
    }
    List<Json> runs = new ArrayList<>();
    int disagreements = 0;
    int identical = 0;
    for (Problem p : problems) {
      for (Algorithm alg : Algorithm.values()) {
        TrainingOptions o = TrainingOptions.builder().maxEpochs(epochs).seed(seed).build();
        if (alg == Algorithm.MARGIN) {
          o = o.toBuilder().tau(1f).build();
        }
        Comparison c = Comparison.run(alg, p.train, o);
        TrainingReport r = c.kernel.report();
        BinaryModel m = c.kernel.model();
        double bound = bound(p, alg, r.epochs(), o.tau());
        double trainAcc = m.accuracy(p.train);
        double testAcc = m.accuracy(p.test);
        if (!c.agree()) {
          disagreements++;
        }
        if (c.identical()) {
          identical++;
        }
        String algName = alg.name().toLowerCase(Locale.ROOT);
        runs.add(new Json().put("data", p.name).put("algorithm", algName).put("mistakes", r.mistakes())
            .put("bound", Double.isNaN(bound) ? null : bound).put("training_accuracy", trainAcc)
            .put("test_accuracy", testAcc).put("train_seconds", r.seconds()).put("epochs", r.epochs())
            .put("converged", r.converged()).put("examples_per_second", r.examplesPerSecond())
            .put("reference", c.verdict()).put("agree", c.agree()));
        if (!json) {
          out.printf("%-12s %-10s %9d %9s %9s %9s %9s %10s  %s%n", p.name, algName, r.mistakes(),
              Double.isNaN(bound) ? "-" : String.format(Locale.ROOT, "%.0f", Math.floor(bound)),
              Format.percent(trainAcc), Format.percent(testAcc), Format.seconds(r.seconds()),
              Format.rate(r.examplesPerSecond()), c.verdict());
          out.flush();
        }
      }
    }
    int total = problems.size() * Algorithm.values().length;
    if (json) {
      out.println(new Json().put("command", "demo").put("kernel", Kernel.describe()).put("runs", runs)
          .put("identical", identical).put("disagreements", disagreements));
    } else {
      out.printf("%nbound: Novikoff's (R^2 + 1)/gamma^2 with the bias folded into x (margin perceptron:"
          + " (R^2 + 1 + 2 tau)/gamma^2);%n       on noisy data Freund & Schapire's ((R' + D)/gamma)^2 with the"
          + " hinge deficits D of the planted separator over the epochs run.%n");
      out.printf("SIMD vs reference: %d of %d runs bit-identical (same mistakes in the same order, same weights),"
          + " %d disagree.%n", identical, total, disagreements);
    }
    out.flush();
    if (disagreements > 0) {
      throw new WorkFailure(disagreements + " of " + total + " SIMD runs disagree with the reference beyond rounding");
    }
    return 0;
  }

  /** One untimed pass of every learner, so the table shows compiled code rather than the JIT warming up. */
  private void warmUp(Dataset data) {
    for (int round = 0; round < 3; round++) {
      for (Algorithm alg : Algorithm.values()) {
        if (alg != Algorithm.POCKET) {
          Learner.fit(alg, data, TrainingOptions.builder().maxEpochs(3).seed(seed + round).build());
        }
      }
    }
  }

  private List<Problem> problems() {
    List<Problem> list = new ArrayList<>();
    int n = 2000;
    int nTrain = 1500;
    Generators.Planted sep = Generators.separable(n, 100, 0.05, 1.0, seed);
    list.add(new Problem("separable", sep.data(), nTrain, withBias(sep.u(), 0), Double.NaN));
    Generators.Planted noisy = Generators.noisy(n, 100, 0.05, 1.0, 0.05, seed + 1);
    list.add(new Problem("noisy 5%", noisy.data(), nTrain, withBias(noisy.u(), 0), 0.05));
    int d = 30;
    int k = 4;
    double[] conj = new double[d + 1];
    for (int j = 0; j < k; j++) {
      conj[j] = 1;
    }
    conj[d] = -(k - 1);
    list.add(new Problem("conjunction", Generators.conjunction(n, d, k, seed + 2), nTrain, conj, Double.NaN));
    return list;
  }

  private static double[] withBias(float[] u, double bias) {
    double[] a = new double[u.length + 1];
    for (int j = 0; j < u.length; j++) {
      a[j] = u[j];
    }
    a[u.length] = bias;
    return a;
  }

  /**
   * The mistake bound for the perceptron family with the bias folded into x' = (x, 1): with the
   * separator u' and target margin gamma (the achieved minimum margin when u' separates the
   * training set), {@code ((R' + sqrt(epochs * sum_i max(0, gamma - m_i)^2)) / gamma)^2} where
   * m_i = y_i u'.x'_i / ||u'|| and R' = max ||x'_i|| (Freund and Schapire; with no deficit it is
   * Novikoff's R'^2/gamma^2). The margin perceptron's updates obey (R'^2 + 2 tau)/gamma^2 when u'
   * separates; NaN when no bound applies.
   */
  private static double bound(Problem p, Algorithm alg, int epochsRun, float tau) {
    Dataset x = p.train;
    int d = x.dimension();
    double norm = 0;
    for (double v : p.u) {
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    double[] m = new double[x.size()];
    double r2 = 0;
    double minMargin = Double.POSITIVE_INFINITY;
    for (int i = 0; i < x.size(); i++) {
      float[] row = x.denseRow(i);
      double dot = p.u[d];
      double sq = 1;
      for (int j = 0; j < d; j++) {
        dot += p.u[j] * row[j];
        sq += (double) row[j] * row[j];
      }
      m[i] = x.label(i) * dot / norm;
      minMargin = Math.min(minMargin, m[i]);
      r2 = Math.max(r2, sq);
    }
    double gamma = Double.isNaN(p.gamma) ? minMargin : p.gamma;
    if (!(gamma > 0) || alg.passiveAggressive()) {
      // Crammer et al. bound the passive-aggressive learners' squared losses, not by this formula.
      return Double.NaN;
    }
    double deficits = 0;
    for (double mi : m) {
      double h = Math.max(0, gamma - mi);
      deficits += h * h;
    }
    if (alg == Algorithm.MARGIN) {
      return deficits > 0 ? Double.NaN : (r2 + 2 * tau) / (gamma * gamma);
    }
    double dTotal = Math.sqrt(epochsRun * deficits);
    double b = (Math.sqrt(r2) + dTotal) / gamma;
    return b * b;
  }
}
