package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TEST;
import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input files that are pipes, named (FIFOs) or the {@code /dev/fd/N} of a shell's process
 * substitution, are read as streams, as {@code --data -} is; devices and directories are refused
 * as before, and outputs keep their rules.
 */
class PipeInputTest {
  @TempDir
  Path dir;

  private final List<Thread> writers = new ArrayList<>();

  /** A named pipe in the test directory that a daemon thread fills with {@code bytes} once a reader opens it. */
  private Path fifo(String name, byte[] bytes) throws IOException, InterruptedException {
    Path p = dir.resolve(name);
    Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    assertTrue(mk.waitFor(30, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo " + p);
    if (bytes != null) {
      Thread t = new Thread(() -> {
        try (OutputStream out = new FileOutputStream(p.toFile())) {
          out.write(bytes);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }, "fifo-writer-" + name);
      t.setDaemon(true);
      t.start();
      writers.add(t);
    }
    return p;
  }

  @AfterEach
  void writersFinished() throws InterruptedException {
    for (Thread t : writers) {
      t.join(30_000);
      assertFalse(t.isAlive(), t.getName() + " still waits: the command did not read its pipe");
    }
  }

  static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(b)) {
      z.write(bytes);
    }
    return b.toByteArray();
  }

  @Test
  void aNamedPipeIsReadAsTheFileWouldBe() throws Exception {
    Path fromFile = dir.resolve("file.bin");
    Result f = run("train", "--data", TRAIN, "--test", TEST, "--model", fromFile.toString(), "--json");
    assertEquals(0, f.code(), f.err());
    Path fromPipe = dir.resolve("pipe.bin");
    byte[] train = Files.readAllBytes(Path.of(TRAIN));
    // One pipe plain, the other compressed: gzip is recognised by its first bytes, as in a file.
    Result p = run("train", "--data", fifo("train.svm", train).toString(),
        "--test", fifo("test", gzip(Files.readAllBytes(Path.of(TEST)))).toString(),
        "--model", fromPipe.toString(), "--json");
    assertEquals(0, p.code(), p.err());
    assertEquals(number(f.out(), "test_accuracy"), number(p.out(), "test_accuracy"), p.out());
    assertEquals(number(f.out(), "mistakes"), number(p.out(), "mistakes"), p.out());
    assertArrayEquals(Files.readAllBytes(fromFile), Files.readAllBytes(fromPipe), "the same model");
  }

  @Test
  void evalPredictAndInfoReadPipesForTheModelAndTheData() throws Exception {
    Path model = dir.resolve("m.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--model", model.toString()).code());
    byte[] m = Files.readAllBytes(model);
    byte[] test = Files.readAllBytes(Path.of(TEST));

    Result fromFiles = run("eval", "--model", model.toString(), "--data", TEST, "--json");
    Result e = run("eval", "--model", fifo("m1", m).toString(), "--data", fifo("t1", gzip(test)).toString(), "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(number(fromFiles.out(), "accuracy"), number(e.out(), "accuracy"), e.out());

    Result predicted = run("predict", "--model", model.toString(), "--data", TEST);
    Result p = run("predict", "--model", fifo("m2", m).toString(), "--data", fifo("t2", test).toString());
    assertEquals(0, p.code(), p.err());
    assertEquals(predicted.out(), p.out());

    Result i = run("info", "--model", fifo("m3", m).toString(), "--json");
    assertEquals(0, i.code(), i.err());
    assertTrue(i.out().contains("\"learner\":\"AVERAGED\""), i.out());
  }

  @Test
  void diffAndCsvReadAPipe() throws Exception {
    Result d = run("diff", "--data", fifo("d", Files.readAllBytes(Path.of(TRAIN))).toString(), "--json");
    assertEquals(0, d.code(), d.err());
    assertTrue(d.out().contains("\"learner\":\"AVERAGED\""), d.out());
    // A pipe's name says nothing of its format: --format csv, as for standard input.
    StringBuilder csv = new StringBuilder("label,a,b\n");
    for (int i = 0; i < 60; i++) {
      csv.append(i % 2 == 0 ? "1," : "-1,").append(i % 2 == 0 ? 1 + i % 5 : -1 - i % 7).append(',').append(i % 3)
          .append('\n');
    }
    Path file = Files.writeString(dir.resolve("d.csv"), csv);
    Result c = run("train", "--data", fifo("c", csv.toString().getBytes(StandardCharsets.UTF_8)).toString(),
        "--format", "csv", "--model", dir.resolve("m.bin").toString(), "--json");
    assertEquals(0, c.code(), c.err());
    Result fromFile = run("train", "--data", file.toString(), "--model", dir.resolve("f.bin").toString(), "--json");
    assertEquals(number(fromFile.out(), "mistakes"), number(c.out(), "mistakes"), c.out());
    assertEquals(60, number(c.out(), "examples"), c.out());
  }

  @Test
  void idxImagesAndLabelsFromPipes() throws Exception {
    int count = 40;
    ByteArrayOutputStream images = new ByteArrayOutputStream();
    ByteArrayOutputStream labels = new ByteArrayOutputStream();
    try (DataOutputStream im = new DataOutputStream(images); DataOutputStream lb = new DataOutputStream(labels)) {
      im.writeInt(0x803);
      im.writeInt(count);
      im.writeInt(2);
      im.writeInt(2);
      lb.writeInt(0x801);
      lb.writeInt(count);
      for (int i = 0; i < count; i++) {
        int c = i % 3;
        for (int k = 0; k < 4; k++) {
          im.writeByte(k == c ? 200 + i : 10);
        }
        lb.writeByte(c);
      }
    }
    Path model = dir.resolve("m.bin");
    Result r = run("train", "--data", fifo("images", gzip(images.toByteArray())).toString(), "--format", "idx",
        "--labels", fifo("labels", labels.toByteArray()).toString(), "--model", model.toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertEquals(count, number(r.out(), "examples"), r.out());
    assertTrue(r.out().contains("\"classes\":[\"0\",\"1\",\"2\"]"), r.out());
  }

  @Test
  void processSubstitutionIsReadAsAStream() throws IOException {
    Path model = dir.resolve("m.bin");
    Result t = Launch.command().throughBash().run("train", "--data", "<(gzip -c " + TRAIN + ")",
        "--test", "<(cat " + TEST + ")", "--model", model.toString(), "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("\"data\":\"/dev/fd/"), t.out());
    Result fromFile = run("train", "--data", TRAIN, "--test", TEST, "--model", dir.resolve("f.bin").toString(),
        "--json");
    assertEquals(number(fromFile.out(), "test_accuracy"), number(t.out(), "test_accuracy"), t.out());

    Result e = Launch.command().throughBash().run("eval", "--model", "<(cat " + model + ")",
        "--data", "<(gzip -c " + TEST + ")");
    assertEquals(0, e.code(), e.err());
    assertTrue(e.out().contains("accuracy"), e.out());
  }

  @Test
  void devicesAndDirectoriesAreStillRefusedAndOutputsKeepTheirRules() throws Exception {
    Path model = dir.resolve("m.bin");
    assertOneLineError(run("train", "--data", "/dev/null", "--model", model.toString()), 2,
        "/dev/null: not a regular file");
    assertOneLineError(run("train", "--data", dir.toString(), "--model", model.toString()), 2,
        dir + ": not a regular file");
    assertEquals(0, run("train", "--data", TRAIN, "--model", model.toString()).code());
    assertOneLineError(run("eval", "--model", "/dev/zero", "--data", TEST), 2,
        "--model /dev/zero: not a regular file (expected a file)");
    assertOneLineError(run("eval", "--model", model.toString(), "--data", "/dev/zero"), 2,
        "/dev/zero: not a regular file");
    assertOneLineError(run("train", "--data", TRAIN, "--format", "idx", "--labels", "/dev/null", "--model",
        model.toString()), 2, "/dev/null: not a regular file");
    // An output stays a regular file: a pipe there is refused before anything is read.
    Path out = fifo("out", null);
    assertOneLineError(run("train", "--data", TRAIN, "--model", out.toString()), 2,
        "--model " + out + ": not a regular file (a device, a pipe or a socket)");
    assertOneLineError(run("predict", "--model", model.toString(), "--data", TEST, "--output", out.toString()), 2,
        "--output " + out + ": not a regular file");
    // A pipe is read once: the same one as --data and --test would wait forever on the second read.
    Path once = fifo("once", null);
    assertOneLineError(run("train", "--data", once.toString(), "--test", once.toString(), "--model",
        model.toString()), 2, "--test " + once + ": a pipe can be read once, and --data " + once + " reads it");
  }
}
