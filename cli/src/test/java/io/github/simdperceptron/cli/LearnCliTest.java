package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.io.ModelFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LearnCliTest {
  static final String THREE = CliTest.EXAMPLES.resolve("three-train.svm").toString();
  static final String THREE_TEST = CliTest.EXAMPLES.resolve("three-test.svm").toString();

  @TempDir
  Path dir;

  private Path train(String name, String data, String learner, String... more) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("train", "--data", data, "--model", out.toString(), "--epochs", "2",
        "--no-shuffle"));
    args.addAll(Arrays.asList(learner.split(" ")));
    args.addAll(Arrays.asList(more));
    Result r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return out;
  }

  @ParameterizedTest
  @CsvSource({
      "small, --algorithm averaged, --save-state",
      "small, --algorithm perceptron, ''",
      "small, --algorithm margin, --save-state",
      "three, --algorithm averaged --multiclass direct, --save-state",
      "three, --algorithm perceptron --multiclass direct, ''",
      "three, --algorithm averaged --multiclass ovr, --save-state"})
  void learningAStreamEqualsOneResumedEpochWithoutShuffling(String set, String learner, String state)
      throws IOException {
    String data = set.equals("small") ? CliTest.TRAIN : THREE;
    String more = set.equals("small") ? CliTest.TEST : THREE_TEST;
    Path start = state.isEmpty() ? train("start.bin", data, learner) : train("start.bin", data, learner, state);
    Path learnt = dir.resolve("learnt.bin");
    Files.copy(start, learnt);
    Result l = run("learn", "--model", learnt.toString(), "--data", more, "--report-every", "7", "--save-every", "5");
    assertEquals(0, l.code(), l.err());
    long lines = Files.readAllLines(Path.of(more)).stream().filter(s -> !s.isBlank() && !s.startsWith("#")).count();
    assertTrue(l.out().contains("learning 7 examples, progressive accuracy"), l.out());
    assertTrue(l.out().contains("learnt " + lines + " examples"), l.out());

    Path resumed = dir.resolve("resumed.bin");
    List<String> args = new ArrayList<>(List.of("train", "--resume", start.toString(), "--data", more, "--model",
        resumed.toString(), "--epochs", "1"));
    if (!state.isEmpty()) {
      args.add(state);
    }
    Result r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(Files.readAllBytes(resumed), Files.readAllBytes(learnt), learner);
    assertEquals(!state.isEmpty(), ModelFile.read(learnt).state() != null, "learn keeps the file's form");
  }

  @Test
  void aBadLineSavesWhatWasLearntAndNamesTheLine() throws IOException {
    Path m = train("m.bin", CliTest.TRAIN, "--algorithm averaged", "--save-state");
    byte[] before = Files.readAllBytes(m);
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, "1 1:1 2:1\n-1 3:2\n7 1:1\n");
    Result r = run("learn", "--model", m.toString(), "--data", bad.toString());
    CliTest.assertOneLineError(r, 2, "bad.svm:3", "class '7'", "2 examples");
    assertTrue(!Arrays.equals(before, Files.readAllBytes(m)), "the two examples are learnt");
    assertNotNull(ModelFile.read(m).state());
    CliTest.assertOneLineError(run("learn", "--model", train("p.bin", CliTest.TRAIN, "--algorithm pocket").toString(),
        "--data", bad.toString()), 2, "perceptron, averaged and margin");
  }

  @Test
  void aSignalSavesACompleteModel() throws Exception {
    Path m = train("m.bin", CliTest.TRAIN, "--algorithm averaged", "--save-state");
    Path start = dir.resolve("start.bin");
    Files.copy(m, start, StandardCopyOption.REPLACE_EXISTING);
    List<String> lines = Files.readAllLines(Path.of(CliTest.TEST)).stream()
        .filter(s -> !s.isBlank() && !s.startsWith("#")).limit(12).toList();
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process p = Launch.command().start(out, err, "learn", "--model", m.toString(), "--report-every", "12",
        "--save-every", "5");
    try {
      OutputStream in = p.getOutputStream();
      in.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.readString(out).contains("learning 12 examples") && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(Files.readString(out).contains("learning 12 examples"), Files.readString(err));
      // SIGTERM through the handle: Process.destroy would also close the stream, an end of input.
      p.toHandle().destroy();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    } finally {
      p.destroyForcibly();
    }
    assertTrue(Files.readString(err).contains("stopped by a signal"), Files.readString(err) + " / " + Files.readString(out));
    assertTrue(Files.readString(out).contains("learnt 12 examples"), Files.readString(out));
    try (var files = Files.list(dir)) {
      assertEquals(0, files.filter(f -> f.getFileName().toString().endsWith(".tmp")).count(), "no temporary file left");
    }
    Path twelve = dir.resolve("twelve.svm");
    Files.write(twelve, lines);
    Path resumed = dir.resolve("resumed.bin");
    Result r = run("train", "--resume", start.toString(), "--data", twelve.toString(), "--model", resumed.toString(),
        "--epochs", "1", "--save-state");
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(Files.readAllBytes(resumed), Files.readAllBytes(m), "the saved file is the complete model");
  }
}
