package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.simdperceptron.data.Labels;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The batch forms of prediction (dense rows side by side, a sparse row from the front of reused
 * arrays) against one prediction a row, for the multi-class model (its own K-row pass) and a
 * binary model (the interface's defaults). Seeded; the seed is printed.
 */
class RowBatchPredictionTest {
  @Test
  void batchesPredictAsOneRowAtATime() {
    long seed = System.nanoTime();
    System.out.println("RowBatchPredictionTest seed " + seed);
    Random r = new Random(seed);
    int d = 37;
    int k = 5;
    float[][] w = new float[k][d];
    float[] b = new float[k];
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < d; j++) {
        w[c][j] = r.nextInt(9) - 4;
      }
      b[c] = r.nextInt(5) - 2;
    }
    float[] lw = new float[d];
    for (int j = 0; j < d; j++) {
      lw[j] = (float) r.nextGaussian();
    }
    List<Model> models = List.of(new MulticlassModel(w, b, Labels.of(List.of("a", "b", "c", "d", "e"))),
        new LinearModel(lw, 0.25f, Labels.of(List.of("-1", "1"))));
    for (Model m : models) {
      int n = 40;
      float[] rows = new float[n * d + 3];
      for (int p = 0; p < n * d; p++) {
        rows[p] = r.nextInt(4) == 0 ? 0 : r.nextInt(7) - 3 + (r.nextBoolean() ? 0.5f : 0);
      }
      int[] out = new int[n + 2];
      Arrays.fill(out, -7);
      m.predictClasses(rows, n, out);
      for (int i = 0; i < n; i++) {
        float[] x = Arrays.copyOfRange(rows, i * d, i * d + d);
        assertEquals(m.predictClass(x), out[i], m.getClass().getSimpleName() + " row " + i);
        int[] ix = new int[d + 5];
        float[] vx = new float[d + 5];
        Arrays.fill(ix, -1);
        int count = 0;
        for (int j = 0; j < d; j++) {
          if (x[j] != 0) {
            ix[count] = j;
            vx[count++] = x[j];
          }
        }
        assertEquals(m.predictClass(Arrays.copyOf(ix, count), Arrays.copyOf(vx, count)), m.predictClass(ix, vx, count),
            m.getClass().getSimpleName() + " sparse row " + i);
      }
      assertEquals(-7, out[n], "nothing written beyond n");
      assertThrows(IllegalArgumentException.class, () -> m.predictClasses(rows, n + 1, new int[n + 1]));
      assertThrows(IllegalArgumentException.class, () -> m.predictClasses(rows, n, new int[n - 1]));
      assertThrows(IllegalArgumentException.class, () -> m.predictClass(new int[2], new float[1], 2));
    }
  }
}
