package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.io.SavedModel;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Predicts a label (or, with --scores, the score) for every example of a data file, one per line.",
        "A multi-class model prints its class names, or with --scores its K scores per line, separated by spaces,"
            + " in the order of the model's classes (as train and eval list them)."})
final class PredictCommand implements Callable<Integer> {
  @Option(names = "--model", required = true, paramLabel = "M", description = "a model file written by train")
  Path modelFile;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "examples (their labels are ignored; IDX: the images, the labels file is optional)")
  Path data;

  @Option(names = "--output", paramLabel = "FILE", description = "write here instead of stdout")
  Path output;

  @Option(names = "--scores",
      description = "print scores (w.x + b; votes for voted; multi-class: the K scores w_k.x + b_k) instead of labels")
  boolean scores;

  @Mixin
  DataArgs dataArgs;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    FileArgs.input("--model", modelFile);
    FileArgs.output("--output", output, modelFile, data, dataArgs.labels);
    SavedModel saved = ModelFile.read(modelFile);
    Model model = saved.model();
    Dataset ds = dataArgs.read(data, dataArgs.labels, model.dimension(), false);
    Overflow.check(model, ds, data);
    if (output == null) {
      write(spec.commandLine().getOut(), model, ds);
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
