package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What users of liblinear, Vowpal Wabbit and scikit-learn expect of a command like this one. */
class ConventionsTest extends WithModel {
  @Test
  void versionIsTheBuildsVersion() throws Exception {
    Result r = run("--version");
    assertEquals(0, r.code(), r.err());
    String pom = Files.readString(Path.of("pom.xml"));
    var m = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL).matcher(pom);
    assertTrue(m.find());
    assertTrue(r.out().startsWith("perceptron " + m.group(1) + ", Java "), r.out());
  }

  @Test
  void plaThatHaltsSaysSoInJson() {
    Result r = run("train", "--data", TRAIN, "--algorithm", "pla", "--no-shuffle", "--model",
        dir.resolve("p.bin").toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"converged\":false,\"halted\":true"), r.out());
    assertTrue(r.out().contains("\"stop_reason\":\"halted\""), r.out());
    assertTrue(r.out().contains("\"training_error\":0"), r.out());
    Result epochs = run("train", "--data", TRAIN, "--algorithm", "perceptron", "--epochs", "1", "--model",
        dir.resolve("e.bin").toString(), "--json");
    assertTrue(epochs.out().contains("\"stop_reason\":\"max_epochs\""), epochs.out());
  }

  @Test
  void infoDescribesAModel() {
    Result t = run("info", "--model", model.toString(), "--top", "3");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("learner        pla"), t.out());
    assertTrue(t.out().contains("classes        2: -1, 1"), t.out());
    assertTrue(t.out().contains("dimension      40 features"), t.out());
    assertTrue(t.out().contains("class 1 against -1: bias "), t.out());
    Result j = run("info", "--model", model.toString(), "--top", "2", "--json");
    assertEquals(0, j.code(), j.err());
    assertTrue(j.out().contains("\"learner\":\"PLA\",\"classes\":[\"-1\",\"1\"],\"dimension\":40"), j.out());
    assertEquals(2, j.out().split("\"feature\":").length - 1, j.out());
    String multi = dir.resolve("three.bin").toString();
    assertEquals(0, run("train", "--data", MulticlassCliTest.TRAIN3, "--multiclass", "direct", "--algorithm",
        "averaged", "--model", multi).code());
    Result mj = run("info", "--model", multi, "--top", "1", "--json");
    assertEquals(3, mj.out().split("\"feature\":").length - 1, mj.out());
    assertOneLineError(run("info", "--model", dir.toString()), 2, "--model " + dir, "is a directory");
  }
}
