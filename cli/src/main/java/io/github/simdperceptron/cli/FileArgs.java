package io.github.simdperceptron.cli;

import io.github.simdperceptron.io.ModelFile;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks the files the options name before any work starts, so that a mistake costs nothing: an
 * input that is a directory or a device, or an output that would overwrite an input or a
 * non-regular file. An input may be a pipe (a FIFO, or {@code /dev/fd/N} of a shell's process
 * substitution {@code <(zcat x.gz)}): it is read once, as a stream, as standard input is.
 */
final class FileArgs {
  /** The file-type bits of a Unix mode, and the type of a FIFO (S_IFMT, S_IFIFO of stat(2)). */
  private static final int TYPE_BITS = 0170000;
  private static final int FIFO = 0010000;

  private FileArgs() {}

  /**
   * Whether {@code file} (a symbolic link followed, as {@code /dev/fd/N} is) is a pipe; false
   * when it does not exist or the file system does not say (no Unix file modes).
   */
  static boolean isPipe(Path file) {
    try {
      return (((Integer) Files.getAttribute(file, "unix:mode")) & TYPE_BITS) == FIFO;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
      return false;
    }
  }

  /** Whether {@code file} is an input the command reads: a regular file or a pipe. */
  static boolean readable(Path file) {
    return Files.isRegularFile(file) || isPipe(file);
  }

  /**
   * Opens an input to read. A pipe is opened as a buffered {@link FileInputStream}: on JDK 17 the
   * stream of {@code Files.newInputStream} seeks in {@code available()}, and
   * {@code FileInputStream.readAllBytes} seeks too, which a pipe refuses ("Illegal seek").
   */
  static InputStream open(Path file) throws IOException {
    return isPipe(file) ? new BufferedInputStream(new FileInputStream(file.toFile()), 1 << 16)
        : Files.newInputStream(file);
  }

  /** Reads the model file that {@code option} names, after {@link #input}; a pipe is read once, into memory. */
  static ModelFile model(String option, Path file) throws IOException {
    input(option, file);
    if (!isPipe(file)) {
      return ModelFile.read(file);
    }
    try (InputStream in = open(file)) {
      return ModelFile.read(in.readAllBytes(), file.toString());
    }
  }

  /** Refuses an input file that does not exist or is neither a regular file nor a pipe (exit 2, naming the option). */
  static void input(String option, Path file) {
    if (!Files.exists(file)) {
      throw new UsageException(option + " " + file + ": no such file");
    }
    if (!readable(file)) {
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

  /** Whether {@code a} and {@code b} are the same file; false when that cannot be had. */
  static boolean same(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
