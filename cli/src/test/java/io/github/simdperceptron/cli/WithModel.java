package io.github.simdperceptron.cli;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests that start from a fresh directory holding a PLA model of the small training set. */
abstract class WithModel {
  @TempDir
  Path dir;

  Path model;

  @BeforeEach
  void trainAModel() {
    model = CliTest.plaModel(dir);
  }
}
