package io.github.simdperceptron.cli;

import java.io.PrintWriter;

/** Warnings: one line each on stderr, naming the sub-command; the command goes on. */
final class Warnings {
  private Warnings() {}

  /** Prints "perceptron SUB: warning: MESSAGE" on {@code err} and flushes it. */
  static void print(PrintWriter err, String command, String message) {
    err.println(command + ": warning: " + message);
    err.flush();
  }
}
