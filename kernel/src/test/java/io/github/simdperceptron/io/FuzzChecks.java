package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;

/** What every fuzz target asserts about a result or a documented error. */
final class FuzzChecks {
  private FuzzChecks() {}

  static void dataset(Dataset d) {
    if (d.size() < 1 || d.dimension() < 1) {
      throw new AssertionError("an empty dataset was returned");
    }
  }

  /** A documented error must be one line that starts with the source's name. */
  static void message(FormatException e) {
    String m = e.getMessage();
    if (!m.startsWith(e.source() + ":") || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
      throw new AssertionError("not a one-line message naming the source: " + m);
    }
  }
}
