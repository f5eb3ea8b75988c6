package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.internal.ReportAccess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/** {@code perceptron diff}: the SIMD kernel's training run against the literal scalar reference's. */
final class DiffCommand {
  private final Path data;
  private final TrainArgs train;
  private final boolean json;
  private final DataArgs dataArgs;
  private final PrintWriter out;
  private final int referenceLimit;

  /** The options diff takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron diff",
        "Trains with the SIMD kernel and with the literal scalar reference and compares them: the same mistakes in"
            + " the same order, bit-identical weights, and every kernel dot product within its rounding bound of the"
            + " exact value.",
        "Exits with 1 when they disagree beyond that: a dot product outside its bound, or any difference on data"
            + " where all arithmetic is exact (integer values, sums below 2^24).",
        "With --multiclass the twin is ReferenceMulticlass (one-vs-rest as K independent binary runs, or the"
            + " multi-class perceptron): the same updates, mistakes per epoch (and per class for ovr), bit-identical"
            + " weight rows and biases, every row's dot products within bound.",
        "With --kernel the twin is ReferenceKernelPerceptron (every kernel value afresh from the reference dot"
            + " product): the same updates, support vectors, and bit-identical coefficients and biases; they must"
            + " agree bit for bit on integer data with the linear or poly kernel (integer gamma and coef0).");
    o.option("--data", Options.Type.PATH, "FILE",
        "training data (two classes, or any number with --multiclass; IDX: the images)").required();
    o.option("--reference-limit", Options.Type.INT, "N", 5000, "--kernel: refuse more than N examples (the literal"
        + " twin computes every kernel value afresh: O(n |S| d) per epoch)");
    TrainArgs.addOptions(o);
    o.flag("--json", "print one JSON object instead of text");
    DataArgs.addOptions(o);
    TextArgs.addOptions(o, false);
    return o;
  }

  /** Takes the values {@code given} holds; prints the comparison on {@code out}, warnings on {@code err}. */
  DiffCommand(Options given, PrintWriter out, PrintWriter err) {
    data = given.get("--data");
    train = new TrainArgs(given);
    json = given.get("--json");
    dataArgs = new DataArgs(given, err);
    referenceLimit = given.get("--reference-limit");
    this.out = out;
  }

  /** Runs both, prints the comparison, and fails when they disagree; returns the exit code. */
  int call() throws IOException {
    if (dataArgs.formatOf(data) == DataArgs.DataFormat.text) {
      train.rawTextInMemory();
    }
    TrainingOptions options = train.options();
    train.checkMulticlass();
    Dataset ds = dataArgs.read(data, 0);
    train.chooseMulticlass(data, ds, dataArgs);
    if (train.kernel != null) {
      return kernel(ds, options);
    }
    ModelSize.check(ds, data, dataArgs.largestIndexLine, train, dataArgs);
    if (train.multiclass != null) {
      return multiclass(ds, options);
    }
    Comparison c = Comparison.run(train.algorithm, ds, options);
    Overflow.check(c.kernel.model(), ds, data);
    TrainingReport r = c.kernel.report();
    if (json) {
      Json j = new Json()
          .put("command", "diff")
          .put("algorithm", train.name())
          .put("learner", r.algorithm())
          .put("data", data.toString())
          .put("examples", ds.size())
          .put("dimension", ds.dimension())
          .put("kernel", Kernel.describe())
          .put("accuracy", c.kernel.model().accuracy(ds))
          .put("train_seconds", r.seconds())
          .put("mistakes", r.mistakes())
          .put("epochs", r.epochs())
          .put("converged", r.converged())
          .put("examples_per_second", r.examplesPerSecond());
      Json cj = c.json();
      out.println(j.put("comparison", cj));
    } else {
      out.printf("diff %s on %s: %d examples, %d features; kernel %s vs the ReferenceOps twin%n", train.name(), data,
          ds.size(), ds.dimension(), Kernel.describe());
      long refMistakes = java.util.Arrays.stream(c.reference.mistakesPerEpoch).asLongStream().sum();
      out.printf("mistakes      %s%n", c.sameMistakes
          ? "identical: " + r.mistakes() + " in " + r.epochs() + " epochs, the same updates in the same order"
          : "differ: kernel " + r.mistakes() + ", reference " + refMistakes
              + (c.firstDivergence >= 0 ? "; first different update #" + c.firstDivergence : ""));
      out.printf("weights       %s%n", c.sameWeights ? "identical, bit for bit" : "differ");
      out.printf("dot products  largest deviation %s from the exact value, bound there %s (worst deviation/bound %s):"
          + " %s%n", Format.num(c.maxDeviation), Format.num(c.boundAtMax), Format.num(c.worstRatio),
          c.withinBound() ? "within bound" : "OUTSIDE THE BOUND");
      out.printf("arithmetic    %s%n", c.exact
          ? "exact (integer data, every sum below 2^24): the runs must agree bit for bit"
          : "rounded (real values, large sums or real-valued passive-aggressive steps): the runs may part where"
              + " an activation is within rounding of its threshold");
      out.printf("verdict       %s%n", c.agree() ? "agree" + (c.identical() ? "" : " (within rounding)") : "DISAGREE");
    }
    out.flush();
    if (!c.agree()) {
      throw new WorkFailure("the kernel and the reference disagree beyond rounding: "
          + (c.withinBound() ? "the run was exact, yet " + (c.sameMistakes ? "the weights" : "the mistakes") + " differ"
              : "a dot product deviates " + Format.num(c.maxDeviation) + " from its exact value, bound "
                  + Format.num(c.boundAtMax)));
    }
    return 0;
  }

  private int kernel(Dataset ds, TrainingOptions options) {
    if (train.budget != 0 || train.algorithm == Algorithm.VOTED) {
      throw new UsageException("diff --kernel compares the perceptron or averaged without a budget (the twin has"
          + " neither voting nor a budget)");
    }
    if (ds.size() > referenceLimit) {
      throw new UsageException(data + ": " + ds.size() + " examples, more than --reference-limit " + referenceLimit
          + " (the literal twin is O(n |S| d) per epoch); raise it or use a sample");
    }
    KernelComparison c = KernelComparison.run(train.algorithm, train.average, train.function(ds), ds, options);
    TrainingReport r = c.kernel.report();
    if (json) {
      out.println(new Json()
          .put("command", "diff")
          .put("algorithm", train.name())
          .put("learner", r.algorithm())
          .put("data", data.toString())
          .put("examples", ds.size())
          .put("dimension", ds.dimension())
          .put("classes", ds.labels().names())
          .put("kernel", Kernel.describe())
          .put("accuracy", ReportAccess.trainingAccuracy(r, c.kernel.model(), ds))
          .put("mistakes", r.mistakes())
          .put("epochs", r.epochs())
          .put("comparison", c.json()));
    } else {
      out.printf("diff %s on %s: %d examples, %d features, %d classes; kernel %s vs the ReferenceKernelPerceptron"
          + " twin%n", r.algorithm().toLowerCase(Locale.ROOT), data, ds.size(), ds.dimension(),
          ds.labels().size(), Kernel.describe());
      out.printf("mistakes      %s%n", c.sameUpdates
          ? "identical: " + r.mistakes() + " in " + r.epochs() + " epochs, the same updates in the same order"
          : "differ: first different update #" + c.firstDivergence);
      out.printf("coefficients  %s%n", c.sameCoefficients ? "identical, bit for bit (" + c.kernel.model().size()
          + " support vectors and the biases)" : "differ");
      out.printf("arithmetic    %s%n", c.exact
          ? "exact (integer data, linear or poly kernel with integer parameters): the runs must agree bit for bit"
          : "rounded (real values, the rbf kernel or real-valued passive-aggressive steps): the runs may part"
              + " where scores are within rounding of each other");
      out.printf("verdict       %s%n", c.agree() ? "agree" + (c.identical() ? "" : " (within rounding)") : "DISAGREE");
    }
    out.flush();
    if (!c.agree()) {
      throw new WorkFailure("the kernel perceptron and its reference twin disagree on exact arithmetic");
    }
    return 0;
  }

  private int multiclass(Dataset ds, TrainingOptions options) {
    MulticlassComparison c = MulticlassComparison.run(train.multiclass == TrainArgs.Multiclass.ovr, train.algorithm,
        ds, options);
    Overflow.check(c.kernel.model(), ds, data);
    TrainingReport r = c.kernel.report();
    if (json) {
      out.println(new Json()
          .put("command", "diff")
          .put("algorithm", train.name())
          .put("multiclass", train.multiclass.name())
          .put("learner", r.algorithm())
          .put("multiclass_chosen", train.multiclassChosen)
          .put("data", data.toString())
          .put("examples", ds.size())
          .put("dimension", ds.dimension())
          .put("classes", ds.labels().names())
          .put("kernel", Kernel.describe())
          .put("accuracy", c.kernel.model().accuracy(ds))
          .put("train_seconds", r.seconds())
          .put("mistakes", r.mistakes())
          .put("epochs", r.epochs())
          .put("converged", r.converged())
          .put("examples_per_second", r.examplesPerSecond())
          .put("comparison", c.json()));
    } else {
      out.printf("diff %s on %s: %d examples, %d features, %d classes; kernel %s vs the ReferenceMulticlass twin%n",
          train.learner(), data, ds.size(), ds.dimension(), ds.labels().size(), Kernel.describe());
      out.printf("mistakes      %s%n", c.sameMistakes
          ? "identical: " + r.mistakes() + " in " + r.epochs() + " epochs, the same updates in the same order"
          : "differ: kernel " + r.mistakes() + ", reference " + c.referenceMistakes()
              + (c.firstDivergence >= 0 ? "; first different update #" + c.firstDivergence : ""));
      if (c.ovr) {
        out.printf("per class     %s%n", c.sameClassMistakes ? "identical mistakes and updates of every class in"
            + " every epoch" : "differ");
      }
      out.printf("weights       %s%n", c.sameWeights ? "identical, bit for bit (" + ds.labels().size()
          + " rows and biases)" : "differ");
      out.printf("dot products  largest deviation %s from the exact value, bound there %s (worst deviation/bound %s):"
          + " %s%n", Format.num(c.maxDeviation), Format.num(c.boundAtMax), Format.num(c.worstRatio),
          c.withinBound() ? "within bound" : "OUTSIDE THE BOUND");
      out.printf("arithmetic    %s%n", c.exact
          ? "exact (integer data, every sum below 2^24): the runs must agree bit for bit"
          : "rounded (real values or large sums): the runs may part where scores are within rounding of each other");
      out.printf("verdict       %s%n", c.agree() ? "agree" + (c.identical() ? "" : " (within rounding)") : "DISAGREE");
    }
    out.flush();
    if (!c.agree()) {
      throw new WorkFailure("the kernel and the reference disagree beyond rounding: "
          + (c.withinBound() ? "the run was exact, yet " + (!c.sameMistakes ? "the mistakes"
              : !c.sameClassMistakes ? "the per-class mistakes" : "the weights") + " differ"
              : "a dot product deviates " + Format.num(c.maxDeviation) + " from its exact value, bound "
                  + Format.num(c.boundAtMax)));
    }
    return 0;
  }
}
