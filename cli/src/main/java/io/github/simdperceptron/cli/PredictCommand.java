package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
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
  private final DataArgs dataArgs;
  private final PrintWriter out;

  /** The options predict takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron predict",
        "Predicts a label (or, with --scores, the score) for every example of a data file, one per line.",
        "A multi-class model prints its class names, or with --scores its K scores per line, separated by spaces,"
            + " in the order of the model's classes (as train and eval list them).");
    o.option("--model", Options.Type.PATH, "M", "a model file written by train").required()
        .option("--data", Options.Type.PATH, "FILE",
            "examples (their labels are ignored; IDX: the images, the labels file is optional)").required()
        .option("--output", Options.Type.PATH, "FILE", "write here instead of stdout")
        .flag("--scores",
            "print scores (w.x + b; votes for voted; multi-class: the K scores w_k.x + b_k) instead of labels");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; prints the predictions on {@code out}, warnings on {@code err}. */
  PredictCommand(Options given, PrintWriter out, PrintWriter err) {
    modelFile = given.get("--model");
    data = given.get("--data");
    output = given.get("--output");
    scores = given.get("--scores");
    dataArgs = new DataArgs(given, err);
    this.out = out;
  }

  /** Writes the predictions; returns the exit code. */
  int call() throws IOException {
    ModelFile saved = FileArgs.model("--model", modelFile);
    FileArgs.output("--output", output, modelFile, data, dataArgs.labels);
    Model model = saved.model();
    Dataset ds = dataArgs.read(data, dataArgs.labels, model.dimension(), false);
    Overflow.check(model, ds, data);
    if (output == null) {
      write(out, model, ds);
    } else {
      AtomicFile.write(output, stream -> {
        OutputSink sink = new OutputSink(stream);
        PrintWriter pw = new PrintWriter(new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8),
            1 << 16));
        write(pw, model, ds);
        pw.flush();
        if (pw.checkError()) {
          IOException why = sink.failure();
          throw new IOException(output + ": write failed" + (why == null ? "" : " (" + why.getMessage() + ")"), why);
        }
      });
    }
    return 0;
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
