package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.Kernel;
import java.util.Arrays;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Checks run once per trial, in setup, so that a benchmark measuring the wrong thing (another
 * implementation than its fork asked for, wrong lengths or offsets, a broken kernel) fails
 * instead of printing a number.
 */
final class Sanity {
  /** Float unit roundoff, 2^-24. */
  private static final double U = 0x1p-24;

  private Sanity() {}

  /** Fails when the fork asked for an implementation ({@code -Dsimdperceptron.impl=...}) and runs another. */
  static void requireImplementation(BenchmarkParams params) {
    for (String arg : params.getJvmArgs()) {
      if (arg.startsWith(Forks.IMPL_PREFIX)) {
        String wanted = arg.substring(Forks.IMPL_PREFIX.length());
        if (!wanted.equals(Kernel.implementation())) {
          throw new IllegalStateException(params.getBenchmark() + ": the fork asked for " + arg
              + " but the kernel runs " + Kernel.describe());
        }
        return;
      }
    }
    throw new IllegalStateException(params.getBenchmark() + ": the fork does not set " + Forks.IMPL_PREFIX
        + "..., so it is unknown which implementation is measured; JVM args: " + params.getJvmArgs());
  }

  /**
   * Fails unless {@code actual} is within {@code 16 * 2^-24 * absSum} of {@code exact}. On the
   * seeded mixed-sign inputs used here the error of any summation order (the naive one included)
   * is about {@code 2^-24 * absSum}, while the worst-case bound {@code n * 2^-24 * absSum} would
   * be too loose at large n to catch a wrong length or offset.
   */
  static void close(String what, double actual, double exact, double absSum) {
    double bound = 16 * U * absSum + Float.MIN_NORMAL;
    if (!(Math.abs(actual - exact) <= bound)) {
      throw new IllegalStateException(what + " = " + actual + " but the exact value is " + exact + " (|error| > "
          + bound + ")");
    }
  }

  /** Fails unless the two arrays are equal bit for bit (element-wise updates must be). */
  static void same(String what, float[] actual, float[] expected) {
    if (!Arrays.equals(actual, expected)) {
      throw new IllegalStateException(what + " differs from the reference");
    }
  }

  /** The dot product summed in double (each product of two floats is exact in double) and the sum of the |a_i b_i|. */
  static double[] exactDot(float[] a, int aOff, float[] b, int bOff, int n) {
    double sum = 0;
    double abs = 0;
    for (int i = 0; i < n; i++) {
      double p = (double) a[aOff + i] * b[bOff + i];
      sum += p;
      abs += Math.abs(p);
    }
    return new double[] {sum, abs};
  }
}
