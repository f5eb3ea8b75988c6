package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.Kernel;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The A/B behind the two-row pass of {@code PanamaVectorOps.multiDot}: loop shapes for the
 * multi-row dot (k row-major weight rows of length d against one x), written here (not calling
 * the kernel) so that only the shape differs. {@code twoRows} is a copy of the kernel's shape (rows
 * in pairs, one pass over x per pair, 4 accumulators per row); {@code fourRowsChainPairs} takes
 * four rows per group in two half passes over x, the first for dot's accumulator chains 0 and 1
 * of the four rows, the second for chains 2 and 3 (8 accumulators in each pass); {@code separateDots}
 * is k calls of the single 4-accumulator dot; {@code kernel} is {@code DenseOps.multiDot}, for
 * reference. Every shape sums every row exactly as the kernel's {@code dot} does (same chains,
 * same combination, same scalar tail, FMA), which setup checks bit for bit.
 *
 * <p>The half passes of {@code fourRowsChainPairs} are separate methods that leave their partial
 * vectors in a scratch array: with both passes in one method C2 hits {@code NodeCountInliningCutoff}
 * and boxes the vectors (5x slower).
 *
 * <p>{@code offset}: rows and x are allocated with 8 extra floats and every shape reads them from
 * float {@code offset} (row r at {@code offset + r*d}, x at {@code offset}). HotSpot aligns array
 * data only to 8 bytes, so unless the data start happens to be 32-byte aligned, half of the
 * 32-byte (AVX2) vector loads cross a 64-byte cache line. The offsets 0, 2, 4, 6 floats shift the
 * start by 0, 8, 16, 24 bytes, so in every fork exactly one of them makes rows 32-byte aligned
 * (and one, not necessarily the same, makes x aligned); which one is not known here and may
 * differ between forks. Row starts keep the alignment of row 0 only when d is a multiple of 8
 * (d = 784 is). With 64-byte (AVX-512) vectors no offset avoids crossings unless the start is
 * 64-byte aligned.
 *
 * <p>Not part of the report; run with e.g.
 * {@code java -jar bench/target/benchmarks.jar 'MultiDotShapes' -p k=10 -f 2 -wi 2 -w 500ms -i 4 -r 500ms}.
 * Same seeds as {@link MultiDotBenchmark} (at offset 0 the same data).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class MultiDotShapes {
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  private static final int L = F.length();
  /** As in the kernel: below two vectors dot is scalar only. */
  private static final int MIN_VECTOR_LENGTH = 2 * L;
  /** As in the kernel: from here dot streams (another order), which these shapes do not copy. */
  private static final int STREAMING_LENGTH = 1 << 20;
  /** Extra floats allocated at the front of rows and x, room for every offset. */
  private static final int PAD = 8;
  private static final VectorShuffle<Float> XOR8 = L > 8 ? VectorShuffle.fromOp(F, i -> i ^ 8) : null;
  private static final VectorShuffle<Float> XOR4 = L > 4 ? VectorShuffle.fromOp(F, i -> i ^ 4) : null;
  private static final VectorShuffle<Float> XOR2 = L > 2 ? VectorShuffle.fromOp(F, i -> i ^ 2) : null;
  private static final VectorShuffle<Float> XOR1 = VectorShuffle.fromOp(F, i -> i ^ 1);

  @Param({"10"})
  int k;

  @Param({"784"})
  int d;

  /** First float read, in rows (plus r*d) and in x; see the class comment. */
  @Param({"0", "2", "4", "6"})
  int offset;

  float[] rows;
  float[] x;
  float[] out;
  /** fourRowsChainPairs: c0+c1 of the four rows in [0, 4L), c2+c3 in [4L, 8L). */
  float[] scratch;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    if (!Kernel.usesFma() || Kernel.vectorBits() != F.vectorBitSize()) {
      throw new IllegalStateException("the shapes copy the kernel with FMA and " + F.vectorBitSize()
          + "-bit vectors, but the kernel runs " + Kernel.describe());
    }
    if (offset < 0 || offset > PAD) {
      throw new IllegalArgumentException("offset must be in [0, " + PAD + "], got " + offset);
    }
    if (d >= STREAMING_LENGTH) {
      throw new IllegalArgumentException("d must be below " + STREAMING_LENGTH + " (dot streams from there), got " + d);
    }
    rows = Inputs.floats(k * d + PAD, 21);
    x = Inputs.floats(d + PAD, 22);
    out = new float[k];
    scratch = new float[8 * L];
    check("twoRows", this::twoRows);
    check("fourRowsChainPairs", this::fourRowsChainPairs);
    check("separateDots", this::separateDots);
    check("kernel", this::kernel);
  }

  /** Fails unless every out[r] of the shape equals the kernel's dot of row r bit for bit. */
  private void check(String shape, Supplier<float[]> run) {
    Arrays.fill(out, Float.NaN);
    float[] result = run.get();
    for (int r = 0; r < k; r++) {
      float expected = DenseOps.dot(rows, offset + r * d, x, offset, d);
      if (Float.floatToRawIntBits(result[r]) != Float.floatToRawIntBits(expected)) {
        throw new IllegalStateException(shape + " row " + r + " (k = " + k + ", d = " + d + ", offset = " + offset
            + ") = " + result[r] + " but DenseOps.dot = " + expected);
      }
    }
  }

  /** A copy of the kernel's {@code sumLanes}: halves, then quarters, ... (a fixed order). */
  static float sumLanes(FloatVector v) {
    if (L > 8) {
      v = v.add(v.rearrange(XOR8));
    }
    if (L > 4) {
      v = v.add(v.rearrange(XOR4));
    }
    if (L > 2) {
      v = v.add(v.rearrange(XOR2));
    }
    return v.add(v.rearrange(XOR1)).lane(0);
  }

  /** A copy of the kernel's {@code dotInCache} with FMA: 4 accumulators, chain c on the blocks i + c*L. */
  static float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= MIN_VECTOR_LENGTH) {
      FloatVector acc0 = FloatVector.zero(F);
      FloatVector acc1 = FloatVector.zero(F);
      FloatVector acc2 = FloatVector.zero(F);
      FloatVector acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = FloatVector.fromArray(F, a, aOff + i).fma(FloatVector.fromArray(F, b, bOff + i), acc0);
        acc1 = FloatVector.fromArray(F, a, aOff + i + L).fma(FloatVector.fromArray(F, b, bOff + i + L), acc1);
        acc2 = FloatVector.fromArray(F, a, aOff + i + 2 * L).fma(FloatVector.fromArray(F, b, bOff + i + 2 * L), acc2);
        acc3 = FloatVector.fromArray(F, a, aOff + i + 3 * L).fma(FloatVector.fromArray(F, b, bOff + i + 3 * L), acc3);
      }
      for (int bound = n - L; i <= bound; i += L) {
        acc0 = FloatVector.fromArray(F, a, aOff + i).fma(FloatVector.fromArray(F, b, bOff + i), acc0);
      }
      sum = sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
    }
    for (; i < n; i++) {
      sum = Math.fma(a[aOff + i], b[bOff + i], sum);
    }
    return sum;
  }

  /** A copy of the kernel's {@code multiDot}: rows in pairs, an odd last row by dot. */
  static void twoRows(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out) {
    if (d < MIN_VECTOR_LENGTH) {
      separateDots(rows, rowsOff, k, d, x, xOff, out);
      return;
    }
    pairsFrom(0, rows, rowsOff, k, d, x, xOff, out);
  }

  /** Rows r, r+1, ... k-1 in pairs, an odd last row by dot. */
  private static void pairsFrom(int r, float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out) {
    for (; r + 2 <= k; r += 2) {
      twoRowPass(rows, rowsOff + r * d, d, x, xOff, out, r);
    }
    if (r < k) {
      out[r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }

  /** A copy of the kernel's {@code multiDot2}: rows o0 and o0 + d in one pass over x, 8 accumulators. */
  private static void twoRowPass(float[] rows, int o0, int d, float[] x, int xOff, float[] out, int outOff) {
    final int o1 = o0 + d;
    FloatVector a0 = FloatVector.zero(F), a1 = FloatVector.zero(F), a2 = FloatVector.zero(F), a3 = FloatVector.zero(F);
    FloatVector b0 = FloatVector.zero(F), b1 = FloatVector.zero(F), b2 = FloatVector.zero(F), b3 = FloatVector.zero(F);
    int i = 0;
    for (int bound = d - 4 * L; i <= bound; i += 4 * L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      a0 = FloatVector.fromArray(F, rows, o0 + i).fma(x0, a0);
      b0 = FloatVector.fromArray(F, rows, o1 + i).fma(x0, b0);
      FloatVector x1 = FloatVector.fromArray(F, x, xOff + i + L);
      a1 = FloatVector.fromArray(F, rows, o0 + i + L).fma(x1, a1);
      b1 = FloatVector.fromArray(F, rows, o1 + i + L).fma(x1, b1);
      FloatVector x2 = FloatVector.fromArray(F, x, xOff + i + 2 * L);
      a2 = FloatVector.fromArray(F, rows, o0 + i + 2 * L).fma(x2, a2);
      b2 = FloatVector.fromArray(F, rows, o1 + i + 2 * L).fma(x2, b2);
      FloatVector x3 = FloatVector.fromArray(F, x, xOff + i + 3 * L);
      a3 = FloatVector.fromArray(F, rows, o0 + i + 3 * L).fma(x3, a3);
      b3 = FloatVector.fromArray(F, rows, o1 + i + 3 * L).fma(x3, b3);
    }
    for (int bound = d - L; i <= bound; i += L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      a0 = FloatVector.fromArray(F, rows, o0 + i).fma(x0, a0);
      b0 = FloatVector.fromArray(F, rows, o1 + i).fma(x0, b0);
    }
    float s0 = sumLanes(a0.add(a1).add(a2.add(a3)));
    float s1 = sumLanes(b0.add(b1).add(b2.add(b3)));
    for (; i < d; i++) {
      float xi = x[xOff + i];
      s0 = Math.fma(rows[o0 + i], xi, s0);
      s1 = Math.fma(rows[o1 + i], xi, s1);
    }
    out[outOff] = s0;
    out[outOff + 1] = s1;
  }

  /**
   * Four rows per group in two half passes over x (chains 0 and 1, then chains 2 and 3), combined
   * as dot combines its chains; the k mod 4 leftover rows as in {@link #twoRows}.
   */
  static void fourRowsChainPairs(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out,
      float[] scratch) {
    if (d < MIN_VECTOR_LENGTH) {
      separateDots(rows, rowsOff, k, d, x, xOff, out);
      return;
    }
    int r = 0;
    for (; r + 4 <= k; r += 4) {
      int o0 = rowsOff + r * d;
      chains01(rows, o0, d, x, xOff, scratch);
      chains23(rows, o0, d, x, xOff, scratch);
      combineFour(rows, o0, d, x, xOff, scratch, out, r);
    }
    pairsFrom(r, rows, rowsOff, k, d, x, xOff, out);
  }

  /**
   * Dot's chains 0 and 1 of the rows o0 + j*d, j < 4: chain 0 on the blocks i, chain 1 on i + L of
   * every 4L step, and chain 0 also on the whole vectors after the last full step. Leaves c0 + c1
   * of row j in scratch[j*L, (j+1)*L).
   */
  private static void chains01(float[] rows, int o0, int d, float[] x, int xOff, float[] scratch) {
    final int o1 = o0 + d;
    final int o2 = o1 + d;
    final int o3 = o2 + d;
    FloatVector p0 = FloatVector.zero(F), p1 = FloatVector.zero(F), p2 = FloatVector.zero(F), p3 = FloatVector.zero(F);
    FloatVector q0 = FloatVector.zero(F), q1 = FloatVector.zero(F), q2 = FloatVector.zero(F), q3 = FloatVector.zero(F);
    int i = 0;
    for (int bound = d - 4 * L; i <= bound; i += 4 * L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      p0 = FloatVector.fromArray(F, rows, o0 + i).fma(x0, p0);
      p1 = FloatVector.fromArray(F, rows, o1 + i).fma(x0, p1);
      p2 = FloatVector.fromArray(F, rows, o2 + i).fma(x0, p2);
      p3 = FloatVector.fromArray(F, rows, o3 + i).fma(x0, p3);
      FloatVector x1 = FloatVector.fromArray(F, x, xOff + i + L);
      q0 = FloatVector.fromArray(F, rows, o0 + i + L).fma(x1, q0);
      q1 = FloatVector.fromArray(F, rows, o1 + i + L).fma(x1, q1);
      q2 = FloatVector.fromArray(F, rows, o2 + i + L).fma(x1, q2);
      q3 = FloatVector.fromArray(F, rows, o3 + i + L).fma(x1, q3);
    }
    for (int bound = d - L; i <= bound; i += L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      p0 = FloatVector.fromArray(F, rows, o0 + i).fma(x0, p0);
      p1 = FloatVector.fromArray(F, rows, o1 + i).fma(x0, p1);
      p2 = FloatVector.fromArray(F, rows, o2 + i).fma(x0, p2);
      p3 = FloatVector.fromArray(F, rows, o3 + i).fma(x0, p3);
    }
    p0.add(q0).intoArray(scratch, 0);
    p1.add(q1).intoArray(scratch, L);
    p2.add(q2).intoArray(scratch, 2 * L);
    p3.add(q3).intoArray(scratch, 3 * L);
  }

  /**
   * Dot's chains 2 and 3 of the rows o0 + j*d, j < 4: the blocks i + 2L and i + 3L of every 4L
   * step. Leaves c2 + c3 of row j in scratch[(4+j)*L, (5+j)*L).
   */
  private static void chains23(float[] rows, int o0, int d, float[] x, int xOff, float[] scratch) {
    final int o1 = o0 + d;
    final int o2 = o1 + d;
    final int o3 = o2 + d;
    FloatVector p0 = FloatVector.zero(F), p1 = FloatVector.zero(F), p2 = FloatVector.zero(F), p3 = FloatVector.zero(F);
    FloatVector q0 = FloatVector.zero(F), q1 = FloatVector.zero(F), q2 = FloatVector.zero(F), q3 = FloatVector.zero(F);
    for (int i = 0, bound = d - 4 * L; i <= bound; i += 4 * L) {
      FloatVector x2 = FloatVector.fromArray(F, x, xOff + i + 2 * L);
      p0 = FloatVector.fromArray(F, rows, o0 + i + 2 * L).fma(x2, p0);
      p1 = FloatVector.fromArray(F, rows, o1 + i + 2 * L).fma(x2, p1);
      p2 = FloatVector.fromArray(F, rows, o2 + i + 2 * L).fma(x2, p2);
      p3 = FloatVector.fromArray(F, rows, o3 + i + 2 * L).fma(x2, p3);
      FloatVector x3 = FloatVector.fromArray(F, x, xOff + i + 3 * L);
      q0 = FloatVector.fromArray(F, rows, o0 + i + 3 * L).fma(x3, q0);
      q1 = FloatVector.fromArray(F, rows, o1 + i + 3 * L).fma(x3, q1);
      q2 = FloatVector.fromArray(F, rows, o2 + i + 3 * L).fma(x3, q2);
      q3 = FloatVector.fromArray(F, rows, o3 + i + 3 * L).fma(x3, q3);
    }
    p0.add(q0).intoArray(scratch, 4 * L);
    p1.add(q1).intoArray(scratch, 5 * L);
    p2.add(q2).intoArray(scratch, 6 * L);
    p3.add(q3).intoArray(scratch, 7 * L);
  }

  /** Per row j < 4: sumLanes((c0 + c1) + (c2 + c3)), then the scalar tail from the last whole vector, as dot. */
  private static void combineFour(float[] rows, int o0, int d, float[] x, int xOff, float[] scratch, float[] out,
      int outOff) {
    final int tail = d / L * L;
    for (int j = 0; j < 4; j++) {
      FloatVector c01 = FloatVector.fromArray(F, scratch, j * L);
      FloatVector c23 = FloatVector.fromArray(F, scratch, (4 + j) * L);
      float s = sumLanes(c01.add(c23));
      int o = o0 + j * d;
      for (int i = tail; i < d; i++) {
        s = Math.fma(rows[o + i], x[xOff + i], s);
      }
      out[outOff + j] = s;
    }
  }

  /** k separate calls of the single 4-accumulator dot. */
  static void separateDots(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out) {
    for (int r = 0; r < k; r++) {
      out[r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }

  @Benchmark
  public float[] twoRows() {
    twoRows(rows, offset, k, d, x, offset, out);
    return out;
  }

  @Benchmark
  public float[] fourRowsChainPairs() {
    fourRowsChainPairs(rows, offset, k, d, x, offset, out, scratch);
    return out;
  }

  @Benchmark
  public float[] separateDots() {
    separateDots(rows, offset, k, d, x, offset, out);
    return out;
  }

  /** The library call, for reference (its offset form, so that it reads the same floats). */
  @Benchmark
  public float[] kernel() {
    DenseOps.multiDot(rows, offset, k, d, x, offset, out, 0);
    return out;
  }
}
