package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CliTest {
  static final Path EXAMPLES = Path.of("..", "docs", "examples");
  static final String TRAIN = EXAMPLES.resolve("small-train.svm").toString();
  static final String TEST = EXAMPLES.resolve("small-test.svm").toString();

  @TempDir
  Path dir;

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  static double number(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":(-?[0-9.eE+-]+)").matcher(json);
    assertTrue(m.find(), key + " in " + json);
    return Double.parseDouble(m.group(1));
  }

  /** A PLA model of the small training set, written to {@code dir/m.bin}. */
  static Path plaModel(Path dir) {
    Path model = dir.resolve("m.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", model.toString()).code());
    return model;
  }

  static void assertOneLineError(Result r, int code, String... parts) {
    assertEquals(code, r.code(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    for (String p : parts) {
      assertTrue(r.err().contains(p), r.err());
    }
  }

  @Test
  void infoReportsTheKernel() {
    Result r = run("info", "--json");
    assertEquals(0, r.code(), r.err());
    for (String key : List.of("java_version", "implementation", "vector_bits", "float_lanes", "fma")) {
      assertTrue(r.out().contains("\"" + key + "\":"), r.out());
    }
    assertTrue(run("info").out().contains("implementation"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"demo", "train", "learn", "serve", "predict", "eval", "diff", "info"})
  void everySubCommandHasHelp(String sub) {
    Result r = run(sub, "--help");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("Usage: perceptron " + sub), r.out());
  }

  @Test
  void trainEvalPredictRoundTrip() throws IOException {
    String model = dir.resolve("m.bin").toString();
    Result t = run("train", "--data", TRAIN, "--test", TEST, "--algorithm", "averaged", "--epochs", "20",
        "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    assertEquals(1, t.out().lines().count());
    for (String key : List.of("accuracy", "train_seconds", "mistakes", "epochs", "examples_per_second")) {
      number(t.out(), key);
    }
    assertTrue(t.out().contains("\"converged\":true"), t.out());
    double testAccuracy = number(t.out(), "test_accuracy");
    assertEquals(testAccuracy, number(t.out(), "accuracy"));
    assertTrue(testAccuracy > 0.9, t.out());

    Result e = run("eval", "--model", model, "--data", TEST, "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(testAccuracy, number(e.out(), "accuracy"), 1e-12);
    assertTrue(e.out().contains("\"confusion\":{\"true\":[\"-1\",\"1\"],\"predicted\":[\"-1\",\"1\"],\"counts\":[["),
        e.out());
    assertTrue(e.out().contains("\"margins\":{\"rows\":100,\"min\":"), e.out());

    Path predictions = dir.resolve("p.txt");
    Result p = run("predict", "--model", model, "--data", TEST, "--output", predictions.toString());
    assertEquals(0, p.code(), p.err());
    List<String> labels = Files.readAllLines(predictions);
    List<String> truth = Files.readAllLines(Path.of(TEST)).stream().filter(l -> !l.startsWith("#"))
        .map(l -> l.split(" ")[0].replace("+", "")).toList();
    assertEquals(100, labels.size());
    long correct = 0;
    for (int i = 0; i < labels.size(); i++) {
      correct += labels.get(i).equals(truth.get(i)) ? 1 : 0;
    }
    assertEquals(testAccuracy, correct / 100.0, 1e-12);
    Result s = run("predict", "--model", model, "--data", TEST, "--scores");
    assertEquals(100, s.out().lines().count());
    Float.parseFloat(s.out().lines().findFirst().orElseThrow());
  }

  @Test
  void textOutputOfTrainAndEval() {
    String model = dir.resolve("m.bin").toString();
    Result t = run("train", "--data", TRAIN, "--algorithm", "voted", "--model", model);
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("model written to " + model), t.out());
    Result e = run("eval", "--model", model, "--data", TEST);
    assertTrue(e.out().contains("confusion matrix"), e.out());
    assertTrue(e.out().contains("margins y*score: min"), e.out());
  }

  @Test
  void csvWithTheLabelColumnByName() throws IOException {
    Path csv = dir.resolve("d.csv");
    StringBuilder sb = new StringBuilder("x1,x2,class\n");
    Random rnd = new Random(3);
    for (int i = 0; i < 200; i++) {
      float a = rnd.nextFloat() * 2 - 1;
      float b = rnd.nextFloat() * 2 - 1;
      if (Math.abs(a + b) < 0.1f) {
        continue;
      }
      sb.append(a).append(',').append(b).append(',').append(a + b > 0 ? "cat" : "dog").append('\n');
    }
    Files.writeString(csv, sb);
    String model = dir.resolve("c.bin").toString();
    Result t = run("train", "--data", csv.toString(), "--label-column", "class", "--algorithm", "perceptron",
        "--epochs", "50", "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("\"classes\":[\"cat\",\"dog\"]"), t.out());
    assertEquals(1.0, number(t.out(), "accuracy"));
    Result e = run("eval", "--model", model, "--data", csv.toString(), "--label-column", "class", "--json");
    assertEquals(1.0, number(e.out(), "accuracy"), e.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"perceptron", "pla", "pocket", "voted", "averaged", "margin"})
  void diffIsIdenticalOnIntegerData(String algorithm) {
    Result r = run("diff", "--data", TRAIN, "--algorithm", algorithm, "--epochs", "5", "--json");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("\"identical_mistakes\":true,\"identical_weights\":true"), r.out());
    assertTrue(r.out().contains("\"exact_arithmetic\":true"), r.out());
    assertTrue(r.out().contains("\"within_bound\":true"), r.out());
    number(r.out(), "train_seconds");
  }

  @ParameterizedTest
  @ValueSource(strings = {"voted --vote-cap 3", "pla --no-shuffle", "averaged --no-bias --seed 9",
      "margin --margin 2.5 --epochs 3", "pocket --no-bias --no-shuffle"})
  void diffFollowsEveryTrainingOption(String options) {
    List<String> args = new java.util.ArrayList<>(List.of("diff", "--data", TRAIN, "--json", "--algorithm"));
    args.addAll(List.of(options.split(" ")));
    Result r = run(args.toArray(new String[0]));
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("\"identical_mistakes\":true,\"identical_weights\":true"), r.out());
  }

  @Test
  void diffOnRealValuedDataStaysWithinTheBound() throws IOException {
    Path f = dir.resolve("real.svm");
    StringBuilder sb = new StringBuilder();
    Random rnd = new Random(11);
    for (int i = 0; i < 300; i++) {
      sb.append(rnd.nextBoolean() ? "1" : "-1");
      for (int j = 1; j <= 50; j++) {
        sb.append(' ').append(j).append(':').append((float) rnd.nextGaussian());
      }
      sb.append('\n');
    }
    Files.writeString(f, sb);
    Result r = run("diff", "--data", f.toString(), "--algorithm", "averaged", "--json");
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("\"exact_arithmetic\":false"), r.out());
    assertTrue(r.out().contains("\"within_bound\":true"), r.out());
    assertTrue(number(r.out(), "max_dot_deviation") <= number(r.out(), "dot_bound"), r.out());
  }

  @Test
  void anExactRunThatDiffersIsADisagreement() throws IOException {
    io.github.simdperceptron.data.Dataset data = io.github.simdperceptron.io.DataFormat.libsvm()
        .read(Path.of(TRAIN));
    io.github.simdperceptron.learn.TrainingOptions o = io.github.simdperceptron.learn.TrainingOptions.builder()
        .updateLog(true).build();
    Comparison good = Comparison.run(io.github.simdperceptron.learn.Algorithm.PERCEPTRON, data, o);
    assertTrue(good.agree());
    io.github.simdperceptron.reference.ReferenceRun tampered = good.reference;
    tampered.w = tampered.w.clone();
    tampered.w[0] = Math.nextUp(tampered.w[0]);
    Comparison bad = new Comparison(good.kernel, tampered, data);
    assertFalse(bad.sameWeights);
    assertFalse(bad.agree());
    assertEquals("DISAGREE", bad.verdict());
  }

  @Test
  void demoRunsEveryAlgorithmAndAgreesWithTheReference() {
    Result r = run("demo", "--epochs", "2", "--json");
    assertEquals(0, r.code(), r.err());
    // Three problems, every algorithm on each.
    assertEquals(3 * io.github.simdperceptron.learn.Algorithm.values().length,
        r.out().split("\"algorithm\":").length - 1, r.out());
    assertTrue(r.out().contains("\"disagreements\":0"), r.out());
  }

  @Test
  void inputErrorsExitWith2AndOneLineNamingTheProblem() throws IOException {
    String model = dir.resolve("m.bin").toString();
    assertOneLineError(run("train", "--data", "nope.svm", "--algorithm", "pla", "--model", model), 2,
        "perceptron train: nope.svm: no such file");
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, "1 1:1\n-1 2:x\n");
    assertOneLineError(run("train", "--data", bad.toString(), "--algorithm", "pla", "--model", model), 2,
        bad + ":2:4: in '2:x': value 'x' is not a number");
    Path three = dir.resolve("three.svm");
    Files.writeString(three, "1 1:1\n2 1:2\n3 1:3\n");
    assertOneLineError(run("train", "--data", three.toString(), "--algorithm", "voted", "--model", model), 2,
        "3 classes", "--algorithm voted has no multi-class learner");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla"), 2, "--model");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "nope", "--model", model), 2,
        "'nope' is not an algorithm");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla", "--epochs", "0", "--model", model), 2,
        "--epochs must be >= 1");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "voted", "--vote-cap", "0", "--model", model), 2,
        "--vote-cap must be >= 1, got 0");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "margin", "--margin", "-1", "--model", model), 2,
        "--margin must be finite and >= 0, got -1.0");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla", "--margin", "2", "--model", model), 2,
        "--margin applies to --algorithm margin only");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pa1", "--aggressiveness", "0", "--model",
        model), 2, "--aggressiveness must be finite and > 0, got 0.0");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pa", "--aggressiveness", "2", "--model", model),
        2, "--aggressiveness applies to --algorithm pa1 and pa2 only");
    assertOneLineError(run("frobnicate"), 2, "frobnicate");
    assertFalse(Files.exists(Path.of(model)));
  }

  @Test
  void passiveAggressiveLearnersTrainPredictAndAgreeWithTheReference() throws IOException {
    for (String alg : new String[] {"pa", "pa1", "pa2"}) {
      Path model = dir.resolve(alg + ".bin");
      List<String> args = new java.util.ArrayList<>(List.of("train", "--data", TRAIN, "--algorithm", alg, "--model",
          model.toString(), "--json"));
      if (!alg.equals("pa")) {
        args.addAll(List.of("--aggressiveness", "0.5"));
      }
      Result t = run(args.toArray(new String[0]));
      assertEquals(0, t.code(), alg + ": " + t.err());
      assertTrue(t.out().contains("\"algorithm\":\"" + alg + "\""), t.out());
      assertTrue(Files.size(model) > 0, alg);
      Result e = run("eval", "--model", model.toString(), "--data", TRAIN);
      assertEquals(0, e.code(), alg + ": " + e.err());
      Result d = run("diff", "--data", TRAIN, "--algorithm", alg, "--json");
      assertEquals(0, d.code(), alg + ": " + d.err() + d.out());
      assertTrue(d.out().contains("\"agree\":true"), d.out());
    }
  }

  @Test
  void brokenModelFilesExitWith2() throws IOException {
    Path notModel = dir.resolve("x.bin");
    Files.writeString(notModel, "hello\n");
    assertOneLineError(run("eval", "--model", notModel.toString(), "--data", TEST), 2, "not a model file");
    Path model = dir.resolve("m.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", model.toString()).code());
    byte[] b = Files.readAllBytes(model);
    Files.write(model, Arrays.copyOf(b, b.length - 10));
    assertOneLineError(run("predict", "--model", model.toString(), "--data", TEST), 2, "truncated");
  }

  @Test
  void debugPrintsTheStackTrace() {
    Result r = run("train", "--data", "nope.svm", "--algorithm", "pla", "--model", "m.bin", "--debug");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("\tat "), r.err());
  }

  @Test
  void progressLineOnlyOnATerminal() {
    String model = dir.resolve("m.bin").toString();
    String old = System.getProperty("perceptron.stderr.tty");
    try {
      System.setProperty("perceptron.stderr.tty", "true");
      Result tty = run("train", "--data", TRAIN, "--algorithm", "perceptron", "--model", model);
      assertTrue(tty.err().contains("\repoch 1/10: "), tty.err());
      assertTrue(tty.err().contains("examples/s"), tty.err());
      System.setProperty("perceptron.stderr.tty", "false");
      Result quiet = run("train", "--data", TRAIN, "--algorithm", "perceptron", "--model", model);
      assertEquals("", quiet.err());
    } finally {
      if (old == null) {
        System.clearProperty("perceptron.stderr.tty");
      } else {
        System.setProperty("perceptron.stderr.tty", old);
      }
    }
  }

  /** The training options of a train command line. */
  static TrainArgs trainArgs(String... args) {
    return new TrainArgs(TrainCommand.options().parse(List.of(args)));
  }

  /**
   * The command scores the training rows once for its training accuracy and the report's
   * training error: both equal the figures computed separately (model.accuracy on the rows, the
   * report's own training error of a second, identical fit), for a binary linear model, a voted
   * one and a multi-class one, also with a test set.
   */
  @ParameterizedTest
  @ValueSource(strings = {"pla", "voted", "averaged-direct", "pocket-ovr"})
  void trainingAccuracyAndErrorAreThoseComputedSeparately(String kind) throws IOException {
    boolean multi = kind.contains("-");
    String algorithm = multi ? kind.substring(0, kind.indexOf('-')) : kind;
    String data = multi ? EXAMPLES.resolve("three-train.svm").toString() : TRAIN;
    List<String> args = new java.util.ArrayList<>(List.of("--data", data, "--algorithm", algorithm, "--epochs", "7",
        "--seed", "5", "--model", dir.resolve("m.bin").toString()));
    if (multi) {
      args.addAll(List.of("--multiclass", kind.substring(kind.indexOf('-') + 1)));
    } else {
      args.addAll(List.of("--test", TEST));
    }
    List<String> command = new java.util.ArrayList<>(List.of("train", "--json"));
    command.addAll(args);
    Result r = run(command.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    io.github.simdperceptron.data.Dataset train = io.github.simdperceptron.io.DataFormat.libsvm().read(Path.of(data));
    TrainArgs t = trainArgs(args.toArray(String[]::new));
    io.github.simdperceptron.learn.FitResult<?> fit = t.fit(train, t.options());
    double accuracy = fit.model().accuracy(train);
    double error = fit.report().trainingError();
    assertEquals(accuracy, number(r.out(), "training_accuracy"), kind + ": " + r.out());
    assertEquals(error, number(r.out(), "training_error"), kind + ": " + r.out());
    // The saved model is the one the figures are of.
    io.github.simdperceptron.learn.Model saved = io.github.simdperceptron.io.ModelFile.read(dir.resolve("m.bin"))
        .model();
    assertEquals(accuracy, saved.accuracy(train), kind);
  }

  @Test
  void prefetchOptionReachesTheTrainingOptionsAndLeavesTheModelAlone() throws Exception {
    assertTrue(trainArgs("--data", TRAIN, "--algorithm", "averaged", "--prefetch", "--model", "m.bin").options()
        .prefetch());
    assertTrue(trainArgs("--data", TRAIN, "--algorithm", "perceptron", "--model", "m.bin").options().prefetch(),
        "the command asks for the prefetch thread by default");
    assertFalse(trainArgs("--data", TRAIN, "--algorithm", "perceptron", "--no-prefetch", "--model", "m.bin")
        .options().prefetch());
    Path with = dir.resolve("with.bin");
    Path without = dir.resolve("without.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "averaged", "--prefetch", "--model",
        with.toString()).code());
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "averaged", "--no-prefetch", "--model",
        without.toString()).code());
    assertArrayEquals(Files.readAllBytes(without), Files.readAllBytes(with), "model file with --prefetch");
  }
}
