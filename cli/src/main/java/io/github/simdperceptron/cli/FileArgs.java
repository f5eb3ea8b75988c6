package io.github.simdperceptron.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks the files the options name before any work starts, so that a mistake costs nothing: an
 * input that is a directory, or an output that would overwrite an input or a non-regular file.
 */
final class FileArgs {
  private FileArgs() {}

  /** Refuses an input file that does not exist or is not a regular file (exit 2, naming the option). */
  static void input(String option, Path file) {
    if (!Files.exists(file)) {
      throw new UsageException(option + " " + file + ": no such file");
    }
    if (!Files.isRegularFile(file)) {
      throw new UsageException(option + " " + file + ": " + (Files.isDirectory(file) ? "is a directory"
          : "not a regular file") + " (expected a file)");
    }
  }

  /**
   * Refuses an output that is a directory, a device or another non-regular file, that lies in a
   * directory that does not exist, or that is the same file as one of {@code inputs} (null
   * entries are skipped): writing it would destroy that input.
   */
  static void output(String option, Path out, Path... inputs) {
    if (out == null) {
      return;
    }
    if (Files.exists(out) && !Files.isRegularFile(out)) {
      throw new UsageException(option + " " + out + ": " + (Files.isDirectory(out) ? "is a directory"
          : "not a regular file (a device, a pipe or a socket)") + "; give the name of a file to write");
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new UsageException(option + " " + out + ": the directory " + parent + " does not exist");
    }
    if (!Files.exists(out)) {
      return;
    }
    for (Path in : inputs) {
      if (in != null && Files.exists(in) && same(out, in)) {
        throw new UsageException(option + " " + out + ": is the same file as the input " + in
            + ", which writing it would destroy; give another name");
      }
    }
  }

  private static boolean same(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
