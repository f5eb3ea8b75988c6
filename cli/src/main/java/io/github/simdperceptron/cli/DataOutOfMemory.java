package io.github.simdperceptron.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The heap ran out while a data file was read: the message names the file and its size. */
final class DataOutOfMemory extends OutOfMemoryError {
  private static final long serialVersionUID = 1L;

  DataOutOfMemory(Path file, OutOfMemoryError cause) {
    super("reading " + file + size(file));
    initCause(cause);
  }

  private static String size(Path file) {
    try {
      return " (" + (Files.size(file) >> 20) + " MB)";
    } catch (IOException | SecurityException e) {
      return "";
    }
  }
}
