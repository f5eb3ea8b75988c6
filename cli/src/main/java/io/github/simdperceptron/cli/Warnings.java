package io.github.simdperceptron.cli;

import java.io.PrintWriter;

/** Warnings and notes: one line each on stderr, naming the sub-command; the command goes on. */
final class Warnings {
  private Warnings() {}

  /** Prints "perceptron SUB: warning: MESSAGE" on {@code err} and flushes it. */
  static void print(PrintWriter err, String command, String message) {
    err.println(command + ": warning: " + message);
    err.flush();
  }

  /** Prints "perceptron SUB: note: MESSAGE" on {@code err} and flushes it: a choice the command made for the user. */
  static void note(PrintWriter err, String command, String message) {
    err.println(command + ": note: " + message);
    err.flush();
  }
}
