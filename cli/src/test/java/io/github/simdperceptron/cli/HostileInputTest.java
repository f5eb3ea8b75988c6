package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TEST;
import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.cli.CliTest.Result;
import java.nio.file.Path;
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
