package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TEST;
import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What used to pass without a word: options that do nothing, data the model cannot judge, a stray
 * index; and the input conventions of other tools (gzip by content, standard input).
 */
class QuietMistakesTest extends WithModel {
  static final String TEST3 = MulticlassCliTest.TEST3;


  /** One warning line on stderr holding every part, and the command succeeded. */
  static void assertOneWarning(Result r, String... parts) {
    assertEquals(0, r.code(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains(": warning: "), r.err());
    for (String p : parts) {
      assertTrue(r.err().contains(p), r.err());
    }
  }

  @Test
  void optionsThatWouldDoNothingAreRefused() throws IOException {
    String out = dir.resolve("x.bin").toString();
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla", "--patience", "3", "--model", out), 2,
        "--patience", "--validation-fraction");
    Path csv = dir.resolve("d.csv");
    Files.writeString(csv, "1,0.5,2\n-1,-1,0\n");
    assertOneLineError(run("train", "--data", csv.toString(), "--zero-based", "--algorithm", "pla", "--model", out),
        2, "--zero-based applies to libsvm data only");
    assertOneLineError(run("train", "--data", TRAIN, "--delimiter", ";", "--algorithm", "pla", "--model", out), 2,
        "--delimiter applies to CSV data only");
    assertOneLineError(run("eval", "--data", TEST, "--label-column", "2", "--model", model.toString()), 2,
        "--label-column applies to CSV data only");
    assertFalse(Files.exists(Path.of(out)));
  }

  @Test
  void classesTheModelNeverSawAreCountedOnce() {
    Result e = run("eval", "--model", model.toString(), "--data", TEST3, "--json");
    assertOneWarning(e, TEST3, "66 examples are of classes 2, 3, which the model never saw");
    Result t = run("train", "--data", TRAIN, "--test", TEST3, "--algorithm", "pla", "--model",
        dir.resolve("t.bin").toString());
    assertOneWarning(t, "66 examples are of classes 2, 3");
  }

  @Test
  void oneClassTrainingDataIsWarnedAbout() throws IOException {
    Path one = dir.resolve("one.svm");
    Files.writeString(one, "1 1:1\n1 2:1 3:0.5\n");
    assertOneWarning(run("train", "--data", one.toString(), "--algorithm", "pla", "--model",
        dir.resolve("o.bin").toString()), "every example is of class 1");
  }

  @Test
  void aHeaderOfColumnNumbersIsWarnedAbout() throws IOException {
    Path csv = dir.resolve("numbered.csv");
    Files.writeString(csv, "1,2,3,4\n1,0.5,0.25,3\n-1,-0.5,0.5,2\n");
    assertOneWarning(run("train", "--data", csv.toString(), "--algorithm", "pla", "--model",
        dir.resolve("c.bin").toString()), "line 1 holds the column numbers 1 to 4", "--header");
    assertEquals("", run("train", "--data", csv.toString(), "--header", "--algorithm", "pla", "--model",
        dir.resolve("c.bin").toString()).err());
  }

  @Test
  void featuresBeyondTheModelAreCountedOnce() throws IOException {
    Path wide = dir.resolve("wide.svm");
    Files.writeString(wide, "1 1:1 41:1 90:2\n-1 2:1\n1 3:1 50:1\n");
    Result p = run("predict", "--model", model.toString(), "--data", wide.toString());
    assertOneWarning(p, wide + ": 3 features have indices beyond the model's 40 features (the first on line 1)");
    assertEquals(3, p.out().lines().count());
  }

  @Test
  void aStrayHugeIndexIsWarnedAboutAndOneNear2To31Refused() throws IOException {
    Path stray = dir.resolve("stray.svm");
    Files.writeString(stray, "1 1:1 2:1\n-1 2:1 3:1\n1 3:1 20000000:1\n-1 1:-1\n");
    Result t = run("train", "--data", stray.toString(), "--algorithm", "pla", "--epochs", "1", "--model",
        dir.resolve("s.bin").toString());
    assertOneWarning(t, "the largest feature index, 20000000 on line 3, is more than 16 times the next largest (3)");
    Path near = dir.resolve("near.svm");
    Files.writeString(near, "1 1:1\n-1 2:1 2147483000:1\n");
    Path out = dir.resolve("n.bin");
    assertOneLineError(run("train", "--data", near.toString(), "--algorithm", "averaged", "--model", out.toString()),
        2, "the largest feature index, 2147483000 on line 2", "more than the", "heap");
    assertFalse(Files.exists(out));
  }

  @Test
  void gzipDataIsReadByItsContentWhateverItsName() throws IOException {
    Path svm = dir.resolve("train.data");
    Files.write(svm, HostileInputTest.gzip(Files.readAllBytes(Path.of(TRAIN))));
    Result t = run("train", "--data", svm.toString(), "--algorithm", "pla", "--model", dir.resolve("g.bin").toString(),
        "--json");
    assertEquals(0, t.code(), t.err());
    assertEquals(300, number(t.out(), "examples"));
    Path csv = dir.resolve("d.csv.gz");
    Files.write(csv, HostileInputTest.gzip("x,y,class\n1,2,a\n-1,-2,b\n2,1,a\n".getBytes()));
    Result c = run("train", "--data", csv.toString(), "--format", "csv", "--label-column", "class", "--algorithm",
        "pla", "--model", dir.resolve("c.bin").toString(), "--json");
    assertEquals(0, c.code(), c.err());
    assertTrue(c.out().contains("\"classes\":[\"a\",\"b\"]"), c.out());
    Path broken = dir.resolve("broken.svm");
    byte[] z = Files.readAllBytes(svm);
    Files.write(broken, java.util.Arrays.copyOf(z, z.length / 2));
    assertOneLineError(run("train", "--data", broken.toString(), "--algorithm", "pla", "--model",
        dir.resolve("b.bin").toString()), 2, broken.toString(), "truncated gzip data");
  }

  @Test
  void standardInputIsDataNamedDash() throws IOException {
    Result plain = Launch.command().stdin(Path.of(TEST)).run("predict", "--model", model.toString(), "--data", "-");
    assertEquals(0, plain.code(), plain.err());
    Result direct = run("predict", "--model", model.toString(), "--data", TEST);
    assertEquals(direct.out(), plain.out());
    Path gz = dir.resolve("test.gz");
    Files.write(gz, HostileInputTest.gzip(Files.readAllBytes(Path.of(TEST))));
    Result zipped = Launch.command().stdin(gz).run("eval", "--model", model.toString(), "--data", "-", "--json");
    assertEquals(0, zipped.code(), zipped.err());
    assertEquals(100, number(zipped.out(), "examples"));
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, "1 1:1\n-1 2:x\n");
    assertOneLineError(Launch.command().stdin(bad).run("train", "--data", "-", "--algorithm", "pla", "--model",
        dir.resolve("s.bin").toString()), 2, "(standard input):2:4: in '2:x'");
    assertOneLineError(run("train", "--data", "-", "--test", "-", "--algorithm", "pla", "--model",
        dir.resolve("s.bin").toString()), 2, "--test -: standard input can be read once");
  }
}
