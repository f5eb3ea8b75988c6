package io.github.simdperceptron.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Warnings: one line each on stderr, naming the sub-command; the command goes on. */
final class Warnings {
  private Warnings() {}

  /** Prints "perceptron SUB: warning: MESSAGE". */
  static void print(CommandSpec command, String message) {
    PrintWriter err = command.commandLine().getErr();
    err.println(command.qualifiedName() + ": warning: " + message);
    err.flush();
  }
}
