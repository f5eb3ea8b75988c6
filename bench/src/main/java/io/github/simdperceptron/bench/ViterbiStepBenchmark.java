package io.github.simdperceptron.bench;

import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.Transitions;
import io.github.simdperceptron.kernel.internal.ViterbiSteps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Arrays;
import java.util.Random;
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
 * One Viterbi step over k tags ({@code ViterbiSteps.step}): the sequence taggers' K x K inner loop.
 * {@code prev = flat} draws the previous path scores from the range of the transitions (few rows
 * can be pruned), {@code prev = spread} spreads them 16 times wider (most rows are pruned), and
 * {@code prev = peaked} 256 times, as a trained tagger's are (on the Brown corpus it keeps 1.65 rows
 * of 190 a step on average: the step is mostly the choice of the rows). {@code *Unpruned} passes
 * infinite row bounds (every row is scanned); the reference is the naive K x K loop. Every variant
 * gives the same bits (checked at setup).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class ViterbiStepBenchmark {

  @Param({"45", "190"})
  int k;

  @Param({"flat", "spread", "peaked"})
  String prevScores;

  int kp;
  float[] prev;
  float[] trans;
  float[] emit;
  float[] rowMax;
  float[] rowMin;
  float[] unbounded;
  Transitions bounded;
  Transitions unpruned;
  float[] delta;
  int[] back;
  int[] rows;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    kp = ClassScores.paddedClasses(k);
    Random r = new Random(31);
    prev = new float[k];
    trans = new float[k * kp];
    emit = new float[kp];
    float scale = prevScores.equals("peaked") ? 256 : prevScores.equals("spread") ? 16 : 1;
    for (int j = 0; j < k; j++) {
      prev[j] = scale * (r.nextInt(41) - 20);
      for (int c = 0; c < k; c++) {
        trans[j * kp + c] = r.nextInt(41) - 20;
      }
    }
    for (int c = 0; c < k; c++) {
      emit[c] = r.nextInt(41) - 20;
    }
    rowMax = new float[k];
    rowMin = new float[k];
    ViterbiSteps.rowBounds(trans, k, kp, rowMax, rowMin);
    unbounded = new float[k];
    Arrays.fill(unbounded, Float.POSITIVE_INFINITY);
    delta = new float[kp];
    back = new int[kp];
    rows = new int[k];
    float[] expected = new float[kp];
    int[] expectedBack = new int[kp];
    ReferenceOps.viterbiStep(prev, k, trans, kp, emit, expected, expectedBack);
    bounded = new Transitions(trans, k, kp, rowMax, rowMin);
    unpruned = new Transitions(trans, k, kp, unbounded, rowMin);
    for (Transitions t : new Transitions[] {bounded, unpruned}) {
      ViterbiSteps.step(t, prev, emit, delta, back, rows);
      Sanity.same("ViterbiSteps.step", Arrays.copyOf(delta, k), Arrays.copyOf(expected, k));
      if (!Arrays.equals(Arrays.copyOf(back, k), Arrays.copyOf(expectedBack, k))) {
        throw new IllegalStateException("ViterbiSteps.step: back-pointers differ from the reference's");
      }
    }
  }

  @Benchmark
  public float[] stepPanama() {
    ViterbiSteps.step(bounded, prev, emit, delta, back, rows);
    return delta;
  }

  @Benchmark
  public float[] stepPanamaUnpruned() {
    ViterbiSteps.step(unpruned, prev, emit, delta, back, rows);
    return delta;
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float[] stepScalar() {
    ViterbiSteps.step(bounded, prev, emit, delta, back, rows);
    return delta;
  }

  @Benchmark
  @Fork(value = Forks.COUNT,
      jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.SCALAR})
  public float[] stepScalarUnpruned() {
    ViterbiSteps.step(unpruned, prev, emit, delta, back, rows);
    return delta;
  }

  @Benchmark
  public float[] stepReference() {
    ReferenceOps.viterbiStep(prev, k, trans, kp, emit, delta, back);
    return delta;
  }
}
