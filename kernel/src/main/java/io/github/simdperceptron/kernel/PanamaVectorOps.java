package io.github.simdperceptron.kernel;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation. Loaded reflectively by {@link VectorOpsProvider} only when
 * {@code jdk.incubator.vector} is in the boot layer, so nothing else links against the module.
 *
 * <p>The species is {@code SPECIES_PREFERRED} unless the system property
 * {@code simdperceptron.vectorBits} names another width (64, 128, 256 or 512), which tests use to
 * exercise a second lane count (a preferred width above 512 bits is capped at 512, the widest the
 * lane sum handles). Both the species and the FMA choice are static finals, so C2
 * folds them as constants.
 */
final class PanamaVectorOps implements VectorOps {

  static final VectorSpecies<Float> F = floatSpecies();
  private static final int L = F.length();
  /** Doubles of the same vector size: half as many lanes. */
  private static final VectorSpecies<Double> D = VectorSpecies.of(double.class, F.vectorShape());
  private static final int HALF = D.length();
  /** Below one vector the sum is a scalar chain. */
  private static final int MIN_VECTOR_LENGTH = L;
  /** Ints of the same vector size, for the bit mask of a partial last vector. */
  private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
  /**
   * L zeros, then L all-ones words: loaded from index t, lane j keeps its bits when j >= L - t,
   * that is the last t lanes of a vector that ends where the data ends.
   */
  private static final int[] LAST_LANES = lastLanes();
  /** From 1M floats (4 MiB per operand, 8x the 512 KiB L2) the dot product streams from L3 or memory. */
  private static final int STREAMING_LENGTH = 1 << 20;
  /**
   * Below this length a dot of whole arrays takes the offset-free loop, which C2 unrolls: while
   * both operands fit a 48 KiB L1d it is as fast as the general loop when the arrays' data are
   * not 64-byte aligned (every 512-bit load then spans two cache lines, and those loads bound
   * both loops) and faster when they are. From here on the operands stream from L2 and the
   * general loop, which reads in address order, is faster (docs/kernel-benchmarks.md, design
   * decisions).
   */
  private static final int SHORT_LENGTH = 6144;
  private static final boolean FMA = VectorOpsProvider.fmaEnabled();
  /**
   * Lane i goes to lane i ^ 8 of the full vector (16 lanes), then lane i ^ 4 of its lower 256 bits
   * (8 lanes); null where the vector has no such level.
   */
  private static final VectorShuffle<Float> XOR8 = L > 8 ? VectorShuffle.fromOp(F, i -> i ^ 8) : null;
  private static final VectorShuffle<Float> XOR4 =
      L > 4 ? VectorShuffle.fromOp(FloatVector.SPECIES_256, i -> i ^ 4) : null;

  private static int[] lastLanes() {
    int[] keep = new int[2 * L];
    java.util.Arrays.fill(keep, L, 2 * L, -1);
    return keep;
  }

  /**
   * The last t (0 < t < L) elements of both operands, read as the vector that ends at index
   * {@code off + n} with its first L - t lanes cleared in both (an AND of the bits, so a cleared
   * lane is +0 times +0 whatever the element held, infinities and NaN included), added into acc
   * like a whole vector: the tail costs one vector step instead of a scalar chain of t steps.
   * {@link #dotInCache} and {@link #multiDot2} repeat these steps in their bodies (after a long loop
   * C2 leaves the call cold and boxes its vectors), so a change here belongs there too.
   */
  private static FloatVector addLastLanes(float[] a, int aEnd, float[] b, int bEnd, int t, FloatVector acc) {
    IntVector keep = IntVector.fromArray(I, LAST_LANES, t);
    FloatVector x = FloatVector.fromArray(F, a, aEnd - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
    FloatVector y = FloatVector.fromArray(F, b, bEnd - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
    return fmaOrMulAdd(x, y, acc);
  }

  private static VectorSpecies<Float> floatSpecies() {
    String bits = System.getProperty(VectorOpsProvider.VECTOR_BITS_PROPERTY, "").trim();
    switch (bits) {
      case "":
      case "preferred":
        // The lane sum has levels for at most 16 lanes: wider vectors (ARM SVE) run at 512 bits.
        return FloatVector.SPECIES_PREFERRED.length() > 16 ? FloatVector.SPECIES_512 : FloatVector.SPECIES_PREFERRED;
      case "64":
        return FloatVector.SPECIES_64;
      case "128":
        return FloatVector.SPECIES_128;
      case "256":
        return FloatVector.SPECIES_256;
      case "512":
        return FloatVector.SPECIES_512;
      default:
        throw new IllegalArgumentException(
            VectorOpsProvider.VECTOR_BITS_PROPERTY + " must be 64, 128, 256, 512 or preferred, got '" + bits + "'");
    }
  }

  PanamaVectorOps() {}

  @Override
  public String name() {
    return "panama";
  }

  @Override
  public int vectorBits() {
    return F.vectorBitSize();
  }

  @Override
  public boolean fma() {
    return FMA;
  }

  /**
   * The sum of the lanes in one fixed pairwise order (halves, then quarters, ...).
   * {@code reduceLanes(ADD)} leaves the order to the implementation, and JDK 25's C2 uses another
   * one than its interpreter, so a dot would change its last bits once compiled and a seeded
   * training run could depend on JIT timing. Each wide level adds the upper half onto the lower
   * one with a shuffle and then keeps only the lower half (a reinterpretation of its first part:
   * at most a register move), so the next shuffle and add run on half the width; the last four lanes
   * are read out and added as scalars, {@code (v0 + v2) + (v1 + v3)}, the same sums as two more
   * shuffle levels but a shorter dependency chain (a lane read is cheaper than a full permute).
   * {@link #dotInCache} and {@link #multiDot2} repeat these steps in their bodies, as for
   * {@link #addLastLanes}.
   */
  static float sumLanes(FloatVector v) {
    if (L > 8) {
      v = (FloatVector) v.add(v.rearrange(XOR8)).reinterpretShape(FloatVector.SPECIES_256, 0);
    }
    if (L > 4) {
      v = (FloatVector) v.add(v.rearrange(XOR4)).reinterpretShape(FloatVector.SPECIES_128, 0);
    }
    if (L > 2) {
      return (v.lane(0) + v.lane(2)) + (v.lane(1) + v.lane(3));
    }
    return v.lane(0) + v.lane(1);
  }

  private static FloatVector fmaOrMulAdd(FloatVector a, FloatVector b, FloatVector acc) {
    return FMA ? a.fma(b, acc) : acc.add(a.mul(b));
  }

  private static float fmaOrMulAdd(float a, float b, float acc) {
    return FMA ? Math.fma(a, b, acc) : acc + a * b;
  }

  @Override
  public float dot(float[] a, int aOff, float[] b, int bOff, int n) {
    if (n >= STREAMING_LENGTH) {
      return dotFourStreams(a, aOff, b, bOff, n);
    }
    return (aOff | bOff) == 0 && n < SHORT_LENGTH ? dotFromStart(a, b, n) : dotInCache(a, aOff, b, bOff, n);
  }

  /**
   * {@link #dotInCache} for two short arrays read from index 0, the same sums in the same order:
   * with no offsets C2 removes the loads' bounds checks from the loop, which short vectors feel.
   * Below eight vectors there is no loop at all: the first four vectors, if there are four, go
   * into the four accumulators in straight-line code, as the loop's one pass would (a loop's entry
   * checks and exit cost more than its body at these lengths).
   */
  private static float dotFromStart(float[] a, float[] b, int n) {
    if (n < MIN_VECTOR_LENGTH) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = fmaOrMulAdd(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F);
    FloatVector acc1 = FloatVector.zero(F);
    FloatVector acc2 = FloatVector.zero(F);
    FloatVector acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fmaOrMulAdd(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fmaOrMulAdd(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fmaOrMulAdd(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fmaOrMulAdd(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    // At most three whole vectors are left: added into acc0 one after another, as a loop would,
    // but in straight-line code (a second vector loop ran several times slower here); then the
    // partial last vector, if any.
    if (i <= n - L) {
      acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
  }

  /**
   * Past the caches the two operands are read as four streams (both halves side by side) instead
   * of two: the hardware prefetchers follow each stream separately and stop at every 4 KiB page,
   * so more streams keep more cache-line misses in flight (measured: docs/kernel-benchmarks.md,
   * design decisions).
   */
  private static float dotFourStreams(float[] a, int aOff, float[] b, int bOff, int n) {
    final int h = n / (4 * L) * (2 * L);
    FloatVector acc0 = FloatVector.zero(F);
    FloatVector acc1 = FloatVector.zero(F);
    FloatVector acc2 = FloatVector.zero(F);
    FloatVector acc3 = FloatVector.zero(F);
    for (int i = 0; i < h; i += 2 * L) {
      acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
      acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + h + i), FloatVector.fromArray(F, b, bOff + h + i), acc1);
      acc2 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc2);
      acc3 = fmaOrMulAdd(
          FloatVector.fromArray(F, a, aOff + h + i + L), FloatVector.fromArray(F, b, bOff + h + i + L), acc3);
    }
    float sum = sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
    return sum + dotInCache(a, aOff + 2 * h, b, bOff + 2 * h, n - 2 * h);
  }

  private static float dotInCache(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= MIN_VECTOR_LENGTH) {
      // Four accumulators hide the FMA latency; one chain runs at half the speed.
      FloatVector acc0 = FloatVector.zero(F);
      FloatVector acc1 = FloatVector.zero(F);
      FloatVector acc2 = FloatVector.zero(F);
      FloatVector acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        acc1 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc1);
        acc2 = fmaOrMulAdd(
            FloatVector.fromArray(F, a, aOff + i + 2 * L), FloatVector.fromArray(F, b, bOff + i + 2 * L), acc2);
        acc3 = fmaOrMulAdd(
            FloatVector.fromArray(F, a, aOff + i + 3 * L), FloatVector.fromArray(F, b, bOff + i + 3 * L), acc3);
      }
      // As in dotFromStart: the whole vectors left, in straight-line code, then the partial one.
      if (i <= n - L) {
        acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
          i += L;
          if (i <= n - L) {
            acc0 = fmaOrMulAdd(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
            i += L;
          }
        }
      }
      // addLastLanes and sumLanes written out: called once per call after a long loop, their
      // call sites are cold to C2, which then does not inline them, and a vector passed to a
      // method that is not inlined is boxed on the heap (an allocation per call, so collections
      // during a loop of dots). Same operations, same order.
      if (i < n) {
        IntVector keep = IntVector.fromArray(I, LAST_LANES, n - i);
        FloatVector x = FloatVector.fromArray(F, a, aOff + n - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
        FloatVector y = FloatVector.fromArray(F, b, bOff + n - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
        acc0 = fmaOrMulAdd(x, y, acc0);
      }
      FloatVector v = acc0.add(acc1).add(acc2.add(acc3));
      if (L > 8) {
        v = (FloatVector) v.add(v.rearrange(XOR8)).reinterpretShape(FloatVector.SPECIES_256, 0);
      }
      if (L > 4) {
        v = (FloatVector) v.add(v.rearrange(XOR4)).reinterpretShape(FloatVector.SPECIES_128, 0);
      }
      if (L > 2) {
        return (v.lane(0) + v.lane(2)) + (v.lane(1) + v.lane(3));
      }
      return v.lane(0) + v.lane(1);
    }
    for (; i < n; i++) {
      sum = fmaOrMulAdd(a[aOff + i], b[bOff + i], sum);
    }
    return sum;
  }

  @Override
  public float squaredNorm(float[] x, int off, int n) {
    return dot(x, off, x, off, n);
  }

  @Override
  public void scale(float alpha, float[] x, int off, int n) {
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector.fromArray(F, x, off + i).mul(alpha).intoArray(x, off + i);
    }
    for (; i < n; i++) {
      x[off + i] = alpha * x[off + i];
    }
  }

  @Override
  public void axpy(float alpha, float[] x, int xOff, float[] y, int yOff, int n) {
    // mul then add, never fma: the result must equal the scalar y + alpha*x bit for bit.
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector xv = FloatVector.fromArray(F, x, xOff + i);
      FloatVector.fromArray(F, y, yOff + i).add(xv.mul(alpha)).intoArray(y, yOff + i);
    }
    for (; i < n; i++) {
      y[yOff + i] += alpha * x[xOff + i];
    }
  }

  @Override
  public void dualAxpy(float a, float b, float[] x, int xOff, float[] w, int wOff, float[] u, int uOff, int n) {
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector xv = FloatVector.fromArray(F, x, xOff + i);
      FloatVector.fromArray(F, w, wOff + i).add(xv.mul(a)).intoArray(w, wOff + i);
      FloatVector.fromArray(F, u, uOff + i).add(xv.mul(b)).intoArray(u, uOff + i);
    }
    for (; i < n; i++) {
      float xi = x[xOff + i];
      w[wOff + i] += a * xi;
      u[uOff + i] += b * xi;
    }
  }

  @Override
  public void dualAxpy(float a, double b, float[] x, int xOff, float[] w, int wOff, double[] u, int uOff, int n) {
    // One pass, widening each x vector into two double vectors: JDK 17's C2 leaves the plain
    // float-to-double loop scalar (JDK 25's vectorizes it).
    int i = 0;
    for (int bound = n - L; i <= bound; i += L) {
      FloatVector xv = FloatVector.fromArray(F, x, xOff + i);
      FloatVector.fromArray(F, w, wOff + i).add(xv.mul(a)).intoArray(w, wOff + i);
      DoubleVector lo = (DoubleVector) xv.convertShape(VectorOperators.F2D, D, 0);
      DoubleVector hi = (DoubleVector) xv.convertShape(VectorOperators.F2D, D, 1);
      DoubleVector.fromArray(D, u, uOff + i).add(lo.mul(b)).intoArray(u, uOff + i);
      DoubleVector.fromArray(D, u, uOff + i + HALF).add(hi.mul(b)).intoArray(u, uOff + i + HALF);
    }
    for (; i < n; i++) {
      float xi = x[xOff + i];
      w[wOff + i] += a * xi;
      u[uOff + i] += b * xi;
    }
  }

  @Override
  public void multiDot(float[] rows, int rowsOff, int k, int d, float[] x, int xOff, float[] out, int outOff) {
    if (d < MIN_VECTOR_LENGTH || d >= STREAMING_LENGTH) {
      // Short rows, and rows long enough for dot's streaming loop: row by row, so out[r] == dot.
      for (int r = 0; r < k; r++) {
        out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
      }
      return;
    }
    int r = 0;
    // Two rows per pass, each summed exactly as dot() sums it (same accumulators, same order), so
    // every out[r] equals dot(row r, x) bit for bit: a one-vs-rest pass then equals K binary runs.
    // Two rows keep the 8 accumulators and the x vectors in registers; three or four rows with
    // 4 accumulators each spill on AVX2 (docs/kernel-benchmarks.md, design decisions).
    for (; r + 2 <= k; r += 2) {
      multiDot2(rows, rowsOff + r * d, d, x, xOff, out, outOff + r);
    }
    if (r < k) {
      out[outOff + r] = dot(rows, rowsOff + r * d, x, xOff, d);
    }
  }

  private static void multiDot2(float[] rows, int o0, int d, float[] x, int xOff, float[] out, int outOff) {
    final int o1 = o0 + d;
    FloatVector a0 = FloatVector.zero(F), a1 = FloatVector.zero(F), a2 = FloatVector.zero(F), a3 = FloatVector.zero(F);
    FloatVector b0 = FloatVector.zero(F), b1 = FloatVector.zero(F), b2 = FloatVector.zero(F), b3 = FloatVector.zero(F);
    int i = 0;
    for (int bound = d - 4 * L; i <= bound; i += 4 * L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      a0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i), x0, a0);
      b0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i), x0, b0);
      FloatVector x1 = FloatVector.fromArray(F, x, xOff + i + L);
      a1 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i + L), x1, a1);
      b1 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i + L), x1, b1);
      FloatVector x2 = FloatVector.fromArray(F, x, xOff + i + 2 * L);
      a2 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i + 2 * L), x2, a2);
      b2 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i + 2 * L), x2, b2);
      FloatVector x3 = FloatVector.fromArray(F, x, xOff + i + 3 * L);
      a3 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i + 3 * L), x3, a3);
      b3 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i + 3 * L), x3, b3);
    }
    for (int bound = d - L; i <= bound; i += L) {
      FloatVector x0 = FloatVector.fromArray(F, x, xOff + i);
      a0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o0 + i), x0, a0);
      b0 = fmaOrMulAdd(FloatVector.fromArray(F, rows, o1 + i), x0, b0);
    }
    // As in dotInCache, addLastLanes and sumLanes written out (C2 left them as calls after a long
    // loop and boxed the vectors): the same operations in the same order.
    if (i < d) {
      IntVector keep = IntVector.fromArray(I, LAST_LANES, d - i);
      FloatVector xt = FloatVector.fromArray(F, x, xOff + d - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
      FloatVector r0 = FloatVector.fromArray(F, rows, o0 + d - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
      FloatVector r1 = FloatVector.fromArray(F, rows, o1 + d - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
      a0 = fmaOrMulAdd(r0, xt, a0);
      b0 = fmaOrMulAdd(r1, xt, b0);
    }
    FloatVector va = a0.add(a1).add(a2.add(a3));
    FloatVector vb = b0.add(b1).add(b2.add(b3));
    if (L > 8) {
      va = (FloatVector) va.add(va.rearrange(XOR8)).reinterpretShape(FloatVector.SPECIES_256, 0);
      vb = (FloatVector) vb.add(vb.rearrange(XOR8)).reinterpretShape(FloatVector.SPECIES_256, 0);
    }
    if (L > 4) {
      va = (FloatVector) va.add(va.rearrange(XOR4)).reinterpretShape(FloatVector.SPECIES_128, 0);
      vb = (FloatVector) vb.add(vb.rearrange(XOR4)).reinterpretShape(FloatVector.SPECIES_128, 0);
    }
    if (L > 2) {
      out[outOff] = (va.lane(0) + va.lane(2)) + (va.lane(1) + va.lane(3));
      out[outOff + 1] = (vb.lane(0) + vb.lane(2)) + (vb.lane(1) + vb.lane(3));
    } else {
      out[outOff] = va.lane(0) + va.lane(1);
      out[outOff + 1] = vb.lane(0) + vb.lane(1);
    }
  }
}
