package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.ReportAccess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** {@code perceptron train}: trains a learner on a data file and writes its model. */
final class TrainCommand {
  private final Path data;
  private final Path test;
  private final Path testLabels;
  private final TrainArgs train;
  private final double validationFraction;
  private final int patience;
  private final boolean patienceGiven;
  private final Path model;
  private final boolean json;
  private final DataArgs dataArgs;
  private final PrintWriter out;
  private final PrintWriter err;

  /** The options train takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron train",
        "Trains a perceptron on a data file and writes the model (atomically) to --model.");
    o.option("--data", Options.Type.PATH, "FILE", "training data (IDX: the images)").required()
        .option("--test", Options.Type.PATH, "FILE", "held-out data to report accuracy on")
        .option("--test-labels", Options.Type.PATH, "FILE",
            "IDX: the labels file of --test (default: from its name, as --labels)");
    TrainArgs.addOptions(o);
    o.option("--validation-fraction", Options.Type.DOUBLE, "F",
            "hold out this fraction for early stopping (default: none)")
        .option("--patience", Options.Type.INT, "P", 5,
            "early stopping: epochs without a better validation accuracy")
        .option("--model", Options.Type.PATH, "OUT", "where to write the model").required()
        .flag("--json", "print one JSON object instead of text");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; prints the report on {@code out}, progress and warnings on {@code err}. */
  TrainCommand(Options given, PrintWriter out, PrintWriter err) {
    data = given.get("--data");
    test = given.get("--test");
    testLabels = given.get("--test-labels");
    train = new TrainArgs(given);
    Double fraction = given.get("--validation-fraction");
    validationFraction = fraction == null ? 0 : fraction;
    patience = given.get("--patience");
    patienceGiven = given.given("--patience");
    model = given.get("--model");
    json = given.get("--json");
    dataArgs = new DataArgs(given, err);
    this.out = out;
    this.err = err;
  }

  /** Trains, writes the model and prints the report; returns the exit code. */
  int call() throws IOException {
    TrainingOptions options = train.options();
    if (validationFraction == 0 && patienceGiven) {
      throw new UsageException("--patience applies to early stopping, which needs --validation-fraction F too"
          + " (e.g. --validation-fraction 0.1)");
    }
    if (validationFraction != 0 || patienceGiven) {
      try {
        options = options.toBuilder().earlyStopping(validationFraction, patience).build();
      } catch (OptionException e) {
        throw TrainArgs.usage(e);
      }
    }
    train.checkMulticlass();
    if (testLabels != null && test == null) {
      throw new UsageException("--test-labels needs --test");
    }
    if (DataArgs.isStdin(data) && DataArgs.isStdin(test)) {
      throw new UsageException("--test -: standard input can be read once, and --data - reads it");
    }
    if (test != null && FileArgs.isPipe(data) && FileArgs.isPipe(test) && FileArgs.same(data, test)) {
      throw new UsageException("--test " + test + ": a pipe can be read once, and --data " + data + " reads it");
    }
    FileArgs.output("--model", model, data, test, testLabels, dataArgs.labels);
    Warmup warmup = DataArgs.isStdin(data) ? null
        : Warmup.start(train, dataArgs.formatOf(data) == DataArgs.DataFormat.libsvm, Warmup.sizeOf(data));
    Dataset trainSet;
    Dataset testSet;
    try {
      trainSet = dataArgs.read(data, 0);
      train.chooseMulticlass(data, trainSet, dataArgs);
      if (train.kernel == null) {
        ModelSize.check(trainSet, data, dataArgs.largestIndexLine, train, dataArgs);
      }
      if (trainSet.labels().size() == 1) {
        dataArgs.warn(data + ": every example is of class " + trainSet.labels().name(0) + ", so the model learns"
            + " nothing to tell classes apart (is the label column right?)");
      }
      testSet = test == null ? null : dataArgs.read(test, testLabels, trainSet.dimension(), true);
      if (warmup != null) {
        warmup.beforeFit();
      }
    } finally {
      if (warmup != null) {
        warmup.finish();
      }
    }
    if (testSet != null) {
      dataArgs.warnUnknownClasses(test, testSet, trainSet.labels());
    }
    Progress progress = json ? null : Progress.forStderr(err, options.maxEpochs());
    FitResult<? extends Model> fit = train.fit(trainSet, options.toBuilder().progress(progress).build());
    if (progress != null) {
      progress.done();
    }
    Overflow.check(fit.model(), trainSet, data);
    if (testSet != null) {
      Overflow.check(fit.model(), testSet, test);
    }
    ModelFile.write(model, ModelFile.of(fit.model(), fit.report().algorithm(), options));
    TrainingReport r = fit.report();
    // One scoring of the training rows gives this and the report's training error.
    double trainAccuracy = ReportAccess.trainingAccuracy(r, fit.model(), trainSet);
    double testAccuracy = testSet == null ? Double.NaN : fit.model().accuracy(testSet);
    if (json) {
      out.println(new Json()
          .put("command", "train")
          .put("algorithm", train.name())
          .put("multiclass", train.multiclass == null ? null : train.multiclass.name())
          .put("learner", r.algorithm())
          .put("multiclass_chosen", train.multiclass == null ? null : train.multiclassChosen)
          .put("data", data.toString())
          .put("examples", trainSet.size())
          .put("dimension", trainSet.dimension())
          .put("classes", trainSet.labels().names())
          .put("accuracy", testSet == null ? trainAccuracy : testAccuracy)
          .put("training_accuracy", trainAccuracy)
          .put("test_accuracy", testSet == null ? null : testAccuracy)
          .put("train_seconds", r.seconds())
          .put("mistakes", r.mistakes())
          .put("updates", r.updates())
          .put("epochs", r.epochs())
          .put("converged", r.converged())
          .put("halted", r.halted())
          .put("stopped_early", r.stoppedEarly())
          .put("stop_reason", r.converged() ? "converged" : r.halted() ? "halted" : r.stoppedEarly() ? "stopped_early"
              : r.voteCapReached() ? "vote_cap" : "max_epochs")
          .put("examples_per_second", r.examplesPerSecond())
          .put("training_error", r.trainingError())
          .put("kernel", fit.model() instanceof KernelModel ? ((KernelModel) fit.model()).kernel().toString() : null)
          .put("support_vectors", fit.model() instanceof KernelModel ? ((KernelModel) fit.model()).size() : null)
          .put("model", model.toString()));
      return 0;
    }
    int k = trainSet.labels().size();
    out.printf("trained %s on %s: %d examples, %d features, %d class%s %s%n", train.learner(), data,
        trainSet.size(), trainSet.dimension(), k, k == 1 ? "" : "es", trainSet.labels());
    out.printf("epochs %d%s, mistakes %d, updates %d, %s, %s examples/s%n", r.epochs(),
        r.converged() ? " (converged)" : r.stoppedEarly() ? " (stopped early)" : r.halted() ? " (halted)" : "",
        r.mistakes(), r.updates(), Format.seconds(r.seconds()), Format.rate(r.examplesPerSecond()));
    if (fit.model() instanceof KernelModel) {
      KernelModel km = (KernelModel) fit.model();
      out.printf("kernel %s, %d support vectors%n", km.kernel(), km.size());
    }
    out.printf("training accuracy %s%s%n", Format.percent(trainAccuracy), testSet == null ? ""
        : String.format(", test accuracy %s (%s, %d examples)", Format.percent(testAccuracy), test, testSet.size()));
    out.printf("model written to %s%n", model);
    return 0;
  }
}
