package io.github.simdperceptron.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.data.internal.DataAccess;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Dense rows stored in several blocks (what happens when N*d exceeds one Java array) behave
 * exactly like the same rows in one block. Real blocks hold up to 2^31 floats; this test makes
 * blocks of 5 rows through the package-private builder so the row/offset logic is exercised.
 */
class DenseDatasetBlocksTest {
  private static final long SEED = Long.getLong("tests.seed", 31L);

  @Test
  void blockedStorageEqualsOneBlock() {
    int d = 7;
    int n = 23;
    Random r = new Random(SEED);
    DenseDataset.Builder blocked = new DenseDataset.Builder(d, 5 * d + 3);
    DenseDataset.Builder single = DenseDataset.rowsOf(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = r.nextInt(9) - 4;
      }
      double label = r.nextBoolean() ? 1 : -1;
      blocked.add(x, label);
      single.add(x, label);
    }
    DenseDataset a = blocked.build();
    DenseDataset b = single.build();
    String where = "seed " + SEED;
    assertEquals(5, a.rowsPerBlock(), where);
    assertEquals(n, a.size(), where);
    float[] w = new float[d];
    for (int j = 0; j < d; j++) {
      w[j] = r.nextInt(5) - 2;
    }
    for (int i = 0; i < n; i++) {
      assertArrayEquals(b.denseRow(i), a.denseRow(i), where + " row " + i);
      assertEquals(b.dot(i, w), a.dot(i, w), where + " dot " + i);
      assertEquals(b.squaredNorm(i), a.squaredNorm(i), where + " squaredNorm " + i);
      assertEquals(b.label(i), a.label(i), where + " label " + i);
    }
    float[] ma = new float[n];
    float[] mb = new float[n];
    DataAccess.margins(a, w, 0.5f, ma);
    DataAccess.margins(b, w, 0.5f, mb);
    assertArrayEquals(mb, ma, where + " margins across blocks");
    float[] ua = w.clone();
    float[] ub = w.clone();
    for (int i = 0; i < n; i += 3) {
      DataAccess.addTo(a, i, i % 2 == 0 ? 1f : -1f, ua);
      DataAccess.addTo(b, i, i % 2 == 0 ? 1f : -1f, ub);
    }
    assertArrayEquals(ub, ua, where + " addTo");
    int[] rows = {22, 0, 5, 4, 10, 11, 19};
    DenseDataset sa = a.subset(rows);
    for (int k = 0; k < rows.length; k++) {
      assertArrayEquals(b.denseRow(rows[k]), sa.denseRow(k), where + " subset row " + k);
    }
  }
}
