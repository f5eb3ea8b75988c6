package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Arrays;
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
 * Element-wise updates: {@code axpy} (y += alpha x), {@code scale} (x = alpha x) and the averaged
 * perceptron's fused {@code dualAxpy} (w += a x, u += b x, with u in float or in double), on
 * Panama, fast scalar (forks with {@code -Dsimdperceptron.impl=scalar}), the reference, and EJML
 * where it has the operation ({@code CommonOps_FDRM.addEquals}, {@code scale}).
 *
 * <p>The updated arrays are restored before every iteration. Within one iteration they drift by
 * at most {@code calls * 1e-3}, far from overflow; {@code scale} multiplies by -1, which keeps
 * the values exact and bounded. Full sweep: {@code -p size=16,1024,1031,65536,1048576,16777216}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class AxpyBenchmark {

  @Param({"1024", "1031", "65536", "16777216"})
  int size;

  float alpha = 1e-3f;
  float b = 2e-3f;
  double bWide = 2e-3;
  float minusOne = -1f;

  float[] x;
  float[] y0;
  float[] y;
  float[] u0;
  float[] u;
  double[] uWide0;
  double[] uWide;
  float[] z;
  FMatrixRMaj xMatrix;
  FMatrixRMaj yMatrix;
  FMatrixRMaj zMatrix;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    x = Inputs.floats(size, 11);
    y0 = Inputs.floats(size, 12);
    u0 = Inputs.floats(size, 13);
    uWide0 = new double[size];
    for (int i = 0; i < size; i++) {
      uWide0[i] = u0[i];
    }
    y = y0.clone();
    u = u0.clone();
    uWide = uWide0.clone();
    z = Inputs.floats(size, 14);
    xMatrix = FMatrixRMaj.wrap(1, size, x);
    yMatrix = FMatrixRMaj.wrap(1, size, y);
    zMatrix = FMatrixRMaj.wrap(1, size, z);
    checkAgainstReference();
  }

  /** Every implementation measured here must produce the reference's arrays bit for bit. */
  private void checkAgainstReference() {
    float[] expected = y0.clone();
    ReferenceOps.axpy(alpha, x, 0, expected, 0, size);
    float[] actual = y0.clone();
    DenseOps.axpy(alpha, x, actual);
    Sanity.same("DenseOps.axpy", actual, expected);
    actual = y0.clone();
    CommonOps_FDRM.addEquals(FMatrixRMaj.wrap(1, size, actual), alpha, xMatrix);
    Sanity.same("EJML addEquals", actual, expected);

    expected = y0.clone();
    ReferenceOps.scale(0.75f, expected, 0, size);
    actual = y0.clone();
    DenseOps.scale(0.75f, actual);
    Sanity.same("DenseOps.scale", actual, expected);
    actual = y0.clone();
    CommonOps_FDRM.scale(0.75f, FMatrixRMaj.wrap(1, size, actual));
    Sanity.same("EJML scale", actual, expected);

    float[] w = y0.clone();
    float[] uu = u0.clone();
    ReferenceOps.dualAxpy(alpha, b, x, 0, w, 0, uu, 0, size);
    float[] w2 = y0.clone();
    float[] uu2 = u0.clone();
    DenseOps.dualAxpy(alpha, b, x, w2, uu2);
    Sanity.same("DenseOps.dualAxpy w", w2, w);
    Sanity.same("DenseOps.dualAxpy u", uu2, uu);

    w = y0.clone();
    double[] ud = uWide0.clone();
    ReferenceOps.dualAxpy(alpha, bWide, x, 0, w, 0, ud, 0, size);
    w2 = y0.clone();
    double[] ud2 = uWide0.clone();
    DenseOps.dualAxpy(alpha, bWide, x, 0, w2, 0, ud2, 0, size);
    Sanity.same("DenseOps.dualAxpy(double) w", w2, w);
    if (!Arrays.equals(ud2, ud)) {
      throw new IllegalStateException("DenseOps.dualAxpy(double) u differs from the reference");
    }
  }

  @Setup(Level.Iteration)
  public void restore() {
    System.arraycopy(y0, 0, y, 0, size);
    System.arraycopy(u0, 0, u, 0, size);
    System.arraycopy(uWide0, 0, uWide, 0, size);
  }

  @Benchmark
  public void axpyPanama() {
    DenseOps.axpy(alpha, x, y);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public void axpyScalar() {
    DenseOps.axpy(alpha, x, y);
  }

  @Benchmark
  public void axpyReference() {
    ReferenceOps.axpy(alpha, x, 0, y, 0, size);
  }

  @Benchmark
  public void axpyEjml() {
    CommonOps_FDRM.addEquals(yMatrix, alpha, xMatrix);
  }

  @Benchmark
  public void scalePanama() {
    DenseOps.scale(minusOne, z);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public void scaleScalar() {
    DenseOps.scale(minusOne, z);
  }

  @Benchmark
  public void scaleReference() {
    ReferenceOps.scale(minusOne, z, 0, size);
  }

  @Benchmark
  public void scaleEjml() {
    CommonOps_FDRM.scale(minusOne, zMatrix);
  }

  @Benchmark
  public void dualAxpyFloatPanama() {
    DenseOps.dualAxpy(alpha, b, x, y, u);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public void dualAxpyFloatScalar() {
    DenseOps.dualAxpy(alpha, b, x, y, u);
  }

  @Benchmark
  public void dualAxpyFloatReference() {
    ReferenceOps.dualAxpy(alpha, b, x, 0, y, 0, u, 0, size);
  }

  @Benchmark
  public void dualAxpyDoublePanama() {
    DenseOps.dualAxpy(alpha, bWide, x, 0, y, 0, uWide, 0, size);
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public void dualAxpyDoubleScalar() {
    DenseOps.dualAxpy(alpha, bWide, x, 0, y, 0, uWide, 0, size);
  }

  @Benchmark
  public void dualAxpyDoubleReference() {
    ReferenceOps.dualAxpy(alpha, bWide, x, 0, y, 0, uWide, 0, size);
  }
}
