package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.calibration.CalibratedModel;
import io.github.simdperceptron.learn.calibration.CalibrationMetrics;
import io.github.simdperceptron.theory.Theory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.IntStream;
import org.jfree.chart.JFreeChart;

/**
 * {@code perceptron plot}: the decision regions of a model over two features, or the learning
 * curves of an algorithm, as PNG or SVG.
 */
final class PlotCommand {
  private final Path data;
  private final Path modelFile;
  private final Algorithm algorithm;
  private final boolean curve;
  private final boolean reliability;
  private final Path output;
  private final String features;
  private final int epochs;
  private final long seed;
  private final Path test;
  private final double holdout;
  private final int width;
  private final int height;
  private final DataArgs dataArgs;
  private final PrintWriter out;

  /** Grid cells along the longer side of the region picture: every cell is one prediction. */
  private static final int GRID = 400;

  /** The options plot takes, in the order help lists them. */
  static Options options() {
    Options o = new Options("perceptron plot",
        "Draws a model's decision regions over two features: the examples coloured by class, the regions and"
            + " their boundary (of any model, from its predictions on a grid), the line and margin band of a linear"
            + " model, the model's training mistakes ringed. With --curve, draws an algorithm's mistakes per epoch and"
            + " their running total beside the Novikoff or Freund-Schapire bound, and the training and test accuracy"
            + " per epoch.",
        "The picture is PNG or SVG, by the --output name. Data with more than two features needs --features i,j;"
            + " the other features are held at their mean. The margin band: the lines where the linear model's score"
            + " is +-m, m the smallest |score| of a correctly classified example.")
        .option("--data", Options.Type.PATH, "FILE", "labelled examples").required()
        .option("--output", Options.Type.PATH, "FILE", "the picture to write: NAME.png or NAME.svg").required()
        .option("--model", Options.Type.PATH, "M", "a model file written by train, to draw")
        .choice("--algorithm", "ALG", "an algorithm", Algorithm.values(),
            "train this algorithm on --data (binary, or multi-class per class) and draw it, or with --curve its curves")
        .flag("--curve", "draw the learning curves of --algorithm instead of regions")
        .flag("--reliability", "draw the reliability diagram of a calibrated --model on --data (predicted"
            + " probability of the top class against the observed frequency, 15 bins, with their counts)")
        .option("--features", Options.Type.TEXT, "I,J", "the two features to draw, numbered from 1 (default: 1,2"
            + " when the data has two)")
        .option("--epochs", Options.Type.INT, "N", 10, "with --algorithm: at most N epochs")
        .option("--seed", Options.Type.LONG, "S", 0L, "with --algorithm: seed of the example order and the hold-out")
        .option("--test", Options.Type.PATH, "FILE", "with --curve: the test examples (default: a held-out part of"
            + " --data)")
        .option("--holdout", Options.Type.DOUBLE, "F", 0.25, "with --curve and no --test: the fraction of --data"
            + " held out as the test set")
        .option("--width", Options.Type.INT, "PX", 800, "picture width in pixels")
        .option("--height", Options.Type.INT, "PX", 640, "picture height in pixels");
    DataArgs.addOptions(o);
    return o;
  }

  /** Takes the values {@code given} holds; writes the picture, says so on {@code out}. */
  PlotCommand(Options given, PrintWriter out, PrintWriter err) {
    data = given.get("--data");
    modelFile = given.get("--model");
    algorithm = given.get("--algorithm");
    curve = given.get("--curve");
    reliability = given.get("--reliability");
    output = given.get("--output");
    features = given.get("--features");
    epochs = given.get("--epochs");
    seed = given.get("--seed");
    test = given.get("--test");
    holdout = given.get("--holdout");
    width = given.get("--width");
    height = given.get("--height");
    dataArgs = new DataArgs(given, err);
    this.out = out;
  }

  /** Draws and writes the picture; returns the exit code. */
  int call() throws IOException {
    System.setProperty("java.awt.headless", "true");
    Charts.format(output);
    FileArgs.output("--output", output, data, modelFile, test);
    if (width < 100 || height < 100 || width > 10_000 || height > 10_000) {
      throw new UsageException("--width and --height must be 100 to 10000 pixels, got " + width + " x " + height);
    }
    if (epochs < 1) {
      throw new UsageException("--epochs " + epochs + ": expected at least 1");
    }
    if (reliability) {
      if (modelFile == null || algorithm != null || curve || test != null || features != null) {
        throw new UsageException("--reliability draws a calibrated model's probabilities on --data: give --model"
            + " (and no --algorithm, --curve, --test or --features)");
      }
      return reliability();
    }
    if (curve) {
      if (algorithm == null || modelFile != null) {
        throw new UsageException("--curve draws the training of an algorithm: give --algorithm (and no --model)");
      }
      return curves();
    }
    if ((modelFile == null) == (algorithm == null)) {
      throw new UsageException("give --model M (a trained model to draw) or --algorithm A (train it here), one of"
          + " them; --curve with --algorithm draws learning curves");
    }
    if (test != null) {
      throw new UsageException("--test applies to --curve only");
    }
    return regions();
  }

  private int reliability() throws IOException {
    ModelFile saved = FileArgs.model("--model", modelFile);
    if (saved.calibration() == null) {
      throw new UsageException("--reliability: " + modelFile + " has no calibration (train it with --calibrate F or"
          + " --calibrate-folds K)");
    }
    dataArgs.useModelText(saved.text());
    Dataset ds = dataArgs.read(data, saved.model().dimension());
    CalibratedModel model = saved.calibrated();
    double[][] p = model.probabilities(ds);
    int[] truth = CalibrationMetrics.truth(saved.model(), ds);
    CalibrationMetrics.Bin[] bins = CalibrationMetrics.reliability(p, truth, CalibrationMetrics.BINS);
    double ece = CalibrationMetrics.expectedCalibrationError(p, truth);
    String title = String.format(Locale.ROOT, "%s on %s: %d examples, expected calibration error %.4f",
        saved.calibration().method().label(), data.getFileName(), ds.size(), ece);
    Charts.write(Charts.reliability(title, bins), output, width, height);
    out.printf(Locale.ROOT, "plot: wrote %s (%d x %d): reliability of %s on %d examples, expected calibration error"
        + " %.4f%n", output, width, height, modelFile, ds.size(), ece);
    return 0;
  }

  private TrainingOptions training(int maxEpochs) {
    TrainingOptions.Builder b = TrainingOptions.builder().maxEpochs(maxEpochs).seed(seed);
    if (algorithm == Algorithm.MARGIN) {
      b.tau(1f);
    }
    return b.build();
  }

  private int regions() throws IOException {
    Model model;
    String what;
    Dataset ds;
    if (modelFile != null) {
      FileArgs.input("--model", modelFile);
      model = ModelFile.read(modelFile).model();
      ds = dataArgs.read(data, model.dimension());
      what = modelFile.getFileName().toString();
    } else {
      ds = dataArgs.read(data, 0);
      model = fit(ds, training(epochs)).model();
      what = algorithm.canonicalName() + ", " + epochs + " epochs";
    }
    int[] f = features(ds.dimension());
    double[] mean = new double[ds.dimension()];
    double[] view = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY};
    for (int i = 0; i < ds.size(); i++) {
      float[] x = ds.denseRow(i);
      for (int j = 0; j < x.length; j++) {
        mean[j] += x[j] / (double) ds.size();
      }
      view[0] = Math.min(view[0], x[f[0]]);
      view[1] = Math.max(view[1], x[f[0]]);
      view[2] = Math.min(view[2], x[f[1]]);
      view[3] = Math.max(view[3], x[f[1]]);
    }
    pad(view, 0);
    pad(view, 2);
    // The grid: cells square in pixels roughly, GRID along the longer side; row 0 is the top.
    int cols = width >= height ? GRID : Math.max(2, GRID * width / height);
    int rows = width >= height ? Math.max(2, GRID * height / width) : GRID;
    float[] x = new float[ds.dimension()];
    for (int j = 0; j < x.length; j++) {
      x[j] = (float) mean[j];
    }
    int[][] classes = new int[rows][cols];
    for (int r = 0; r < rows; r++) {
      x[f[1]] = (float) (view[3] - (r + 0.5) * (view[3] - view[2]) / rows);
      for (int c = 0; c < cols; c++) {
        x[f[0]] = (float) (view[0] + (c + 0.5) * (view[1] - view[0]) / cols);
        classes[r][c] = model.predictClass(x);
      }
    }
    // Points by the model's class index of their class name (colours then match the regions); classes the
    // model does not know come after its own.
    List<String> names = new ArrayList<>(model.labels().names());
    for (String n : ds.labels().names()) {
      if (!names.contains(n)) {
        names.add(n);
      }
    }
    List<List<double[]>> byClass = new ArrayList<>();
    names.forEach(n -> byClass.add(new ArrayList<>()));
    List<double[]> mistakes = new ArrayList<>();
    int[] predicted = model.predictClasses(ds);
    for (int i = 0; i < ds.size(); i++) {
      String name = ds.labels().name(ds.classOf(i));
      float[] row = ds.denseRow(i);
      double[] p = {row[f[0]], row[f[1]]};
      byClass.get(names.indexOf(name)).add(p);
      if (predicted[i] < 0 || !model.labels().name(predicted[i]).equals(name)) {
        mistakes.add(p);
      }
    }
    List<double[][]> points = new ArrayList<>();
    byClass.forEach(l -> points.add(l.toArray(new double[0][])));
    List<double[]> lines = new ArrayList<>();
    if (model instanceof LinearModel) {
      linearLines((LinearModel) model, ds, f, mean, view, lines);
    }
    String title = "Decision regions of " + what + " on " + data.getFileName() + " (" + ds.size() + " examples, "
        + mistakes.size() + " mistakes)";
    JFreeChart chart = Charts.regions(title, "feature " + (f[0] + 1), "feature " + (f[1] + 1), classes, view, names,
        points, mistakes.toArray(new double[0][]), lines);
    Charts.write(chart, output, width, height);
    out.printf("plot: wrote %s (%d x %d): %d examples, %d mistakes, features %d and %d%s%n", output, width, height,
        ds.size(), mistakes.size(), f[0] + 1, f[1] + 1, ds.dimension() > 2 ? " (the others at their mean)" : "");
    out.flush();
    return 0;
  }

  private FitResult<? extends Model> fit(Dataset ds, TrainingOptions o) {
    if (ds.labels().size() <= 2) {
      return Learner.fit(algorithm, ds, o);
    }
    if (algorithm.multiclass()) {
      return Learner.fitMulticlass(algorithm, ds, o);
    }
    if (algorithm.oneVsRest()) {
      return Learner.fitOneVsRest(algorithm, ds, o);
    }
    throw new UsageException(data + ": " + ds.labels().size() + " classes, and " + algorithm.canonicalName()
        + " has no multi-class form");
  }

  /** Widens [view[at], view[at + 1]] by 8% each side (1 when it is a point). */
  private static void pad(double[] view, int at) {
    double span = view[at + 1] - view[at];
    double p = span > 0 ? 0.08 * span : 1;
    view[at] -= p;
    view[at + 1] += p;
  }

  /**
   * The line {@code score = 0} of a binary linear model in the plane of the two features (the
   * others at their mean) and the margin lines {@code score = +-m}, clipped to the view.
   */
  private static void linearLines(LinearModel m, Dataset ds, int[] f, double[] mean, double[] view,
      List<double[]> lines) {
    float[] w = m.weights();
    double c = m.bias();
    for (int j = 0; j < w.length; j++) {
      if (j != f[0] && j != f[1]) {
        c += w[j] * mean[j];
      }
    }
    double a = w[f[0]];
    double b = w[f[1]];
    if (a == 0 && b == 0) {
      return;
    }
    double band = Double.POSITIVE_INFINITY;
    float[] scores = m.scores(ds);
    for (int i = 0; i < ds.size(); i++) {
      if (ds.label(i) * scores[i] > 0) {
        band = Math.min(band, Math.abs(scores[i]));
      }
    }
    for (double level : Double.isFinite(band) ? new double[] {0, band, -band} : new double[] {0}) {
      double[] seg = clip(a, b, c - level, view);
      if (seg != null) {
        lines.add(new double[] {seg[0], seg[1], seg[2], seg[3], level == 0 ? 0 : 1});
      }
    }
  }

  /** The segment of the line {@code a u + b v + c = 0} inside the view box, or null when it misses it. */
  static double[] clip(double a, double b, double c, double[] view) {
    List<double[]> hits = new ArrayList<>();
    if (b != 0) {
      for (double u : new double[] {view[0], view[1]}) {
        double v = -(a * u + c) / b;
        if (v >= view[2] && v <= view[3]) {
          hits.add(new double[] {u, v});
        }
      }
    }
    if (a != 0) {
      for (double v : new double[] {view[2], view[3]}) {
        double u = -(b * v + c) / a;
        if (u >= view[0] && u <= view[1]) {
          hits.add(new double[] {u, v});
        }
      }
    }
    for (int p = 0; p < hits.size(); p++) {
      for (int q = p + 1; q < hits.size(); q++) {
        if (hits.get(p)[0] != hits.get(q)[0] || hits.get(p)[1] != hits.get(q)[1]) {
          return new double[] {hits.get(p)[0], hits.get(p)[1], hits.get(q)[0], hits.get(q)[1]};
        }
      }
    }
    return null;
  }

  /** The two 0-based feature indices: --features i,j (from 1), or 0,1 for two-feature data. */
  private int[] features(int d) {
    if (features == null) {
      if (d == 2) {
        return new int[] {0, 1};
      }
      throw new UsageException(data + ": " + d + " feature" + (d == 1 ? "" : "s") + "; plot draws two: pick them with"
          + " --features i,j (numbered from 1; the others are held at their mean)");
    }
    String[] parts = features.split(",");
    if (parts.length != 2 || !parts[0].trim().matches("[0-9]+") || !parts[1].trim().matches("[0-9]+")) {
      throw new UsageException("--features " + features + ": expected two feature numbers, e.g. --features 1,2");
    }
    int i = Integer.parseInt(parts[0].trim()) - 1;
    int j = Integer.parseInt(parts[1].trim()) - 1;
    if (i < 0 || j < 0 || i >= d || j >= d || i == j) {
      throw new UsageException("--features " + features + ": expected two different numbers from 1 to " + d
          + " (the data has " + d + " features)");
    }
    return new int[] {i, j};
  }

  private int curves() throws IOException {
    Dataset all = dataArgs.read(data, 0);
    if (all.labels().size() > 2) {
      throw new UsageException(data + ": " + all.labels().size() + " classes; --curve draws a binary learner's"
          + " mistakes against its bound: keep two classes");
    }
    Dataset train = all;
    Dataset held = null;
    if (test != null) {
      held = dataArgs.read(test, all.dimension());
    } else if (holdout > 0) {
      if (!(holdout < 1)) {
        throw new UsageException("--holdout " + holdout + ": expected a fraction from 0 to below 1");
      }
      int[] order = IntStream.range(0, all.size()).toArray();
      Random rnd = new Random(seed);
      for (int i = order.length - 1; i > 0; i--) {
        int k = rnd.nextInt(i + 1);
        int t = order[i];
        order[i] = order[k];
        order[k] = t;
      }
      int cut = (int) Math.round(all.size() * holdout);
      if (cut < 1 || cut >= all.size()) {
        throw new UsageException(data + ": " + all.size() + " examples are too few to hold out " + holdout
            + " of them; give --test FILE or --holdout 0");
      }
      held = all.subset(Arrays.copyOfRange(order, 0, cut));
      train = all.subset(Arrays.copyOfRange(order, cut, order.length));
    }
    FitResult<BinaryModel> full = Learner.fit(algorithm, train, training(epochs));
    TrainingReport report = full.report();
    int run = report.epochs();
    int[] perEpoch = Arrays.copyOf(report.mistakesPerEpoch(), run);
    double[] trainAcc = new double[run];
    double[] testAcc = held == null ? null : new double[run];
    // Training is deterministic for a seed, so the model after e epochs is the one a run of at most e epochs returns.
    for (int e = 1; e <= run; e++) {
      BinaryModel m = e == run ? full.model() : Learner.fit(algorithm, train, training(e)).model();
      trainAcc[e - 1] = m.accuracy(train);
      if (held != null) {
        testAcc[e - 1] = m.accuracy(held);
      }
    }
    double[] bound = new double[run];
    String label = bound(train, full.model(), bound);
    String title = algorithm.canonicalName() + " on " + data.getFileName() + " (" + train.size() + " training, "
        + (held == null ? "no" : String.valueOf(held.size())) + " test examples)";
    Charts.write(Charts.curves(title, perEpoch, bound, label, trainAcc, testAcc), output, width, height);
    long total = IntStream.of(perEpoch).asLongStream().sum();
    out.printf(Locale.ROOT, "plot: wrote %s (%d x %d): %d epochs, %d mistakes%s%n", output, width, height, run, total,
        label == null ? "" : String.format(Locale.ROOT, "; bound after the last epoch %.0f: %s", bound[run - 1], label));
    out.flush();
    return 0;
  }

  /**
   * Fills {@code bound[e]} with the mistake bound after e + 1 epochs and returns its legend, or null
   * when none applies. Separable training data: Novikoff's {@code (R / gamma)^2} with the margin of
   * {@link Theory#separability}. Otherwise Freund and Schapire's {@code ((R + sqrt(k) D) / gamma)^2}
   * for k passes with u the trained model's direction and the gamma (among the quantiles of its
   * positive margins) that gives the smallest bound after the last epoch.
   */
  private static String bound(Dataset train, BinaryModel model, double[] bound) {
    Theory.Separability s = Theory.separability(train);
    double r = Theory.radius(train, true);
    if (s.separable() == Boolean.TRUE) {
      Arrays.fill(bound, s.novikoffBound());
      return String.format(Locale.ROOT, "Novikoff (R/gamma%s)^2 = %.0f", s.exact() ? "*" : "", s.novikoffBound());
    }
    if (!(model instanceof LinearModel)) {
      return null;
    }
    LinearModel m = (LinearModel) model;
    float[] w = m.weights();
    float b = m.bias();
    double norm = b * (double) b;
    for (float v : w) {
      norm += v * (double) v;
    }
    if (norm == 0) {
      return null;
    }
    float[] scores = m.scores(train);
    double[] positive = IntStream.range(0, train.size()).mapToDouble(i -> train.label(i) * scores[i])
        .filter(v -> v > 0).sorted().toArray();
    if (positive.length == 0) {
      return null;
    }
    int k = bound.length;
    double best = Double.POSITIVE_INFINITY;
    double bestGamma = 0;
    double bestD = 0;
    for (int q = 1; q <= 20; q++) {
      double gamma = positive[Math.min(positive.length - 1, positive.length * q / 21)] / Math.sqrt(norm);
      double d = Theory.deviation(train, w, b, true, gamma);
      double value = Theory.freundSchapireBound(r, Math.sqrt(k) * d, gamma);
      if (value < best) {
        best = value;
        bestGamma = gamma;
        bestD = d;
      }
    }
    for (int e = 0; e < k; e++) {
      bound[e] = Theory.freundSchapireBound(r, Math.sqrt(e + 1) * bestD, bestGamma);
    }
    return String.format(Locale.ROOT, "Freund-Schapire ((R + sqrt(k) D)/gamma)^2, gamma = %.3g", bestGamma);
  }
}
