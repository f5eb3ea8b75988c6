package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.assertSameBits;

import io.github.simdperceptron.kernel.KernelTestSupport.Data;
import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The dot product of two arrays read from index 0 takes a loop of its own (no offsets); it must
 * sum in exactly the order of the general loop, so a dot does not change its bits with where the
 * vectors sit in their arrays, and reads nothing outside its ranges.
 */
class DotOffsetsTest {
  @Test
  void wholeArraysAndOffsetRangesGiveTheSameBits(TestInfo info) {
    Seeded seeded = Seeded.forTest(info);
    Random r = seeded.random;
    KernelTestSupport.forAllSizes(false, n -> {
      for (int trial = 0; trial < 3; trial++) {
        float[] a = KernelTestSupport.array(r, Data.REAL, 1, n);
        float[] b = KernelTestSupport.array(r, Data.REAL, 1, n);
        int ao = 1 + r.nextInt(2 * KernelTestSupport.L + 3);
        int bo = 1 + r.nextInt(2 * KernelTestSupport.L + 3);
        float[] aShifted = new float[ao + n + 1];
        float[] bShifted = new float[bo + n + 2];
        // Elements outside the ranges are NaN: a dot that read one (a partial last vector that
        // ran past the range, a lane kept that should be cleared) would come out NaN.
        java.util.Arrays.fill(aShifted, Float.NaN);
        java.util.Arrays.fill(bShifted, Float.NaN);
        System.arraycopy(a, 0, aShifted, ao, n);
        System.arraycopy(b, 0, bShifted, bo, n);
        float whole = DenseOps.dot(a, b);
        assertSameBits(whole, DenseOps.dot(aShifted, ao, bShifted, bo, n),
            () -> seeded + " n=" + n + " offsets " + ao + ", " + bo);
        assertSameBits(whole, DenseOps.dot(a, 0, b, 0, n), () -> seeded + " n=" + n + " explicit zero offsets");
        assertSameBits(DenseOps.squaredNorm(a), DenseOps.squaredNorm(aShifted, ao, n), () -> seeded + " n=" + n + " norm");
      }
    });
  }
}
