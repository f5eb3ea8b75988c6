package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.reference.ReferenceKernels;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Gram block and its finishing steps against the literal twins in {@code ReferenceKernels}:
 * bit for bit on integer data (every sum exact), within the stated bounds on real data; and the
 * Vector API against the scalar implementation, which sum in the same order, bit for bit always.
 */
class GramBlocksTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());
  private static final int[] DIMS = {1, 2, 5, 8, 17, 64, 100};
  private static final int[] ROWS = {1, 3, 4, 5, 9};
  private static final int[] SVS = {1, 7, 16, 17, 40, 64, 70, 129};

  private final Random r = new Random(SEED);
  private final GramOps scalar = new ScalarGramOps(Kernel.usesFma());

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + "), " + GramBlocks.implementation();
  }

  private float[][] matrix(int rows, int d, boolean integers) {
    float[][] a = new float[rows][d];
    for (float[] row : a) {
      for (int j = 0; j < d; j++) {
        row[j] = integers ? r.nextInt(7) - 3 : (float) r.nextGaussian();
      }
    }
    return a;
  }

  /** The SVs packed, and the rows as (array, offset) pairs with a random offset each. */
  private static final class Packed {
    final float[] panels;
    final float[][] arrays;
    final int[] offsets;
    final int[] ids;
    final int d;

    Packed(float[][] x, float[][] sv, int d, Random r) {
      this.d = d;
      panels = new float[(int) GramBlocks.packedLength(sv.length, d)];
      for (int s = 0; s < sv.length; s++) {
        GramBlocks.pack(sv[s], 0, d, panels, GramBlocks.PANEL, s);
      }
      arrays = new float[x.length][];
      offsets = new int[x.length];
      for (int i = 0; i < x.length; i++) {
        offsets[i] = r.nextInt(3);
        arrays[i] = new float[offsets[i] + d + r.nextInt(3)];
        System.arraycopy(x[i], 0, arrays[i], offsets[i], d);
      }
      ids = new int[x.length];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = x.length - 1 - i;
      }
    }

    /** The rows, position t being row ids[t]. */
    QueryRows rows() {
      return QueryRows.dense(arrays, offsets, d, ids);
    }

    /** The first count SVs, in the model's panels. */
    SvPanels svs(int count) {
      return new SvPanels(panels, d, GramBlocks.PANEL, count);
    }
  }

  /** The non-zeros of rows (the matrix's zeros left out) in CSR form. */
  private static final class Csr {
    final int[] ptr;
    final int[] idx;
    final float[] val;

    Csr(float[][] x, int d) {
      ptr = new int[x.length + 1];
      idx = new int[x.length * d];
      val = new float[x.length * d];
      for (int i = 0; i < x.length; i++) {
        ptr[i + 1] = ptr[i];
        for (int j = 0; j < d; j++) {
          if (x[i][j] != 0f) {
            idx[ptr[i + 1]] = j;
            val[ptr[i + 1]++] = x[i][j];
          }
        }
      }
    }
  }

  @Test
  void gramEqualsTheReferenceOnIntegersAndIsWithinTheBoundOnReals() {
    System.out.println("GramBlocksTest " + tag());
    for (int d : DIMS) {
      for (int n : ROWS) {
        for (int m : SVS) {
          for (boolean integers : new boolean[] {true, false}) {
            float[][] x = matrix(n, d, integers);
            float[][] sv = matrix(m, d, integers);
            Packed p = new Packed(x, sv, d, r);
            int stride = GramBlocks.lanes(m) + 3;
            float[] g = new float[2 + n * stride];
            Arrays.fill(g, -7f);
            float[] gs = g.clone();
            GramBlocks.gram(p.rows(), 0, n, p.svs(m), new FloatRows(g, stride), 2);
            scalar.gram(p.rows(), 0, n, p.svs(m), new FloatRows(gs, stride), 2);
            assertBits(gs, g, "gram d=" + d + " n=" + n + " m=" + m);
            for (int t = 0; t < n; t++) {
              float[] row = x[p.ids[t]];
              float[][] ref = ReferenceKernels.gram(new float[][] {row}, sv);
              for (int s = 0; s < m; s++) {
                float fast = g[2 + t * stride + s];
                String where = tag() + " d=" + d + " G[" + t + "][" + s + "]";
                if (integers) {
                  assertEquals(ref[0][s], fast, 0f, where);
                } else {
                  double exact = 0;
                  double abs = 0;
                  for (int j = 0; j < d; j++) {
                    exact += (double) row[j] * sv[s][j];
                    abs += Math.abs((double) row[j] * sv[s][j]);
                  }
                  assertTrue(Math.abs(fast - exact) <= d * 0x1p-24 * abs * 1.01, where + ": " + fast + " vs " + exact);
                }
              }
              for (int s = m; s < GramBlocks.lanes(m); s++) {
                assertEquals(0f, g[2 + t * stride + s], "empty lane " + s);
              }
              // Only the lanes of the first m SVs, rounded up to whole LANES, are computed.
              for (int s = GramBlocks.lanes(m); s < stride; s++) {
                assertEquals(-7f, g[2 + t * stride + s], tag() + " m=" + m + ": lane " + s + " written");
              }
            }
          }
        }
      }
    }
  }

  @Test
  void sparseRowsGiveTheDenseRowsBits() {
    for (int d : new int[] {1, 37, 300}) {
      for (int m : new int[] {5, 16, 64, 70, 130}) {
        int n = 11;
        float[][] x = matrix(n, d, false);
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < d; j++) {
            if (r.nextInt(3) == 0) {
              x[i][j] = 0f;
            }
          }
        }
        Csr csr = new Csr(x, d);
        int[] ptr = csr.ptr;
        int[] idx = csr.idx;
        float[] val = csr.val;
        float[][] sv = matrix(m, d, false);
        Packed p = new Packed(x, sv, d, r);
        int stride = GramBlocks.lanes(m) + 1;
        float[] dense = new float[n * stride];
        GramBlocks.gram(p.rows(), 0, n, p.svs(m), new FloatRows(dense, stride), 0);
        float[] sparse = new float[1 + n * stride];
        QueryRows csrRows = QueryRows.sparse(ptr, idx, val, d, p.ids);
        GramBlocks.gram(csrRows, 0, n, p.svs(m), new FloatRows(sparse, stride), 1);
        float[] sparseScalar = new float[1 + n * stride];
        scalar.gramSparse(csrRows, 0, n, p.svs(m), new FloatRows(sparseScalar, stride), 1);
        assertBits(sparseScalar, sparse, "sparse panama vs scalar d=" + d + " m=" + m);
        assertBits(dense, Arrays.copyOfRange(sparse, 1, sparse.length), "sparse vs dense d=" + d + " m=" + m);
        // Binary rows (values null) against their dense form of ones.
        float[][] ones = new float[n][d];
        for (int i = 0; i < n; i++) {
          for (int q = ptr[i]; q < ptr[i + 1]; q++) {
            ones[i][idx[q]] = 1f;
          }
        }
        Packed po = new Packed(ones, sv, d, r);
        float[] denseOnes = new float[n * stride];
        GramBlocks.gram(po.rows(), 0, n, po.svs(m), new FloatRows(denseOnes, stride), 0);
        float[] binary = new float[n * stride];
        QueryRows binaryRows = QueryRows.sparse(ptr, idx, null, d, po.ids);
        GramBlocks.gram(binaryRows, 0, n, po.svs(m), new FloatRows(binary, stride), 0);
        assertBits(denseOnes, binary, "binary sparse vs dense d=" + d + " m=" + m);
      }
    }
  }

  @Test
  void rowQuadsGiveTheDenseRowsBitsInEveryOrderAndGrouping() {
    boolean sawQuads = false;
    boolean sawAlone = false;
    for (boolean fewShared : new boolean[] {false, true})
    for (int d : new int[] {1, 5, 37, 300}) {
      for (int m : new int[] {5, 16, 33, 64, 70, 130}) {
        for (int n : new int[] {1, 4, 7, 29}) {
          float[][] x = matrix(n, d, false);
          // Rows with zeros in runs and scattered, some all zero, so quads drop features; or (few
          // shared) three random non-zeros a row, which quads do not pay for at d = 300.
          for (int i = 0; i < n; i++) {
            int lo = r.nextInt(d);
            int hi = lo + r.nextInt(d - lo + 1);
            boolean empty = r.nextInt(6) == 0;
            for (int j = 0; j < d; j++) {
              boolean zero = fewShared ? r.nextInt(d) >= 3 : empty || j < lo || j >= hi || r.nextInt(4) == 0;
              if (zero) {
                x[i][j] = 0f;
              }
            }
          }
          Csr csr = new Csr(x, d);
          int[] ptr = csr.ptr;
          int[] idx = csr.idx;
          float[] val = csr.val;
          float[][] sv = matrix(m, d, false);
          Packed p = new Packed(x, sv, d, r);
          int stride = GramBlocks.lanes(m) + 2;
          float[][] byRow = p.arrays;
          int[] offsetByRow = p.offsets;
          int[] identity = new int[n];
          Arrays.setAll(identity, i -> i);
          float[] dense = new float[n * stride];
          scalar.gram(QueryRows.dense(byRow, offsetByRow, d, identity), 0, n, p.svs(m),
              new FloatRows(dense, stride), 0);
          RowQuads fromDense = RowQuads.ofDense(byRow, offsetByRow, n, d);
          RowQuads fromSparse = RowQuads.ofSparse(ptr, idx, val, n, d);
          // The few SVs of a training step: one panel as wide as they are.
          int width = GramBlocks.lanes(m);
          float[] wide = new float[d * width];
          for (int s = 0; s < m; s++) {
            GramBlocks.pack(sv[s], 0, d, wide, width, s);
          }
          SvPanels block = new SvPanels(wide, d, width, width);
          if (fewShared && d == 300 && n == 29) {
            assertTrue(!fromDense.inQuads() && !fromSparse.inQuads(),
                tag() + ": rows sharing few features are laid out alone");
          }
          sawQuads |= fromDense.inQuads();
          sawAlone |= !fromDense.inQuads();
          assertEquals(fromDense.inQuads(), fromSparse.inQuads(), "both builders choose the same layout");
          QueryRows sparseRows = QueryRows.sparse(ptr, idx, val, d, null);
          for (RowQuads quads : new RowQuads[] {fromDense, fromSparse}) {
            int nq = quads.quads();
            assertEquals((n + 3) / 4, nq);
            float[] g = new float[3 + nq * 4 * stride];
            float[] gs = g.clone();
            // Two calls over a split of the quads: the second writes from its own offset.
            int split = nq / 2;
            GramBlocks.gramQuads(quads, 0, split, block, new FloatRows(g, stride), 3);
            GramBlocks.gramQuads(quads, split, nq, block, new FloatRows(g, stride), 3 + split * 4 * stride);
            scalar.gramQuads(quads, 0, nq, block, new FloatRows(gs, stride), 3);
            String where = tag() + " quads d=" + d + " m=" + m + " n=" + n;
            assertBits(gs, g, where + " panama vs scalar");
            // The same SVs in a model's panels (several when m > PANEL): the same bits.
            float[] gp = new float[3 + nq * 4 * stride];
            GramBlocks.gramQuads(quads, 0, nq, p.svs(m), new FloatRows(gp, stride), 3);
            assertBits(g, gp, where + " one wide panel vs the model's panels");
            // One row at a time (a training visit) gives the rows of the block, against all of its
            // lanes or its first panels (the pending rows of a visit); the lanes after them stay untouched.
            for (int pos = 0; pos < nq * 4; pos++) {
              for (int lanes = width; lanes >= 0; lanes -= GramBlocks.LANES) {
                String at = where + " lanes " + lanes;
                float[] one = new float[1 + width];
                Arrays.fill(one, -7f);
                GramBlocks.gramQuadRow(quads, pos, block, lanes, one, 1);
                assertBits(Arrays.copyOfRange(g, 3 + pos * stride, 3 + pos * stride + lanes),
                    Arrays.copyOfRange(one, 1, 1 + lanes), at + " row at position " + pos);
                assertUntouched(one, 1 + lanes, at + " row at position " + pos);
                // The same row over its own non-zeros (a training visit on sparse rows).
                int row = quads.row(pos);
                if (row >= 0 && val != null) {
                  float[] own = new float[2 + width];
                  Arrays.fill(own, -7f);
                  GramBlocks.gramSparseRow(sparseRows, row, block, lanes, own, 2);
                  assertBits(Arrays.copyOfRange(g, 3 + pos * stride, 3 + pos * stride + lanes),
                      Arrays.copyOfRange(own, 2, 2 + lanes), at + " row " + row + " over its own non-zeros");
                  assertUntouched(own, 2 + lanes, at + " row " + row + " over its own non-zeros");
                }
              }
            }
            boolean[] seen = new boolean[n];
            for (int pos = 0; pos < nq * 4; pos++) {
              int row = quads.row(pos);
              for (int s = 0; s < width; s++) {
                float got = g[3 + pos * stride + s];
                float want = row < 0 ? 0f : dense[row * stride + s];
                if (Float.floatToRawIntBits(want) != Float.floatToRawIntBits(got)) {
                  fail(where + " position " + pos + " (row " + row + ") sv " + s + ": " + got + " vs dense " + want);
                }
              }
              if (row >= 0) {
                assertTrue(!seen[row], where + ": row " + row + " twice");
                seen[row] = true;
              }
            }
            for (boolean b : seen) {
              assertTrue(b, where + ": a row is missing from the layout");
            }
          }
          assertEquals(fromDense.feature.length, fromSparse.feature.length, "both builders keep the same features");
        }
      }
    }
    assertTrue(sawQuads && sawAlone, "both layouts were tested");
  }

  @Test
  void theParallelSplitGivesTheSerialBits() {
    int d = 200;
    int n = 403;
    float[][] x = matrix(n, d, false);
    float[][] sv = matrix(70, d, false);
    Packed p = new Packed(x, sv, d, r);
    int stride = 80;
    float[] g = new float[n * stride];
    float[] gs = new float[n * stride];
    GramBlocks.gram(p.rows(), 0, n, p.svs(70), new FloatRows(g, stride), 0);
    scalar.gram(p.rows(), 0, n, p.svs(70), new FloatRows(gs, stride), 0);
    assertBits(gs, g, "parallel gram");
  }

  @Test
  void expIsWithinTwoUlpOfMathExpAndTheSameInEveryImplementation() {
    int worst = 0;
    float[] xs = new float[200_003];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = i < 100_000 ? GramBlocks.EXP_LOW + (GramBlocks.EXP_HIGH - GramBlocks.EXP_LOW) * i / 100_000f
          : (float) (-r.nextDouble() * 10);
    }
    xs[xs.length - 3] = 0f;
    xs[xs.length - 2] = -0f;
    xs[xs.length - 1] = -1e-30f;
    float[] fast = xs.clone();
    GramBlocks.exp(fast, 0, fast.length);
    float[] sc = xs.clone();
    scalar.exp(sc, 0, sc.length);
    assertBits(sc, fast, "exp");
    for (int i = 0; i < xs.length; i++) {
      float expected = (float) Math.exp(xs[i]);
      int ulps = Math.abs(Float.floatToIntBits(fast[i]) - Float.floatToIntBits(expected));
      worst = Math.max(worst, ulps);
      if (ulps > 2) {
        fail(tag() + " exp(" + xs[i] + ") = " + fast[i] + ", Math.exp " + expected + ": " + ulps + " ulp");
      }
      assertEquals(fast[i], GramBlocks.exp(xs[i]), 0f, "scalar exp(" + xs[i] + ")");
    }
    System.out.println("exp: worst " + worst + " ulp over " + xs.length + " arguments (fma " + Kernel.usesFma() + ")");
    assertEquals(0f, GramBlocks.exp(-87.5f));
    assertEquals(0f, GramBlocks.exp(Float.NEGATIVE_INFINITY));
    assertTrue(Float.isNaN(GramBlocks.exp(Float.NaN)));
    assertEquals(1f, GramBlocks.exp(0f));
  }

  @Test
  void rbfAndPolyFollowTheReference() {
    for (int d : DIMS) {
      for (boolean integers : new boolean[] {true, false}) {
        float[] x = matrix(1, d, integers)[0];
        float[][] sv = matrix(21, d, integers);
        sv[3] = x.clone();
        Packed p = new Packed(new float[][] {x}, sv, d, r);
        float[] norms = new float[sv.length];
        for (int s = 0; s < sv.length; s++) {
          norms[s] = ReferenceKernels.linear(sv[s], sv[s]);
        }
        float xNorm = ReferenceKernels.linear(x, x);
        float[] g = new float[32];
        GramBlocks.gram(p.rows(), 0, 1, p.svs(sv.length), new FloatRows(g, 32), 0);
        float gamma = 1f / (d + 1);
        float[] rbf = g.clone();
        GramBlocks.rbf(rbf, 0, sv.length, xNorm, norms, gamma);
        float[] rbfScalar = g.clone();
        scalar.rbf(rbfScalar, 0, sv.length, xNorm, norms, gamma);
        assertBits(rbfScalar, rbf, "rbf");
        if (integers) {
          assertEquals(1f, rbf[3], "K(x, x)");
        }
        float[] poly = g.clone();
        GramBlocks.poly(poly, 0, sv.length, integers ? 1f : 0.5f, 1f, 3);
        float[] polyScalar = g.clone();
        scalar.poly(polyScalar, 0, sv.length, integers ? 1f : 0.5f, 1f, 3);
        assertBits(polyScalar, poly, "poly");
        for (int s = 0; s < sv.length; s++) {
          float refRbf = ReferenceKernels.rbf(x, sv[s], gamma);
          float refPoly = ReferenceKernels.poly(x, sv[s], integers ? 1f : 0.5f, 1f, 3);
          String where = tag() + " d=" + d + " sv " + s;
          if (integers) {
            // Exact norms and dot product, the same float argument: only exp differs (2 ulp).
            assertTrue(Math.abs(Float.floatToIntBits(refRbf) - Float.floatToIntBits(rbf[s])) <= 2,
                where + " rbf " + rbf[s] + " vs " + refRbf);
            assertEquals(refPoly, poly[s], 0f, where + " poly");
          } else {
            // The squared distance carries the dot products' error (d 2^-24 (|x|^2 + |s|^2 + 2 sum|x s|)),
            // scaled by gamma and by K itself; then 2 ulp of exp.
            double abs = 0;
            for (int j = 0; j < d; j++) {
              abs += Math.abs((double) x[j] * sv[s][j]);
            }
            double distError = 2 * (d + 2) * 0x1p-24 * (xNorm + norms[s] + 2 * abs);
            double bound = refRbf * gamma * distError * 1.01 + 3 * Math.ulp(Math.max(refRbf, rbf[s]));
            assertTrue(Math.abs(refRbf - rbf[s]) <= bound, where + " rbf " + rbf[s] + " vs " + refRbf);
          }
        }
      }
    }
  }

  @Test
  void classScoresFromAGramRowEqualTheReferenceOnIntegers() {
    for (int k : new int[] {1, 3, 10, 17}) {
      int kp = ClassScores.paddedClasses(k);
      for (int m : new int[] {0, 1, 5, 33}) {
        for (boolean integers : new boolean[] {true, false}) {
          float[] g = matrix(1, m + 3, integers)[0];
          float[][] coef = matrix(m, k, true);
          float[] flat = new float[m * kp];
          for (int s = 0; s < m; s++) {
            System.arraycopy(coef[s], 0, flat, s * kp, k);
          }
          float[] out = new float[kp + 2];
          float[] outScalar = new float[kp + 2];
          out[2] = outScalar[2] = integers ? 5f : 0.25f;
          GramBlocks.classScores(g, 3, m, new ClassCoefs(flat, kp, kp), out, 2);
          scalar.classScores(g, 3, m, new ClassCoefs(flat, kp, kp), outScalar, 2);
          assertBits(outScalar, out, "classScores k=" + k + " m=" + m);
          if (integers) {
            float[] ref = ReferenceKernels.classScores(Arrays.copyOfRange(g, 3, 3 + m), coef, k);
            ref[0] += 5f;
            for (int c = 0; c < k; c++) {
              assertEquals(ref[c], out[2 + c], 0f, tag() + " k=" + k + " m=" + m + " class " + c);
            }
          }
        }
      }
    }
  }

  @Test
  void columnScoresEqualTheScalarTwinAndTheLiteralChainBitForBit() {
    boolean fma = Kernel.usesFma();
    for (int k : new int[] {1, 2, 3, 4, 5, 10, 17}) {
      int kp = ClassScores.paddedClasses(k);
      for (int n : new int[] {1, 5, 16, 17, 63, 64, 65, 130, 700}) {
        for (int m : new int[] {0, 1, 7, 40}) {
          int from = n > 20 ? 3 : 0;
          float[][] columns = new float[m][];
          for (int s = 0; s < m; s++) {
            columns[s] = matrix(1, n + r.nextInt(3), false)[0];
          }
          // Coefficients of every lane (padding classes too: they must not reach acc), some zero.
          float[] coef = new float[m * kp];
          for (int i = 0; i < coef.length; i++) {
            coef[i] = r.nextInt(4) == 0 ? 0f : (float) r.nextGaussian();
          }
          // Running sums at a stride longer than the rows, from values of their own.
          int stride = n + 2;
          float[] start = matrix(1, kp * stride, false)[0];
          float[] acc = start.clone();
          float[] accScalar = start.clone();
          GramBlocks.columnScores(columns, m, from, n, new ClassCoefs(coef, kp, k), new FloatRows(acc, stride));
          scalar.columnScores(columns, m, from, n, new ClassCoefs(coef, kp, k), new FloatRows(accScalar, stride));
          String what = "columnScores k=" + k + " n=" + n + " m=" + m;
          assertBits(accScalar, acc, what);
          for (int c = 0; c < kp; c++) {
            for (int t = 0; t < stride; t++) {
              float expected = start[c * stride + t];
              if (t >= from && t < n && c < k) {
                for (int s = 0; s < m; s++) {
                  float w = coef[s * kp + c];
                  expected = fma ? Math.fma(columns[s][t], w, expected) : columns[s][t] * w + expected;
                }
              }
              float got = acc[c * stride + t];
              assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(got),
                  tag() + " " + what + " row " + t + " class " + c + ": " + got + " vs " + expected);
            }
          }
        }
      }
    }
    // Large enough to be split over the fork-join pool.
    int n = 3001;
    int m = 150;
    int k = 10;
    int kp = ClassScores.paddedClasses(k);
    float[][] columns = matrix(m, n, false);
    float[] coef = matrix(1, m * kp, false)[0];
    float[] acc = matrix(1, kp * n, false)[0];
    float[] accScalar = acc.clone();
    GramBlocks.columnScores(columns, m, 0, n, new ClassCoefs(coef, kp, k), new FloatRows(acc, n));
    scalar.columnScores(columns, m, 0, n, new ClassCoefs(coef, kp, k), new FloatRows(accScalar, n));
    assertBits(accScalar, acc, "parallel columnScores");
  }

  private static void assertBits(float[] expected, float[] actual, String what) {
    for (int i = 0; i < expected.length; i++) {
      if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
        fail(tag() + " " + what + " [" + i + "]: " + actual[i] + " vs scalar " + expected[i]);
      }
    }
  }

  /** Fails unless a[from, a.length) all hold the -7 the caller filled them with. */
  private static void assertUntouched(float[] a, int from, String where) {
    for (int s = from; s < a.length; s++) {
      if (a[s] != -7f) {
        fail(where + ": lane " + (s - from) + " after the requested ones was written: " + a[s]);
      }
    }
  }
}
