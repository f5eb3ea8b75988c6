package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.calibration.CalibratedModel;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code perceptron predict}: a model's label or score for every example of a data file. */
final class PredictCommand {
  private final Path modelFile;
  private final Path data;
  private final Path output;
  private final boolean scores;
  private final boolean proba;
  private final Integer top;
  private final Float threshold;
  private final DataArgs dataArgs;
  private final PrintWriter out;

  /** The options predict takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron predict",
        "Predicts a label (or, with --scores, the score) for every example of a data file, one per line.",
        "A multi-class model prints its class names, or with --scores its K scores per line, separated by spaces,"
            + " in the order of the model's classes (as train and eval list them). With --proba, every class's"
            + " probability in that order (binary models: the negative class first), summing to 1; the model must have"
            + " been trained with --calibrate or --calibrate-folds.");
    o.option("--model", Options.Type.PATH, "M", "a model file written by train").required()
        .option("--data", Options.Type.PATH, "FILE",
            "examples (their labels are ignored; IDX: the images, the labels file is optional)").required()
        .option("--output", Options.Type.PATH, "FILE", "write here instead of stdout")
        .flag("--scores",
            "print scores (w.x + b; votes for voted; multi-class: the K scores w_k.x + b_k) instead of labels")
        .flag("--proba", "print each class's probability (a calibrated model: train --calibrate F) instead of labels")
        .option("--top", Options.Type.INT, "K",
            "print the K classes of highest score, each followed by its score, best first")
        .option("--threshold", Options.Type.FLOAT, "T", "with --top: only the classes whose score is at least T");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; prints the predictions on {@code out}, warnings on {@code err}. */
  PredictCommand(Options given, PrintWriter out, PrintWriter err) {
    modelFile = given.get("--model");
    data = given.get("--data");
    output = given.get("--output");
    scores = given.get("--scores");
    proba = given.get("--proba");
    top = given.get("--top");
    threshold = given.get("--threshold");
    dataArgs = new DataArgs(given, err);
    this.out = out;
  }

  /** Writes the predictions; returns the exit code. */
  int call() throws IOException {
    ModelFile saved = FileArgs.model("--model", modelFile);
    FileArgs.output("--output", output, modelFile, data, dataArgs.labels);
    Model model = saved.model();
    if (top != null && top < 1) {
      throw new UsageException("--top " + top + ": expected a count >= 1");
    }
    if (threshold != null && top == null) {
      throw new UsageException("--threshold applies to --top K");
    }
    if (top != null && scores) {
      throw new UsageException("--top and --scores: give one (--scores prints every class's score)");
    }
    if (top != null && model instanceof io.github.simdperceptron.learn.VotedModel) {
      throw new UsageException("--top: a voted model has votes, not one score per class");
    }
    if (proba && (scores || top != null)) {
      throw new UsageException("--proba and " + (scores ? "--scores" : "--top") + ": give one");
    }
    if (proba && saved.calibration() == null) {
      throw new UsageException("--proba: " + modelFile + " has no calibration (train it with --calibrate F or"
          + " --calibrate-folds K)");
    }
    dataArgs.useModelText(saved.text());
    if (proba) {
      CalibratedModel calibrated = saved.calibrated();
      Dataset ds = dataArgs.read(data, dataArgs.labels, model.dimension(), false);
      Overflow.check(model, ds, data);
      if (output == null) {
        writeProbabilities(out, calibrated, ds);
      } else {
        AtomicFile.write(output, stream -> writeTo(stream, pw -> writeProbabilities(pw, calibrated, ds)));
      }
      return 0;
    }
    if (saved.text() != null) {
      TextPredictions text = new TextPredictions(model, saved.text(), top, threshold, scores);
      if (output == null) {
        text.write(openData(), sourceName(), out);
      } else {
        AtomicFile.write(output, stream -> writeTo(stream, pw -> text.write(openData(), sourceName(), pw)));
      }
      return 0;
    }
    Dataset ds = dataArgs.read(data, dataArgs.labels, model.dimension(), false);
    Overflow.check(model, ds, data);
    if (output == null) {
      write(out, model, ds);
    } else {
      AtomicFile.write(output, stream -> writeTo(stream, pw -> write(pw, model, ds)));
    }
    return 0;
  }

  @FunctionalInterface
  private interface Writing {
    void write(PrintWriter out) throws IOException;
  }

  private void writeTo(java.io.OutputStream stream, Writing writing) throws IOException {
    OutputSink sink = new OutputSink(stream);
    PrintWriter pw = new PrintWriter(new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8),
        1 << 16));
    writing.write(pw);
    pw.flush();
    if (pw.checkError()) {
      IOException why = sink.failure();
      throw new IOException(output + ": write failed" + (why == null ? "" : " (" + why.getMessage() + ")"), why);
    }
  }

  private java.io.InputStream openData() throws IOException {
    if (DataArgs.isStdin(data)) {
      return System.in;
    }
    if (!FileArgs.readable(data)) {
      throw new UsageException(data + ": " + (java.nio.file.Files.exists(data) ? "not a regular file" : "no such file"));
    }
    return FileArgs.open(data);
  }

  private String sourceName() {
    return DataArgs.isStdin(data) ? DataArgs.STDIN_NAME : data.toString();
  }

  /** One line per row: the K probabilities in class order, separated by spaces. */
  private static void writeProbabilities(PrintWriter out, CalibratedModel model, Dataset ds) {
    double[][] p = model.probabilities(ds);
    StringBuilder line = new StringBuilder();
    for (double[] row : p) {
      line.setLength(0);
      for (double v : row) {
        line.append(line.length() == 0 ? "" : " ").append((float) v);
      }
      out.println(line);
    }
  }

  private void write(PrintWriter out, Model model, Dataset ds) {
    if (scores && model instanceof MulticlassModel) {
      MulticlassModel m = (MulticlassModel) model;
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < ds.size(); i++) {
        line.setLength(0);
        for (float s : m.scores(ds, i)) {
          line.append(line.length() == 0 ? "" : " ").append(s);
        }
        out.println(line);
      }
      return;
    }
    if (scores && model instanceof KernelModel) {
      float[] row = new float[model.scoreCount()];
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < ds.size(); i++) {
        model.scores(ds.denseRow(i), row);
        line.setLength(0);
        for (float s : row) {
          line.append(line.length() == 0 ? "" : " ").append(s);
        }
        out.println(line);
      }
      return;
    }
    if (scores) {
      if (!(model instanceof BinaryModel)) {
        throw new UsageException("--scores: no scores for a " + model.getClass().getSimpleName());
      }
      for (float s : ((BinaryModel) model).scores(ds)) {
        out.println(s);
      }
      return;
    }
    if (top != null) {
      TopClasses best = new TopClasses(model, top, threshold);
      StringBuilder line = new StringBuilder();
      float[] binary = model instanceof BinaryModel ? ((BinaryModel) model).scores(ds) : null;
      for (int i = 0; i < ds.size(); i++) {
        line.setLength(0);
        best.append(binary != null ? best.binary(binary[i]) : ((MulticlassModel) model).scores(ds, i), line);
        out.println(line);
      }
      return;
    }
    int[] k = model.predictClasses(ds);
    for (int c : k) {
      out.println(c >= 0 ? model.labels().name(c) : otherClass(model));
    }
  }

  /** The name of the class a one-class binary model predicts when the score has the other sign. */
  static String otherClass(Model model) {
    String only = model.labels().name(0);
    if (only.equals("1")) {
      return "-1";
    }
    if (only.equals("-1")) {
      return "1";
    }
    return "not " + only;
  }
}
