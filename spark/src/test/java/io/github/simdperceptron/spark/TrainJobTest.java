package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Model;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TrainJob as a user runs it: the model is exported as soon as training ends, a test file with
 * features beyond the training's is scored with them ignored and one warning, and bad data is
 * one line naming the file with exit status 2, never a lost model.
 */
class TrainJobTest {
  private static final Path TRAIN = Path.of("..", "docs", "examples", "three-train.svm");
  private static final Path TEST = Path.of("..", "docs", "examples", "three-test.svm");

  @TempDir
  Path dir;

  record Result(int code, String out, String err) {}

  @BeforeAll
  static void quietSpark() {
    // TrainJob builds its own session with the job's master and stops it: getOrCreate must not find the
    // other classes' shared one.
    SparkTests.stopShared();
    // These reach TrainJob's session as Spark configuration.
    System.setProperty("spark.ui.enabled", "false");
    System.setProperty("spark.driver.bindAddress", "127.0.0.1");
    System.setProperty("spark.driver.host", "127.0.0.1");
  }

  static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = TrainJob.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private String[] job(Path test, Path export) {
    return new String[] {"--master", "local[2]", "--partitions", "2", "--multiclass", "direct", "--epochs", "5",
        "--train", TRAIN.toString(), "--test", test.toString(), "--export", export.toString()};
  }

  /** The test file with extra features on file lines 4 (two) and 7 (one), beyond the training's 30. */
  private Path wider() throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(TEST));
    lines.set(3, lines.get(3) + " 31:1 40:2");
    lines.set(6, lines.get(6) + " 35:1");
    return Files.write(dir.resolve("wider.svm"), lines);
  }

  @Test
  void featuresBeyondTheTrainingDimensionAreIgnoredWithOneWarning() throws IOException {
    Path export = dir.resolve("m.bin");
    Result r = run(job(wider(), export));
    assertEquals(0, r.code(), r.err());
    Path wider = dir.resolve("wider.svm");
    assertEquals(List.of("simdperceptron TrainJob: warning: " + wider + ": 3 features have indices beyond the model's"
        + " 30 features (the first on line 4); they are ignored, as the model has no weight for them"),
        r.err().lines().toList());
    // The same accuracy as the exported model on the file without the extra features.
    Model m = ModelFile.read(export).model();
    Dataset test = DataFormat.libsvm().withDimension(m.dimension(), false).read(TEST);
    int right = 0;
    int[] predicted = m.predictClasses(test);
    for (int i = 0; i < predicted.length; i++) {
      right += m.labels().name(predicted[i]).equals(test.labels().name(test.classOf(i))) ? 1 : 0;
    }
    assertTrue(r.out().contains(String.format(Locale.ROOT, "test accuracy %.4f (%d of %d)",
        (double) right / test.size(), right, test.size())), r.out());
    assertTrue(r.out().indexOf("model exported to " + export) < r.out().indexOf("test accuracy"), r.out());
  }

  @Test
  void badTestDataIsOneLineNamingTheFileAndTheModelIsKept() throws IOException {
    Path export = dir.resolve("m.bin");
    Path bad = Files.writeString(dir.resolve("bad.svm"), "1 1:1\n2 3:x\n");
    Result r = run(job(bad, export));
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("simdperceptron TrainJob: " + bad + ":2:"), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertEquals(30, ModelFile.read(export).model().dimension(), "exported before the test file was read");
    assertTrue(r.out().contains("model exported to " + export), r.out());

    Files.delete(export);
    Path missing = dir.resolve("no-such.svm");
    Result m = run(job(missing, export));
    assertEquals(2, m.code(), m.err());
    assertEquals(List.of("simdperceptron TrainJob: " + missing + ": no such file or directory"),
        m.err().lines().toList());
    assertTrue(Files.exists(export));
  }

  @Test
  void badTrainingDataAndBadUsageAreOneLineWithStatus2() throws IOException {
    Path bad = Files.writeString(dir.resolve("nan.svm"), "1 1:1\nNaN 2:1\n2 1:3\n");
    Result r = run("--master", "local[1]", "--train", bad.toString(), "--epochs", "1");
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("simdperceptron TrainJob: " + bad + ": "), r.err());
    assertTrue(r.err().contains("NaN"), r.err());

    // Checked before Spark starts: nothing is trained that could not be written.
    Path nowhere = dir.resolve("no-dir").resolve("m.bin");
    Result e = run("--train", TRAIN.toString(), "--export", nowhere.toString());
    assertEquals(2, e.code(), e.err());
    assertTrue(e.err().startsWith("simdperceptron TrainJob: --export " + nowhere + ": the directory "), e.err());
    Result p = run("--train", TRAIN.toString(), "--partitions", "0");
    assertEquals(2, p.code(), p.err());
    assertTrue(p.err().startsWith("simdperceptron TrainJob: --partitions 0: expected a whole number >= 1"), p.err());
    Result u = run("--train", TRAIN.toString(), "--bogus", "1");
    assertEquals(2, u.code(), u.err());
    assertTrue(u.err().startsWith("simdperceptron TrainJob: unknown option --bogus\nusage: --train PATH"), u.err());
  }
}
