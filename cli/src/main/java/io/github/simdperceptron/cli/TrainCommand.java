package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.calibration.Calibration;
import io.github.simdperceptron.learn.calibration.Calibrator;
import io.github.simdperceptron.learn.internal.ReportAccess;
import io.github.simdperceptron.text.TextCorpus;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** {@code perceptron train}: trains a learner on a data file and writes its model. */
final class TrainCommand {
  final Path data;
  final Path test;
  final Path testLabels;
  final TrainArgs train;
  final Double validationFraction;
  private final int patience;
  private final boolean patienceGiven;
  final Path model;
  private final Double calibrate;
  private final Integer calibrateFolds;
  private final String calibration;
  final Path resume;
  final boolean saveState;
  private final Options given;
  final boolean json;
  final DataArgs dataArgs;
  final PrintWriter out;
  final PrintWriter err;

  /** The options train takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron train",
        "Trains a perceptron on a data file and writes the model (atomically) to --model.");
    o.option("--data", Options.Type.PATH, "FILE", "training data (IDX: the images)").required()
        .option("--test", Options.Type.PATH, "FILE", "held-out data to report accuracy on")
        .option("--test-labels", Options.Type.PATH, "FILE",
            "IDX: the labels file of --test (default: from its name, as --labels)");
    TrainArgs.addOptions(o);
    TrainArgs.addEarlyStoppingOptions(o);
    o.option("--calibrate", Options.Type.DOUBLE, "F", "hold out the fraction F of --data (chosen by --seed), train"
            + " on the rest and fit class probabilities on the held-out rows (predict --proba)")
        .option("--calibrate-folds", Options.Type.INT, "K", "fit class probabilities on K-fold cross-validated scores"
            + " (K extra models, each trained on K-1 folds); the model is trained on all of --data")
        .option("--calibration", Options.Type.TEXT, "METHOD", "with --calibrate or --calibrate-folds: platt (binary"
            + " models), temperature, ovr-platt or pairwise (multi-class); default: platt, or temperature for K classes");
    o.option("--model", Options.Type.PATH, "OUT", "where to write the model").required()
        .option("--resume", Options.Type.PATH, "FROM", "continue training the model of FROM (its learner, options"
            + " and, when saved with --save-state, its training state: then --epochs more give what one longer run"
            + " gives) on --data; --epochs counts the epochs to add")
        .flag("--save-state", "write the training state with the model (an optional section, larger file), so that"
            + " --resume continues it exactly (linear learners and --kernel; not with a validation split)")
        .flag("--json", "print one JSON object instead of text");
    DataArgs.addOptions(o);
    TextArgs.addOptions(o, true);
    return o;
  }

  /** Takes the values {@code given} holds; prints the report on {@code out}, progress and warnings on {@code err}. */
  TrainCommand(Options given, PrintWriter out, PrintWriter err) {
    data = given.get("--data");
    test = given.get("--test");
    testLabels = given.get("--test-labels");
    train = new TrainArgs(given);
    validationFraction = given.get("--validation-fraction");
    patience = given.get("--patience");
    patienceGiven = given.given("--patience");
    model = given.get("--model");
    calibrate = given.get("--calibrate");
    calibrateFolds = given.get("--calibrate-folds");
    calibration = given.get("--calibration");
    resume = given.get("--resume");
    saveState = given.get("--save-state");
    this.given = given;
    json = given.get("--json");
    dataArgs = new DataArgs(given, err);
    this.out = out;
    this.err = err;
  }

  /**
   * Whether a text file too large for the heap should be streamed: no --stream, no dictionary
   * option, a regular text file whose CSR rows (about 3 bytes per byte of text with word pairs)
   * would take more than half the heap. Says so on stderr.
   */
  private boolean autoStream(TextArgs text) {
    if (DataArgs.isStdin(data) || FileArgs.isPipe(data) || dataArgs.formatOf(data) != DataArgs.DataFormat.text
        || text.anyGiven() != null && !text.hashOnly()) {
      return false;
    }
    long size;
    try {
      size = java.nio.file.Files.size(data);
    } catch (IOException e) {
      return false;
    }
    long heap = Runtime.getRuntime().maxMemory();
    boolean gzip = data.getFileName().toString().endsWith(".gz");
    if ((gzip ? 4 : 1) * 3 * size < heap / 2) {
      return false;
    }
    dataArgs.note(data + ": " + (size >> 20) + " MB of text will not fit in the " + (heap >> 20) + " MB heap: reading"
        + " it anew each epoch (--stream, hashing into 2^" + text.streamBits() + " features)");
    return true;
  }

  private int trainStream(TrainingOptions options, TextArgs text) throws IOException {
    if (DataArgs.isStdin(data) || FileArgs.isPipe(data)) {
      throw new UsageException("--stream reads --data " + data + " anew each epoch: a regular file, not a pipe");
    }
    if (dataArgs.formatOf(data) != DataArgs.DataFormat.text) {
      throw new UsageException("--stream applies to text data, and " + data + " is read as " + dataArgs.formatOf(data));
    }
    if (train.kernel != null || train.multiclass == TrainArgs.Multiclass.ovr) {
      throw new UsageException("--stream trains a linear learner, binary or the multi-class perceptron (no --kernel,"
          + " no --multiclass ovr)");
    }
    if (validationFraction != null && validationFraction != 0) {
      throw new UsageException("--validation-fraction: early stopping is not available with --stream");
    }
    if (calibrate != null || calibrateFolds != null) {
      throw new UsageException("--calibrate and --calibrate-folds are not available with --stream");
    }
    TextVectorizer vectorizer = text.streamVectorizer();
    Progress progress = json ? null : Progress.forStderr(err, options.maxEpochs());
    StreamTraining s = new StreamTraining(data, vectorizer, train.algorithm, options, text.window == null
        ? 20_000 : text.window, progress);
    Model m = s.fit();
    if (progress != null) {
      progress.done();
    }
    String learner = (m instanceof io.github.simdperceptron.learn.MulticlassModel ? "MULTICLASS(" : "")
        + train.algorithm.name() + (m instanceof io.github.simdperceptron.learn.MulticlassModel ? ")" : "");
    ModelFile.write(model, ModelFile.of(m, learner, options).withText(vectorizer));
    Dataset testSet = null;
    double testAccuracy = Double.NaN;
    if (test != null) {
      dataArgs.useModelText(vectorizer);
      testSet = dataArgs.read(test, testLabels, m.dimension(), true);
      dataArgs.warnUnknownClasses(test, testSet, m.labels());
      testAccuracy = m.accuracy(testSet);
    }
    double wordsPerSecond = s.tokens * s.epochs / s.seconds;
    if (json) {
      out.println(new Json()
          .put("command", "train")
          .put("algorithm", train.name())
          .put("learner", learner)
          .put("data", data.toString())
          .put("stream", true)
          .put("examples", s.documents)
          .put("dimension", m.dimension())
          .put("classes", m.labels().names())
          .put("test_accuracy", testSet == null ? null : testAccuracy)
          .put("train_seconds", s.seconds)
          .put("mistakes", s.mistakes)
          .put("updates", s.updates)
          .put("epochs", s.epochs)
          .put("words", s.tokens)
          .put("words_per_second", wordsPerSecond)
          .put("model", model.toString()));
      return 0;
    }
    out.printf("trained %s on %s (streamed): %d examples, %d features, %d classes %s%n", learner.toLowerCase(
        java.util.Locale.ROOT), data, s.documents, m.dimension(), m.labels().size(), m.labels());
    out.printf("epochs %d, mistakes %d, updates %d, %s, %s words/s%n", s.epochs, s.mistakes, s.updates,
        Format.seconds(s.seconds), Format.rate(wordsPerSecond));
    if (testSet != null) {
      out.printf("test accuracy %s (%s, %d examples)%n", Format.percent(testAccuracy), test, testSet.size());
    }
    out.printf("model written to %s%n", model);
    return 0;
  }

  /** Trains, writes the model and prints the report; returns the exit code. */
  int call() throws IOException {
    TextArgs text = dataArgs.textArgs();
    boolean stream = resume == null && !saveState && (text.stream || autoStream(text));
    if (resume == null && !stream && dataArgs.formatOf(data) == DataArgs.DataFormat.text) {
      train.rawTextInMemory();
    }
    TrainingOptions options = TrainArgs.earlyStopping(train.options(), validationFraction, patience, patienceGiven);
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
    Calibration.Method method = calibrationMethod();
    if (resume != null || saveState) {
      if (calibrate != null || calibrateFolds != null) {
        throw new UsageException((calibrate != null ? "--calibrate" : "--calibrate-folds") + " and "
            + (resume != null ? "--resume" : "--save-state") + ": a resumable training is saved without probabilities;"
            + " calibrate the finished model's training in a run of its own");
      }
      return new ResumableTraining(this, given).call(text);
    }
    if (stream) {
      return trainStream(options, text);
    }
    Warmup warmup = DataArgs.isStdin(data) ? null
        : Warmup.start(train, dataArgs.formatOf(data) == DataArgs.DataFormat.libsvm, Warmup.sizeOf(data));
    Dataset trainSet;
    Dataset testSet;
    TextCorpus corpus = null;
    try {
      trainSet = dataArgs.read(data, 0);
      if (dataArgs.text() != null) {
        corpus = dataArgs.lastCorpus;
        if (train.kernel != null) {
          throw new UsageException("--kernel: the kernel perceptron takes numbers (libsvm, CSV, IDX); on text, train a"
              + " linear learner (drop --kernel)");
        }
        if (corpus.multiLabel()) {
          train.chooseMultiLabel(data, trainSet, dataArgs);
        }
      }
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
    if ((calibrate != null || calibrateFolds != null) && corpus != null && corpus.multiLabel()) {
      throw new UsageException("--calibrate: probabilities of one class per example; " + data + " has examples of"
          + " several labels");
    }
    Dataset heldOut = null;
    Dataset all = trainSet;
    if (calibrate != null) {
      Dataset[] split = split(trainSet);
      trainSet = split[0];
      heldOut = split[1];
    }
    Progress progress = json ? null : Progress.forStderr(err, options.maxEpochs());
    TrainingOptions withProgress = options.toBuilder().progress(progress).build();
    FitResult<? extends Model> fit = corpus != null && corpus.multiLabel()
        ? train.fitMultiLabel(trainSet, corpus::classesOf, withProgress) : train.fit(trainSet, withProgress);
    if (progress != null) {
      progress.done();
    }
    Calibration fitted = calibrate(fit.model(), heldOut, all, options, method);
    int calibrationRows = heldOut != null ? heldOut.size() : all.size();
    Overflow.check(fit.model(), trainSet, data);
    if (testSet != null) {
      Overflow.check(fit.model(), testSet, test);
    }
    ModelFile.write(model, ModelFile.of(fit.model(), fit.report().algorithm(), options).withText(dataArgs.text())
        .withCalibration(fitted));
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
          .put("calibration", fitted == null ? null : fitted.method().label())
          .put("calibration_rows", fitted == null ? null : (Object) calibrationRows)
          .put("calibration_source", fitted == null ? null : calibrate != null ? "held_out" : "cross_validated")
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
    if (fitted != null) {
      out.printf("calibrated (%s) on %s%n", fitted.method().label(), calibrate != null
          ? calibrationRows + " held-out examples" : "the out-of-fold scores of " + calibrateFolds + " folds ("
          + calibrationRows + " examples)");
    }
    out.printf("model written to %s%n", model);
    return 0;
  }

  /** The --calibration method (null: the default), after checking the calibration options go together. */
  private Calibration.Method calibrationMethod() {
    if (calibrate != null && calibrateFolds != null) {
      throw new UsageException("--calibrate and --calibrate-folds: give one (a held-out fraction or a fold count)");
    }
    if (calibration != null && calibrate == null && calibrateFolds == null) {
      throw new UsageException("--calibration applies to --calibrate F or --calibrate-folds K");
    }
    if (calibrate != null && !(calibrate > 0 && calibrate < 1)) {
      throw new UsageException("--calibrate " + calibrate + ": expected a fraction more than 0 and less than 1");
    }
    if (calibrateFolds != null && calibrateFolds < 2) {
      throw new UsageException("--calibrate-folds " + calibrateFolds + ": expected at least 2 folds");
    }
    if (calibration == null) {
      return null;
    }
    for (Calibration.Method m : Calibration.Method.values()) {
      if (m.label().equals(calibration.toLowerCase(java.util.Locale.ROOT))) {
        return m;
      }
    }
    throw new UsageException("--calibration: '" + calibration + "' is not a method (expected platt, temperature, ovr-platt"
        + " or pairwise)");
  }

  /** {rest, held out} of the training data for --calibrate. */
  private Dataset[] split(Dataset trainSet) {
    try {
      return Calibrator.split(trainSet, calibrate, train.seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--calibrate " + calibrate + ": " + e.getMessage());
    }
  }

  /** The calibration of --calibrate (on heldOut) or --calibrate-folds (on all), else null. */
  private Calibration calibrate(Model fitted, Dataset heldOut, Dataset all, TrainingOptions options,
      Calibration.Method method) {
    String option = calibrate != null ? "--calibrate" : "--calibrate-folds";
    try {
      if (heldOut != null) {
        return Calibrator.fit(fitted, heldOut, method);
      }
      if (calibrateFolds != null) {
        return Calibrator.crossValidated(all, calibrateFolds, train.seed, d -> train.fit(d, options).model(), method);
      }
      return null;
    } catch (IllegalArgumentException e) {
      throw new UsageException((calibration != null ? "--calibration " + calibration : option) + ": "
          + e.getMessage());
    }
  }
}
