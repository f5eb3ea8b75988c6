package io.github.simdperceptron.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.internal.DataAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The row operations of dense and sparse datasets against plain loops over the row, on small
 * integers, where every float operation is exact: dense, sparse and binary-sparse forms of the
 * same data must give bit-identical results, and so must an independent computation in long.
 */
class DatasetOpsTest {
  private static final long SEED = 20240611L;
  private static final int N = 41;
  private static final int D = 37; // not a multiple of any vector width

  @BeforeAll
  static void printSeed() {
    System.out.println("DatasetOpsTest seed " + SEED);
  }

  /** Entries in {-3..3}, about half zero, one all-zero row; labels alternate-ish from a coin. */
  private static int[][] integerMatrix(Random rnd, int n, int d, boolean binary) {
    int[][] m = new int[n][d];
    for (int i = 0; i < n; i++) {
      if (i == 5) {
        continue;
      }
      for (int j = 0; j < d; j++) {
        if (rnd.nextBoolean()) {
          m[i][j] = binary ? 1 : rnd.nextInt(7) - 3;
        }
      }
    }
    return m;
  }

  private static DenseDataset dense(int[][] m, double[] y) {
    DenseDataset.Builder b = DenseDataset.rowsOf(m[0].length);
    for (int i = 0; i < m.length; i++) {
      float[] x = new float[m[i].length];
      for (int j = 0; j < x.length; j++) {
        x[j] = m[i][j];
      }
      b.add(x, y[i]);
    }
    return b.build();
  }

  private static SparseDataset sparse(int[][] m, double[] y, boolean binary) {
    SparseDataset.Builder b = SparseDataset.rowsOf(m[0].length);
    for (int i = 0; i < m.length; i++) {
      List<Integer> idx = new ArrayList<>();
      for (int j = 0; j < m[i].length; j++) {
        if (m[i][j] != 0) {
          idx.add(j);
        }
      }
      int[] ix = idx.stream().mapToInt(Integer::intValue).toArray();
      if (binary) {
        b.add(ix, null, y[i]);
      } else {
        float[] v = new float[ix.length];
        for (int p = 0; p < ix.length; p++) {
          v[p] = m[i][ix[p]];
        }
        b.add(ix, v, y[i]);
      }
    }
    return b.build();
  }

  private static double[] labels(Random rnd, int n) {
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = rnd.nextBoolean() ? 1 : -1;
    }
    y[0] = 1;
    y[1] = -1;
    return y;
  }

  private static float[] intVector(Random rnd, int len) {
    float[] w = new float[len];
    for (int j = 0; j < len; j++) {
      w[j] = rnd.nextInt(201) - 100;
    }
    return w;
  }

  @Test
  void denseSparseAndBinaryAgreeWithExactIntegerArithmetic() {
    for (boolean binary : new boolean[] {false, true}) {
      Random rnd = new Random(SEED + (binary ? 1 : 0));
      int[][] m = integerMatrix(rnd, N, D, binary);
      double[] y = labels(rnd, N);
      Dataset[] forms = binary
          ? new Dataset[] {dense(m, y), sparse(m, y, false), sparse(m, y, true)}
          : new Dataset[] {dense(m, y), sparse(m, y, false)};
      if (binary) {
        assertTrue(DataAccess.isBinary((SparseDataset) forms[2]), "seed " + SEED);
      }
      float[] w = intVector(rnd, D);
      int k = 3;
      float[] rows = intVector(rnd, k * D);
      int wOffset = 2 * D;
      float bias = 7;
      String ctx = "seed " + SEED + ", binary " + binary;
      for (Dataset data : forms) {
        String at = ctx + ", " + data.getClass().getSimpleName()
            + (data instanceof SparseDataset && DataAccess.isBinary((SparseDataset) data) ? " (binary)" : "");
        assertEquals(N, data.size(), at);
        assertEquals(D, data.dimension(), at);
        float[] margins = new float[N];
        DataAccess.margins(data, w, bias, margins);
        for (int i = 0; i < N; i++) {
          String row = at + ", row " + i;
          long dot = 0;
          long sq = 0;
          int nz = 0;
          float[] expectedRow = new float[D];
          for (int j = 0; j < D; j++) {
            dot += (long) m[i][j] * (long) w[j];
            sq += (long) m[i][j] * m[i][j];
            nz += m[i][j] != 0 ? 1 : 0;
            expectedRow[j] = m[i][j];
          }
          assertEquals((float) y[i], data.label(i), row);
          assertArrayEquals(expectedRow, data.denseRow(i), row);
          assertEquals((float) dot, data.dot(i, w), row);
          assertEquals((float) (dot + 7), margins[i], row);
          assertEquals((float) sq, data.squaredNorm(i), row);
          assertEquals(data.isSparse() ? nz : D, data.nonZeros(i), row);

          // One row of a weight matrix
          long dotOff = 0;
          for (int j = 0; j < D; j++) {
            dotOff += (long) m[i][j] * (long) rows[wOffset + j];
          }
          assertEquals((float) dotOff, data.dot(i, rows, wOffset), row);

          // multiDot
          float[] out = new float[k];
          DataAccess.multiDot(data, i, rows, k, out);
          for (int r = 0; r < k; r++) {
            long s = 0;
            for (int j = 0; j < D; j++) {
              s += (long) m[i][j] * (long) rows[r * D + j];
            }
            assertEquals((float) s, out[r], row + ", weight row " + r);
          }

          // addTo: w + alpha x, per element
          float alpha = (i % 2 == 0) ? -1f : 3f;
          float[] w2 = w.clone();
          DataAccess.addTo(data, i, alpha, w2);
          float[] big = rows.clone();
          DataAccess.addTo(data, i, alpha, big, D);
          float[] w3 = w.clone();
          double[] u = new double[D];
          for (int j = 0; j < D; j++) {
            u[j] = j * 0.5;
          }
          double beta = -1000.0 * (i + 1);
          DataAccess.addTo(data, i, alpha, beta, w3, u);
          float[] w4 = rows.clone();
          double[] u4 = new double[k * D];
          DataAccess.addTo(data, i, alpha, beta, w4, u4, D);
          for (int j = 0; j < D; j++) {
            float expectW = (float) (w[j] + (long) alpha * m[i][j]);
            assertEquals(expectW, w2[j], row + ", column " + j);
            assertEquals(expectW, w3[j], row + ", column " + j);
            assertEquals(j * 0.5 + beta * m[i][j], u[j], row + ", column " + j);
            assertEquals((float) (rows[D + j] + (long) alpha * m[i][j]), big[D + j], row + ", column " + j);
            assertEquals((float) (rows[D + j] + (long) alpha * m[i][j]), w4[D + j], row + ", column " + j);
            assertEquals(0.0 + beta * m[i][j], u4[D + j], row + ", column " + j);
          }
          // the rest of the weight matrix is untouched
          for (int j = 0; j < D; j++) {
            assertEquals(rows[j], big[j], row);
            assertEquals(rows[2 * D + j], big[2 * D + j], row);
            assertEquals(0.0, u4[j], row);
            assertEquals(0.0, u4[2 * D + j], row);
          }
        }
      }
    }
  }

  @Test
  void subsetPicksRowsInTheGivenOrderWithTheSameLabels() {
    Random rnd = new Random(SEED);
    int[][] m = integerMatrix(rnd, 12, 6, false);
    double[] y = new double[12];
    for (int i = 0; i < 12; i++) {
      y[i] = i % 3 == 0 ? 0 : 1; // classes {0, 1}
    }
    int[] pick = {7, 0, 7, 11, 5};
    for (Dataset data : new Dataset[] {dense(m, y), sparse(m, y, false), sparse(m, y, true)}) {
      String at = "seed " + SEED + ", " + data.getClass().getSimpleName();
      Dataset sub = data.subset(pick);
      assertEquals(pick.length, sub.size(), at);
      assertEquals(data.isSparse(), sub.isSparse(), at);
      assertEquals(data.labels(), sub.labels(), at);
      for (int r = 0; r < pick.length; r++) {
        assertArrayEquals(data.denseRow(pick[r]), sub.denseRow(r), at + ", row " + r);
        assertEquals(data.classOf(pick[r]), sub.classOf(r), at + ", row " + r);
        assertEquals(pick[r] % 3 == 0 ? -1f : 1f, sub.label(r), at + ", row " + r);
      }
      // A subset holding only one class keeps both class names and the mapping.
      Dataset negatives = data.subset(new int[] {0, 3});
      assertEquals(List.of("0", "1"), negatives.labels().names(), at);
      assertEquals(-1f, negatives.label(0), at);
      assertEquals(-1f, negatives.label(1), at);
    }
  }

  @Test
  void withLabelsReplacesTheClassesButNotTheRows() {
    Random rnd = new Random(SEED + 2);
    int[][] m = integerMatrix(rnd, 6, 4, false);
    double[] y = {1, -1, 1, 1, -1, -1};
    for (Dataset data : new Dataset[] {dense(m, y), sparse(m, y, false)}) {
      Labels swapped = Labels.of(List.of("1", "-1"));
      int[] cls = new int[6];
      for (int i = 0; i < 6; i++) {
        cls[i] = y[i] > 0 ? 0 : 1;
      }
      Dataset re = data.withLabels(swapped, cls);
      String ctx = "seed " + SEED + ", " + data.getClass().getSimpleName();
      assertSame(swapped, re.labels(), ctx);
      for (int i = 0; i < 6; i++) {
        assertArrayEquals(data.denseRow(i), re.denseRow(i), ctx + ", row " + i);
        assertEquals(-data.label(i), re.label(i), ctx + ", row " + i + ": class \"1\" is now first, hence negative");
      }
      cls[0] = 1; // the array was copied
      assertEquals(0, re.classOf(0), ctx);
      assertThrows(IllegalArgumentException.class, () -> data.withLabels(swapped, new int[5]), ctx);
      // Three class names make the data non-binary.
      Dataset three = data.withLabels(Labels.of(List.of("a", "b", "c")), new int[] {0, 1, 2, 0, 1, 2});
      assertThrows(IllegalStateException.class, () -> three.label(0), ctx);
      assertEquals(2, three.classOf(5), ctx);
    }
  }

  @Test
  void withLabelsRejectsAClassIndexOutsideTheLabelsNamingTheRow() {
    Random rnd = new Random(SEED + 3);
    int[][] m = integerMatrix(rnd, 6, 4, false);
    double[] y = {1, -1, 1, 1, -1, -1};
    Labels two = Labels.of(List.of("-1", "1"));
    for (Dataset data : new Dataset[] {dense(m, y), sparse(m, y, false), sparse(m, y, true)}) {
      String ctx = "seed " + SEED + ", " + data.getClass().getSimpleName();
      for (int bad : new int[] {2, -1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
        int[] cls = {0, 1, 0, 1, bad, 0};
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> data.withLabels(two, cls), ctx + ", class " + bad);
        String msg = e.getMessage();
        assertTrue(msg.contains("row 4") && msg.contains("classes[4]") && msg.contains(String.valueOf(bad))
            && msg.contains("[0, 2)"), ctx + ": " + msg);
      }
      // The last valid index of three labels is accepted, one past it is not.
      Labels three = Labels.of(List.of("a", "b", "c"));
      assertEquals(2, data.withLabels(three, new int[] {2, 2, 2, 2, 2, 2}).classOf(3), ctx);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> data.withLabels(three, new int[] {0, 1, 2, 3, 0, 0}), ctx);
      assertTrue(e.getMessage().contains("row 3"), ctx + ": " + e.getMessage());
      assertThrows(NullPointerException.class, () -> data.withLabels(null, new int[6]), ctx);
      assertThrows(NullPointerException.class, () -> data.withLabels(two, null), ctx);
    }
  }

  @Test
  void denseRowIsACopy() {
    DenseDataset d = DenseDataset.rowsOf(2).add(new float[] {1, 2}, 1.0).build();
    float[] r = d.denseRow(0);
    r[0] = 99;
    assertArrayEquals(new float[] {1, 2}, d.denseRow(0));
    float[] src = {3, 4};
    DenseDataset e = DenseDataset.rowsOf(2).add(src, 1.0).build();
    src[0] = 99;
    assertArrayEquals(new float[] {3, 4}, e.denseRow(0), "the builder copies the row");
  }

  /**
   * The blocked storage. A dataset only spills into a second block past 2^31 - 16 floats (8 GiB),
   * which a unit test cannot allocate, so this checks the single-block layout the same
   * arithmetic produces (rowsPerBlock = floor((2^31 - 17) / d), row i at (i mod rowsPerBlock) d)
   * on a builder that grew its block many times; the multi-block path itself is not exercised here.
   */
  @Test
  void manyRowsLandAtTheirOffsetsInOneBlock() {
    int d = 3;
    int n = 5000; // the builder starts at 16 rows and doubles
    DenseDataset.Builder b = DenseDataset.rowsOf(d);
    for (int i = 0; i < n; i++) {
      b.add(new float[] {i, -i, i % 7}, i % 2 == 0 ? 1.0 : -1.0);
    }
    DenseDataset data = b.build();
    assertEquals((Integer.MAX_VALUE - 16) / d, data.rowsPerBlock());
    float[] block = DataAccess.rowArray(data, 0);
    assertEquals(n * d, block.length, "the block is trimmed to the rows it holds");
    float[] w = {1, 1, 0};
    float[] margins = new float[n];
    DataAccess.margins(data, w, 0.5f, margins);
    for (int i = 0; i < n; i++) {
      assertSame(block, DataAccess.rowArray(data, i));
      assertEquals(i * d, DataAccess.rowOffset(data, i));
      assertEquals((float) i, block[DataAccess.rowOffset(data, i)]);
      assertEquals((float) (i % 7), block[DataAccess.rowOffset(data, i) + 2]);
      assertEquals(0.5f, margins[i], "row " + i);
      assertEquals(i % 2 == 0 ? 1f : -1f, data.label(i));
    }
    assertFalse(data.isSparse());
  }
}
