package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
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
import sun.misc.Unsafe;

/**
 * Does the dense dot's speed depend on where its operands start relative to a 64-byte cache
 * line? A HotSpot {@code float[]}'s data starts 16 bytes after an 8-byte-aligned object, so a
 * 512-bit load from it is aligned only by chance, and a misaligned one reads two cache lines.
 *
 * <ul>
 *   <li>{@code offset}: {@code DenseOps.dot(a, 16 + off, b, 16 + off, n)} on padded arrays whose
 *       data start on a cache line, so both operands start {@code 4 * off} bytes past a line
 *       (off = 0..15). The 16 extra elements keep every off on the same code path, the general
 *       loop (an offset of 0 on short arrays would take the offset-free loop instead).</li>
 *   <li>{@code whole} and {@code lucene}: {@code DenseOps.dot(a, b)} and Lucene's
 *       {@code VectorUtil.dotProduct(a, b)} on whole arrays whose data start {@code align} bytes
 *       past a line (0, 8, ..., 56: an array's data can only start on 8 bytes), as
 *       {@link LuceneDotBenchmark} measures them with wherever its arrays happen to land.</li>
 * </ul>
 *
 * <p><b>Diagnostic only:</b> the address of an array is read with {@code sun.misc.Unsafe}, with
 * compressed oops off in these forks so that a reference is the address itself. Nothing outside
 * this benchmark does so. Each iteration's setup checks the address again and re-places the
 * arrays if a collection has moved them, so every iteration starts at its stated alignment (the
 * measured calls allocate nothing, so nothing moves them during one).
 *
 * <pre>
 * /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --add-modules jdk.incubator.vector \
 *     -jar bench/target/benchmarks.jar 'DotAlignmentBenchmark' -p size=4096
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = Forks.COUNT, jvmArgsAppend = {
    Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA, "-XX:-UseCompressedOops"})
public class DotAlignmentBenchmark {
  private static final int LINE = 64;
  private static final Unsafe UNSAFE = unsafe();
  private static final MethodHandle LUCENE_DOT = LuceneDotBenchmark.luceneDot();

  private static Unsafe unsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("diagnostic: sun.misc.Unsafe not reachable", e);
    }
  }


  /** Diagnostic: the address of x[0], valid until the next collection moves x. */
  static long dataAddress(float[] x) {
    if (Unsafe.ARRAY_OBJECT_INDEX_SCALE != 8) {
      throw new IllegalStateException("diagnostic: needs -XX:-UseCompressedOops (references of "
          + Unsafe.ARRAY_OBJECT_INDEX_SCALE + " bytes)");
    }
    Object[] holder = {x};
    return UNSAFE.getLong(holder, (long) Unsafe.ARRAY_OBJECT_BASE_OFFSET) + Unsafe.ARRAY_FLOAT_BASE_OFFSET;
  }

  static int misalignment(float[] x) {
    return (int) Math.floorMod(dataAddress(x), (long) LINE);
  }

  /**
   * A copy of src in a new array of the given length whose data start {@code align} bytes past a
   * cache line: allocations are retried behind fillers of scattered sizes up to the array's own
   * (so that big arrays, allocated outside the thread-local buffers, move too) until one lands
   * there.
   */
  static float[] placed(float[] src, int length, int align) {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(align);
    for (int t = 0; t < 1024; t++) {
      float[] x = new float[length];
      if (misalignment(x) == align) {
        System.arraycopy(src, 0, x, 0, src.length);
        return x;
      }
      float[] filler = new float[1 + rnd.nextInt(length)];
      filler[0] = t;
    }
    throw new IllegalStateException("could not place an array at " + align + " bytes past a line");
  }

  /** Places both operands, again if placing the second moved the first (a collection). */
  static float[][] placedPair(float[] src1, float[] src2, int length, int align) {
    for (int t = 0; t < 16; t++) {
      float[] a = placed(src1, length, align);
      float[] b = placed(src2, length, align);
      if (misalignment(a) == align && misalignment(b) == align) {
        return new float[][] {a, b};
      }
    }
    throw new IllegalStateException("could not keep two arrays at " + align + " bytes past a line");
  }

  /** Padded arrays starting on a line, read from 16 + off. */
  @State(Scope.Benchmark)
  public static class Padded {
    @Param({"256", "4096", "65535"})
    int size;

    @Param({"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"})
    int off;

    float[] src1;
    float[] src2;
    float[] a;
    float[] b;
    int from;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
      Sanity.requireImplementation(params);
      from = 16 + off;
      src1 = new float[from + size];
      src2 = new float[from + size];
      System.arraycopy(Inputs.floats(size, 1), 0, src1, from, size);
      System.arraycopy(Inputs.floats(size, 2), 0, src2, from, size);
      place();
      double[] exact = Sanity.exactDot(a, from, b, from, size);
      Sanity.close("DenseOps.dot", DenseOps.dot(a, from, b, from, size), exact[0], exact[1]);
    }

    @Setup(Level.Iteration)
    public void place() {
      if (a == null || misalignment(a) != 0 || misalignment(b) != 0) {
        float[][] ab = placedPair(src1, src2, src1.length + 16, 0);
        a = ab[0];
        b = ab[1];
      }
    }
  }

  /** Whole arrays of size floats whose data start align bytes past a line. */
  @State(Scope.Benchmark)
  public static class Whole {
    @Param({"256", "4096", "65535"})
    int size;

    @Param({"0", "8", "16", "24", "32", "40", "48", "56"})
    int align;

    float[] src1;
    float[] src2;
    float[] a;
    float[] b;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
      Sanity.requireImplementation(params);
      src1 = Inputs.floats(size, 1);
      src2 = Inputs.floats(size, 2);
      place();
      double[] exact = Sanity.exactDot(a, 0, b, 0, size);
      Sanity.close("DenseOps.dot", DenseOps.dot(a, b), exact[0], exact[1]);
    }

    @Setup(Level.Iteration)
    public void place() {
      if (a == null || misalignment(a) != align || misalignment(b) != align) {
        float[][] ab = placedPair(src1, src2, size, align);
        a = ab[0];
        b = ab[1];
      }
    }
  }

  @Benchmark
  public float offset(Padded s) {
    return DenseOps.dot(s.a, s.from, s.b, s.from, s.size);
  }

  @Benchmark
  public float whole(Whole s) {
    return DenseOps.dot(s.a, s.b);
  }

  @Benchmark
  public float lucene(Whole s) throws Throwable {
    if (LUCENE_DOT == null) {
      throw new IllegalStateException("lucene-core 10 did not load: it needs Java 21 or newer");
    }
    return (float) LUCENE_DOT.invokeExact(s.a, s.b);
  }
}
