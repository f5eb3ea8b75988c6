package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.concurrent.TimeUnit;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.CommonOps_FDRM;
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
 * Multi-row dot, the multi-class score step: k row-major weight rows of length d against one x.
 * {@code multiDot*} is the one-pass kernel; {@code separateDots*} is its baseline, k separate
 * {@code DenseOps.dot} calls on the same rows; {@code batchMargins*} is the same matrix read as k
 * examples against one weight vector (plus a bias); EJML is {@code CommonOps_FDRM.mult} of the
 * k x d matrix by the d x 1 vector.
 *
 * <p>At the defaults everything is in cache (k = 100, d = 784 is 306 KiB). Full sweep, e.g.
 * {@code -p k=2,10,100,1000 -p d=784,1031,65536}; from k*d = 2^19 batchMargins splits the rows
 * over the fork-join pool.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class MultiDotBenchmark {

  @Param({"2", "10", "100"})
  int k;

  @Param({"784"})
  int d;

  float bias = 0.25f;
  float[] rows;
  float[] x;
  float[] out;
  FMatrixRMaj rowsMatrix;
  FMatrixRMaj xMatrix;
  FMatrixRMaj outMatrix;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    rows = Inputs.floats(k * d, 21);
    x = Inputs.floats(d, 22);
    out = new float[k];
    rowsMatrix = FMatrixRMaj.wrap(k, d, rows);
    xMatrix = FMatrixRMaj.wrap(d, 1, x);
    outMatrix = FMatrixRMaj.wrap(k, 1, out);
    check("DenseOps.multiDot", multiDotPanama(), 0);
    check("DenseOps.dot per row", separateDotsPanama(), 0);
    check("DenseOps.batchMargins", batchMarginsPanama(), bias);
    check("ReferenceOps.multiDot", multiDotReference(), 0);
    check("ReferenceOps.batchMargins", batchMarginsReference(), bias);
    check("EJML mult", multiDotEjml().data, 0);
  }

  private void check(String what, float[] result, float shift) {
    for (int r = 0; r < k; r++) {
      double[] exact = Sanity.exactDot(rows, r * d, x, 0, d);
      Sanity.close(what + " row " + r, result[r] - (double) shift, exact[0], exact[1]);
    }
  }

  @Benchmark
  public float[] multiDotPanama() {
    DenseOps.multiDot(rows, k, x, out);
    return out;
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float[] multiDotScalar() {
    DenseOps.multiDot(rows, k, x, out);
    return out;
  }

  @Benchmark
  public float[] multiDotReference() {
    ReferenceOps.multiDot(rows, 0, k, d, x, 0, out, 0);
    return out;
  }

  @Benchmark
  public FMatrixRMaj multiDotEjml() {
    return CommonOps_FDRM.mult(rowsMatrix, xMatrix, outMatrix);
  }

  /** The baseline of the multi-row dot: k separate dot calls. */
  @Benchmark
  public float[] separateDotsPanama() {
    for (int r = 0; r < k; r++) {
      out[r] = DenseOps.dot(rows, r * d, x, 0, d);
    }
    return out;
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float[] separateDotsScalar() {
    for (int r = 0; r < k; r++) {
      out[r] = DenseOps.dot(rows, r * d, x, 0, d);
    }
    return out;
  }

  @Benchmark
  public float[] batchMarginsPanama() {
    DenseOps.batchMargins(rows, k, x, bias, out);
    return out;
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float[] batchMarginsScalar() {
    DenseOps.batchMargins(rows, k, x, bias, out);
    return out;
  }

  @Benchmark
  public float[] batchMarginsReference() {
    ReferenceOps.batchMargins(rows, 0, k, d, x, 0, bias, out, 0);
    return out;
  }
}
