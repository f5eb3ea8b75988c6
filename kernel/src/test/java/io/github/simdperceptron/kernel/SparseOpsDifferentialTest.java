package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.LARGE;
import static io.github.simdperceptron.kernel.KernelTestSupport.array;
import static io.github.simdperceptron.kernel.KernelTestSupport.assertReduction;
import static io.github.simdperceptron.kernel.KernelTestSupport.assertSameBits;
import static io.github.simdperceptron.kernel.KernelTestSupport.coefficient;
import static io.github.simdperceptron.kernel.KernelTestSupport.doubles;
import static io.github.simdperceptron.kernel.KernelTestSupport.exactDot;
import static io.github.simdperceptron.kernel.KernelTestSupport.forAllSizes;
import static io.github.simdperceptron.kernel.KernelTestSupport.intBound;
import static io.github.simdperceptron.kernel.KernelTestSupport.offset;
import static io.github.simdperceptron.kernel.KernelTestSupport.real;
import static io.github.simdperceptron.kernel.KernelTestSupport.sizes;
import static io.github.simdperceptron.kernel.KernelTestSupport.trials;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.KernelTestSupport.Data;
import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Every {@link SparseOps} method against {@link ReferenceOps}: nnz over the sizes of
 * {@link KernelTestSupport#sizes()} (0 and 1 included), every vector holding the last slot of w
 * and (from nnz 2) a duplicate index, a dimension small enough for many more duplicates and a
 * large one, random offsets, and index slots outside the given range holding invalid indices
 * (which must be neither read nor checked).
 */
class SparseOpsDifferentialTest {

  private Seeded seed;
  private Random r;

  @BeforeEach
  void seed(TestInfo info) {
    seed = Seeded.forTest(info);
    r = seed.random;
  }

  /** indices[offset .. offset+nnz) in [0, dim), with values at the same positions. */
  static final class SparseVector {
    final int[] indices;
    final float[] values;
    final int offset;
    final int nnz;
    final int dim;

    SparseVector(int[] indices, float[] values, int offset, int nnz, int dim) {
      this.indices = indices;
      this.values = values;
      this.offset = offset;
      this.nnz = nnz;
      this.dim = dim;
    }

    /** The same non-zeros in arrays of exactly nnz elements, for the whole-array forms. */
    SparseVector compact() {
      return new SparseVector(Arrays.copyOfRange(indices, offset, offset + nnz),
          Arrays.copyOfRange(values, offset, offset + nnz), 0, nnz, dim);
    }

    @Override
    public String toString() {
      return "nnz=" + nnz + " dim=" + dim + " offset=" + offset;
    }
  }

  /**
   * A random sparse vector. Slots before and after the range hold -1 and dim, so reading or
   * checking outside the range fails.
   */
  static SparseVector sparse(Random r, Data data, int m, int nnz, int dim) {
    int offset = offset(r);
    int length = offset + nnz + r.nextInt(3);
    int[] indices = new int[length];
    for (int i = 0; i < length; i++) {
      indices[i] = i < offset || i >= offset + nnz ? (i % 2 == 0 ? -1 : dim) : r.nextInt(dim);
    }
    if (nnz >= 1) {
      int last = offset + r.nextInt(nnz);
      indices[last] = dim - 1;
      if (nnz >= 2) {
        int p;
        int q;
        do {
          p = offset + r.nextInt(nnz);
          q = offset + r.nextInt(nnz);
        } while (p == q || (nnz >= 3 && (p == last || q == last)));
        indices[q] = indices[p];
      }
    }
    return new SparseVector(indices, array(r, data, m, length), offset, nnz, dim);
  }

  /** The dimensions tried for nnz non-zeros: one with many duplicates, one sparse, and 2^20 once. */
  private int[] dims(int nnz) {
    int small = 1 + r.nextInt(Math.max(1, nnz / 2));
    int sparse = nnz + 1 + r.nextInt(4 * nnz + 64);
    return nnz == 4099 ? new int[] {small, sparse, LARGE} : new int[] {small, sparse};
  }

  private Supplier<String> ctx(Data data, String what, Object... values) {
    return () -> {
      StringBuilder sb = new StringBuilder().append(seed).append(' ').append(data).append(' ').append(what);
      for (Object v : values) {
        sb.append(' ').append(v);
      }
      return sb.toString();
    };
  }

  /** {exact, sum|terms|} of the sparse dot; values null means every value is 1. */
  static double[] exactSparseDot(int[] idx, float[] values, int off, int nnz, float[] w, int wOff) {
    double sum = 0;
    double abs = 0;
    for (int i = off; i < off + nnz; i++) {
      double p = (values == null ? 1.0 : values[i]) * (double) w[wOff + idx[i]];
      sum += p;
      abs += Math.abs(p);
    }
    return new double[] {sum, abs};
  }

  /** Runs check for every nnz in the size list and every dimension of {@link #dims}, a few times. */
  private void forAllSparse(Data data, boolean withLarge, SparseCheck check) {
    forAllSizes(withLarge, nnz -> {
      int m = intBound(nnz);
      for (int dim : nnz == LARGE ? new int[] {LARGE} : dims(nnz)) {
        for (int t = 0; t < trials(nnz); t++) {
          check.run(sparse(r, data, m, nnz, dim), m);
        }
      }
    });
  }

  @FunctionalInterface
  interface SparseCheck {
    void run(SparseVector x, int m);
  }

  @Test
  @Covers({"SparseOps.dot(int[],float[],float[])", "SparseOps.dot(int[],float[],int,int,float[])"})
  void dot() {
    for (Data data : Data.values()) {
      forAllSparse(data, true, (x, m) -> {
        float[] w = array(r, data, m, x.dim);
        float[] w0 = w.clone();
        int[] idx0 = x.indices.clone();
        float[] val0 = x.values.clone();
        Supplier<String> c = ctx(data, "dot", x);
        assertReduction(data, SparseOps.dot(x.indices, x.values, x.offset, x.nnz, w),
            ReferenceOps.sparseDot(x.indices, x.values, x.offset, x.nnz, w),
            exactSparseDot(x.indices, x.values, x.offset, x.nnz, w, 0), x.nnz, c);
        SparseVector cx = x.compact();
        assertReduction(data, SparseOps.dot(cx.indices, cx.values, w),
            ReferenceOps.sparseDot(cx.indices, cx.values, 0, cx.nnz, w),
            exactSparseDot(cx.indices, cx.values, 0, cx.nnz, w, 0), x.nnz, ctx(data, "dot(indices, values, w)", x));
        assertSameBits(w0, w, c);
        assertSameBits(val0, x.values, c);
        assertTrue(Arrays.equals(idx0, x.indices), c);
      });
    }
  }

  @Test
  @Covers({"SparseOps.dot(int[],float[],float[])", "SparseOps.dot(int[],float[],int,int,float[])"})
  void dotBinary() {
    for (Data data : Data.values()) {
      forAllSparse(data, true, (x, m) -> {
        float[] w = array(r, data, m, x.dim);
        float[] w0 = w.clone();
        Supplier<String> c = ctx(data, "dotBinary", x);
        assertReduction(data, SparseOps.dot(x.indices, null, x.offset, x.nnz, w),
            ReferenceOps.sparseDotBinary(x.indices, x.offset, x.nnz, w),
            exactSparseDot(x.indices, null, x.offset, x.nnz, w, 0), x.nnz, c);
        SparseVector cx = x.compact();
        assertReduction(data, SparseOps.dot(cx.indices, null, w), ReferenceOps.sparseDotBinary(cx.indices, 0, x.nnz, w),
            exactSparseDot(cx.indices, null, 0, x.nnz, w, 0), x.nnz, ctx(data, "dotBinary(indices, w)", x));
        assertSameBits(w0, w, c);
      });
    }
  }

  @Test
  @Covers("SparseOps.squaredNorm(float[],int,int)")
  void squaredNorm() {
    for (Data data : Data.values()) {
      forAllSizes(true, nnz -> {
        int m = intBound(nnz);
        int o = offset(r);
        float[] values = array(r, data, m, o, nnz);
        assertReduction(data, SparseOps.squaredNorm(values, o, nnz), ReferenceOps.sparseSquaredNorm(values, o, nnz),
            exactDot(values, o, values, o, nnz), nnz, ctx(data, "squaredNorm", "nnz=" + nnz, "offset=" + o));
      });
    }
  }

  @Test
  @Covers({"SparseOps.scatterAdd(float,int[],float[],float[])",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[])"})
  void scatterAdd() {
    for (Data data : Data.values()) {
      forAllSparse(data, true, (x, m) -> {
        float alpha = coefficient(r, data);
        float[] w = array(r, data, 8, x.dim);
        float[] expected = w.clone();
        ReferenceOps.scatterAdd(alpha, x.indices, x.values, x.offset, x.nnz, expected);
        SparseOps.scatterAdd(alpha, x.indices, x.values, x.offset, x.nnz, w);
        assertSameBits(expected, w, ctx(data, "scatterAdd", x, "alpha=" + alpha));
        SparseVector cx = x.compact();
        float[] w2 = array(r, data, 8, x.dim);
        float[] expected2 = w2.clone();
        ReferenceOps.scatterAdd(alpha, cx.indices, cx.values, 0, cx.nnz, expected2);
        SparseOps.scatterAdd(alpha, cx.indices, cx.values, w2);
        assertSameBits(expected2, w2, ctx(data, "scatterAdd(alpha, indices, values, w)", x, "alpha=" + alpha));
      });
    }
  }

  @Test
  @Covers({"SparseOps.scatterAdd(float,int[],float[],float[])",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[])"})
  void scatterAddBinary() {
    for (Data data : Data.values()) {
      forAllSparse(data, true, (x, m) -> {
        float alpha = coefficient(r, data);
        float[] w = array(r, data, 8, x.dim);
        float[] expected = w.clone();
        ReferenceOps.scatterAddBinary(alpha, x.indices, x.offset, x.nnz, expected);
        SparseOps.scatterAdd(alpha, x.indices, null, x.offset, x.nnz, w);
        assertSameBits(expected, w, ctx(data, "scatterAddBinary", x, "alpha=" + alpha));
        SparseVector cx = x.compact();
        float[] w2 = array(r, data, 8, x.dim);
        float[] expected2 = w2.clone();
        ReferenceOps.scatterAddBinary(alpha, cx.indices, 0, cx.nnz, expected2);
        SparseOps.scatterAdd(alpha, cx.indices, null, w2);
        assertSameBits(expected2, w2, ctx(data, "scatterAddBinary(alpha, indices, w)", x, "alpha=" + alpha));
      });
    }
  }

  @Test
  @Covers("SparseOps.dualScatterAdd(float,double,int[],float[],int,int,float[],double[])")
  void dualScatterAdd() {
    for (Data data : Data.values()) {
      for (boolean binary : new boolean[] {false, true}) {
        forAllSparse(data, true, (x, m) -> {
          float a = coefficient(r, data);
          double b = data == Data.INTEGER ? r.nextInt(2001) - 1000 : r.nextDouble() * 1e6;
          float[] values = binary ? null : x.values;
          float[] w = array(r, data, 8, x.dim);
          double[] u = doubles(r, x.dim);
          float[] wExpected = w.clone();
          double[] uExpected = u.clone();
          ReferenceOps.dualScatterAdd(a, b, x.indices, values, x.offset, x.nnz, wExpected, uExpected);
          SparseOps.dualScatterAdd(a, b, x.indices, values, x.offset, x.nnz, w, u);
          Supplier<String> c = ctx(data, "dualScatterAdd", binary ? "values=null" : "", x, "a=" + a, "b=" + b);
          assertSameBits(wExpected, w, c);
          assertSameBits(uExpected, u, c);
        });
      }
    }
  }

  @Test
  @Covers("SparseOps.multiDot(float[],int,int,int[],float[],int,int,float[],int)")
  void multiDot() {
    for (Data data : Data.values()) {
      for (boolean binary : new boolean[] {false, true}) {
        forAllSparse(data, false, (x, m) -> {
          int k = r.nextInt(6);
          int d = x.dim;
          float[] values = binary ? null : x.values;
          float[] rows = array(r, data, m, k * d + r.nextInt(3));
          int oo = offset(r);
          float[] out = array(r, data, m, oo, k);
          float[] rows0 = rows.clone();
          float[] expected = out.clone();
          ReferenceOps.sparseMultiDot(rows, k, d, x.indices, values, x.offset, x.nnz, expected, oo);
          float[] before = out.clone();
          SparseOps.multiDot(rows, k, d, x.indices, values, x.offset, x.nnz, out, oo);
          Supplier<String> c = ctx(data, "multiDot", binary ? "values=null" : "", x, "k=" + k, "outOffset=" + oo);
          for (int i = 0; i < out.length; i++) {
            int row = i - oo;
            if (row < 0 || row >= k) {
              assertSameBits(before[i], out[i], () -> c.get() + " outside the output range at [" + (row + oo) + "]");
            } else {
              assertReduction(data, out[i], expected[i],
                  exactSparseDot(x.indices, values, x.offset, x.nnz, rows, row * d), x.nnz,
                  () -> c.get() + " row " + row);
            }
          }
          assertSameBits(rows0, rows, c);
        });
      }
    }
  }

  /**
   * The row forms address row r of a k x d weight matrix: the same results as the plain forms on
   * that row alone, and nothing outside the row is read or written.
   */
  @Test
  @Covers({"SparseOps.dot(int[],float[],int,int,float[],int,int)",
      "SparseOps.scatterAdd(float,int[],float[],int,int,float[],int,int)",
      "SparseOps.dualScatterAdd(float,double,int[],float[],int,int,float[],double[],int,int)"})
  void rowForms() {
    for (Data data : Data.values()) {
      for (boolean binary : new boolean[] {false, true}) {
        forAllSparse(data, false, (x, m) -> {
          int d = x.dim;
          int k = 1 + r.nextInt(4);
          int row = r.nextInt(k);
          int off = row * d;
          float[] values = binary ? null : x.values;
          float[] rows = array(r, data, m, k * d);
          float[] rowAlone = Arrays.copyOfRange(rows, off, off + d);
          Supplier<String> c = ctx(data, "row forms", binary ? "values=null" : "", x, "k=" + k, "row=" + row);

          float expectedDot = binary ? ReferenceOps.sparseDotBinary(x.indices, x.offset, x.nnz, rowAlone)
              : ReferenceOps.sparseDot(x.indices, values, x.offset, x.nnz, rowAlone);
          assertReduction(data, SparseOps.dot(x.indices, values, x.offset, x.nnz, rows, off, d), expectedDot,
              exactSparseDot(x.indices, values, x.offset, x.nnz, rows, off), x.nnz, c);

          float alpha = coefficient(r, data);
          float[] expected = rows.clone();
          float[] expectedRow = rowAlone.clone();
          if (binary) {
            ReferenceOps.scatterAddBinary(alpha, x.indices, x.offset, x.nnz, expectedRow);
          } else {
            ReferenceOps.scatterAdd(alpha, x.indices, values, x.offset, x.nnz, expectedRow);
          }
          System.arraycopy(expectedRow, 0, expected, off, d);
          SparseOps.scatterAdd(alpha, x.indices, values, x.offset, x.nnz, rows, off, d);
          assertSameBits(expected, rows, c);

          double b = data == Data.INTEGER ? r.nextInt(2001) - 1000 : r.nextDouble() * 1e6;
          double[] u = doubles(r, k * d);
          float[] wExpected = rows.clone();
          double[] uExpected = u.clone();
          float[] wRow = Arrays.copyOfRange(wExpected, off, off + d);
          double[] uRow = Arrays.copyOfRange(uExpected, off, off + d);
          ReferenceOps.dualScatterAdd(alpha, b, x.indices, values, x.offset, x.nnz, wRow, uRow);
          System.arraycopy(wRow, 0, wExpected, off, d);
          System.arraycopy(uRow, 0, uExpected, off, d);
          SparseOps.dualScatterAdd(alpha, b, x.indices, values, x.offset, x.nnz, rows, u, off, d);
          assertSameBits(wExpected, rows, c);
          assertSameBits(uExpected, u, c);
        });
      }
    }
  }

  @Test
  @Covers("SparseOps.batchMargins(int[],int[],float[],int,float[],float,float[])")
  void batchMargins() {
    for (Data data : Data.values()) {
      for (boolean binary : new boolean[] {false, true}) {
        for (int n : new int[] {0, 1, 2, 5, 17}) {
          for (int maxNnz : sizes()) {
            checkBatchMargins(data, binary, n, 0, maxNnz, 1 + r.nextInt(2 * maxNnz + 8));
          }
        }
        // Enough non-zeros for the fork-join split (about 1.3 times the threshold), some rows empty.
        int n = 1200;
        int maxNnz = (int) (2 * RowBlocks.PARALLEL_THRESHOLD / n);
        checkBatchMargins(data, binary, n, maxNnz / 2, maxNnz, 1 << 16);
      }
    }
  }

  /** n CSR rows, about one in eight empty, the others of minNnz to maxNnz non-zeros into a w of dim elements. */
  private void checkBatchMargins(Data data, boolean binary, int n, int minNnz, int maxNnz, int dim) {
    int[] rowNnz = new int[n];
    int first = r.nextInt(5);
    long total = 0;
    for (int i = 0; i < n; i++) {
      rowNnz[i] = r.nextInt(8) == 0 ? 0 : minNnz + r.nextInt(maxNnz - minNnz + 1);
      total += rowNnz[i];
    }
    int m = intBound(maxNnz + 1);
    int[] rowPtr = new int[n + 1 + r.nextInt(2)];
    rowPtr[0] = first;
    for (int i = 0; i < n; i++) {
      rowPtr[i + 1] = rowPtr[i] + rowNnz[i];
    }
    int end = rowPtr[n];
    for (int i = n + 1; i < rowPtr.length; i++) {
      rowPtr[i] = -1; // past n: must be ignored
    }
    int[] indices = new int[end + r.nextInt(3)];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = i < first || i >= end ? -1 : r.nextInt(dim);
    }
    if (end > first) {
      indices[first + r.nextInt(end - first)] = dim - 1;
    }
    float[] values = binary ? null : array(r, data, m, indices.length);
    float[] w = array(r, data, m, dim);
    float bias = data == Data.INTEGER ? r.nextInt(2 * m + 1) - m : real(r);
    float[] out = array(r, data, m, n + r.nextInt(3));
    float[] expected = out.clone();
    ReferenceOps.sparseBatchMargins(rowPtr, indices, values, n, w, bias, expected);
    float[] before = out.clone();
    float[] w0 = w.clone();
    SparseOps.batchMargins(rowPtr, indices, values, n, w, bias, out);
    Supplier<String> c = ctx(data, "batchMargins", binary ? "values=null" : "", "n=" + n, "maxNnz=" + maxNnz,
        "dim=" + dim, "nnz=" + total, "bias=" + bias);
    for (int i = 0; i < out.length; i++) {
      final int row = i;
      if (i >= n) {
        assertSameBits(before[i], out[i], () -> c.get() + " outside the output range at [" + row + "]");
      } else {
        double[] exact = exactSparseDot(indices, values, rowPtr[i], rowNnz[i], w, 0);
        exact[0] += bias;
        exact[1] += Math.abs(bias);
        assertReduction(data, out[i], expected[i], exact, rowNnz[i] + 1, () -> c.get() + " row " + row);
      }
    }
    assertSameBits(w0, w, c);
    if (n == 1200) {
      assertTrue(total >= RowBlocks.PARALLEL_THRESHOLD, () -> c.get() + ": too few non-zeros for the parallel path");
    }
  }

  /** NaN and infinities propagate through the gather and the scalar tail alike. */
  @Test
  void specialValuesPropagate() {
    for (int nnz : sizes()) {
      if (nnz == 0) {
        continue;
      }
      SparseVector x = sparse(r, Data.REAL, 1, nnz, nnz + 5);
      float[] w = array(r, Data.REAL, 1, x.dim);
      int p = x.offset + r.nextInt(nnz);
      Supplier<String> c = () -> seed + " " + x + " p=" + p;
      float[] nanW = w.clone();
      nanW[x.indices[p]] = Float.NaN;
      assertTrue(Float.isNaN(SparseOps.dot(x.indices, x.values, x.offset, nnz, nanW)), c);
      assertTrue(Float.isNaN(SparseOps.dot(x.indices, null, x.offset, nnz, nanW)), c);
      float[] infW = new float[x.dim];
      infW[x.indices[p]] = Float.POSITIVE_INFINITY;
      assertSameBits(Float.POSITIVE_INFINITY, SparseOps.dot(x.indices, null, x.offset, nnz, infW), c);
      float[] zero = x.values.clone();
      zero[p] = 0f;
      assertTrue(Float.isNaN(SparseOps.dot(x.indices, zero, x.offset, nnz, infW)), () -> c.get() + " 0 * Inf");

      float[] nanValues = x.values.clone();
      nanValues[p] = Float.NaN;
      float[] target = w.clone();
      float[] expected = w.clone();
      ReferenceOps.scatterAdd(1.5f, x.indices, nanValues, x.offset, nnz, expected);
      SparseOps.scatterAdd(1.5f, x.indices, nanValues, x.offset, nnz, target);
      assertTrue(Float.isNaN(target[x.indices[p]]), c);
      assertSameBits(expected, target, c);
    }
  }
}
