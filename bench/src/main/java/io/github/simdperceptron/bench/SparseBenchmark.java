package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.SparseOps;
import io.github.simdperceptron.reference.ReferenceOps;
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

/**
 * Sparse kernels against a dense weight vector of d floats: {@code dot} (gather-dot),
 * {@code dotBinary} ({@code dot} with null values: every value 1) and {@code scatterAdd}
 * (w[j] += alpha v), on Panama, fast scalar, and the reference (EJML's dense module has no sparse
 * vector operations).
 *
 * <p>Indices are sorted and distinct, as in a CSR row: {@code random} spreads them uniformly over
 * [0, d) (a cache miss per non-zero once d is large), {@code clustered} packs them into a window
 * of 4 * nnz (see {@link Inputs#indices}). scatterAdd's target is restored before every iteration.
 * Full sweep, e.g. {@code -p nnz=8,16,17,64,100,1000,10000,100000 -p d=1024,65536,1048576}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class SparseBenchmark {

  @Param({"8", "100", "1000", "100000"})
  int nnz;

  @Param({"1048576"})
  int d;

  @Param({"random", "clustered"})
  String indices;

  float alpha = 1e-3f;
  int[] idx;
  float[] val;
  float[] w;
  float[] target0;
  float[] target;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    idx = Inputs.indices(indices, nnz, d, 31);
    val = Inputs.floats(nnz, 32);
    w = Inputs.floats(d, 33);
    target0 = Inputs.floats(d, 34);
    target = target0.clone();

    double exact = 0;
    double abs = 0;
    double exactBinary = 0;
    double absBinary = 0;
    for (int i = 0; i < nnz; i++) {
      double p = (double) val[i] * w[idx[i]];
      exact += p;
      abs += Math.abs(p);
      exactBinary += w[idx[i]];
      absBinary += Math.abs(w[idx[i]]);
    }
    Sanity.close("SparseOps.dot", SparseOps.dot(idx, val, w), exact, abs);
    Sanity.close("ReferenceOps.sparseDot", ReferenceOps.sparseDot(idx, val, 0, nnz, w), exact, abs);
    Sanity.close("SparseOps.dot (binary)", SparseOps.dot(idx, null, w), exactBinary, absBinary);
    Sanity.close("ReferenceOps.sparseDotBinary", ReferenceOps.sparseDotBinary(idx, 0, nnz, w), exactBinary,
        absBinary);
    float[] expected = target0.clone();
    ReferenceOps.scatterAdd(alpha, idx, val, 0, nnz, expected);
    float[] actual = target0.clone();
    SparseOps.scatterAdd(alpha, idx, val, actual);
    Sanity.same("SparseOps.scatterAdd", actual, expected);
  }

  @Setup(Level.Iteration)
  public void restore() {
    System.arraycopy(target0, 0, target, 0, d);
  }

  @Benchmark
  public float dotPanama() {
    return SparseOps.dot(idx, val, w);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float dotScalar() {
    return SparseOps.dot(idx, val, w);
  }

  @Benchmark
  public float dotReference() {
    return ReferenceOps.sparseDot(idx, val, 0, nnz, w);
  }

  @Benchmark
  public float dotBinaryPanama() {
    return SparseOps.dot(idx, null, w);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float dotBinaryScalar() {
    return SparseOps.dot(idx, null, w);
  }

  @Benchmark
  public float dotBinaryReference() {
    return ReferenceOps.sparseDotBinary(idx, 0, nnz, w);
  }

  @Benchmark
  public void scatterAddPanama() {
    SparseOps.scatterAdd(alpha, idx, val, target);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public void scatterAddScalar() {
    SparseOps.scatterAdd(alpha, idx, val, target);
  }

  @Benchmark
  public void scatterAddReference() {
    ReferenceOps.scatterAdd(alpha, idx, val, 0, nnz, target);
  }
}
