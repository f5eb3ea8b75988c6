package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.L;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.function.Executable;

/**
 * The documented exceptions of every facade method: null array, {@link NullPointerException};
 * negative count or mismatched lengths, {@link IllegalArgumentException}; range or index outside
 * its array, {@link IndexOutOfBoundsException}. Each message names the argument and the value,
 * and the arrays the call would write are unchanged afterwards.
 */
class BadArgumentsTest {

  private static final Class<NullPointerException> NPE = NullPointerException.class;
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final Class<IndexOutOfBoundsException> IOOBE = IndexOutOfBoundsException.class;

  /** Long enough for the vector loops (and the gather) to run before the tail. */
  private static final int N = 4 * L + 3;

  private Seeded seed;
  private Random r;

  @BeforeEach
  void seed(TestInfo info) {
    seed = Seeded.forTest(info);
    r = seed.random;
  }

  private float[] floats(int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = 1 + r.nextInt(9);
    }
    return a;
  }

  private double[] doubles(int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = 1 + r.nextInt(9);
    }
    return a;
  }

  private int[] indices(int nnz, int dim) {
    int[] idx = new int[nnz];
    for (int i = 0; i < nnz; i++) {
      idx[i] = r.nextInt(dim);
    }
    return idx;
  }

  /**
   * Asserts call throws type with a message containing every one of mentions, and that every
   * target array (float[], double[] or int[]) is unchanged.
   */
  private void assertRejects(Class<? extends RuntimeException> type, List<String> mentions, Executable call,
      Object... targets) {
    Object[] copies = new Object[targets.length];
    for (int i = 0; i < targets.length; i++) {
      copies[i] = copy(targets[i]);
    }
    RuntimeException e = assertThrows(type, call, () -> seed + " expected " + type.getSimpleName() + " " + mentions);
    String message = String.valueOf(e.getMessage());
    for (String m : mentions) {
      assertTrue(message.contains(m), () -> seed + " message '" + message + "' does not mention '" + m + "'");
    }
    for (int i = 0; i < targets.length; i++) {
      String c = seed + " " + type.getSimpleName() + " '" + message + "': argument " + i + " was modified";
      if (targets[i] instanceof float[]) {
        assertArrayEquals((float[]) copies[i], (float[]) targets[i], c);
      } else if (targets[i] instanceof double[]) {
        assertArrayEquals((double[]) copies[i], (double[]) targets[i], c);
      } else {
        assertArrayEquals((int[]) copies[i], (int[]) targets[i], c);
      }
    }
  }

  private static Object copy(Object array) {
    if (array instanceof float[]) {
      return ((float[]) array).clone();
    } else if (array instanceof double[]) {
      return ((double[]) array).clone();
    } else if (array instanceof int[]) {
      return ((int[]) array).clone();
    }
    throw new IllegalArgumentException("not an array: " + array);
  }

  private static List<String> says(String... parts) {
    return List.of(parts);
  }

  /** A null-argument message: the argument's name as a word. */
  private static List<String> nullArgument(String name) {
    return says(name + " ");
  }

  /** A range message: the argument's name and the offending offset. */
  private static List<String> range(String name, int offset) {
    return says(name + ": range [" + offset + ",");
  }

  /** The message of an index outside [0, bound): its position and its value. */
  private static List<String> badIndex(int position, int value) {
    return says("indices[" + position + "] = " + value + " ");
  }

  // ---------------------------------------------------------------- DenseOps

  @Test
  @Covers({"DenseOps.dot(float[],float[])", "DenseOps.dot(float[],int,float[],int,int)"})
  void denseDot() {
    float[] a = floats(N);
    float[] b = floats(N);
    assertRejects(NPE, nullArgument("a"), () -> DenseOps.dot(null, b));
    assertRejects(NPE, nullArgument("b"), () -> DenseOps.dot(a, null));
    assertRejects(IAE, says("a.length = " + N, "b.length = " + (N + 1)), () -> DenseOps.dot(a, floats(N + 1)));
    assertRejects(NPE, nullArgument("a"), () -> DenseOps.dot(null, 0, b, 0, 1));
    assertRejects(NPE, nullArgument("b"), () -> DenseOps.dot(a, 0, null, 0, 1));
    assertRejects(IAE, says("length", "-1"), () -> DenseOps.dot(a, 0, b, 0, -1));
    assertRejects(IOOBE, range("a", -1), () -> DenseOps.dot(a, -1, b, 0, 1));
    assertRejects(IOOBE, range("a", 2), () -> DenseOps.dot(a, 2, b, 0, N - 1));
    assertRejects(IOOBE, range("b", 1), () -> DenseOps.dot(a, 0, b, 1, N));
    assertRejects(IOOBE, range("b", Integer.MAX_VALUE), () -> DenseOps.dot(a, 0, b, Integer.MAX_VALUE, 1));
    assertDoesNotThrow(() -> DenseOps.dot(a, N, b, N, 0));
  }

  @Test
  @Covers({"DenseOps.squaredNorm(float[])", "DenseOps.squaredNorm(float[],int,int)"})
  void denseSquaredNorm() {
    float[] x = floats(N);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.squaredNorm(null));
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.squaredNorm(null, 0, 0));
    assertRejects(IAE, says("length", "-3"), () -> DenseOps.squaredNorm(x, 0, -3));
    assertRejects(IOOBE, range("x", -1), () -> DenseOps.squaredNorm(x, -1, 2));
    assertRejects(IOOBE, range("x", 1), () -> DenseOps.squaredNorm(x, 1, N));
  }

  @Test
  @Covers({"DenseOps.scale(float,float[])", "DenseOps.scale(float,float[],int,int)"})
  void denseScale() {
    float[] x = floats(N);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.scale(2f, null));
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.scale(2f, null, 0, 1));
    assertRejects(IAE, says("length", "-1"), () -> DenseOps.scale(2f, x, 0, -1), x);
    assertRejects(IOOBE, range("x", -1), () -> DenseOps.scale(2f, x, -1, 2), x);
    assertRejects(IOOBE, range("x", 3), () -> DenseOps.scale(2f, x, 3, N - 2), x);
  }

  @Test
  @Covers({"DenseOps.axpy(float,float[],float[])", "DenseOps.axpy(float,float[],int,float[],int,int)"})
  void denseAxpy() {
    float[] x = floats(N);
    float[] y = floats(N);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.axpy(2f, null, y), y);
    assertRejects(NPE, nullArgument("y"), () -> DenseOps.axpy(2f, x, null));
    assertRejects(IAE, says("x.length = " + N, "y.length = " + (N - 1)), () -> DenseOps.axpy(2f, x, floats(N - 1)));
    float[] shortY = floats(N - 1);
    assertRejects(IAE, says("y.length"), () -> DenseOps.axpy(2f, x, shortY), shortY);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.axpy(2f, null, 0, y, 0, 1), y);
    assertRejects(NPE, nullArgument("y"), () -> DenseOps.axpy(2f, x, 0, null, 0, 1));
    assertRejects(IAE, says("length", "-1"), () -> DenseOps.axpy(2f, x, 0, y, 0, -1), y);
    assertRejects(IOOBE, range("x", -1), () -> DenseOps.axpy(2f, x, -1, y, 0, 1), y);
    assertRejects(IOOBE, range("x", 1), () -> DenseOps.axpy(2f, x, 1, y, 0, N), y);
    assertRejects(IOOBE, range("y", 1), () -> DenseOps.axpy(2f, x, 0, y, 1, N), y);
    assertRejects(IOOBE, range("y", -4), () -> DenseOps.axpy(2f, x, 0, y, -4, 2), y);
  }

  @Test
  @Covers({"DenseOps.dualAxpy(float,float,float[],float[],float[])",
      "DenseOps.dualAxpy(float,float,float[],int,float[],int,float[],int,int)",
      "DenseOps.dualAxpy(float,double,float[],int,float[],int,double[],int,int)"})
  void denseDualAxpy() {
    float[] x = floats(N);
    float[] w = floats(N);
    float[] u = floats(N);
    double[] ud = doubles(N);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.dualAxpy(1f, 2f, null, w, u), w, u);
    assertRejects(NPE, nullArgument("w"), () -> DenseOps.dualAxpy(1f, 2f, x, null, u), u);
    assertRejects(NPE, nullArgument("u"), () -> DenseOps.dualAxpy(1f, 2f, x, w, null), w);
    float[] shortU = floats(N - 1);
    assertRejects(IAE, says("u.length = " + (N - 1)), () -> DenseOps.dualAxpy(1f, 2f, x, w, shortU), w, shortU);
    float[] longW = floats(N + 1);
    assertRejects(IAE, says("w.length = " + (N + 1)), () -> DenseOps.dualAxpy(1f, 2f, x, longW, u), longW, u);

    assertRejects(IAE, says("length", "-1"), () -> DenseOps.dualAxpy(1f, 2f, x, 0, w, 0, u, 0, -1), w, u);
    assertRejects(IOOBE, range("x", 1), () -> DenseOps.dualAxpy(1f, 2f, x, 1, w, 0, u, 0, N), w, u);
    assertRejects(IOOBE, range("w", -1), () -> DenseOps.dualAxpy(1f, 2f, x, 0, w, -1, u, 0, N), w, u);
    assertRejects(IOOBE, range("u", 2), () -> DenseOps.dualAxpy(1f, 2f, x, 0, w, 0, u, 2, N - 1), w, u);
    assertRejects(NPE, nullArgument("u"), () -> DenseOps.dualAxpy(1f, 2f, x, 0, w, 0, (float[]) null, 0, N), w);

    assertRejects(IAE, says("length", "-2"), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, w, 0, ud, 0, -2), w, ud);
    assertRejects(IOOBE, range("x", 1), () -> DenseOps.dualAxpy(1f, 2.0, x, 1, w, 0, ud, 0, N), w, ud);
    assertRejects(IOOBE, range("w", 1), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, w, 1, ud, 0, N), w, ud);
    assertRejects(IOOBE, range("u", 1), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, w, 0, ud, 1, N), w, ud);
    assertRejects(IOOBE, range("u", -1), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, w, 0, ud, -1, 1), w, ud);
    assertRejects(NPE, nullArgument("w"), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, null, 0, ud, 0, 1), ud);
    assertRejects(NPE, nullArgument("u"), () -> DenseOps.dualAxpy(1f, 2.0, x, 0, w, 0, null, 0, 1), w);
  }

  @Test
  @Covers({"DenseOps.multiDot(float[],int,float[],float[])",
      "DenseOps.multiDot(float[],int,int,int,float[],int,float[],int)"})
  void denseMultiDot() {
    int k = 5;
    int d = N;
    float[] rows = floats(k * d);
    float[] x = floats(d);
    float[] out = floats(k + 1);
    assertRejects(NPE, nullArgument("rows"), () -> DenseOps.multiDot(null, k, x, out), out);
    assertRejects(NPE, nullArgument("x"), () -> DenseOps.multiDot(rows, k, null, out), out);
    assertRejects(NPE, nullArgument("out"), () -> DenseOps.multiDot(rows, k, x, null));
    assertRejects(IAE, says("k", "-1"), () -> DenseOps.multiDot(rows, -1, x, out), out);
    assertRejects(IOOBE, says("rows: range [0, 0 + " + (k + 1) * d + ")"), () -> DenseOps.multiDot(rows, k + 1, x, out),
        out);
    float[] shortOut = floats(k - 1);
    assertRejects(IOOBE, range("out", 0), () -> DenseOps.multiDot(rows, k, x, shortOut), shortOut);

    assertRejects(IAE, says("d", "-1"), () -> DenseOps.multiDot(rows, 0, k, -1, x, 0, out, 0), out);
    assertRejects(IOOBE, range("rows", 1), () -> DenseOps.multiDot(rows, 1, k, d, x, 0, out, 0), out);
    assertRejects(IOOBE, range("x", 1), () -> DenseOps.multiDot(rows, 0, k, d, x, 1, out, 0), out);
    assertRejects(IOOBE, range("out", 2), () -> DenseOps.multiDot(rows, 0, k, d, x, 0, out, 2), out);
    // k * d overflows int: the check must not.
    assertRejects(IOOBE, range("rows", 0), () -> DenseOps.multiDot(rows, 0, 1 << 16, 1 << 16, x, 0, out, 0), out);
  }

  @Test
  @Covers({"DenseOps.batchMargins(float[],int,float[],float,float[])",
      "DenseOps.batchMargins(float[],int,int,int,float[],int,float,float[],int)"})
  void denseBatchMargins() {
    int n = 5;
    int d = N;
    float[] m = floats(n * d);
    float[] w = floats(d);
    float[] out = floats(n + 1);
    assertRejects(NPE, nullArgument("matrix"), () -> DenseOps.batchMargins(null, n, w, 0f, out), out);
    assertRejects(NPE, nullArgument("w"), () -> DenseOps.batchMargins(m, n, null, 0f, out), out);
    assertRejects(NPE, nullArgument("out"), () -> DenseOps.batchMargins(m, n, w, 0f, null));
    assertRejects(IAE, says("n", "-1"), () -> DenseOps.batchMargins(m, -1, w, 0f, out), out);
    assertRejects(IOOBE, range("matrix", 0), () -> DenseOps.batchMargins(m, n + 1, w, 0f, out), out);
    float[] shortOut = floats(n - 1);
    assertRejects(IOOBE, range("out", 0), () -> DenseOps.batchMargins(m, n, w, 0f, shortOut), shortOut);

    assertRejects(IAE, says("d", "-1"), () -> DenseOps.batchMargins(m, 0, n, -1, w, 0, 0f, out, 0), out);
    assertRejects(IOOBE, range("matrix", 1), () -> DenseOps.batchMargins(m, 1, n, d, w, 0, 0f, out, 0), out);
    assertRejects(IOOBE, range("w", 1), () -> DenseOps.batchMargins(m, 0, n, d, w, 1, 0f, out, 0), out);
    assertRejects(IOOBE, range("out", 2), () -> DenseOps.batchMargins(m, 0, n, d, w, 0, 0f, out, 2), out);
    assertRejects(IOOBE, range("matrix", 0), () -> DenseOps.batchMargins(m, 0, 1 << 16, 1 << 16, w, 0, 0f, out, 0),
        out);
  }

  // ---------------------------------------------------------------- SparseOps

  @Test
  @Covers({"SparseOps.dot(int[],float[],float[])", "SparseOps.dot(int[],float[],int,int,float[])"})
  void sparseDot() {
    int dim = 3 * N;
    float[] w = floats(dim);
    for (int nnz : new int[] {1, 3, N}) {
      int[] idx = indices(nnz, dim);
      float[] val = floats(nnz);
      assertRejects(NPE, nullArgument("indices"), () -> SparseOps.dot(null, val, w));
      // Null values are the binary form (every value 1), not an error.
      float[] ones = new float[nnz];
      Arrays.fill(ones, 1f);
      assertEquals(SparseOps.dot(idx, ones, w), SparseOps.dot(idx, null, w), "nnz " + nnz);
      assertRejects(NPE, nullArgument("w"), () -> SparseOps.dot(idx, val, null));
      assertRejects(IAE, says("indices.length = " + nnz, "values.length = " + (nnz + 1)),
          () -> SparseOps.dot(idx, floats(nnz + 1), w));
      assertRejects(IAE, says("count", "-1"), () -> SparseOps.dot(idx, val, 0, -1, w));
      assertRejects(IOOBE, range("indices", 1), () -> SparseOps.dot(idx, val, 1, nnz, w));
      assertRejects(IOOBE, range("values", 0), () -> SparseOps.dot(idx, floats(nnz - 1), 0, nnz, w));
      // An index out of range in the gathered part (first) and in the tail (last).
      for (int pos : new int[] {0, nnz - 1}) {
        for (int bad : new int[] {-1, dim, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
          int[] badIdx = idx.clone();
          badIdx[pos] = bad;
          assertRejects(IOOBE, badIndex(pos, bad), () -> SparseOps.dot(badIdx, val, w), w);
          assertRejects(IOOBE, badIndex(pos, bad), () -> SparseOps.dot(badIdx, val, 0, nnz, w), w);
        }
      }
    }
  }

  @Test
  @Covers({"SparseOps.dot(int[],float[],float[])", "SparseOps.dot(int[],float[],int,int,float[])"})
  void sparseDotBinary() {
    int dim = 3 * N;
    float[] w = floats(dim);
    for (int nnz : new int[] {1, 3, N}) {
      int[] idx = indices(nnz, dim);
      assertRejects(NPE, nullArgument("indices"), () -> SparseOps.dot(null, null, w));
      assertRejects(NPE, nullArgument("w"), () -> SparseOps.dot(idx, null, null));
      assertRejects(NPE, nullArgument("indices"), () -> SparseOps.dot(null, null, 0, 0, w));
      assertRejects(IAE, says("count", "-1"), () -> SparseOps.dot(idx, null, 0, -1, w));
      assertRejects(IOOBE, range("indices", 1), () -> SparseOps.dot(idx, null, 1, nnz, w));
      for (int pos : new int[] {0, nnz - 1}) {
        for (int bad : new int[] {-1, dim}) {
          int[] badIdx = idx.clone();
          badIdx[pos] = bad;
          assertRejects(IOOBE, badIndex(pos, bad), () -> SparseOps.dot(badIdx, null, w), w);
          assertRejects(IOOBE, badIndex(pos, bad), () -> SparseOps.dot(badIdx, null, 0, nnz, w), w);
        }
      }
    }
  }

  @Test
  @Covers("SparseOps.squaredNorm(float[],int,int)")
  void sparseSquaredNorm() {
    float[] v = floats(N);
    assertRejects(NPE, nullArgument("values"), () -> SparseOps.squaredNorm(null, 0, 0));
    assertRejects(IAE, says("count", "-1"), () -> SparseOps.squaredNorm(v, 0, -1));
    assertRejects(IOOBE, range("values", -1), () -> SparseOps.squaredNorm(v, -1, 1));
    assertRejects(IOOBE, range("values", 1), () -> SparseOps.squaredNorm(v, 1, N));
  }

  @Test
  @Covers({"SparseOps.scatterAdd(float,int[],float[],float[])",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[])"})
  void sparseScatterAdd() {
    int dim = 3 * N;
    for (int nnz : new int[] {1, 3, N}) {
      float[] w = floats(dim);
      int[] idx = indices(nnz, dim);
      float[] val = floats(nnz);
      assertRejects(NPE, nullArgument("indices"), () -> SparseOps.scatterAdd(2f, null, val, w), w);
      // Null values are the binary form (every value 1), not an error.
      float[] ones = new float[nnz];
      Arrays.fill(ones, 1f);
      float[] byOnes = w.clone();
      float[] byNull = w.clone();
      SparseOps.scatterAdd(2f, idx, ones, byOnes);
      SparseOps.scatterAdd(2f, idx, null, byNull);
      assertArrayEquals(byOnes, byNull, "nnz " + nnz);
      assertRejects(NPE, nullArgument("w"), () -> SparseOps.scatterAdd(2f, idx, val, null));
      assertRejects(IAE, says("values.length = " + (nnz + 1)), () -> SparseOps.scatterAdd(2f, idx, floats(nnz + 1), w),
          w);
      assertRejects(IAE, says("count", "-1"), () -> SparseOps.scatterAdd(2f, idx, val, 0, -1, w), w);
      assertRejects(IOOBE, range("indices", -1), () -> SparseOps.scatterAdd(2f, idx, val, -1, 1, w), w);
      assertRejects(IOOBE, range("values", 0), () -> SparseOps.scatterAdd(2f, idx, floats(nnz - 1), 0, nnz, w), w);
      // The bad index last: every valid one before it would already have been written by a naive loop.
      for (int bad : new int[] {-1, dim, Integer.MIN_VALUE}) {
        int[] badIdx = idx.clone();
        badIdx[nnz - 1] = bad;
        assertRejects(IOOBE, badIndex(nnz - 1, bad), () -> SparseOps.scatterAdd(2f, badIdx, val, w), w);
        assertRejects(IOOBE, badIndex(nnz - 1, bad), () -> SparseOps.scatterAdd(2f, badIdx, val, 0, nnz, w), w);
      }
    }
  }

  @Test
  @Covers({"SparseOps.scatterAdd(float,int[],float[],float[])",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[])"})
  void sparseScatterAddBinary() {
    int dim = 3 * N;
    for (int nnz : new int[] {1, 3, N}) {
      float[] w = floats(dim);
      int[] idx = indices(nnz, dim);
      assertRejects(NPE, nullArgument("indices"), () -> SparseOps.scatterAdd(2f, null, null, w), w);
      assertRejects(NPE, nullArgument("w"), () -> SparseOps.scatterAdd(2f, idx, null, null));
      assertRejects(IAE, says("count", "-1"), () -> SparseOps.scatterAdd(2f, idx, null, 0, -1, w), w);
      assertRejects(IOOBE, range("indices", 1), () -> SparseOps.scatterAdd(2f, idx, null, 1, nnz, w), w);
      for (int bad : new int[] {-1, dim}) {
        int[] badIdx = idx.clone();
        badIdx[nnz - 1] = bad;
        assertRejects(IOOBE, badIndex(nnz - 1, bad), () -> SparseOps.scatterAdd(2f, badIdx, null, w), w);
        assertRejects(IOOBE, badIndex(nnz - 1, bad), () -> SparseOps.scatterAdd(2f, badIdx, null, 0, nnz, w), w);
      }
    }
  }

  @Test
  @Covers("SparseOps.dualScatterAdd(float,double,int[],float[],int,int,float[],double[])")
  void sparseDualScatterAdd() {
    int dim = 3 * N;
    int nnz = N;
    float[] w = floats(dim);
    double[] u = doubles(dim);
    int[] idx = indices(nnz, dim);
    float[] val = floats(nnz);
    assertRejects(NPE, nullArgument("indices"), () -> SparseOps.dualScatterAdd(1f, 2.0, null, val, 0, 0, w, u), w, u);
    assertRejects(NPE, nullArgument("w"), () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, nnz, null, u), u);
    assertRejects(NPE, nullArgument("u"), () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, nnz, w, null), w);
    assertRejects(IAE, says("count", "-1"), () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, -1, w, u), w, u);
    assertRejects(IOOBE, range("indices", 1), () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 1, nnz, w, u), w, u);
    assertRejects(IOOBE, range("values", 0),
        () -> SparseOps.dualScatterAdd(1f, 2.0, idx, floats(nnz - 1), 0, nnz, w, u), w, u);
    double[] shortU = doubles(dim - 1);
    assertRejects(IAE, says("w.length = " + dim, "u.length = " + (dim - 1)),
        () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, nnz, w, shortU), w, shortU);
    for (float[] values : new float[][] {val, null}) {
      for (int bad : new int[] {-1, dim}) {
        int[] badIdx = idx.clone();
        badIdx[nnz - 1] = bad;
        assertRejects(IOOBE, badIndex(nnz - 1, bad),
            () -> SparseOps.dualScatterAdd(1f, 2.0, badIdx, values, 0, nnz, w, u), w, u);
      }
    }
  }

  @Test
  @Covers("SparseOps.multiDot(float[],int,int,int[],float[],int,int,float[],int)")
  void sparseMultiDot() {
    int k = 3;
    int d = 2 * N;
    int nnz = N;
    float[] rows = floats(k * d);
    int[] idx = indices(nnz, d);
    float[] val = floats(nnz);
    float[] out = floats(k + 2);
    assertRejects(NPE, nullArgument("rows"), () -> SparseOps.multiDot(null, k, d, idx, val, 0, nnz, out, 0), out);
    assertRejects(NPE, nullArgument("indices"), () -> SparseOps.multiDot(rows, k, d, null, val, 0, nnz, out, 0), out);
    assertRejects(NPE, nullArgument("out"), () -> SparseOps.multiDot(rows, k, d, idx, val, 0, nnz, null, 0));
    assertRejects(IAE, says("k", "-1"), () -> SparseOps.multiDot(rows, -1, d, idx, val, 0, nnz, out, 0), out);
    assertRejects(IAE, says("d", "-1"), () -> SparseOps.multiDot(rows, k, -1, idx, val, 0, nnz, out, 0), out);
    assertRejects(IAE, says("count", "-1"), () -> SparseOps.multiDot(rows, k, d, idx, val, 0, -1, out, 0), out);
    assertRejects(IOOBE, range("rows", 0), () -> SparseOps.multiDot(rows, k, d + 1, idx, val, 0, nnz, out, 0), out);
    assertRejects(IOOBE, range("indices", 1), () -> SparseOps.multiDot(rows, k, d, idx, val, 1, nnz, out, 0), out);
    assertRejects(IOOBE, range("values", 0),
        () -> SparseOps.multiDot(rows, k, d, idx, floats(nnz - 1), 0, nnz, out, 0), out);
    assertRejects(IOOBE, range("out", 3), () -> SparseOps.multiDot(rows, k, d, idx, val, 0, nnz, out, 3), out);
    for (float[] values : new float[][] {val, null}) {
      // d is inside rows (it is the next row's first element) but outside [0, d).
      for (int bad : new int[] {-1, d, k * d}) {
        for (int pos : new int[] {0, nnz - 1}) {
          int[] badIdx = idx.clone();
          badIdx[pos] = bad;
          List<String> m = says("indices[" + pos + "] = " + bad + " ", "[0, " + d + ")");
          assertRejects(IOOBE, m, () -> SparseOps.multiDot(rows, k, d, badIdx, values, 0, nnz, out, 1), out);
        }
      }
    }
  }

  @Test
  @Covers({"SparseOps.dot(int[],float[],int,int,float[],int,int)",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[],int,int)",
      "SparseOps.dualScatterAdd(float,double,int[],float[],int,int,float[],double[],int,int)"})
  void sparseRowForms() {
    int k = 3;
    int d = 2 * N;
    int nnz = N;
    int off = d;
    float[] rows = floats(k * d);
    double[] u = doubles(k * d);
    int[] idx = indices(nnz, d);
    float[] val = floats(nnz);
    assertRejects(NPE, nullArgument("indices"), () -> SparseOps.dot(null, val, 0, nnz, rows, off, d));
    assertRejects(NPE, nullArgument("rows"), () -> SparseOps.scatterAdd(1f, idx, val, 0, nnz, null, off, d));
    assertRejects(NPE, nullArgument("u"), () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, nnz, rows, null, off, d),
        rows);
    assertRejects(IAE, says("count", "-1"), () -> SparseOps.scatterAdd(1f, idx, val, 0, -1, rows, off, d), rows);
    assertRejects(IAE, says("d", "-1"), () -> SparseOps.dot(idx, val, 0, nnz, rows, off, -1));
    assertRejects(IOOBE, range("rows", 2 * d + 1), () -> SparseOps.dot(idx, val, 0, nnz, rows, 2 * d + 1, d));
    assertRejects(IOOBE, range("rows", 2 * d + 1),
        () -> SparseOps.scatterAdd(1f, idx, val, 0, nnz, rows, 2 * d + 1, d), rows);
    assertRejects(IOOBE, range("u", off),
        () -> SparseOps.dualScatterAdd(1f, 2.0, idx, val, 0, nnz, rows, doubles(2 * d - 1), off, d), rows);
    assertRejects(IOOBE, range("values", 0), () -> SparseOps.dot(idx, floats(nnz - 1), 0, nnz, rows, off, d));
    for (float[] values : new float[][] {val, null}) {
      // d lies inside rows (the next row's first element) but outside [0, d): refused before any write.
      for (int bad : new int[] {-1, d}) {
        int[] badIdx = idx.clone();
        badIdx[nnz - 1] = bad;
        List<String> m = says("indices[" + (nnz - 1) + "] = " + bad + " ", "[0, " + d + ")");
        assertRejects(IOOBE, m, () -> SparseOps.dot(badIdx, values, 0, nnz, rows, off, d));
        assertRejects(IOOBE, m, () -> SparseOps.scatterAdd(1f, badIdx, values, 0, nnz, rows, off, d), rows);
        assertRejects(IOOBE, m, () -> SparseOps.dualScatterAdd(1f, 2.0, badIdx, values, 0, nnz, rows, u, off, d),
            rows, u);
      }
    }
  }

  @Test
  @Covers("SparseOps.batchMargins(int[],int[],float[],int,float[],float,float[])")
  void sparseBatchMargins() {
    int n = 4;
    int dim = 2 * N;
    int[] rowPtr = {1, 1 + N, 1 + N, 3 + 2 * N, 3 + 3 * N};
    int nnzEnd = rowPtr[n];
    int[] idx = indices(nnzEnd + 1, dim);
    float[] val = floats(nnzEnd + 1);
    float[] w = floats(dim);
    float[] out = floats(n + 1);
    assertRejects(NPE, nullArgument("rowPtr"), () -> SparseOps.batchMargins(null, idx, val, n, w, 0f, out), out);
    assertRejects(NPE, nullArgument("indices"), () -> SparseOps.batchMargins(rowPtr, null, val, n, w, 0f, out), out);
    assertRejects(NPE, nullArgument("w"), () -> SparseOps.batchMargins(rowPtr, idx, val, n, null, 0f, out), out);
    assertRejects(NPE, nullArgument("out"), () -> SparseOps.batchMargins(rowPtr, idx, val, n, w, 0f, null));
    assertRejects(IAE, says("n", "-1"), () -> SparseOps.batchMargins(rowPtr, idx, val, -1, w, 0f, out), out);
    assertRejects(IOOBE, range("rowPtr", 0), () -> SparseOps.batchMargins(rowPtr, idx, val, n + 1, w, 0f, out), out);
    float[] shortOut = floats(n - 1);
    assertRejects(IOOBE, range("out", 0), () -> SparseOps.batchMargins(rowPtr, idx, val, n, w, 0f, shortOut),
        shortOut);
    int[] decreasing = rowPtr.clone();
    decreasing[2] = rowPtr[1] - 1;
    assertRejects(IAE, says("rowPtr[1] = " + rowPtr[1], "rowPtr[2] = " + decreasing[2]),
        () -> SparseOps.batchMargins(decreasing, idx, val, n, w, 0f, out), out);
    int[] pastEnd = rowPtr.clone();
    pastEnd[n] = idx.length + 1;
    assertRejects(IOOBE, range("indices", 1), () -> SparseOps.batchMargins(pastEnd, idx, val, n, w, 0f, out), out);
    int[] negative = rowPtr.clone();
    negative[0] = -1;
    assertRejects(IOOBE, range("indices", -1), () -> SparseOps.batchMargins(negative, idx, val, n, w, 0f, out), out);
    assertRejects(IOOBE, range("values", 1),
        () -> SparseOps.batchMargins(rowPtr, idx, floats(nnzEnd - 1), n, w, 0f, out), out);
    for (float[] values : new float[][] {val, null}) {
      // In the first row and in the last row, at its last slot.
      for (int pos : new int[] {rowPtr[0], nnzEnd - 1}) {
        for (int bad : new int[] {-1, dim}) {
          int[] badIdx = idx.clone();
          badIdx[pos] = bad;
          assertRejects(IOOBE, badIndex(pos, bad), () -> SparseOps.batchMargins(rowPtr, badIdx, values, n, w, 0f, out),
              out);
        }
      }
      // Slots outside [rowPtr[0], rowPtr[n]) are not part of the matrix.
      int[] outside = idx.clone();
      outside[0] = -1;
      outside[nnzEnd] = dim;
      assertDoesNotThrow(() -> SparseOps.batchMargins(rowPtr, outside, values, n, w, 0f, out.clone()));
    }
  }
}
