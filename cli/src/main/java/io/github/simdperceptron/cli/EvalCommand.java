package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.calibration.CalibratedModel;
import io.github.simdperceptron.learn.calibration.CalibrationMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code perceptron eval}: a model's accuracy, confusion matrix and margins on labelled data. */
final class EvalCommand {
  private final Path modelFile;
  private final Path data;
  private final boolean json;
  private final Integer top;
  private final DataArgs dataArgs;
  private final PrintWriter out;

  /** The options eval takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron eval",
        "Evaluates a model on labelled data: accuracy, per-class counts, confusion matrix, margin statistics.",
        "Margins: binary models y*score (y = +1 or -1); multi-class models the gap score_true - max over the other"
            + " classes of score_c, negative when the example is misclassified, 0 on a tie (decided by class order)."
            + " A calibrated model (train --calibrate) adds its probabilities' log-loss, Brier score (summed over the"
            + " classes) and expected calibration error (15 equal-width bins of the top probability).");
    o.option("--model", Options.Type.PATH, "M", "a model file written by train").required()
        .option("--data", Options.Type.PATH, "FILE", "labelled examples").required()
        .flag("--json", "print one JSON object instead of text")
        .option("--top", Options.Type.INT, "K", "precision and recall at K: of the K best classes of each example"
            + " (default 1; printed for text models, and for any model when given)");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; prints the report on {@code out}, warnings on {@code err}. */
  EvalCommand(Options given, PrintWriter out, PrintWriter err) {
    modelFile = given.get("--model");
    data = given.get("--data");
    json = given.get("--json");
    top = given.get("--top");
    dataArgs = new DataArgs(given, err);
    this.out = out;
  }

  /** Evaluates the model and prints the report; returns the exit code. */
  int call() throws IOException {
    ModelFile saved = FileArgs.model("--model", modelFile);
    Model model = saved.model();
    dataArgs.useModelText(saved.text());
    Dataset ds = dataArgs.read(data, model.dimension());
    Overflow.check(model, ds, data);
    dataArgs.warnUnknownClasses(data, ds, model.labels());
    int[] predicted = model.predictClasses(ds);
    List<String> truthNames = ds.labels().names();
    List<String> predictedNames = new ArrayList<>(model.labels().names());
    boolean unnamed = false;
    for (int p : predicted) {
      unnamed |= p < 0;
    }
    if (unnamed) {
      predictedNames.add(PredictCommand.otherClass(model));
    }
    long[][] confusion = new long[truthNames.size()][predictedNames.size()];
    int correct = 0;
    for (int i = 0; i < predicted.length; i++) {
      int t = ds.classOf(i);
      int p = predicted[i] >= 0 ? predicted[i] : predictedNames.size() - 1;
      confusion[t][p]++;
      if (predicted[i] >= 0 && model.labels().name(predicted[i]).equals(truthNames.get(t))) {
        correct++;
      }
    }
    double accuracy = (double) correct / ds.size();
    List<Map<String, Object>> perClass = new ArrayList<>();
    List<String> all = new ArrayList<>(truthNames);
    for (String n : predictedNames) {
      if (!all.contains(n)) {
        all.add(n);
      }
    }
    for (String name : all) {
      int t = truthNames.indexOf(name);
      int p = predictedNames.indexOf(name);
      long examples = 0;
      long predictedCount = 0;
      long right = t >= 0 && p >= 0 ? confusion[t][p] : 0;
      for (int c = 0; t >= 0 && c < predictedNames.size(); c++) {
        examples += confusion[t][c];
      }
      for (int r = 0; p >= 0 && r < truthNames.size(); r++) {
        predictedCount += confusion[r][p];
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("class", name);
      m.put("examples", examples);
      m.put("predicted", predictedCount);
      m.put("correct", right);
      perClass.add(m);
    }
    if (top != null && top < 1) {
      throw new UsageException("--top " + top + ": expected a count >= 1");
    }
    if (top != null && model instanceof io.github.simdperceptron.learn.VotedModel) {
      throw new UsageException("--top: a voted model has votes, not one score per class");
    }
    double[] atK = top != null || saved.text() != null ? precisionRecall(model, ds, top == null ? 1 : top,
        dataArgs.lastCorpus) : null;
    MarginStats margins = model instanceof BinaryModel ? margins((BinaryModel) model, ds)
        : model instanceof MulticlassModel ? gaps((MulticlassModel) model, ds) : null;
    double[] quality = saved.calibration() == null ? null : probabilityQuality(saved.calibrated(), ds);
    if (json) {
      List<List<Long>> rows = new ArrayList<>();
      for (long[] row : confusion) {
        List<Long> r = new ArrayList<>();
        for (long v : row) {
          r.add(v);
        }
        rows.add(r);
      }
      out.println(new Json()
          .put("command", "eval")
          .put("algorithm", saved.algorithm())
          .put("examples", ds.size())
          .put("correct", correct)
          .put("accuracy", accuracy)
          .put("calibration", quality == null ? null : saved.calibration().method().label())
          .put("log_loss", quality == null ? null : (Object) quality[0])
          .put("brier_score", quality == null ? null : (Object) quality[1])
          .put("ece", quality == null ? null : (Object) quality[2])
          .put("k", atK == null ? null : (Object) (top == null ? 1 : top))
          .put("precision_at_k", atK == null ? null : (Object) atK[0])
          .put("recall_at_k", atK == null ? null : (Object) atK[1])
          .put("per_class", perClass)
          .put("confusion", new Json().put("true", truthNames).put("predicted", predictedNames).put("counts", rows))
          .put("margins", margins == null ? null : margins.json));
      return 0;
    }
    out.printf("model %s: %s, %d features, classes %s%n", modelFile, saved.algorithm().toLowerCase(java.util.Locale.ROOT),
        model.dimension(), model.labels());
    out.printf("data  %s: %d examples%n", data, ds.size());
    out.printf("accuracy %s (%d of %d)%n", Format.percent(accuracy), correct, ds.size());
    if (quality != null) {
      out.printf(java.util.Locale.ROOT, "probabilities (%s): log-loss %.4f, Brier score %.4f, expected calibration"
          + " error %.4f (%d bins)%n", saved.calibration().method().label(), quality[0], quality[1], quality[2],
          CalibrationMetrics.BINS);
    }
    if (atK != null) {
      int k = top == null ? 1 : top;
      out.printf("precision at %d %s, recall at %d %s%n", k, Format.percent(atK[0]), k, Format.percent(atK[1]));
    }
    out.println();
    int w = 8;
    for (String n : all) {
      w = Math.max(w, n.length() + 2);
    }
    out.printf("%-" + w + "s %10s %10s %10s%n", "class", "examples", "predicted", "correct");
    for (Map<String, Object> m : perClass) {
      out.printf("%-" + w + "s %10d %10d %10d%n", m.get("class"), m.get("examples"), m.get("predicted"), m.get("correct"));
    }
    out.printf("%nconfusion matrix (rows: true class, columns: predicted)%n%-" + w + "s", "");
    for (String n : predictedNames) {
      out.printf(" %10s", n);
    }
    out.println();
    for (int t = 0; t < truthNames.size(); t++) {
      out.printf("%-" + w + "s", truthNames.get(t));
      for (long v : confusion[t]) {
        out.printf(" %10d", v);
      }
      out.println();
    }
    if (margins != null) {
      out.printf("%n%s%n", margins.text);
    }
    return 0;
  }

  private record MarginStats(Json json, String text) {}

  /** {log-loss, Brier score, expected calibration error} of the model's probabilities on ds. */
  private static double[] probabilityQuality(CalibratedModel model, Dataset ds) {
    double[][] p = model.probabilities(ds);
    int[] truth = CalibrationMetrics.truth(model.model(), ds);
    return new double[] {CalibrationMetrics.logLoss(p, truth), CalibrationMetrics.brierScore(p, truth),
        CalibrationMetrics.expectedCalibrationError(p, truth)};
  }

  /**
   * fastText's precision and recall at K: over all examples, the predicted classes (the K best, as
   * {@code predict --top K} prints them) that are among the example's labels, divided by the number
   * of predictions (precision) and by the number of labels (recall). An example's labels are all of
   * a text line's labels, or its one class.
   */
  private static double[] precisionRecall(Model model, Dataset ds, int k, io.github.simdperceptron.text.TextCorpus corpus) {
    TopClasses best = new TopClasses(model, k, null);
    float[] binary = model instanceof BinaryModel ? ((BinaryModel) model).scores(ds) : null;
    long predictions = 0;
    long gold = 0;
    long hits = 0;
    int[] toModel = ds.labels().names().stream().mapToInt(model.labels()::indexOf).toArray();
    for (int i = 0; i < ds.size(); i++) {
      float[] scores = binary != null ? best.binary(binary[i]) : model instanceof MulticlassModel
          ? ((MulticlassModel) model).scores(ds, i) : null;
      if (scores == null) {
        float[] row = new float[model.scoreCount()];
        model.scores(ds.denseRow(i), row);
        scores = row;
      }
      int n = best.choose(scores);
      int[] labels = corpus != null && corpus.data() == ds ? corpus.classesOf(i) : new int[] {ds.classOf(i)};
      predictions += n;
      gold += labels.length;
      for (int j = 0; j < n; j++) {
        for (int c : labels) {
          if (toModel[c] == best.classAt(j)) {
            hits++;
            break;
          }
        }
      }
    }
    return new double[] {predictions == 0 ? 0 : (double) hits / predictions, gold == 0 ? 0 : (double) hits / gold};
  }

  /** Functional margins y * score over the rows whose class the model knows (y = +1 or -1 by the model's classes). */
  private static MarginStats margins(BinaryModel model, Dataset ds) {
    float[] s = model.scores(ds);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    long count = 0;
    long nonPositive = 0;
    for (int i = 0; i < s.length; i++) {
      int k = model.labels().indexOf(ds.labels().name(ds.classOf(i)));
      if (k < 0) {
        continue;
      }
      double m = model.labels().binaryLabel(k) * (double) s[i];
      min = Math.min(min, m);
      max = Math.max(max, m);
      sum += m;
      count++;
      if (m <= 0) {
        nonPositive++;
      }
    }
    Json j = new Json().put("rows", count);
    if (count == 0) {
      return new MarginStats(j, "margins y*score: no row has a class the model knows");
    }
    j.put("min", min).put("mean", sum / count).put("max", max).put("nonpositive", nonPositive);
    String text = String.format(java.util.Locale.ROOT, "margins y*score: min %s, mean %s, max %s; %d of %d with"
        + " y*score <= 0", Format.num(min), Format.num(sum / count), Format.num(max), nonPositive, count);
    if (model instanceof LinearModel) {
      double norm = 0;
      for (float v : ((LinearModel) model).weights()) {
        norm += (double) v * v;
      }
      norm = Math.sqrt(norm);
      if (norm > 0) {
        j.put("min_geometric", min / norm);
        text += String.format(java.util.Locale.ROOT, "; smallest geometric margin (over ||w||) %s", Format.num(min / norm));
      }
    }
    return new MarginStats(j, text);
  }

  /**
   * Multi-class margins: per row whose class the model knows, the gap {@code s_true - max_{c != true} s_c}
   * between the score of the true class and the best other score (computed in double from the
   * float scores). Negative: misclassified; positive: correct; 0: a tie, which the arg max gives
   * to the smaller class index.
   */
  private static MarginStats gaps(MulticlassModel model, Dataset ds) {
    int[] toModel = new int[ds.labels().size()];
    for (int c = 0; c < toModel.length; c++) {
      toModel[c] = model.labels().indexOf(ds.labels().name(c));
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    long count = 0;
    long negative = 0;
    long ties = 0;
    for (int i = 0; i < ds.size() && model.classes() > 1; i++) {
      int t = toModel[ds.classOf(i)];
      if (t < 0) {
        continue;
      }
      float[] s = model.scores(ds, i);
      double other = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < s.length; c++) {
        if (c != t) {
          other = Math.max(other, s[c]);
        }
      }
      double gap = (double) s[t] - other;
      min = Math.min(min, gap);
      max = Math.max(max, gap);
      sum += gap;
      count++;
      negative += gap < 0 ? 1 : 0;
      ties += gap == 0 ? 1 : 0;
    }
    Json j = new Json().put("definition", "score_true - max_other").put("rows", count);
    if (count == 0) {
      return new MarginStats(j, "margins score_true - max other score: " + (model.classes() > 1
          ? "no row has a class the model knows" : "a one-class model has no other class"));
    }
    j.put("min", min).put("mean", sum / count).put("max", max).put("negative", negative)
        .put("fraction_negative", (double) negative / count).put("ties", ties);
    return new MarginStats(j, String.format(java.util.Locale.ROOT, "margins score_true - max other score: min %s,"
        + " mean %s, max %s; %d of %d negative (%s, misclassified), %d ties", Format.num(min),
        Format.num(sum / count), Format.num(max), negative, count, Format.percent((double) negative / count), ties));
  }
}
