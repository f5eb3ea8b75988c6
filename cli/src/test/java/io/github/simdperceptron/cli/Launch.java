package io.github.simdperceptron.cli;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the command in a process of its own, as bin/perceptron does (the same JVM flags, the
 * options of JAVA_OPTS), on the test classpath: for what only a real process shows (exit codes
 * with a full disk, heap limits, standard input, signals).
 */
final class Launch {
  private final List<String> jvm = new ArrayList<>();
  private File stdin;
  private File stdout;
  private boolean bash;

  private Launch() {}

  static Launch command() {
    return new Launch();
  }

  /** JVM options, as JAVA_OPTS gives them to the launcher. */
  Launch javaOpts(String... options) {
    jvm.addAll(Arrays.asList(options));
    return this;
  }

  Launch stdin(Path file) {
    stdin = file.toFile();
    return this;
  }

  /** Sends standard output to this file (e.g. /dev/full) instead of capturing it. */
  Launch stdout(Path file) {
    stdout = file.toFile();
    return this;
  }

  /**
   * Runs the command from {@code bash -c}, so that an argument {@code <(...)} is a process
   * substitution (the shell gives the command {@code /dev/fd/N}); every other argument is quoted.
   */
  Launch throughBash() {
    bash = true;
    return this;
  }

  Process start(Path outFile, Path errFile, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("--add-modules");
    cmd.add("jdk.incubator.vector");
    cmd.add("-Dperceptron.stderr.tty=false");
    cmd.addAll(jvm);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(bash ? List.of("bash", "-c", "exec " + quoted(cmd)) : cmd);
    pb.redirectOutput(stdout != null ? stdout : outFile.toFile());
    pb.redirectError(errFile.toFile());
    if (stdin != null) {
      pb.redirectInput(stdin);
    }
    return pb.start();
  }

  private static String quoted(List<String> cmd) {
    StringBuilder s = new StringBuilder();
    for (String a : cmd) {
      s.append(s.length() == 0 ? "" : " ").append(a.startsWith("<(") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return s.toString();
  }

  Result run(String... args) {
    try {
      Path out = Files.createTempFile("launch", ".out");
      Path err = Files.createTempFile("launch", ".err");
      try {
        Process p = start(out, err, args);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new AssertionError("the command ran for more than 300 s: " + String.join(" ", args));
        }
        String errText = Files.readString(err, StandardCharsets.UTF_8).lines()
            .filter(l -> !l.equals("WARNING: Using incubator modules: jdk.incubator.vector"))
            .reduce("", (a, b) -> a + b + "\n");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), errText);
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
