package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/perceptron itself, in a copy of the tree with a stand-in for Maven (which records each
 * build) and for java (which prints its arguments): when it builds, and what it passes on.
 */
class LauncherScriptTest {
  @TempDir
  Path root;

  private Path builds;

  private void script(Path file, String body) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private String launch(String... args) throws IOException, InterruptedException {
    return launch(0, args);
  }

  private String launch(int code, String... args) throws IOException, InterruptedException {
    return launchWith(code, null, args);
  }

  /** Runs the launcher with JAVA_OPTS set to javaOpts (unset when null). */
  private String launchWith(int code, String javaOpts, String... args) throws IOException, InterruptedException {
    List<String> cmd = new java.util.ArrayList<>(List.of(root.resolve("bin/perceptron").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("PATH", root.resolve("fake") + ":" + System.getenv("PATH"));
    pb.environment().put("JAVA_HOME", root.resolve("jdk").toString());
    pb.environment().remove("JAVA_OPTS");
    if (javaOpts != null) {
      pb.environment().put("JAVA_OPTS", javaOpts);
    }
    return run(code, pb);
  }

  /** Runs pb to its end and returns what it printed; its exit code must be code. */
  private static String run(int code, ProcessBuilder pb) throws IOException, InterruptedException {
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(code, p.exitValue(), out);
    return out;
  }

  private long builds() throws IOException {
    return Files.exists(builds) ? Files.readAllLines(builds).size() : 0;
  }

  private void tree() throws IOException {
    Files.createDirectories(root.resolve("bin"));
    Files.copy(Path.of("..", "bin", "perceptron"), root.resolve("bin/perceptron"));
    builds = root.resolve("builds.txt");
    script(root.resolve("fake/mvn"), "echo build >> '" + builds + "'\nmkdir -p cli/target\ntouch cli/target/perceptron.jar");
  }

  @Test
  void passesTheExitCodeOnAndDropsOnlyTheIncubatorNotice() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo 'WARNING: Using incubator modules: jdk.incubator.vector' >&2\n"
        + "echo 'perceptron eval: data.svm:3:1: bad' >&2\necho out\nexit 2");
    List<String> lines = launch(2, "eval").lines().toList();
    assertEquals(3, lines.size(), lines.toString());
    assertTrue(lines.contains("out"), lines.toString());
    assertTrue(lines.contains("perceptron eval: data.svm:3:1: bad"), lines.toString());
    assertTrue(lines.get(0).startsWith("perceptron: building "), lines.toString());
  }

  @Test
  void buildsOnFirstUseAndAgainWhenTheSourcesAreNewerThanTheJar() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    Path source = root.resolve("perceptron/src/main/java/A.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "class A {}");
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    Path jar = root.resolve("cli/target/perceptron.jar");
    FileTime past = FileTime.from(Instant.now().minusSeconds(3600));
    Files.setLastModifiedTime(source, past);
    Files.setLastModifiedTime(root.resolve("pom.xml"), past);

    String first = launch("info");
    assertEquals(1, builds(), first);
    assertTrue(first.contains("-jar " + jar + " info"), first);
    launch("info");
    assertEquals(1, builds(), "a jar newer than every source is not rebuilt");

    Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(60)));
    String pulled = launch("--version");
    assertEquals(2, builds(), pulled);
    assertTrue(pulled.contains("rebuilding"), pulled);
  }

  @Test
  void runsTheParallelCollectorForTrainTheSerialOneElseUnlessJavaOptsNamesAnother() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    String plain = launchWith(0, null, "info");
    assertTrue(plain.contains("-XX:+UseSerialGC") && !plain.contains("UseParallelGC"), plain);
    String train = launchWith(0, null, "train", "--data", "x.svm");
    assertTrue(train.contains("-XX:+UseParallelGC") && !train.contains("UseSerialGC"), train);
    String tag = launchWith(0, null, "tag", "train");
    assertTrue(tag.contains("-XX:+UseSerialGC"), tag);
    String trainG1 = launchWith(0, "-XX:+UseG1GC", "train");
    assertTrue(trainG1.contains("-XX:+UseG1GC") && !trainG1.contains("UseParallelGC"), trainG1);
    String g1 = launchWith(0, "-XX:+UseG1GC -Xmx1g", "info");
    assertTrue(g1.contains("-XX:+UseG1GC"), g1);
    assertTrue(!g1.contains("UseSerialGC"), g1);
    String heapOnly = launchWith(0, "-Xmx1g", "info");
    assertTrue(heapOnly.contains("-XX:+UseSerialGC") && heapOnly.contains("-Xmx1g"), heapOnly);
  }

  /** The huge pages flag follows this machine's kernel setting, and JAVA_OPTS turns it off. */
  @Test
  void asksForHugePagesWhereTheKernelGivesThemOnRequest() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    Path setting = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    boolean onRequest = Files.isReadable(setting) && Files.readString(setting).contains("[madvise]");
    for (String command : new String[] {"info", "train"}) {
      String out = launchWith(0, null, command);
      assertEquals(onRequest, out.contains(" -XX:+UseTransparentHugePages "), setting + ": " + out);
    }
    String off = launchWith(0, "-XX:-UseTransparentHugePages", "train");
    assertTrue(!off.contains("+UseTransparentHugePages") && off.contains("-XX:-UseTransparentHugePages"), off);
  }

  /**
   * The start-up archive of the JDK that java on the PATH belongs to (through its symbolic links,
   * its feature release read from the JDK's release file), mapped at the address it was made for.
   */
  @Test
  void mapsTheArchiveOfTheJdkOnThePathAtItsOwnAddress() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    // The version on the last line, without a line end after it.
    Files.writeString(root.resolve("jdk/release"), "IMPLEMENTOR=\"x\"\nOS_NAME=\"Linux\"\nJAVA_VERSION=\"17.0.15\"");
    Files.createDirectories(root.resolve("cli/target"));
    Files.writeString(root.resolve("cli/target/perceptron.jar"), "");
    Path archive = root.resolve("cli/target/perceptron-jdk17.jsa");
    Files.writeString(archive, "archive");
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
    Files.createDirectories(root.resolve("path"));
    Files.createSymbolicLink(root.resolve("path/java"), root.resolve("jdk/bin/java"));
    List<String> cmd = List.of(root.resolve("bin/perceptron").toString(), "info");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("PATH", root.resolve("path") + ":" + root.resolve("fake") + ":" + System.getenv("PATH"));
    pb.environment().remove("JAVA_HOME");
    pb.environment().remove("JAVA_OPTS");
    pb.environment().remove("PERCEPTRON_NO_ARCHIVE");
    String out = run(0, pb);
    assertTrue(out.contains(" -XX:SharedArchiveFile=" + archive + " ")
        && out.contains(" -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 "), out);
    assertEquals(0, builds(), "the jar is newer than the sources");
    // Through a symbolic link to the script's directory: the root is the tree the link points into.
    Path linked = root.resolve("elsewhere/linkbin");
    Files.createDirectories(linked.getParent());
    Files.createSymbolicLink(linked, root.resolve("bin"));
    ProcessBuilder viaLink = new ProcessBuilder(linked.resolve("perceptron").toString(), "info").redirectErrorStream(true);
    viaLink.environment().clear();
    viaLink.environment().putAll(pb.environment());
    String linkedOut = run(0, viaLink);
    assertTrue(linkedOut.contains("-jar " + root.resolve("cli/target/perceptron.jar") + " info"), linkedOut);
    assertEquals(0, builds(), "found the jar through the linked directory");
  }

  @Test
  void startsTheHeapAt64MegabytesUnlessJavaOptsSizesIt() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    String plain = launchWith(0, null, "info");
    assertTrue(plain.contains(" -Xms64m "), plain);
    String other = launchWith(0, "-Dx=1", "info");
    assertTrue(other.contains(" -Xms64m ") && other.contains("-Dx=1"), other);
    for (String sized : new String[] {"-Xmx1g", "-Xms2g", "-XX:MaxHeapSize=1g", "-Dx=1 -XX:InitialHeapSize=512m"}) {
      String out = launchWith(0, sized, "info");
      assertTrue(!out.contains("-Xms64m") && out.contains(sized), out);
    }
  }

  @Test
  void trainGetsItsHeapAndCompilerSettingsUnlessJavaOptsGivesThem() throws Exception {
    tree();
    script(root.resolve("jdk/bin/java"), "echo \"java $*\"");
    String train = launchWith(0, null, "train");
    for (String opt : new String[] {" -Xms256m ", " -XX:MaxTenuringThreshold=1 ", " -XX:LoopUnrollLimit=0 ",
        " -XX:InlineSmallCode=1000 ", " -XX:CompileCommand=inline,io.github.simdperceptron.kernel.internal.PanamaGramOps::term "}) {
      assertTrue(train.contains(opt), opt + " in " + train);
    }
    String info = launchWith(0, null, "info");
    assertTrue(info.contains(" -Xms64m ") && !info.contains("LoopUnrollLimit") && !info.contains("InlineSmallCode")
        && !info.contains("MaxTenuringThreshold"), info);
    assertTrue(info.contains("-XX:CompileCommand=inline,io.github.simdperceptron.kernel.internal.PanamaGramOps::term"), info);
    String given = launchWith(0, "-Xmx2g -XX:LoopUnrollLimit=60 -XX:InlineSmallCode=2500 -XX:MaxTenuringThreshold=7", "train");
    assertTrue(!given.contains("-Xms256m") && !given.contains("LoopUnrollLimit=0") && !given.contains("InlineSmallCode=1000")
        && !given.contains("MaxTenuringThreshold=1"), given);
  }
}
