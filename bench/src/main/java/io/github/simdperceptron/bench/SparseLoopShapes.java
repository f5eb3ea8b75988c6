package io.github.simdperceptron.bench;

import io.github.simdperceptron.reference.ReferenceOps;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The A/B behind {@code SparseLoops.FEW}: loop shapes for the sparse gather-dot, written here
 * (not calling the kernel) so that only the shape differs: one chain, two chains, four chains,
 * and one chain below 16 non-zeros else four. The reference is the baseline. Not part of the
 * report; run with e.g. {@code 'SparseLoopShapes' -p nnz=8,100 -f 3 -wi 2 -w 500ms -i 4 -r 500ms}.
 * Same inputs as {@link SparseBenchmark} (random indices into d = 1M floats).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = Forks.COUNT, jvmArgsAppend = {Forks.XMS, Forks.XMX})
public class SparseLoopShapes {
  @Param({"8", "100"})
  int nnz;

  @Param({"1048576"})
  int d;

  int[] idx;
  float[] val;
  float[] w;

  @Setup
  public void setUp() {
    idx = Inputs.indices("random", nnz, d, 31);
    val = Inputs.floats(nnz, 32);
    w = Inputs.floats(d, 33);
  }

  static float oneChain(int[] idx, float[] val, int nnz, float[] w) {
    float s = 0f;
    for (int i = 0; i < nnz; i++) {
      s += val[i] * w[idx[i]];
    }
    return s;
  }

  static float twoChains(int[] idx, float[] val, int nnz, float[] w) {
    float s0 = 0f;
    float s1 = 0f;
    int i = 0;
    for (int bound = nnz & ~1; i < bound; i += 2) {
      s0 += val[i] * w[idx[i]];
      s1 += val[i + 1] * w[idx[i + 1]];
    }
    if (i < nnz) {
      s0 += val[i] * w[idx[i]];
    }
    return s0 + s1;
  }

  static float fourChains(int[] idx, float[] val, int nnz, float[] w) {
    float s0 = 0f;
    float s1 = 0f;
    float s2 = 0f;
    float s3 = 0f;
    int i = 0;
    for (int bound = nnz & ~3; i < bound; i += 4) {
      s0 += val[i] * w[idx[i]];
      s1 += val[i + 1] * w[idx[i + 1]];
      s2 += val[i + 2] * w[idx[i + 2]];
      s3 += val[i + 3] * w[idx[i + 3]];
    }
    for (; i < nnz; i++) {
      s0 += val[i] * w[idx[i]];
    }
    return (s0 + s1) + (s2 + s3);
  }

  static float oneChainBelowSixteen(int[] idx, float[] val, int nnz, float[] w) {
    return nnz < 16 ? oneChain(idx, val, nnz, w) : fourChains(idx, val, nnz, w);
  }

  @Benchmark
  public float oneChain() {
    return oneChain(idx, val, nnz, w);
  }

  @Benchmark
  public float twoChains() {
    return twoChains(idx, val, nnz, w);
  }

  @Benchmark
  public float fourChains() {
    return fourChains(idx, val, nnz, w);
  }

  @Benchmark
  public float oneChainBelowSixteen() {
    return oneChainBelowSixteen(idx, val, nnz, w);
  }

  @Benchmark
  public float reference() {
    return ReferenceOps.sparseDot(idx, val, 0, nnz, w);
  }
}
