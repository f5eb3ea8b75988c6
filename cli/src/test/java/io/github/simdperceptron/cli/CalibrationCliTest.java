package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationCliTest {
  private static final String THREE_TRAIN = CliTest.EXAMPLES.resolve("three-train.svm").toString();
  private static final String THREE_TEST = CliTest.EXAMPLES.resolve("three-test.svm").toString();

  @TempDir
  Path dir;

  /** Trains the averaged multi-class perceptron (5 epochs) on the three-class example with extra options. */
  private String train(String name, String... extra) {
    Path model = dir.resolve(name);
    List<String> args = new java.util.ArrayList<>(List.of("train", "--data", THREE_TRAIN, "--model", model.toString(),
        "--epochs", "5"));
    args.addAll(List.of(extra));
    Result r = run(args.toArray(new String[0]));
    assertEquals(0, r.code(), r.err());
    return model.toString();
  }

  @Test
  void probabilitiesSumToOneAndTheirLogLossIsTheOneEvalPrints() throws IOException {
    String model = train("t.model", "--calibrate", "0.2");
    Result p = run("predict", "--model", model, "--data", THREE_TEST, "--proba");
    assertEquals(0, p.code(), p.err());
    List<String> lines = p.out().lines().toList();
    List<String> labels = Files.readAllLines(Path.of(THREE_TEST)).stream()
        .filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split(" ")[0]).toList();
    assertEquals(labels.size(), lines.size());
    List<String> predicted = run("predict", "--model", model, "--data", THREE_TEST).out().lines().toList();
    double logLoss = 0;
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(" ");
      assertEquals(3, f.length, lines.get(i));
      double sum = 0;
      int top = 0;
      for (int k = 0; k < 3; k++) {
        double v = Double.parseDouble(f[k]);
        assertTrue(v >= 0 && v <= 1, lines.get(i));
        sum += v;
        top = v > Double.parseDouble(f[top]) ? k : top;
      }
      // Printed as floats: each within 2^-24 relative of its double.
      assertEquals(1, sum, 1e-6, lines.get(i));
      // A positive temperature keeps the order of the scores: the top class is the model's prediction.
      assertEquals(predicted.get(i), String.valueOf(top + 1), "row " + i);
      logLoss -= Math.log(Math.max(Double.parseDouble(f[Integer.parseInt(labels.get(i)) - 1]), 1e-15));
    }
    logLoss /= lines.size();
    Result e = run("eval", "--model", model, "--data", THREE_TEST, "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(logLoss, number(e.out(), "log_loss"), 1e-5 * Math.max(1, logLoss));
    double brier = number(e.out(), "brier_score");
    double ece = number(e.out(), "ece");
    assertTrue(brier >= 0 && brier <= 2 && ece >= 0 && ece <= 1, e.out());
    assertTrue(e.out().contains("\"calibration\":\"temperature\""), e.out());
    Result text = run("eval", "--model", model, "--data", THREE_TEST);
    assertTrue(text.out().contains("probabilities (temperature): log-loss "), text.out());
  }

  @Test
  void crossValidatedCalibrationOfAKernelModelAndOneVsRestPlatt() {
    String model = train("k.model", "--kernel", "rbf", "--calibrate-folds", "3", "--calibration", "ovr-platt");
    Result e = run("eval", "--model", model, "--data", THREE_TEST, "--json");
    assertEquals(0, e.code(), e.err());
    assertTrue(e.out().contains("\"calibration\":\"ovr-platt\""), e.out());
    assertTrue(number(e.out(), "log_loss") < Math.log(3), e.out());
  }

  @Test
  void aBinaryModelIsCalibratedByPlatt() {
    Path model = dir.resolve("b.model");
    Result t = run("train", "--data", CliTest.TRAIN, "--model", model.toString(), "--calibrate-folds", "4", "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("\"calibration\":\"platt\""), t.out());
    assertTrue(t.out().contains("\"calibration_source\":\"cross_validated\""), t.out());
    Result p = run("predict", "--model", model.toString(), "--data", CliTest.TEST, "--proba");
    for (String line : p.out().lines().toList()) {
      String[] f = line.split(" ");
      assertEquals(2, f.length, line);
      assertEquals(1, Double.parseDouble(f[0]) + Double.parseDouble(f[1]), 1e-6, line);
    }
    Result plot = run("plot", "--reliability", "--model", model.toString(), "--data", CliTest.TEST, "--output",
        dir.resolve("r.png").toString());
    assertEquals(0, plot.code(), plot.err());
    assertTrue(Files.exists(dir.resolve("r.png")));
  }

  @Test
  void clearErrors() {
    String plain = train("plain.model");
    assertOneLineError(run("predict", "--model", plain, "--data", THREE_TEST, "--proba"), 2, "--proba",
        "has no calibration", "--calibrate");
    assertOneLineError(run("plot", "--reliability", "--model", plain, "--data", THREE_TEST, "--output",
        dir.resolve("x.png").toString()), 2, "has no calibration");
    Result noEval = run("eval", "--model", plain, "--data", THREE_TEST, "--json");
    assertTrue(noEval.out().contains("\"log_loss\":null"), noEval.out());
    String out = dir.resolve("o.model").toString();
    assertOneLineError(run("train", "--data", THREE_TRAIN, "--model", out, "--calibrate", "1.5"), 2, "--calibrate 1.5");
    assertOneLineError(run("train", "--data", THREE_TRAIN, "--model", out, "--calibrate", "0.1", "--calibrate-folds",
        "3"), 2, "give one");
    assertOneLineError(run("train", "--data", THREE_TRAIN, "--model", out, "--calibration", "temperature"), 2,
        "--calibration applies to");
    assertOneLineError(run("train", "--data", THREE_TRAIN, "--model", out, "--calibrate", "0.1", "--calibration",
        "isotonic"), 2, "'isotonic' is not a method");
    assertOneLineError(run("train", "--data", CliTest.TRAIN, "--model", out, "--calibrate", "0.1", "--calibration",
        "temperature"), 2, "one score per class");
    assertOneLineError(run("train", "--data", THREE_TRAIN, "--model", out, "--calibrate-folds", "1"), 2,
        "at least 2 folds");
    assertTrue(Files.notExists(Path.of(out)));
    String calibrated = train("c.model", "--calibrate", "0.2");
    assertOneLineError(run("predict", "--model", calibrated, "--data", THREE_TEST, "--proba", "--scores"), 2,
        "give one");
  }
}
