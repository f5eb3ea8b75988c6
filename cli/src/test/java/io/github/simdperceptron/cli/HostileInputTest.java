package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TEST;
import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.cli.CliTest.Result;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command under input and surroundings a careless or hostile user gives it: nothing silent, nothing lost. */
class HostileInputTest {
  static final Path FULL = Path.of("/dev/full");

  @TempDir
  Path dir;

  Path model;

  @BeforeEach
  void trainAModel() {
    model = dir.resolve("m.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", model.toString()).code());
  }

  /** Two features near 1e20, separable by x1 + x2 > 0: every score of a trained model overflows float32. */
  Path hugeFeatures(String name, boolean threeClasses) throws IOException {
    long seed = 20;
    System.out.println("hugeFeatures seed " + seed);
    Random rnd = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      double a = rnd.nextDouble() * 2 - 1;
      double b = rnd.nextDouble() * 2 - 1;
      if (Math.abs(a + b) < 0.1) {
        continue;
      }
      String label = threeClasses ? Integer.toString(1 + i % 3) : a + b > 0 ? "1" : "-1";
      sb.append(label).append(" 1:").append((float) (a * 1e20)).append(" 2:").append((float) (b * 1e20)).append('\n');
    }
    Path f = dir.resolve(name);
    Files.writeString(f, sb);
    return f;
  }

  @ParameterizedTest
  @ValueSource(strings = {"perceptron", "pla", "averaged", "voted", "pocket", "margin"})
  void trainingThatOverflowsFloatStopsAndSaysToScale(String algorithm) throws IOException {
    Path data = hugeFeatures("huge.svm", false);
    Path out = dir.resolve("huge.bin");
    Result r = run("train", "--data", data.toString(), "--algorithm", algorithm, "--model", out.toString(), "--json");
    assertOneLineError(r, 2, data.toString(), "scale the features");
    assertEquals("", r.out());
    assertFalse(Files.exists(out));
  }

  @Test
  void multiclassTrainingThatOverflowsFloatStops() throws IOException {
    Path data = hugeFeatures("huge3.svm", true);
    for (String mode : List.of("ovr", "direct")) {
      assertOneLineError(run("train", "--data", data.toString(), "--multiclass", mode, "--algorithm", "perceptron",
          "--model", dir.resolve("h.bin").toString()), 2, "scale the features");
    }
  }

  @Test
  void predictEvalAndDiffRefuseScoresThatOverflow() throws IOException {
    Path data = dir.resolve("near-max.svm");
    Files.writeString(data, "1 1:3e38 2:3e38\n-1 1:-3e38 2:-3e38\n");
    Path small = dir.resolve("m2.bin");
    Path twoFeatures = dir.resolve("two.svm");
    Files.writeString(twoFeatures, "1 1:1 2:1\n-1 1:-1 2:-1\n1 1:2 2:0.5\n");
    assertEquals(0, run("train", "--data", twoFeatures.toString(), "--algorithm", "pla", "--model", small.toString())
        .code());
    Result p = run("predict", "--scores", "--model", small.toString(), "--data", data.toString());
    assertOneLineError(p, 2, data + ": example 1 has the score", "scale the features");
    assertEquals("", p.out());
    assertOneLineError(run("eval", "--json", "--model", small.toString(), "--data", data.toString()), 2,
        "scale the features");
    Result d = run("diff", "--data", hugeFeatures("huge.svm", false).toString(), "--algorithm", "pla");
    assertOneLineError(d, 2, "scale the features");
  }

  @Test
  void predictOntoAFullDiskFails() {
    Result r = Launch.command().stdout(FULL).run("predict", "--model", model.toString(), "--data", TEST);
    assertOneLineError(r, 1, "writing standard output failed", "No space left on device");
  }

  @Test
  void evalJsonOntoAFullDiskFails() {
    Result r = Launch.command().stdout(FULL).run("eval", "--json", "--model", model.toString(), "--data", TEST);
    assertOneLineError(r, 1, "writing standard output failed");
  }
}
