package io.github.simdperceptron.bench;

import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
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
 * The machine's single-thread streaming read bandwidth, the ceiling for large dense kernels:
 * a SIMD sum (adds only, eight accumulators, so the loads are the only limit) over one array of
 * {@code floats} floats, four times the 32 MiB L3 by default. Bandwidth = {@code 4 * floats} bytes /
 * (ns/op), in GB/s.
 *
 * <p>The same bytes are read as one, two or four sequential streams (the array split into that
 * many contiguous parts read side by side): the hardware prefetchers work per stream and stop at
 * 4 KiB page boundaries, so the number of streams can matter. A dot product is two streams; the
 * machine's bandwidth is the best of the three. Written with the Vector API directly, not with
 * the kernel, so the ceiling does not depend on the code it judges.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class StreamBandwidthBenchmark {
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  private static final int L = F.length();

  /** Floats read per operation: 32M floats = 128 MiB. */
  @Param({"33554432"})
  int floats;

  float[] x;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    if (floats % (32 * L) != 0) {
      throw new IllegalArgumentException("floats must be a multiple of " + 32 * L + ", got " + floats);
    }
    x = Inputs.floats(floats, 3);
    double exact = 0;
    double abs = 0;
    for (float v : x) {
      exact += v;
      abs += Math.abs(v);
    }
    Sanity.close("oneStream", oneStream(), exact, abs);
    Sanity.close("twoStreams", twoStreams(), exact, abs);
    Sanity.close("fourStreams", fourStreams(), exact, abs);
  }

  @Benchmark
  public float oneStream() {
    float[] x = this.x;
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = FloatVector.zero(F);
    FloatVector s2 = FloatVector.zero(F);
    FloatVector s3 = FloatVector.zero(F);
    FloatVector s4 = FloatVector.zero(F);
    FloatVector s5 = FloatVector.zero(F);
    FloatVector s6 = FloatVector.zero(F);
    FloatVector s7 = FloatVector.zero(F);
    for (int i = 0; i < x.length; i += 8 * L) {
      s0 = s0.add(FloatVector.fromArray(F, x, i));
      s1 = s1.add(FloatVector.fromArray(F, x, i + L));
      s2 = s2.add(FloatVector.fromArray(F, x, i + 2 * L));
      s3 = s3.add(FloatVector.fromArray(F, x, i + 3 * L));
      s4 = s4.add(FloatVector.fromArray(F, x, i + 4 * L));
      s5 = s5.add(FloatVector.fromArray(F, x, i + 5 * L));
      s6 = s6.add(FloatVector.fromArray(F, x, i + 6 * L));
      s7 = s7.add(FloatVector.fromArray(F, x, i + 7 * L));
    }
    return s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
  }

  @Benchmark
  public float twoStreams() {
    float[] x = this.x;
    int h = x.length / 2;
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = FloatVector.zero(F);
    FloatVector s2 = FloatVector.zero(F);
    FloatVector s3 = FloatVector.zero(F);
    FloatVector s4 = FloatVector.zero(F);
    FloatVector s5 = FloatVector.zero(F);
    FloatVector s6 = FloatVector.zero(F);
    FloatVector s7 = FloatVector.zero(F);
    for (int i = 0; i < h; i += 4 * L) {
      s0 = s0.add(FloatVector.fromArray(F, x, i));
      s1 = s1.add(FloatVector.fromArray(F, x, h + i));
      s2 = s2.add(FloatVector.fromArray(F, x, i + L));
      s3 = s3.add(FloatVector.fromArray(F, x, h + i + L));
      s4 = s4.add(FloatVector.fromArray(F, x, i + 2 * L));
      s5 = s5.add(FloatVector.fromArray(F, x, h + i + 2 * L));
      s6 = s6.add(FloatVector.fromArray(F, x, i + 3 * L));
      s7 = s7.add(FloatVector.fromArray(F, x, h + i + 3 * L));
    }
    return s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
  }

  @Benchmark
  public float fourStreams() {
    float[] x = this.x;
    int q = x.length / 4;
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = FloatVector.zero(F);
    FloatVector s2 = FloatVector.zero(F);
    FloatVector s3 = FloatVector.zero(F);
    FloatVector s4 = FloatVector.zero(F);
    FloatVector s5 = FloatVector.zero(F);
    FloatVector s6 = FloatVector.zero(F);
    FloatVector s7 = FloatVector.zero(F);
    for (int i = 0; i < q; i += 2 * L) {
      s0 = s0.add(FloatVector.fromArray(F, x, i));
      s1 = s1.add(FloatVector.fromArray(F, x, q + i));
      s2 = s2.add(FloatVector.fromArray(F, x, 2 * q + i));
      s3 = s3.add(FloatVector.fromArray(F, x, 3 * q + i));
      s4 = s4.add(FloatVector.fromArray(F, x, i + L));
      s5 = s5.add(FloatVector.fromArray(F, x, q + i + L));
      s6 = s6.add(FloatVector.fromArray(F, x, 2 * q + i + L));
      s7 = s7.add(FloatVector.fromArray(F, x, 3 * q + i + L));
    }
    return s0.add(s1).add(s2.add(s3)).add(s4.add(s5).add(s6.add(s7))).reduceLanes(VectorOperators.ADD);
  }
}
