package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The row-quad layout against a literal one: every quad holds the ascending union of its rows'
 * non-zero features with each row's value (0 where the row has none), every row alone its own
 * non-zeros, every row once. Dense-ish rows (the rank of a feature found by a scan of the
 * features) and very sparse rows of a large dimension (found by sorting a quad's features).
 */
class RowQuadsTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  static {
    System.out.println("RowQuadsTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
  }

  private final Random r = new Random(SEED);

  @Test
  void quadsHoldTheUnionOfTheirRowsFeaturesWithEachRowsValues() {
    boolean sawQuads = false;
    boolean sawAlone = false;
    for (int trial = 0; trial < 300; trial++) {
      int n = 1 + r.nextInt(40);
      boolean sparse = r.nextBoolean();
      int d = sparse ? 1000 + r.nextInt(100_000) : 1 + r.nextInt(300);
      boolean ones = r.nextInt(4) == 0;
      List<TreeMap<Integer, Float>> rows = new ArrayList<>();
      int[] ptr = new int[n + 1];
      for (int i = 0; i < n; i++) {
        TreeMap<Integer, Float> row = new TreeMap<>();
        int count = r.nextInt(5) == 0 ? 0 : sparse ? 1 + r.nextInt(20) : r.nextInt(d + 1);
        // Dense-ish rows share a window, so that quads pay; sparse rows draw from all of d.
        int lo = sparse ? 0 : r.nextInt(Math.max(1, d / 3));
        for (int c = 0; c < count; c++) {
          row.put(lo + r.nextInt(d - lo), ones ? 1f : 0.5f + r.nextInt(100));
        }
        rows.add(row);
        ptr[i + 1] = ptr[i] + row.size();
      }
      Csr csr = Csr.of(rows, ptr);
      RowQuads quads = RowQuads.ofSparse(ptr, csr.idx, ones ? null : csr.val, n, d);
      String where = "seed " + SEED + " trial " + trial + " n=" + n + " d=" + d;
      int group = check(rows, ones, quads, where);
      sawQuads |= group == RowQuads.ROWS;
      sawAlone |= group == 1;
    }
    assertTrue(sawQuads && sawAlone, "seed " + SEED + ": both layouts were tested");
  }

  /**
   * Layouts split over threads (many rows, few features): the same check, so every chunk of quads
   * laid out on its own gives each quad the union of its rows' features.
   */
  @Test
  void aLayoutSplitOverThreadsHoldsEveryQuadsUnion() {
    int n = 24_000 + r.nextInt(4000);
    int d = 100 + r.nextInt(200);
    List<TreeMap<Integer, Float>> rows = new ArrayList<>();
    int[] ptr = new int[n + 1];
    for (int i = 0; i < n; i++) {
      // A window of 45 to 60 features, nine in ten of them non-zero: rows whose quads pay.
      TreeMap<Integer, Float> row = new TreeMap<>();
      int w = 45 + r.nextInt(16);
      int lo = r.nextInt(d - w);
      for (int j = lo; j < lo + w; j++) {
        if (r.nextInt(10) != 0) {
          row.put(j, 0.5f + r.nextInt(100));
        }
      }
      rows.add(row);
      ptr[i + 1] = ptr[i] + row.size();
    }
    Csr csr = Csr.of(rows, ptr);
    String where = "seed " + SEED + " n=" + n + " d=" + d;
    // Large enough for the split: work above the fork threshold, and the scratch of a chunk small.
    assertTrue((long) ptr[n] * RowQuads.ROWS >= GramBlocks.PARALLEL_THRESHOLD, where);
    assertTrue((long) d * RowQuads.QUADS_PER_CHUNK <= ptr[n], where);
    assertEquals(RowQuads.ROWS, check(rows, false, RowQuads.ofSparse(ptr, csr.idx, csr.val, n, d), where), where);
  }

  /** The rows' non-zeros in CSR form, row i's at [ptr[i], ptr[i + 1]). */
  private record Csr(int[] idx, float[] val) {
    static Csr of(List<TreeMap<Integer, Float>> rows, int[] ptr) {
      int n = rows.size();
      int[] idx = new int[ptr[n]];
      float[] val = new float[ptr[n]];
      for (int i = 0; i < n; i++) {
        int t = ptr[i];
        for (var e : rows.get(i).entrySet()) {
          idx[t] = e.getKey();
          val[t++] = e.getValue();
        }
      }
      return new Csr(idx, val);
    }
  }

  /** Checks the layout against a literal one and returns its group (4: quads, 1: rows alone). */
  private static int check(List<TreeMap<Integer, Float>> rows, boolean ones, RowQuads quads, String where) {
    int n = rows.size();
    assertEquals((n + 3) / 4, quads.quads(), where);
    int group = quads.group;
    boolean[] seen = new boolean[n];
    for (int p = 0; p < quads.quads() * RowQuads.ROWS; p++) {
      int row = quads.row(p);
      if (row >= 0) {
        assertTrue(!seen[row], where + ": row " + row + " twice");
        seen[row] = true;
      }
    }
    for (boolean s : seen) {
      assertTrue(s, where + ": a row is missing");
    }
    for (int g = 0; g < quads.order.length / group; g++) {
      TreeMap<Integer, float[]> want = new TreeMap<>();
      for (int i = 0; i < group; i++) {
        int row = quads.row(g * group + i);
        if (row >= 0) {
          for (var e : rows.get(row).entrySet()) {
            want.computeIfAbsent(e.getKey(), j -> new float[group])[i] = ones ? 1f : e.getValue();
          }
        }
      }
      assertEquals(want.size(), quads.start[g + 1] - quads.start[g], where + " group " + g + ": features");
      int k = quads.start[g];
      for (var e : want.entrySet()) {
        assertEquals(e.getKey(), quads.feature[k], where + " group " + g + " feature at " + k);
        for (int i = 0; i < group; i++) {
          assertEquals(e.getValue()[i], quads.values[k * group + i], where + " group " + g + " feature "
              + e.getKey() + " row " + i);
        }
        k++;
      }
    }
    assertEquals(quads.start[quads.start.length - 1], quads.feature.length, where + ": no slack in the arrays");
    return group;
  }
}
