package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.TEST;
import static io.github.simdperceptron.cli.CliTest.TRAIN;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.cli.CliTest.Result;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.ModelFile;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The command under input and surroundings a careless or hostile user gives it: nothing silent, nothing lost. */
class HostileInputTest extends WithModel {
  static final Path FULL = Path.of("/dev/full");


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

  @Test
  void trainingOntoItsOwnDataIsRefused() throws IOException {
    Path data = dir.resolve("d.svm");
    Files.copy(Path.of(TRAIN), data);
    byte[] before = Files.readAllBytes(data);
    assertOneLineError(run("train", "--data", data.toString(), "--algorithm", "pla", "--model", data.toString()), 2,
        "--model " + data, "same file as the input");
    Path test = dir.resolve("t.svm");
    Files.copy(Path.of(TEST), test);
    assertOneLineError(run("train", "--data", data.toString(), "--test", test.toString(), "--algorithm", "pla",
        "--model", test.toString()), 2, "--model " + test, "same file");
    assertArrayEquals(before, Files.readAllBytes(data));
    assertArrayEquals(Files.readAllBytes(Path.of(TEST)), Files.readAllBytes(test));
  }

  @Test
  void predictOutputOntoItsDataOrModelIsRefused() throws IOException {
    Path data = dir.resolve("d.svm");
    Files.copy(Path.of(TEST), data);
    byte[] modelBytes = Files.readAllBytes(model);
    assertOneLineError(run("predict", "--model", model.toString(), "--data", data.toString(), "--output",
        data.toString()), 2, "--output " + data, "same file as the input");
    assertOneLineError(run("predict", "--model", model.toString(), "--data", data.toString(), "--output",
        model.toString()), 2, "--output " + model, "same file as the input");
    assertArrayEquals(Files.readAllBytes(Path.of(TEST)), Files.readAllBytes(data));
    assertArrayEquals(modelBytes, Files.readAllBytes(model));
  }

  @Test
  void aSymlinkedModelStaysALinkToTheNewModel() throws IOException {
    Path real = dir.resolve("real.bin");
    Files.copy(model, real);
    Path link = Files.createSymbolicLink(dir.resolve("link.bin"), Path.of("real.bin"));
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "averaged", "--model", link.toString()).code());
    assertTrue(Files.isSymbolicLink(link));
    assertEquals("AVERAGED", ModelFile.read(real).algorithm());
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling.bin"), Path.of("new.bin"));
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", dangling.toString()).code());
    assertTrue(Files.isSymbolicLink(dangling));
    assertEquals("PLA", ModelFile.read(dir.resolve("new.bin")).algorithm());
  }

  @Test
  void aDeviceIsNeverReplaced() throws IOException {
    Path devNull = Path.of("/dev/null");
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla", "--model", devNull.toString()), 2,
        "--model /dev/null", "not a regular file");
    assertOneLineError(run("predict", "--model", model.toString(), "--data", TEST, "--output", devNull.toString()),
        2, "--output /dev/null", "not a regular file");
    assertFalse(Files.isRegularFile(devNull));
    assertTrue(Files.isWritable(devNull));
    assertOneLineError(run("train", "--data", TRAIN, "--algorithm", "pla", "--model", dir.toString()), 2,
        "--model " + dir, "is a directory");
  }

  @Test
  void aReplacedModelKeepsItsPermissionsAndANewOneFollowsTheUmask() throws IOException {
    Set<PosixFilePermission> shared = PosixFilePermissions.fromString("rw-r--r--");
    Files.setPosixFilePermissions(model, shared);
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "averaged", "--model", model.toString()).code());
    assertEquals(shared, Files.getPosixFilePermissions(model));
    Set<PosixFilePermission> group = PosixFilePermissions.fromString("rw-rw----");
    Files.setPosixFilePermissions(model, group);
    assertEquals(0, run("predict", "--model", model.toString(), "--data", TEST, "--output", model + ".txt").code());
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", model.toString()).code());
    assertEquals(group, Files.getPosixFilePermissions(model));
    Path plain = Files.createFile(dir.resolve("plain"));
    assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(Path.of(model + ".txt")));
    Path fresh = dir.resolve("fresh.bin");
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", fresh.toString()).code());
    assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(fresh));
  }

  @Test
  void errorsAboutTheModelNameTheModelNotATemporaryFile() {
    Path missing = dir.resolve("no-such-dir").resolve("m.bin");
    Result t = run("train", "--data", TRAIN, "--algorithm", "pla", "--model", missing.toString());
    assertOneLineError(t, 2, "--model " + missing, "does not exist");
    assertFalse(t.err().contains(".tmp"), t.err());
    Result p = run("predict", "--model", dir.toString(), "--data", TEST);
    assertOneLineError(p, 2, "--model " + dir, "is a directory");
    assertOneLineError(run("eval", "--model", dir.toString(), "--data", TEST), 2, "--model " + dir,
        "is a directory");
  }

  @Test
  void aWriteKilledMidwayLeavesNoTemporaryFileForGood() throws Exception {
    Path data = dir.resolve("wide.svm");
    Files.writeString(data, "1 1:1 40000000:1\n-1 2:1\n");
    Path big = dir.resolve("big.bin");
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    Process p = Launch.command().javaOpts("-Xmx1g").start(out, err, "train", "--data", data.toString(),
        "--algorithm", "pla", "--model", big.toString());
    Path tmp = null;
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (tmp == null && p.isAlive() && System.nanoTime() < deadline) {
      tmp = temporaries().stream().findFirst().orElse(null);
      Thread.onSpinWait();
    }
    assertTrue(tmp != null, "the temporary file of the model never appeared: " + Files.readString(err));
    p.destroyForcibly().waitFor();
    assertTrue(Files.exists(tmp), "killed after the write finished; nothing to clean up");
    assertFalse(Files.exists(big));
    assertEquals(0, run("train", "--data", TRAIN, "--algorithm", "pla", "--model", big.toString()).code());
    assertEquals(List.of(), temporaries());
  }

  /** 100,000 examples of 30 non-zeros each (3 million; 24 MB as CSR), values of 3 decimals. */
  Path wideLibsvm() throws IOException {
    long seed = 3;
    System.out.println("wideLibsvm seed " + seed);
    Random rnd = new Random(seed);
    Path f = dir.resolve("wide.svm");
    try (java.io.Writer w = Files.newBufferedWriter(f)) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < 100_000; i++) {
        line.setLength(0);
        line.append(i % 2 == 0 ? "-1" : "1");
        int index = 0;
        for (int k = 0; k < 30; k++) {
          index += 1 + rnd.nextInt(600);
          line.append(' ').append(index).append(':').append(rnd.nextInt(1000) / 1000.0);
        }
        w.append(line).append('\n');
      }
    }
    return f;
  }

  @Test
  void aLibsvmFileTrainsInAHeapOfThreeTimesItsCsrSize() throws IOException {
    Path data = wideLibsvm();
    Result r = Launch.command().javaOpts("-Xmx72m").run("train", "--data", data.toString(), "--algorithm", "pla",
        "--epochs", "1", "--model", dir.resolve("w.bin").toString());
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void runningOutOfHeapIsOneLineNamingTheFileAndTheFix() throws IOException {
    Path data = wideLibsvm();
    Result r = Launch.command().javaOpts("-Xmx24m").run("train", "--data", data.toString(), "--algorithm", "pla",
        "--model", dir.resolve("w.bin").toString());
    assertOneLineError(r, 1, "perceptron train: out of memory reading " + data, "JAVA_OPTS=-Xmx");
  }

  @Test
  void aHugeSingleLineInASmallHeapIsOneLine() throws IOException {
    Path data = dir.resolve("one-line.svm");
    StringBuilder sb = new StringBuilder("1");
    for (int j = 1; j <= 1_500_000; j++) {
      sb.append(' ').append(j).append(":0.5");
    }
    Files.writeString(data, sb.append("\n-1 1:1\n"));
    Result r = Launch.command().javaOpts("-Xmx32m").run("train", "--data", data.toString(), "--algorithm", "pla",
        "--model", dir.resolve("w.bin").toString());
    assertOneLineError(r, 1, "out of memory reading " + data, "JAVA_OPTS=-Xmx");
  }

  @Test
  void aBillionEpochsAllocateNothingUpFront() {
    Result r = Launch.command().javaOpts("-Xmx128m").run("train", "--data", TRAIN, "--algorithm", "pla", "--epochs",
        "1000000000", "--model", dir.resolve("e.bin").toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"converged\":true"), r.out());
    Result d = Launch.command().javaOpts("-Xmx128m").run("diff", "--data", TRAIN, "--algorithm", "perceptron",
        "--epochs", "1000000000");
    assertEquals(0, d.code(), d.err());
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void anIdxHeaderClaimingMoreThanTheFileHoldsIsTruncationNotOutOfMemory(boolean gzip) throws IOException {
    String suffix = gzip ? ".gz" : "";
    Path images = dir.resolve("lies-images-idx3-ubyte" + suffix);
    Path labels = dir.resolve("lies-labels-idx1-ubyte" + suffix);
    ByteArrayOutputStream im = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(im);
    out.writeInt(0x803);
    out.writeInt(2_700_000);
    out.writeInt(28);
    out.writeInt(28);
    out.write(new byte[10 * 784]);
    ByteArrayOutputStream lb = new ByteArrayOutputStream();
    DataOutputStream lo = new DataOutputStream(lb);
    lo.writeInt(0x801);
    lo.writeInt(2_700_000);
    lo.write(new byte[10]);
    Files.write(images, gzip ? gzip(im.toByteArray()) : im.toByteArray());
    Files.write(labels, gzip ? gzip(lb.toByteArray()) : lb.toByteArray());
    Result r = Launch.command().javaOpts("-Xmx64m").run("train", "--data", images.toString(), "--algorithm", "pla",
        "--model", dir.resolve("i.bin").toString());
    assertOneLineError(r, 2, images.toString(), "truncated");
  }

  static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(b)) {
      z.write(bytes);
    }
    return b.toByteArray();
  }

  private List<Path> temporaries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
    }
  }
}
