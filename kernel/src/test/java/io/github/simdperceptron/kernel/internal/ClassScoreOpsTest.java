package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.simdperceptron.kernel.Kernel;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Vector API and the scalar class-score kernels sum in the same fixed order, so they give the
 * same bits on real-valued data too (a model trained with or without the incubator module is the
 * same, FMA choice equal). OpsProviderTest checks that a Panama run loaded the Panama kernel.
 */
class ClassScoreOpsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void panamaAndScalarGiveTheSameBits() {
    String requested = System.getProperty("simdperceptron.impl", "auto");
    System.out.println("ClassScoreOpsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED
        + "); class kernel " + ClassScores.implementation() + ", requested " + requested);
    ClassScoreOps scalar = new ScalarClassScoreOps(Kernel.usesFma());
    Random r = new Random(SEED);
    for (int k : new int[] {1, 3, 10, 16, 33}) {
      int kp = ClassScores.paddedClasses(k);
      for (int nnz = 0; nnz < 70; nnz += 1 + nnz / 8) {
        int d = nnz + 3;
        int[] idx = new int[nnz];
        float[] val = new float[nnz];
        for (int t = 0; t < nnz; t++) {
          idx[t] = r.nextInt(d);
          val[t] = Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
        }
        float[] w = new float[d * kp];
        for (int j = 0; j < w.length; j++) {
          w[j] = Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
        }
        for (float[] values : new float[][] {val, null}) {
          float[] a = new float[kp];
          float[] b = new float[kp];
          ClassScores.scores(new ClassMatrix(w, kp), idx, values, 0, nnz, a);
          scalar.scores(new ClassMatrix(w, kp), idx, values, 0, nnz, b);
          for (int c = 0; c < kp; c++) {
            if (Float.floatToRawIntBits(a[c]) != Float.floatToRawIntBits(b[c])) {
              fail("seed " + SEED + " k=" + k + " nnz=" + nnz + (values == null ? " binary" : "") + " class " + c
                  + ": " + ClassScores.implementation() + " " + a[c] + " vs scalar " + b[c]);
            }
          }
        }
      }
    }
  }
}
