package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.concurrent.TimeUnit;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.mult.VectorVectorMult_FDRM;
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
 * Dense dot product {@code sum a[i] * b[i]}: the kernel on Panama and on the fast scalar
 * implementation (the same method body, run in forks started with different
 * {@code -Dsimdperceptron.impl}), the literal reference, and EJML's {@code innerProd}.
 *
 * <p>Full sweep: {@code -p size=16,17,100,1024,1031,4096,65536,65537,1048576,16777216,16777215}.
 * At 16M two arrays of 64 MiB stream from memory; compare with {@link StreamBandwidthBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class DotBenchmark {

  @Param({"16", "1024", "1031", "65536", "16777216"})
  int size;

  float[] a;
  float[] b;
  FMatrixRMaj aMatrix;
  FMatrixRMaj bMatrix;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    a = Inputs.floats(size, 1);
    b = Inputs.floats(size, 2);
    aMatrix = FMatrixRMaj.wrap(1, size, a);
    bMatrix = FMatrixRMaj.wrap(1, size, b);
    double[] exact = Sanity.exactDot(a, 0, b, 0, size);
    Sanity.close("DenseOps.dot", DenseOps.dot(a, b), exact[0], exact[1]);
    Sanity.close("ReferenceOps.dot", ReferenceOps.dot(a, 0, b, 0, size), exact[0], exact[1]);
    Sanity.close("EJML innerProd", VectorVectorMult_FDRM.innerProd(aMatrix, bMatrix), exact[0], exact[1]);
  }

  @Benchmark
  public float panama() {
    return DenseOps.dot(a, b);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float scalar() {
    return DenseOps.dot(a, b);
  }

  @Benchmark
  public float reference() {
    return ReferenceOps.dot(a, 0, b, 0, a.length);
  }

  @Benchmark
  public float ejml() {
    return VectorVectorMult_FDRM.innerProd(aMatrix, bMatrix);
  }
}
