package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
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

/**
 * One-off: dense dot shapes against Lucene (bench/results/lucene-dot-notes.md, Zen 5 section).
 * Removed from the build in the commit after the one that added it. Variants (all but acc8 and v8
 * give the kernel's bits, checked in setup and by LuceneDotInterleaved): cur = the old
 * offset-free loop at every length; inCache = the offset loop; unroll8 = eight vectors a pass,
 * four accumulators; extract = all 16 lanes summed as scalars; acc8 = eight accumulators (another
 * order); v2/v3 = no loop below 8 vectors, offset loop (v3 with the narrowing lane sum);
 * v5 = no loop below 8 vectors, offset-free loop; v6 = v5 with the narrowing lane sum (adopted);
 * v7 = full-width shuffles then a 128-bit read; v8 = v5 with reduceLanes (another order in the
 * interpreter); v9 = straight-line blocks below 20 vectors; v10 = lane i ^ 2 on 128 bits and a
 * two-lane reduceLanes; v11 = the 16-lane order on 256-bit halves; v12 = one vector a pass into
 * rotating accumulators.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class LuceneDotExplore {
  private static final MethodHandle LUCENE_DOT = luceneDot();
  static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  static final int L = F.length();
  static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
  static final int[] LAST_LANES = lastLanes();
  static final VectorShuffle<Float> XOR8 = L > 8 ? VectorShuffle.fromOp(F, i -> i ^ 8) : null;
  static final VectorShuffle<Float> XOR4 = L > 4 ? VectorShuffle.fromOp(F, i -> i ^ 4) : null;

  @Param({"64", "256", "4095", "4096", "16384", "65535"})
  int size;

  /** Floats of padding allocated before the operands, to move their alignment. */
  @Param({"0"})
  int pad;

  float[] a;
  float[] b;
  float[] padding;

  private static int[] lastLanes() {
    int[] keep = new int[2 * L];
    java.util.Arrays.fill(keep, L, 2 * L, -1);
    return keep;
  }

  private static MethodHandle luceneDot() {
    try {
      Class<?> util = Class.forName("org.apache.lucene.util.VectorUtil");
      return MethodHandles.publicLookup().findStatic(util, "dotProduct",
          MethodType.methodType(float.class, float[].class, float[].class));
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }

  static long address(Object o) throws Exception {
    java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    f.setAccessible(true);
    sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
    Object[] holder = {o};
    long narrow = u.getInt(holder, (long) sun.misc.Unsafe.ARRAY_OBJECT_BASE_OFFSET) & 0xffffffffL;
    return narrow << 3; // assumes zero-based compressed oops with shift 3 (2 GiB heap: shift may be 0)
  }

  @Setup(Level.Trial)
  public void setUp() throws Throwable {
    padding = new float[pad];
    a = Inputs.floats(size, 1);
    b = Inputs.floats(size, 2);
    float ref = DenseOps.dot(a, b);
    float[] got = {cur(), inCache(), unroll8(), (float) LUCENE_DOT.invokeExact(a, b), sumExtract(), acc8()};
    for (int k = 0; k < 4; k++) {
      if (k != 3 && k < 3 && Float.floatToRawIntBits(got[k]) != Float.floatToRawIntBits(ref)) {
        throw new IllegalStateException("variant " + k + " gave " + got[k] + " kernel " + ref);
      }
    }
    for (float g : new float[] {v2(a, b, size), v3(a, b, size), k2start(a, b, size), k2start6(a, b, size), k2start7(a, b, size)}) {
      if (Float.floatToRawIntBits(g) != Float.floatToRawIntBits(ref)) {
        throw new IllegalStateException("k2 variant gave " + g + " kernel " + ref);
      }
    }
    if (Float.floatToRawIntBits(got[4]) != Float.floatToRawIntBits(ref)) {
      throw new IllegalStateException("sumExtract gave " + got[4] + " kernel " + ref);
    }
    System.out.println("\n# a at " + Long.toHexString(address(a)) + " b at " + Long.toHexString(address(b))
        + " (data +16; narrow<<3) lucene " + got[3] + " kernel " + ref + " acc8 " + got[5]);
  }

  @Benchmark
  public float kernel() {
    return DenseOps.dot(a, b);
  }

  @Benchmark
  public float lucene() throws Throwable {
    return (float) LUCENE_DOT.invokeExact(a, b);
  }

  @Benchmark
  public float cur() {
    return fromStart(a, b, a.length);
  }

  @Benchmark
  public float inCache() {
    return inCache(a, 0, b, 0, a.length);
  }

  @Benchmark
  public float unroll8() {
    return unroll8(a, b, a.length);
  }

  @Benchmark
  public float sumExtract() {
    return fromStartExtract(a, b, a.length);
  }

  @Benchmark
  public float acc8() {
    return acc8(a, b, a.length);
  }

  static FloatVector fma(FloatVector x, FloatVector y, FloatVector acc) {
    return x.fma(y, acc);
  }

  static FloatVector addLastLanes(float[] a, int aEnd, float[] b, int bEnd, int t, FloatVector acc) {
    IntVector keep = IntVector.fromArray(I, LAST_LANES, t);
    FloatVector x = FloatVector.fromArray(F, a, aEnd - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
    FloatVector y = FloatVector.fromArray(F, b, bEnd - L).reinterpretAsInts().and(keep).reinterpretAsFloats();
    return fma(x, y, acc);
  }

  static float sumLanes(FloatVector v) {
    if (L > 8) {
      v = v.add(v.rearrange(XOR8));
    }
    if (L > 4) {
      v = v.add(v.rearrange(XOR4));
    }
    return (v.lane(0) + v.lane(2)) + (v.lane(1) + v.lane(3));
  }

  /** All 16 lanes read out, the same pairwise tree in scalars. */
  static float sumLanesExtract(FloatVector v) {
    if (L != 16) {
      return sumLanes(v);
    }
    float s0 = v.lane(0) + v.lane(8), s1 = v.lane(1) + v.lane(9), s2 = v.lane(2) + v.lane(10), s3 = v.lane(3) + v.lane(11);
    float s4 = v.lane(4) + v.lane(12), s5 = v.lane(5) + v.lane(13), s6 = v.lane(6) + v.lane(14), s7 = v.lane(7) + v.lane(15);
    return ((s0 + s4) + (s2 + s6)) + ((s1 + s5) + (s3 + s7));
  }

  static float fromStart(float[] a, float[] b, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= L) {
      FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
          if (i <= n - L) {
            acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
            i += L;
          }
        }
      }
      if (i < n) {
        acc0 = addLastLanes(a, n, b, n, n - i, acc0);
      }
      return sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
    }
    for (; i < n; i++) {
      sum = Math.fma(a[i], b[i], sum);
    }
    return sum;
  }

  static float fromStartExtract(float[] a, float[] b, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= L) {
      FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
          if (i <= n - L) {
            acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
            i += L;
          }
        }
      }
      if (i < n) {
        acc0 = addLastLanes(a, n, b, n, n - i, acc0);
      }
      return sumLanesExtract(acc0.add(acc1).add(acc2.add(acc3)));
    }
    for (; i < n; i++) {
      sum = Math.fma(a[i], b[i], sum);
    }
    return sum;
  }

  static float inCache(float[] a, int aOff, float[] b, int bOff, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= L) {
      FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, aOff + i + 2 * L), FloatVector.fromArray(F, b, bOff + i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, aOff + i + 3 * L), FloatVector.fromArray(F, b, bOff + i + 3 * L), acc3);
      }
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
          i += L;
          if (i <= n - L) {
            acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
            i += L;
          }
        }
      }
      if (i < n) {
        acc0 = addLastLanes(a, aOff + n, b, bOff + n, n - i, acc0);
      }
      return sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
    }
    for (; i < n; i++) {
      sum = Math.fma(a[aOff + i], b[bOff + i], sum);
    }
    return sum;
  }

  /** The same sums in the same order as fromStart, eight vectors a step. */
  static float unroll8(float[] a, float[] b, int n) {
    int i = 0;
    float sum = 0f;
    if (n >= L) {
      FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
      for (int bound = n - 8 * L; i <= bound; i += 8 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        acc0 = fma(FloatVector.fromArray(F, a, i + 4 * L), FloatVector.fromArray(F, b, i + 4 * L), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + 5 * L), FloatVector.fromArray(F, b, i + 5 * L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 6 * L), FloatVector.fromArray(F, b, i + 6 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 7 * L), FloatVector.fromArray(F, b, i + 7 * L), acc3);
      }
      if (i <= n - 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        i += 4 * L;
      }
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
          if (i <= n - L) {
            acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
            i += L;
          }
        }
      }
      if (i < n) {
        acc0 = addLastLanes(a, n, b, n, n - i, acc0);
      }
      return sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
    }
    for (; i < n; i++) {
      sum = Math.fma(a[i], b[i], sum);
    }
    return sum;
  }

  /** Another order (eight accumulators): only to see what the order costs. */
  static float acc8(float[] a, float[] b, int n) {
    int i = 0;
    if (n < 8 * L) {
      return fromStart(a, b, n);
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    FloatVector acc4 = FloatVector.zero(F), acc5 = FloatVector.zero(F), acc6 = FloatVector.zero(F), acc7 = FloatVector.zero(F);
    for (int bound = n - 8 * L; i <= bound; i += 8 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      acc4 = fma(FloatVector.fromArray(F, a, i + 4 * L), FloatVector.fromArray(F, b, i + 4 * L), acc4);
      acc5 = fma(FloatVector.fromArray(F, a, i + 5 * L), FloatVector.fromArray(F, b, i + 5 * L), acc5);
      acc6 = fma(FloatVector.fromArray(F, a, i + 6 * L), FloatVector.fromArray(F, b, i + 6 * L), acc6);
      acc7 = fma(FloatVector.fromArray(F, a, i + 7 * L), FloatVector.fromArray(F, b, i + 7 * L), acc7);
    }
    for (; i <= n - L; i += L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanes(acc0.add(acc1).add(acc2.add(acc3)).add(acc4.add(acc5).add(acc6.add(acc7))));
  }

  // Loops for an interleaved in-process timing (Inter.java): one loop per variant, so each call site stays monomorphic.
  public static float runLucene(float[] a, float[] b, int reps) throws Throwable {
    float s = 0; for (int k = 0; k < reps; k++) { s += (float) LUCENE_DOT.invokeExact(a, b); } return s;
  }
  public static float runKernel(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += DenseOps.dot(a, b); } return s;
  }
  public static float runCur(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += fromStart(a, b, a.length); } return s;
  }
  public static float runUnroll8(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += unroll8(a, b, a.length); } return s;
  }
  public static float runAcc8(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += acc8(a, b, a.length); } return s;
  }
  public static float runExtract(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += fromStartExtract(a, b, a.length); } return s;
  }
  public static float runInCache(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += inCache(a, 0, b, 0, a.length); } return s;
  }
  public static float runV2(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += v2(a, b, a.length); } return s;
  }
  public static float runV3(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += v3(a, b, a.length); } return s;
  }
  static float v2(float[] a, float[] b, int n) { return k2(a, 0, b, 0, n, false); }
  static float v3(float[] a, float[] b, int n) { return k2(a, 0, b, 0, n, true); }
  public static float runV4(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2narrow(a, 0, b, 0, a.length); } return s;
  }
  public static float runV5(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start(a, b, a.length); } return s;
  }

  public static float runV6(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start6(a, b, a.length); } return s;
  }
  public static float runV7(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start7(a, b, a.length); } return s;
  }

  public static float runV8(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start8(a, b, a.length); } return s;
  }
  public static float runV9(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start9(a, b, a.length); } return s;
  }

  public static float runV10(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start10(a, b, a.length); } return s;
  }


  static final VectorSpecies<Float> H = FloatVector.SPECIES_256;
  static final VectorSpecies<Integer> IH = IntVector.SPECIES_256;
  static final int HL = 8;

  static FloatVector lastLo(float[] a, int end, int t) {
    IntVector keep = IntVector.fromArray(IH, LAST_LANES, t);
    return FloatVector.fromArray(H, a, end - 16).reinterpretAsInts().and(keep).reinterpretAsFloats();
  }

  static FloatVector lastHi(float[] a, int end, int t) {
    IntVector keep = IntVector.fromArray(IH, LAST_LANES, t + 8);
    return FloatVector.fromArray(H, a, end - 8).reinterpretAsInts().and(keep).reinterpretAsFloats();
  }

  /** The 16-lane order computed with 256-bit halves: accumulator k is (lo_k, hi_k). L == 16 only. */
  static float k2start11(float[] a, float[] b, int n) {
    if (n < 16) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector l0 = FloatVector.zero(H), h0 = FloatVector.zero(H), l1 = FloatVector.zero(H), h1 = FloatVector.zero(H);
    FloatVector l2 = FloatVector.zero(H), h2 = FloatVector.zero(H), l3 = FloatVector.zero(H), h3 = FloatVector.zero(H);
    int i = 0;
    if (n >= 128) {
      for (int bound = n - 64; i <= bound; i += 64) {
        l0 = fma(FloatVector.fromArray(H, a, i), FloatVector.fromArray(H, b, i), l0);
        h0 = fma(FloatVector.fromArray(H, a, i + 8), FloatVector.fromArray(H, b, i + 8), h0);
        l1 = fma(FloatVector.fromArray(H, a, i + 16), FloatVector.fromArray(H, b, i + 16), l1);
        h1 = fma(FloatVector.fromArray(H, a, i + 24), FloatVector.fromArray(H, b, i + 24), h1);
        l2 = fma(FloatVector.fromArray(H, a, i + 32), FloatVector.fromArray(H, b, i + 32), l2);
        h2 = fma(FloatVector.fromArray(H, a, i + 40), FloatVector.fromArray(H, b, i + 40), h2);
        l3 = fma(FloatVector.fromArray(H, a, i + 48), FloatVector.fromArray(H, b, i + 48), l3);
        h3 = fma(FloatVector.fromArray(H, a, i + 56), FloatVector.fromArray(H, b, i + 56), h3);
      }
    } else if (n >= 64) {
      l0 = fma(FloatVector.fromArray(H, a, 0), FloatVector.fromArray(H, b, 0), l0);
      h0 = fma(FloatVector.fromArray(H, a, 8), FloatVector.fromArray(H, b, 8), h0);
      l1 = fma(FloatVector.fromArray(H, a, 16), FloatVector.fromArray(H, b, 16), l1);
      h1 = fma(FloatVector.fromArray(H, a, 24), FloatVector.fromArray(H, b, 24), h1);
      l2 = fma(FloatVector.fromArray(H, a, 32), FloatVector.fromArray(H, b, 32), l2);
      h2 = fma(FloatVector.fromArray(H, a, 40), FloatVector.fromArray(H, b, 40), h2);
      l3 = fma(FloatVector.fromArray(H, a, 48), FloatVector.fromArray(H, b, 48), l3);
      h3 = fma(FloatVector.fromArray(H, a, 56), FloatVector.fromArray(H, b, 56), h3);
      i = 64;
    }
    if (i <= n - 16) {
      l0 = fma(FloatVector.fromArray(H, a, i), FloatVector.fromArray(H, b, i), l0);
      h0 = fma(FloatVector.fromArray(H, a, i + 8), FloatVector.fromArray(H, b, i + 8), h0);
      i += 16;
      if (i <= n - 16) {
        l0 = fma(FloatVector.fromArray(H, a, i), FloatVector.fromArray(H, b, i), l0);
        h0 = fma(FloatVector.fromArray(H, a, i + 8), FloatVector.fromArray(H, b, i + 8), h0);
        i += 16;
        if (i <= n - 16) {
          l0 = fma(FloatVector.fromArray(H, a, i), FloatVector.fromArray(H, b, i), l0);
          h0 = fma(FloatVector.fromArray(H, a, i + 8), FloatVector.fromArray(H, b, i + 8), h0);
          i += 16;
        }
      }
    }
    if (i < n) {
      int t = n - i;
      l0 = fma(lastLo(a, n, t), lastLo(b, n, t), l0);
      h0 = fma(lastHi(a, n, t), lastHi(b, n, t), h0);
    }
    FloatVector lo = l0.add(l1).add(l2.add(l3));
    FloatVector hi = h0.add(h1).add(h2.add(h3));
    FloatVector v = lo.add(hi);
    v = (FloatVector) v.add(v.rearrange(XOR4_256)).reinterpretShape(F128, 0);
    return (v.lane(0) + v.lane(2)) + (v.lane(1) + v.lane(3));
  }

  public static float runV11(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start11(a, b, a.length); } return s;
  }


  /** Same order: one vector a pass into a rotating set of four accumulators (fewer bounds predicates). */
  static float k2start12(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      int blockEnd = n & -(4 * L);
      for (; i < blockEnd; i += L) {
        FloatVector t = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc0 = acc1;
        acc1 = acc2;
        acc2 = acc3;
        acc3 = t;
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanesNarrow(acc0.add(acc1).add(acc2.add(acc3)));
  }

  public static float runV12(float[] a, float[] b, int reps) {
    float s = 0; for (int k = 0; k < reps; k++) { s += k2start12(a, b, a.length); } return s;
  }

  static final VectorSpecies<Float> F256 = FloatVector.SPECIES_256;
  static final VectorSpecies<Float> F128 = FloatVector.SPECIES_128;
  static final VectorShuffle<Float> XOR4_256 = VectorShuffle.fromOp(F256, i -> i ^ 4);

  /** Same order: halves by XOR8 at full width, then the lower 256 bits, XOR4 there, then four lanes. */
  static float sumLanesNarrow(FloatVector v) {
    v = v.add(v.rearrange(XOR8));
    FloatVector h = (FloatVector) v.reinterpretShape(F256, 0);
    h = h.add(h.rearrange(XOR4_256));
    FloatVector q = (FloatVector) h.reinterpretShape(F128, 0);
    return (q.lane(0) + q.lane(2)) + (q.lane(1) + q.lane(3));
  }

  /** Below 8L straight-line code; from 8L the offset loop (not unrolled by C2). */
  static float k2(float[] a, int aOff, float[] b, int bOff, int n, boolean narrow) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[aOff + i], b[bOff + i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, aOff + i + L), FloatVector.fromArray(F, b, bOff + i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, aOff + i + 2 * L), FloatVector.fromArray(F, b, bOff + i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, aOff + i + 3 * L), FloatVector.fromArray(F, b, bOff + i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, aOff), FloatVector.fromArray(F, b, bOff), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, aOff + L), FloatVector.fromArray(F, b, bOff + L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, aOff + 2 * L), FloatVector.fromArray(F, b, bOff + 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, aOff + 3 * L), FloatVector.fromArray(F, b, bOff + 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, aOff + i), FloatVector.fromArray(F, b, bOff + i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, aOff + n, b, bOff + n, n - i, acc0);
    }
    FloatVector v = acc0.add(acc1).add(acc2.add(acc3));
    return narrow ? sumLanesNarrow(v) : sumLanes(v);
  }

  static float k2narrow(float[] a, int aOff, float[] b, int bOff, int n) {
    return k2(a, aOff, b, bOff, n, true);
  }

  @Benchmark
  public float v5() {
    return k2start(a, b, a.length);
  }

  @Benchmark
  public float v6() {
    return k2start6(a, b, a.length);
  }

  @Benchmark
  public float v7() {
    return k2start7(a, b, a.length);
  }

  static float sumLanes7(FloatVector v) {
    v = v.add(v.rearrange(XOR8));
    v = v.add(v.rearrange(XOR4));
    FloatVector q = (FloatVector) v.reinterpretShape(F128, 0);
    return (q.lane(0) + q.lane(2)) + (q.lane(1) + q.lane(3));
  }

  /** As k2, but the loop without offsets (C2 unrolls it). */
  static float k2start(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanes(acc0.add(acc1).add(acc2.add(acc3)));
  }
  /** As k2, but the loop without offsets (C2 unrolls it). */
  static float k2start10(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanes10(acc0.add(acc1).add(acc2.add(acc3)));
  }

  static final VectorShuffle<Float> XOR2_128 = VectorShuffle.fromOp(F128, i -> i ^ 2);

  /** Same order: XOR8 full width, XOR4 on 256, XOR2 on 128, then the two lanes by reduceLanes (commutative). */
  static float sumLanes10(FloatVector v) {
    v = (FloatVector) v.add(v.rearrange(XOR8)).reinterpretShape(F256, 0);
    v = (FloatVector) v.add(v.rearrange(XOR4_256)).reinterpretShape(F128, 0);
    v = (FloatVector) v.add(v.rearrange(XOR2_128)).reinterpretShape(FloatVector.SPECIES_64, 0);
    return v.reduceLanes(jdk.incubator.vector.VectorOperators.ADD);
  }
  /** As k2, but the loop without offsets (C2 unrolls it). */
  static float k2start8(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return acc0.add(acc1).add(acc2.add(acc3)).reduceLanes(jdk.incubator.vector.VectorOperators.ADD);
  }
  static FloatVector[] unused;

  /** Straight-line blocks below 20 vectors, the loop from there. Same order. */
  static float k2start9(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 20 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else {
      while (i <= n - 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        i += 4 * L;
        if (i > n - 4 * L) {
          break;
        }
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        i += 4 * L;
        if (i > n - 4 * L) {
          break;
        }
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        i += 4 * L;
        if (i > n - 4 * L) {
          break;
        }
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
        i += 4 * L;
        break;
      }
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanesNarrow(acc0.add(acc1).add(acc2.add(acc3)));
  }
  /** As k2, but the loop without offsets (C2 unrolls it). */
  static float k2start6(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanesNarrow(acc0.add(acc1).add(acc2.add(acc3)));
  }
  /** As k2, but the loop without offsets (C2 unrolls it). */
  static float k2start7(float[] a, float[] b, int n) {
    if (n < L) {
      float sum = 0f;
      for (int i = 0; i < n; i++) {
        sum = Math.fma(a[i], b[i], sum);
      }
      return sum;
    }
    FloatVector acc0 = FloatVector.zero(F), acc1 = FloatVector.zero(F), acc2 = FloatVector.zero(F), acc3 = FloatVector.zero(F);
    int i = 0;
    if (n >= 8 * L) {
      for (int bound = n - 4 * L; i <= bound; i += 4 * L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        acc1 = fma(FloatVector.fromArray(F, a, i + L), FloatVector.fromArray(F, b, i + L), acc1);
        acc2 = fma(FloatVector.fromArray(F, a, i + 2 * L), FloatVector.fromArray(F, b, i + 2 * L), acc2);
        acc3 = fma(FloatVector.fromArray(F, a, i + 3 * L), FloatVector.fromArray(F, b, i + 3 * L), acc3);
      }
    } else if (n >= 4 * L) {
      acc0 = fma(FloatVector.fromArray(F, a, 0), FloatVector.fromArray(F, b, 0), acc0);
      acc1 = fma(FloatVector.fromArray(F, a, L), FloatVector.fromArray(F, b, L), acc1);
      acc2 = fma(FloatVector.fromArray(F, a, 2 * L), FloatVector.fromArray(F, b, 2 * L), acc2);
      acc3 = fma(FloatVector.fromArray(F, a, 3 * L), FloatVector.fromArray(F, b, 3 * L), acc3);
      i = 4 * L;
    }
    if (i <= n - L) {
      acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
      i += L;
      if (i <= n - L) {
        acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
        i += L;
        if (i <= n - L) {
          acc0 = fma(FloatVector.fromArray(F, a, i), FloatVector.fromArray(F, b, i), acc0);
          i += L;
        }
      }
    }
    if (i < n) {
      acc0 = addLastLanes(a, n, b, n, n - i, acc0);
    }
    return sumLanes7(acc0.add(acc1).add(acc2.add(acc3)));
  }
}
