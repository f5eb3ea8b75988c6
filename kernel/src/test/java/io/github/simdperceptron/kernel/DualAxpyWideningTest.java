package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fused update with a double accumulator equals the plain Java expressions
 * {@code w + a * x} (float) and {@code u + b * (double) x} (double) bit for bit, at every length
 * and offset, on whichever implementation and vector width this JVM runs.
 */
class DualAxpyWideningTest {
  @Test
  void equalsThePlainExpressions() {
    long seed = 99L;
    Random rnd = new Random(seed);
    for (int n : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 784, 1001}) {
      int xOff = rnd.nextInt(3);
      int wOff = rnd.nextInt(3);
      int uOff = rnd.nextInt(3);
      float a = (float) rnd.nextGaussian();
      double b = rnd.nextGaussian() * 1e6;
      float[] x = new float[xOff + n];
      float[] w = new float[wOff + n + 2];
      double[] u = new double[uOff + n + 2];
      for (int i = 0; i < x.length; i++) {
        x[i] = (float) rnd.nextGaussian();
      }
      for (int i = 0; i < w.length; i++) {
        w[i] = (float) rnd.nextGaussian();
      }
      for (int i = 0; i < u.length; i++) {
        u[i] = rnd.nextGaussian() * 1e7;
      }
      float[] wExpected = w.clone();
      double[] uExpected = u.clone();
      for (int i = 0; i < n; i++) {
        wExpected[wOff + i] = wExpected[wOff + i] + a * x[xOff + i];
        uExpected[uOff + i] = uExpected[uOff + i] + b * (double) x[xOff + i];
      }
      DenseOps.dualAxpy(a, b, x, xOff, w, wOff, u, uOff, n);
      for (int i = 0; i < w.length; i++) {
        assertEquals(Float.floatToRawIntBits(wExpected[i]), Float.floatToRawIntBits(w[i]),
            "seed " + seed + ", n " + n + ", w[" + i + "] (" + Kernel.describe() + ")");
      }
      for (int i = 0; i < u.length; i++) {
        assertEquals(Double.doubleToRawLongBits(uExpected[i]), Double.doubleToRawLongBits(u[i]),
            "seed " + seed + ", n " + n + ", u[" + i + "] (" + Kernel.describe() + ")");
      }
    }
  }
}
