package io.github.simdperceptron.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.CommonOps_FDRM;
import org.junit.jupiter.api.Test;

/**
 * EJML checks the reference Gram block: {@code CommonOps_FDRM.multTransB(X, S)} equals it bit for
 * bit on integer data (every sum exact), and within the first-order bound
 * {@code 2 d 2^-24 sum_j |x_j s_j|} of the exact (double) value on real data, as the reference does.
 */
class ReferenceKernelsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  @Test
  void gramMatchesEjmlMultTransB() {
    System.out.println("ReferenceKernelsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
    Random r = new Random(SEED);
    for (int d : new int[] {1, 3, 16, 33, 100}) {
      for (int[] shape : new int[][] {{1, 1}, {5, 7}, {17, 16}}) {
        for (boolean integers : new boolean[] {true, false}) {
          float[][] x = new float[shape[0]][d];
          float[][] sv = new float[shape[1]][d];
          fill(x, r, integers);
          fill(sv, r, integers);
          float[][] g = ReferenceKernels.gram(x, sv);
          FMatrixRMaj out = new FMatrixRMaj(shape[0], shape[1]);
          CommonOps_FDRM.multTransB(new FMatrixRMaj(x), new FMatrixRMaj(sv), out);
          for (int i = 0; i < shape[0]; i++) {
            for (int s = 0; s < shape[1]; s++) {
              String where = "seed " + SEED + " d=" + d + " G[" + i + "][" + s + "]";
              if (integers) {
                assertEquals(out.get(i, s), g[i][s], 0f, where);
              } else {
                double exact = 0;
                double abs = 0;
                for (int j = 0; j < d; j++) {
                  exact += (double) x[i][j] * sv[s][j];
                  abs += Math.abs((double) x[i][j] * sv[s][j]);
                }
                double bound = 2 * d * 0x1p-24 * abs;
                assertTrue(Math.abs(g[i][s] - exact) <= bound, where + " reference " + g[i][s] + " exact " + exact);
                assertTrue(Math.abs(out.get(i, s) - exact) <= bound, where + " EJML " + out.get(i, s));
              }
            }
          }
        }
      }
    }
  }

  @Test
  void kernelsFollowTheirFormulas() {
    float[] x = {1, 2, 0};
    float[] s = {3, -1, 2};
    assertEquals(1f, ReferenceKernels.linear(x, s));
    assertEquals((float) Math.pow(0.5 * 1 + 1, 3), ReferenceKernels.poly(x, s, 0.5f, 1f, 3));
    assertEquals((float) Math.exp(-0.1 * (4 + 9 + 4)), ReferenceKernels.rbf(x, s, 0.1f), 1e-7f);
    assertEquals(1f, ReferenceKernels.rbf(x, x, 3f));
    float[] scores = ReferenceKernels.classScores(new float[] {2, 3}, new float[][] {{1, -1}, {0, 1}}, 2);
    assertEquals(2f, scores[0]);
    assertEquals(1f, scores[1]);
  }

  private static void fill(float[][] a, Random r, boolean integers) {
    for (float[] row : a) {
      for (int j = 0; j < row.length; j++) {
        row[j] = integers ? r.nextInt(9) - 4 : (float) r.nextGaussian();
      }
    }
  }
}
