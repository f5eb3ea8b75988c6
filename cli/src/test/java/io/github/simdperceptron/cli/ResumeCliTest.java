package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResumeCliTest {
  static final String THREE = CliTest.EXAMPLES.resolve("three-train.svm").toString();

  @TempDir
  Path dir;

  private Path train(String name, String data, String learner, int epochs, String... more) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("train", "--data", data, "--model", out.toString(), "--epochs",
        Integer.toString(epochs), "--seed", "7"));
    args.addAll(Arrays.asList(learner.split(" ")));
    args.addAll(Arrays.asList(more));
    Result r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return out;
  }

  private Path resume(String name, Path from, String data, int epochs, String... more) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("train", "--resume", from.toString(), "--data", data, "--model",
        out.toString(), "--epochs", Integer.toString(epochs)));
    args.addAll(Arrays.asList(more));
    Result r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("resumed "), r.out());
    return out;
  }

  @ParameterizedTest
  @CsvSource({
      "small, --algorithm averaged",
      "small, --algorithm pocket",
      "small, --algorithm pla --no-shuffle",
      "small, --algorithm voted",
      "small, --algorithm voted --vote-cap 3",
      "three, --algorithm averaged --multiclass direct",
      "three, --algorithm perceptron --multiclass direct",
      "three, --algorithm pocket --multiclass ovr",
      "three, --algorithm margin --multiclass ovr",
      "small, --kernel rbf",
      "small, --kernel poly --algorithm voted",
      "three, --kernel rbf --algorithm averaged --budget 6",
      "three, --kernel rbf --algorithm pa1 --average --aggressiveness 0.5",
      "three, --kernel linear --algorithm margin --margin 2"})
  void trainThenResumeGivesTheBytesOfOneRun(String set, String learner) throws IOException {
    String data = set.equals("small") ? CliTest.TRAIN : THREE;
    byte[] plain = Files.readAllBytes(train("plain.bin", data, learner, 5));
    byte[] whole = Files.readAllBytes(train("whole.bin", data, learner, 5, "--save-state"));
    Path first = train("first.bin", data, learner, 2, "--save-state");
    byte[] resumed = Files.readAllBytes(resume("resumed.bin", first, data, 3, "--save-state"));
    assertArrayEquals(whole, resumed, learner);
    byte[] resumedPlain = Files.readAllBytes(resume("resumed-plain.bin", first, data, 3));
    assertArrayEquals(plain, resumedPlain, "without --save-state the file is the one plain train writes");
    assertFalse(Arrays.equals(plain, whole), "the state is in the file");
    Result info = run("info", "--model", dir.resolve("resumed.bin").toString(), "--json");
    assertEquals(0, info.code(), info.err());
    assertTrue(info.out().contains("\"training_state\":{\"epochs\":"), info.out());
    Result none = run("info", "--model", dir.resolve("resumed-plain.bin").toString(), "--json");
    assertTrue(none.out().contains("\"training_state\":null"), none.out());
  }

  @Test
  void theKernelPerceptronGoesOnWithOtherRows() throws IOException {
    Path first = train("first.bin", THREE, "--kernel rbf --algorithm averaged", 2, "--save-state");
    Path more = dir.resolve("more.svm");
    // Other rows: a class the model has not seen, and a feature beyond its dimension.
    Files.writeString(more, "0 1:0.5 2:1\n9 1:-1 3:0.25 40:1\n1 2:0.75\n9 1:-0.5 40:0.5\n");
    Path resumed = resume("resumed.bin", first, more.toString(), 2, "--save-state");
    Result info = run("info", "--model", resumed.toString());
    assertEquals(0, info.code(), info.err());
    assertTrue(info.out().contains("classes        5: 1, 2, 3, 0, 9"), info.out());
    assertTrue(info.out().contains("state          4 epochs run"), info.out());
    Path again = resume("again.bin", resumed, more.toString(), 1);
    assertTrue(Files.size(again) > 0);
  }

  @Test
  void aFileWithoutStateContinuesFromItsWeightsWithAWarning() {
    Path plain = train("plain.bin", THREE, "--algorithm averaged", 2);
    Result r = run("train", "--resume", plain.toString(), "--data", THREE, "--model", dir.resolve("o.bin").toString(),
        "--epochs", "1");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("no training state") && r.err().contains("not the one a longer run gives"), r.err());
  }

  @Test
  void refusals() {
    Path first = train("first.bin", CliTest.TRAIN, "--algorithm averaged", 1, "--save-state");
    CliTest.assertOneLineError(run("train", "--resume", first.toString(), "--data", CliTest.TRAIN, "--model",
        dir.resolve("o.bin").toString(), "--seed", "3"), 2, "--seed", "drop --seed");
    CliTest.assertOneLineError(run("train", "--resume", first.toString(), "--data", THREE, "--model",
        dir.resolve("o.bin").toString()), 2, "class", "fixed");
    CliTest.assertOneLineError(run("train", "--data", CliTest.TRAIN, "--validation-fraction", "0.2", "--save-state",
        "--model", dir.resolve("v.bin").toString()), 2, "--validation-fraction");
    Path voted = train("voted.bin", CliTest.TRAIN, "--algorithm voted", 1);
    CliTest.assertOneLineError(run("train", "--resume", voted.toString(), "--data", CliTest.TRAIN, "--model",
        dir.resolve("o.bin").toString()), 2, "cannot be continued without its training state");
    Path kernel = train("kernel.bin", THREE, "--kernel rbf", 1);
    CliTest.assertOneLineError(run("train", "--resume", kernel.toString(), "--data", THREE, "--model",
        dir.resolve("o.bin").toString()), 2, "kernel model without its training state");
    Path kernelState = train("kernel-state.bin", CliTest.TRAIN, "--kernel rbf", 1, "--save-state");
    CliTest.assertOneLineError(run("train", "--resume", kernelState.toString(), "--data", THREE, "--model",
        dir.resolve("o.bin").toString()), 2, "binary kernel model's classes are fixed");
    CliTest.assertOneLineError(run("train", "--resume", kernelState.toString(), "--data", THREE, "--model",
        dir.resolve("o.bin").toString(), "--gamma", "0.5"), 2, "--gamma");
  }
}
