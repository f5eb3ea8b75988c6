package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Linear and multi-class model files are written in format version 1, byte for byte as the
 * command wrote them before format version 2 existed: the files in
 * {@code src/test/resources/version-1-models} were written by that command from docs/examples
 * (seed 42, as {@code bench/scripts/model-files.sh} trains them), and training the same models
 * now gives the same bytes, so readers of version 1 keep reading them.
 */
class VersionOneModelFilesTest {
  private static final Path FIXTURES = Path.of("src", "test", "resources", "version-1-models");

  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "small-perceptron, small-train.svm, perceptron, ''",
      "small-averaged, small-train.svm, averaged, ''",
      "small-pocket, small-train.svm, pocket, ''",
      "three-direct-averaged, three-train.svm, averaged, direct",
      "three-ovr-pocket, three-train.svm, pocket, ovr",
      "three-ovr-margin, three-train.svm, margin, ovr"})
  void trainsTheSameBytesAsTheVersionOneWriter(String name, String data, String algorithm, String multiclass)
      throws IOException {
    Path model = dir.resolve(name + ".bin");
    List<String> args = new ArrayList<>(List.of("train", "--seed", "42", "--model", model.toString(),
        "--data", CliTest.EXAMPLES.resolve(data).toString(), "--algorithm", algorithm));
    if (!multiclass.isEmpty()) {
      args.addAll(List.of("--multiclass", multiclass));
    }
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    byte[] written = Files.readAllBytes(model);
    assertEquals(1, ((written[8] & 0xff) << 8) | (written[9] & 0xff), "format version");
    assertArrayEquals(Files.readAllBytes(FIXTURES.resolve(name + ".bin")), written, name);
  }
}
