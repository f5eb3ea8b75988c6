package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.kernel.KernelModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** train --kernel, and eval, predict, info and diff on kernel models. */
class KernelCliTest {
  static final String TRAIN3 = MulticlassCliTest.TRAIN3;
  static final String TEST3 = MulticlassCliTest.TEST3;
  static final String TRAIN2 = CliTest.TRAIN;
  static final String TEST2 = CliTest.TEST;

  @TempDir
  Path dir;

  @Test
  void rbfTrainEvalPredictInfoRoundTrip() throws IOException {
    String model = dir.resolve("k.bin").toString();
    Result t = run("train", "--data", TRAIN3, "--test", TEST3, "--kernel", "rbf", "--algorithm", "averaged",
        "--multiclass", "direct", "--epochs", "5", "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    double accuracy = number(t.out(), "test_accuracy");
    assertTrue(accuracy > 0.8, t.out());
    int svs = (int) number(t.out(), "support_vectors");
    assertTrue(t.out().contains("\"kernel\":\"rbf(gamma="), t.out());

    ModelFile saved = ModelFile.read(Path.of(model));
    KernelModel k = assertInstanceOf(KernelModel.class, saved.model());
    assertEquals(svs, k.size());
    assertEquals(Algorithm.AVERAGED, k.algorithm());
    assertEquals("rbf", k.kernel().name());
    assertEquals((float) KernelModel.Function.scaleGamma(
        DataFormat.libsvm().read(Path.of(TRAIN3))), k.kernel().gamma(),
        "the scale gamma by default");

    Result e = run("eval", "--model", model, "--data", TEST3, "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(accuracy, number(e.out(), "accuracy"), e.out());

    Result p = run("predict", "--model", model, "--data", TEST3);
    assertEquals(0, p.code(), p.err());
    List<String> truth = MulticlassCliTest.truth(TEST3);
    List<String> predicted = p.out().lines().toList();
    assertEquals(truth.size(), predicted.size());
    long right = 0;
    for (int i = 0; i < truth.size(); i++) {
      right += truth.get(i).equals(predicted.get(i)) ? 1 : 0;
    }
    assertEquals(accuracy, (double) right / truth.size(), 1e-12);

    Result s = run("predict", "--model", model, "--data", TEST3, "--scores");
    assertEquals(0, s.code(), s.err());
    assertEquals(3, s.out().lines().findFirst().orElseThrow().split(" ").length, s.out());

    Result info = run("info", "--model", model);
    assertEquals(0, info.code(), info.err());
    assertTrue(info.out().contains("support vectors " + svs + " (sparse rows)"), info.out());
    assertTrue(info.out().contains("averaged coefficients"), info.out());
    Result infoJson = run("info", "--model", model, "--json");
    assertEquals(svs, (int) number(infoJson.out(), "support_vectors"), infoJson.out());
  }

  @Test
  void binaryPolyVotedAndBudget() {
    String model = dir.resolve("b.bin").toString();
    Result v = run("train", "--data", TRAIN2, "--test", TEST2, "--kernel", "poly", "--degree", "2", "--coef0", "1",
        "--algorithm", "voted", "--epochs", "3", "--model", model, "--json");
    assertEquals(0, v.code(), v.err());
    assertTrue(number(v.out(), "test_accuracy") > 0.8, v.out());
    Result b = run("train", "--data", TRAIN2, "--kernel", "rbf", "--gamma", "0.05", "--budget", "20",
        "--algorithm", "perceptron", "--epochs", "3", "--model", model, "--json");
    assertEquals(0, b.code(), b.err());
    assertEquals(20, (int) number(b.out(), "support_vectors"), b.out());
    assertEquals(0, run("eval", "--model", model, "--data", TEST2).code());
  }

  @Test
  void diffAgreesWithTheLiteralTwinOnIntegerData() {
    Result d = run("diff", "--data", TRAIN3, "--kernel", "poly", "--gamma", "1", "--coef0", "1", "--degree", "2",
        "--algorithm", "perceptron", "--multiclass", "direct", "--epochs", "3", "--json");
    assertEquals(0, d.code(), d.err());
    assertTrue(d.out().contains("\"exact_arithmetic\":true"), d.out());
    assertTrue(d.out().contains("\"same_updates\":true"), d.out());
    assertTrue(d.out().contains("\"same_coefficients\":true"), d.out());
    Result text = run("diff", "--data", TRAIN2, "--kernel", "linear", "--algorithm", "averaged", "--epochs", "2");
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("identical, bit for bit"), text.out());
  }

  @Test
  void moreThanTwoClassesChooseTheKClassKernelPerceptron() throws IOException {
    Path model = dir.resolve("k3.bin");
    Result t = run("train", "--data", TRAIN3, "--kernel", "rbf", "--epochs", "2", "--model", model.toString(),
        "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.err().contains("3 classes [1, 2, 3]: training the K-class kernel perceptron (--multiclass direct)"),
        t.err());
    assertTrue(t.out().contains("\"multiclass_chosen\":true"), t.out());
    ModelFile saved = ModelFile.read(model);
    KernelModel k = assertInstanceOf(KernelModel.class, saved.model());
    assertEquals(3, k.labels().size());
    assertEquals(Algorithm.MARGIN, k.algorithm(), "the kernel default algorithm");
    assertTrue(k.averagedForm(), "the kernel default averages");
    assertEquals("7.0", saved.options().get("tau"), saved.options().toString());
    assertEquals("2", saved.options().get("maxEpochs"), "--epochs given: " + saved.options());
  }

  @Test
  void theKernelDefaultIsTheAveragedMarginPerceptronWithTau7And50EpochsAndTheLinearDefaultStays() throws IOException {
    Path model = dir.resolve("k2.bin");
    Result t = run("train", "--data", TRAIN2, "--kernel", "rbf", "--model", model.toString(), "--json");
    assertEquals(0, t.code(), t.err());
    ModelFile saved = ModelFile.read(model);
    KernelModel k = assertInstanceOf(KernelModel.class, saved.model());
    assertEquals("averaged-margin", k.algorithmName());
    assertEquals("7.0", saved.options().get("tau"), saved.options().toString());
    assertEquals("50", saved.options().get("maxEpochs"), saved.options().toString());
    // The same model as the explicit command line.
    Path explicit = dir.resolve("k2-explicit.bin");
    Result e = run("train", "--data", TRAIN2, "--kernel", "rbf", "--algorithm", "margin", "--average", "--margin", "7",
        "--epochs", "50", "--model", explicit.toString());
    assertEquals(0, e.code(), e.err());
    assertEquals(java.util.Arrays.toString(Files.readAllBytes(model)),
        java.util.Arrays.toString(Files.readAllBytes(explicit)));
    // An explicit --algorithm keeps its own defaults: margin's tau 1 and 10 epochs.
    Path margin = dir.resolve("k2-margin.bin");
    assertEquals(0, run("train", "--data", TRAIN2, "--kernel", "rbf", "--algorithm", "margin", "--model",
        margin.toString()).code());
    ModelFile m = ModelFile.read(margin);
    assertEquals("1.0", m.options().get("tau"), m.options().toString());
    assertEquals("10", m.options().get("maxEpochs"), m.options().toString());
    assertTrue(!((KernelModel) m.model()).averagedForm());
    Path linear = dir.resolve("linear.bin");
    assertEquals(0, run("train", "--data", TRAIN2, "--model", linear.toString()).code());
    assertEquals("AVERAGED", ModelFile.read(linear).algorithm(), "the linear default stays");
  }

  @Test
  void marginAndPassiveAggressiveKernelModelsTrainSaveAndDiff() throws IOException {
    for (String alg : new String[] {"margin", "pa", "pa2"}) {
      Path model = dir.resolve("k-" + alg + ".bin");
      Result t = run("train", "--data", TRAIN3, "--kernel", "poly", "--gamma", "1", "--coef0", "1", "--degree", "2",
          "--algorithm", alg, "--epochs", "3", "--model", model.toString());
      assertEquals(0, t.code(), alg + ": " + t.err());
      KernelModel k = assertInstanceOf(KernelModel.class, ModelFile.read(model).model());
      assertEquals(Algorithm.byName(alg), k.algorithm(), alg);
      Result e = run("eval", "--model", model.toString(), "--data", TRAIN3);
      assertEquals(0, e.code(), alg + ": " + e.err());
      Result d = run("diff", "--data", TRAIN3, "--kernel", "poly", "--gamma", "1", "--coef0", "1", "--degree", "2",
          "--algorithm", alg, "--epochs", "3");
      assertEquals(0, d.code(), alg + ": " + d.out() + d.err());
      // The margin perceptron steps by 1: exact on this integer data; the passive-aggressive steps are real.
      assertTrue(d.out().contains(alg.equals("margin") ? "bit for bit" : "rounded"), d.out());
    }
  }

  @Test
  void theAveragedMarginFormsTrainSaveAndDiff() throws IOException {
    for (String alg : new String[] {"margin", "pa1"}) {
      Path model = dir.resolve("k-averaged-" + alg + ".bin");
      Result t = run("train", "--data", TRAIN3, "--kernel", "poly", "--gamma", "1", "--coef0", "1", "--degree", "2",
          "--algorithm", alg, "--average", "--epochs", "3", "--model", model.toString(), "--json");
      assertEquals(0, t.code(), alg + ": " + t.err());
      KernelModel k = assertInstanceOf(KernelModel.class, ModelFile.read(model).model());
      assertEquals(Algorithm.byName(alg), k.algorithm(), alg);
      assertTrue(k.averagedForm(), alg);
      Result info = run("info", "--model", model.toString());
      assertTrue(info.out().contains("averaged-" + alg + " coefficients"), info.out());
      Result e = run("eval", "--model", model.toString(), "--data", TRAIN3, "--json");
      assertEquals(0, e.code(), alg + ": " + e.err());
      assertEquals(number(t.out(), "training_accuracy"), number(e.out(), "accuracy"), alg + ": " + t.out() + e.out());
      Result d = run("diff", "--data", TRAIN3, "--kernel", "poly", "--gamma", "1", "--coef0", "1", "--degree", "2",
          "--algorithm", alg, "--average", "--epochs", "3");
      assertEquals(0, d.code(), alg + ": " + d.out() + d.err());
      assertTrue(d.out().contains(alg.equals("margin") ? "bit for bit" : "rounded"), d.out());
    }
    String model = dir.resolve("x.bin").toString();
    assertOneLineError(run("train", "--data", TRAIN2, "--kernel", "rbf", "--algorithm", "averaged", "--average",
        "--model", model), 2, "--average applies to --algorithm margin, pa, pa1 and pa2 (got averaged, which is"
        + " averaged already)");
    assertOneLineError(run("train", "--data", TRAIN2, "--algorithm", "margin", "--average", "--model", model), 2,
        "--average applies to the kernel perceptron");
    assertTrue(Files.notExists(Path.of(model)));
  }

  @Test
  void badKernelUsageIsOneLine() throws IOException {
    String model = dir.resolve("x.bin").toString();
    assertOneLineError(run("train", "--data", TRAIN2, "--kernel", "rbf", "--algorithm", "pocket", "--model", model),
        2, "--algorithm perceptron, voted, averaged, margin, pa, pa1 or pa2");
    assertOneLineError(run("train", "--data", TRAIN3, "--kernel", "rbf", "--algorithm", "averaged", "--multiclass",
        "ovr", "--model", model), 2, "--multiclass direct");
    assertOneLineError(run("train", "--data", TRAIN2, "--gamma", "1", "--algorithm", "averaged", "--model", model),
        2, "--kernel");
    assertOneLineError(run("train", "--data", TRAIN2, "--kernel", "rbf", "--gamma", "-1", "--algorithm", "averaged",
        "--model", model), 2, "--gamma");
    assertOneLineError(run("train", "--data", TRAIN2, "--kernel", "rbf", "--budget", "5", "--algorithm", "voted",
        "--model", model), 2, "--budget");
    assertOneLineError(run("diff", "--data", TRAIN2, "--kernel", "rbf", "--algorithm", "averaged",
        "--reference-limit", "10"), 2, "--reference-limit");
    assertTrue(Files.notExists(Path.of(model)));
  }
}
