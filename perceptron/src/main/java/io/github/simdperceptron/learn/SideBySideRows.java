package io.github.simdperceptron.learn;

import java.util.Objects;

/** The arguments of {@link Model#predictClasses(float[], int, int[])}, checked in one place. */
final class SideBySideRows {
  private SideBySideRows() {}

  /**
   * Checks that {@code rows} holds n rows of d floats side by side and out n entries; throws
   * {@link NullPointerException} or {@link IllegalArgumentException} naming the argument.
   */
  static void check(float[] rows, int n, int[] out, int d) {
    Objects.requireNonNull(rows, "rows");
    Objects.requireNonNull(out, "out");
    if (n < 0 || (long) n * d > rows.length || n > out.length) {
      throw new IllegalArgumentException("n " + n + ": rows holds " + rows.length + " floats (" + d + " a row), out "
          + out.length + " entries");
    }
  }
}
