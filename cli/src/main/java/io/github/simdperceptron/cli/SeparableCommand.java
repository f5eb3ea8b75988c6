package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.theory.Theory.Separability;
import io.github.simdperceptron.theory.Theory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code perceptron separable}: whether a two-class data file is linearly separable, with the proof. */
final class SeparableCommand {
  private final Path data;
  private final boolean json;
  private final long exactLimit;
  private final int epochs;
  private final DataArgs dataArgs;
  private final PrintWriter out;

  /** How many weights the text output shows; --json gives all. */
  private static final int SHOWN_WEIGHTS = 10;

  /** The options separable takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron separable",
        "Decides whether two-class data is linearly separable (the bias included) and prints the proof: the"
            + " separator of largest margin gamma* with Novikoff's bound (R/gamma*)^2 beside the PLA's updates, or a"
            + " Farkas certificate: weights on examples whose weighted sum of y (x, 1) is exactly 0.",
        "Above --exact-limit rows x features (or above " + Theory.EXACT_MAX_FEATURES + " features) only the PLA runs:"
            + " 'separable' when it halts, else 'unknown'. The verdict does not change the exit code.")
        .option("--data", Options.Type.PATH, "FILE", "labelled examples of two classes").required()
        .flag("--json", "print one JSON object instead of text")
        .option("--exact-limit", Options.Type.LONG, "CELLS", Theory.EXACT_LIMIT,
            "the largest rows x features to solve the LP and QP for")
        .option("--epochs", Options.Type.INT, "N", Theory.PERCEPTRON_EPOCHS, "epochs of the PLA at most");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; prints the verdict on {@code out}, warnings on {@code err}. */
  SeparableCommand(Options given, PrintWriter out, PrintWriter err) {
    data = given.get("--data");
    json = given.get("--json");
    exactLimit = given.get("--exact-limit");
    epochs = given.get("--epochs");
    dataArgs = new DataArgs(given, err);
    this.out = out;
  }

  /** Decides and prints the verdict; returns the exit code. */
  int call() throws IOException {
    if (exactLimit < 0) {
      throw new UsageException("--exact-limit " + exactLimit + ": expected a count >= 0");
    }
    if (epochs < 1) {
      throw new UsageException("--epochs " + epochs + ": expected at least 1");
    }
    Dataset ds = dataArgs.read(data, 0);
    if (ds.labels().size() > 2) {
      throw new UsageException(data + ": " + ds.labels().size() + " classes (" + ds.labels() + "); separable answers"
          + " for two classes: keep two, or one against the rest");
    }
    Separability s = Theory.separability(ds, exactLimit, epochs);
    long[] lines = lines(ds.size());
    String verdict = s.separable() == null ? "unknown" : s.separable() ? "separable" : "not separable";
    int[] rows = s.certificateRows();
    double[] weights = s.certificateWeights();
    if (json) {
      List<Json> certificate = new ArrayList<>();
      for (int c = 0; c < rows.length; c++) {
        certificate.add(new Json().put("row", lines[rows[c]]).put("weight", weights[c])
            .put("class", ds.labels().name(ds.classOf(rows[c]))));
      }
      out.println(new Json().put("command", "separable").put("data", data.toString()).put("rows", ds.size())
          .put("features", ds.dimension()).put("separable", s.separable()).put("verdict", verdict)
          .put("exact", s.exact()).put("margin", s.margin()).put("weights", s.weights())
          .put("bias", s.weights() != null ? s.bias() : null).put("radius", s.radius())
          .put("novikoff_bound", s.novikoffBound())
          .put("perceptron_updates", s.perceptronUpdates() >= 0 ? s.perceptronUpdates() : null)
          .put("perceptron_epochs", s.perceptronEpochs())
          .put("certificate", s.separable() == Boolean.FALSE ? certificate : null).put("message", s.message()));
      return 0;
    }
    out.printf("data         %s: %d rows x %d features, classes %s%n", data, ds.size(), ds.dimension(), ds.labels());
    out.printf("verdict      %s%s%n", verdict, s.exact() ? "" : " (from the PLA alone: the data is above the exact"
        + " limit)");
    if (s.separable() == Boolean.TRUE) {
      out.printf("margin       %s = %s%n", s.exact() ? "gamma*" : "gamma of the PLA's separator", num(s.margin()));
      double[] w = s.weights();
      StringBuilder shown = new StringBuilder();
      for (int j = 0; j < Math.min(w.length, SHOWN_WEIGHTS); j++) {
        shown.append(j == 0 ? "" : ", ").append(num(w[j]));
      }
      if (w.length > SHOWN_WEIGHTS) {
        shown.append(", ... (").append(w.length).append(" in all; --json lists them)");
      }
      out.printf("separator    w = (%s), b = %s%n", shown, num(s.bias()));
      out.printf("radius       R = %s (of (x, 1))%n", num(s.radius()));
      out.printf("Novikoff     (R / gamma)^2 = %s mistakes at most; the PLA %s%n", num(s.novikoffBound()),
          s.perceptronUpdates() >= 0 ? "halted after " + s.perceptronUpdates() + " updates in " + s.perceptronEpochs()
              + " epochs" : "did not halt in " + s.perceptronEpochs() + " epochs");
    } else if (s.separable() == Boolean.FALSE) {
      out.printf("certificate  %d examples; the sum of weight * y * (x, 1) over them is exactly 0:%n", rows.length);
      out.printf("  %10s  %-12s  %s%n", byLine() ? "line" : "example", "class", "weight");
      for (int c = 0; c < rows.length; c++) {
        out.printf("  %10d  %-12s  %s%n", lines[rows[c]], ds.labels().name(ds.classOf(rows[c])), num(weights[c]));
      }
    }
    out.printf("how          %s%n", s.message());
    return 0;
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }

  /** Whether the examples are numbered by their lines in the file (else by their order). */
  private boolean byLine() {
    return !DataArgs.isStdin(data) && dataArgs.formatOf(data) != DataArgs.DataFormat.idx;
  }

  /**
   * The line of every example in the data file, from 1; for standard input and IDX files, whose
   * lines cannot be read again, the example's number from 1.
   */
  private long[] lines(int n) throws IOException {
    long[] lines = new long[n];
    DataArgs.DataFormat kind = dataArgs.formatOf(data);
    if (!byLine()) {
      for (int i = 0; i < n; i++) {
        lines[i] = i + 1;
      }
      return lines;
    }
    int i = 0;
    if (kind == DataArgs.DataFormat.csv) {
      try (DataFormat.Reader r = dataArgs.csv(data).open(data)) {
        while (i < n && r.next()) {
          lines[i++] = r.line();
        }
      }
    } else {
      try (DataFormat.Reader r = DataFormat.libsvm().withZeroBased(dataArgs.zeroBased).open(data)) {
        while (i < n && r.next()) {
          lines[i++] = r.line();
        }
      }
    }
    return lines;
  }
}
