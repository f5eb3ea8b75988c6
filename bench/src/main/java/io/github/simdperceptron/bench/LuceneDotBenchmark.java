package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
 * The dense dot product against Apache Lucene's {@code VectorUtil.dotProduct(float[], float[])}
 * (lucene-core 10.3.1, its Vector API implementation), in the same JVM on the same arrays, at the
 * lengths where a linked kernel is called most (embedding sizes), odd lengths (a scalar tail) and beyond; the literal
 * reference in the same run gives the speed-up over a plain loop. Lucene 10 needs Java 21 or newer:
 * on an older JDK the setup fails with a message saying so. Lucene is called through a constant
 * method handle, which C2 inlines like a direct call.
 *
 * <pre>
 * /usr/lib/jvm/temurin-25-jdk-amd64/bin/java --add-modules jdk.incubator.vector \
 *     -jar bench/target/benchmarks.jar 'LuceneDotBenchmark.(kernel|lucene)' 
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 8, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 3,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class LuceneDotBenchmark {
  private static final MethodHandle LUCENE_DOT = luceneDot();

  @Param({"16", "31", "64", "100", "256", "784", "1000", "1024", "4095", "4096", "16384", "65535", "65536"})
  int size;

  float[] a;
  float[] b;

  /** Lucene's {@code VectorUtil.dotProduct(float[], float[])}, or null when lucene-core 10 does not load (before Java 21). */
  static MethodHandle luceneDot() {
    try {
      Class<?> util = Class.forName("org.apache.lucene.util.VectorUtil");
      return MethodHandles.publicLookup().findStatic(util, "dotProduct",
          MethodType.methodType(float.class, float[].class, float[].class));
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws Throwable {
    Sanity.requireImplementation(params);
    if (LUCENE_DOT == null) {
      throw new IllegalStateException("lucene-core 10 did not load: it needs Java 21 or newer, this is "
          + System.getProperty("java.version"));
    }
    a = Inputs.floats(size, 1);
    b = Inputs.floats(size, 2);
    double[] exact = Sanity.exactDot(a, 0, b, 0, size);
    Sanity.close("DenseOps.dot", DenseOps.dot(a, b), exact[0], exact[1]);
    Sanity.close("Lucene VectorUtil.dotProduct", (float) LUCENE_DOT.invokeExact(a, b), exact[0], exact[1]);
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
  public float reference() {
    return ReferenceOps.dot(a, 0, b, 0, a.length);
  }
}
