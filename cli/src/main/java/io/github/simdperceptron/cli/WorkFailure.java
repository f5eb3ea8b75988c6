package io.github.simdperceptron.cli;

/** The work itself failed (e.g. the kernel and the reference disagree): exit code 1. */
final class WorkFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  WorkFailure(String message) {
    super(message);
  }
}
