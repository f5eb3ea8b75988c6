package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.internal.FloatRows;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.kernel.internal.QueryRows;
import io.github.simdperceptron.kernel.internal.RowQuads;
import io.github.simdperceptron.kernel.internal.SvPanels;
import io.github.simdperceptron.reference.ReferenceKernels;
import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.CommonOps_FDRM;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The Gram block G = X S^T (rows x SVs, dimension d) in GFLOP/s, beside the machine's measured
 * FMA peak and EJML's {@code CommonOps_FDRM.mult} at the same sizes. Every benchmark counts its
 * floating-point operations in the {@link Flops} counter (2 per multiply-add), so JMH's
 * {@code :flops} line reads directly in GFLOP/s (ops/ns); the primary score is calls per
 * nanosecond.
 *
 * <ul>
 *   <li>{@code fmaPeak}: 12 independent vector FMA chains over the preferred species, nothing
 *       loaded: one core's FMA throughput (2 pipes x 8 lanes x 2 flops a cycle on AVX2).
 *   <li>{@code gramOneThread}: the panel kernel on the calling thread alone (compare with fmaPeak).
 *   <li>{@code gram}: the facade as training and prediction call it (split over the common
 *       fork-join pool when large: two threads on two cores).
 *   <li>{@code gramQuads}: the rows as row quads against the same panels, as kernel
 *       training's commits compute it (one thread; the rows here have no zeros, so every feature
 *       is kept and the rate compares with {@code gramOneThread}'s on the same work).
 *   <li>{@code ejmlMult}: {@code CommonOps_FDRM.mult(X, S^T)} (the same product, row-major).
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar GramBenchmark -p svs=64,1024,4096}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class GramBenchmark {
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  /** Iterations of the FMA peak loop: long enough that the loop overhead does not count. */
  private static final int FMA_ITERATIONS = 1 << 14;

  /** The floating-point operations of the calls, reported as a rate (GFLOP/s with nanoseconds). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Flops {
    public long flops;
  }

  @Param({"128"})
  int rows;

  @Param({"64", "1024", "4096"})
  int svs;

  @Param({"784"})
  int d;

  float[] x;
  float[][] rowArrays;
  int[] rowOffsets;
  int[] ids;
  float[] panels;
  RowQuads quads;
  float[] g;
  QueryRows query;
  SvPanels svPanels;
  FloatRows gRows;
  FMatrixRMaj xMatrix;
  FMatrixRMaj stMatrix;
  FMatrixRMaj gMatrix;
  float seed;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    x = Inputs.floats(rows * d, 1);
    float[] s = Inputs.floats(svs * d, 2);
    rowArrays = new float[rows][];
    rowOffsets = new int[rows];
    ids = new int[rows];
    for (int r = 0; r < rows; r++) {
      rowArrays[r] = x;
      rowOffsets[r] = r * d;
      ids[r] = r;
    }
    panels = new float[(int) GramBlocks.packedLength(svs, d)];
    float[] st = new float[d * svs];
    for (int j = 0; j < svs; j++) {
      GramBlocks.pack(s, j * d, d, panels, GramBlocks.PANEL, j);
      for (int f = 0; f < d; f++) {
        st[f * svs + j] = s[j * d + f];
      }
    }
    int stride = GramBlocks.lanes(svs);
    g = new float[rows * stride];
    quads = RowQuads.ofDense(rowArrays, rowOffsets, rows, d);
    xMatrix = FMatrixRMaj.wrap(rows, d, x);
    stMatrix = FMatrixRMaj.wrap(d, svs, st);
    gMatrix = new FMatrixRMaj(rows, svs);
    seed = 1.0001f;
    query = QueryRows.dense(rowArrays, rowOffsets, d, ids);
    svPanels = new SvPanels(panels, d, GramBlocks.PANEL, svs);
    gRows = new FloatRows(g, stride);
    // The answer is checked once: the kernel's block against the reference's kernel values.
    GramBlocks.gram(query, 0, rows, svPanels, gRows, 0);
    float[] x0 = java.util.Arrays.copyOfRange(x, 0, d);
    float[] s0 = java.util.Arrays.copyOfRange(s, (svs - 1) * d, svs * d);
    double[] exact = Sanity.exactDot(x0, 0, s0, 0, d);
    Sanity.close("GramBlocks.gram", g[svs - 1], exact[0], exact[1]);
    GramBlocks.gramQuads(quads, 0, quads.quads(), svPanels, gRows, 0);
    int at = 0;
    while (quads.row(at) != 0) {
      at++;
    }
    Sanity.close("GramBlocks.gramQuads", g[at * stride + svs - 1], exact[0], exact[1]);
    Sanity.close("ReferenceKernels.linear", ReferenceKernels.linear(x0, s0), exact[0], exact[1]);
  }

  private long gramFlops() {
    return 2L * rows * svs * d;
  }

  @Benchmark
  public float fmaPeak(Flops flops) {
    FloatVector a0 = FloatVector.broadcast(F, seed);
    FloatVector a1 = a0.add(1f);
    FloatVector a2 = a0.add(2f);
    FloatVector a3 = a0.add(3f);
    FloatVector a4 = a0.add(4f);
    FloatVector a5 = a0.add(5f);
    FloatVector a6 = a0.add(6f);
    FloatVector a7 = a0.add(7f);
    FloatVector a8 = a0.add(8f);
    FloatVector a9 = a0.add(9f);
    FloatVector a10 = a0.add(10f);
    FloatVector a11 = a0.add(11f);
    FloatVector m = FloatVector.broadcast(F, 0.999f);
    FloatVector c = FloatVector.broadcast(F, 1e-3f);
    for (int i = 0; i < FMA_ITERATIONS; i++) {
      a0 = a0.fma(m, c);
      a1 = a1.fma(m, c);
      a2 = a2.fma(m, c);
      a3 = a3.fma(m, c);
      a4 = a4.fma(m, c);
      a5 = a5.fma(m, c);
      a6 = a6.fma(m, c);
      a7 = a7.fma(m, c);
      a8 = a8.fma(m, c);
      a9 = a9.fma(m, c);
      a10 = a10.fma(m, c);
      a11 = a11.fma(m, c);
    }
    flops.flops += 2L * 12 * F.length() * FMA_ITERATIONS;
    return a0.add(a1).add(a2).add(a3).add(a4).add(a5).add(a6).add(a7).add(a8).add(a9).add(a10).add(a11)
        .reduceLanes(jdk.incubator.vector.VectorOperators.ADD);
  }

  @Benchmark
  public float[] gramOneThread(Flops flops) {
    GramBlocks.gramOneThread(query, 0, rows, svPanels, gRows, 0);
    flops.flops += gramFlops();
    return g;
  }

  @Benchmark
  public float[] gram(Flops flops) {
    GramBlocks.gram(query, 0, rows, svPanels, gRows, 0);
    flops.flops += gramFlops();
    return g;
  }

  @Benchmark
  public float[] gramQuads(Flops flops) {
    GramBlocks.gramQuads(quads, 0, quads.quads(), svPanels, gRows, 0);
    flops.flops += gramFlops();
    return g;
  }

  @Benchmark
  public FMatrixRMaj ejmlMult(Flops flops) {
    CommonOps_FDRM.mult(xMatrix, stMatrix, gMatrix);
    flops.flops += gramFlops();
    return gMatrix;
  }
}
