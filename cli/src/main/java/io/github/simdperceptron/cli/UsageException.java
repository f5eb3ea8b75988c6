package io.github.simdperceptron.cli;

/** Bad usage or bad input: the command exits with 2 and prints the message on one line. */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
