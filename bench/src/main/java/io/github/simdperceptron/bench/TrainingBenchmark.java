package io.github.simdperceptron.bench;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.reference.ReferenceData;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceOps;
import io.github.simdperceptron.reference.ReferenceRun;
import java.util.Arrays;
import java.util.SplittableRandom;
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
 * End-to-end binary training: one {@code Learner.fit} of {@link #EPOCHS} shuffled epochs
 * (seed fixed, with bias) per operation, against the literal reference learner on the same data.
 *
 * <p>The kernel's report computes three figures with a pass over the data each, on demand: the
 * training error, the radius and the margin; the {@code kernel} method asks for all three, and the
 * {@code reference} method does the same three passes with
 * {@code ReferenceOps}, so both operations are {@code EPOCHS + 3} passes: {@link #visits} row visits. Examples per second and nanoseconds per
 * non-zero are derived from the score (ms per fit) by the report generator with
 * {@link #rows} and {@link #nonZerosPerRow}.
 *
 * <p>Data (generated in setup, seeded, the same in every fork): {@code dense}: n x d floats uniform
 * in [-1, 1); {@code sparse}: n rows of exactly {@code nnz} distinct sorted features out of d, drawn
 * from a power law (feature j with probability about 1/(j+1)^1.1, as word frequencies in text),
 * values = how often the feature was drawn (integers, so kernel and reference agree bit for bit).
 * When a row's draws stop finding new features (4 nnz draws), the rest of the row is uniform over
 * the features. Labels: the sign of a planted seeded weight vector's score, 10% flipped, so every
 * epoch keeps updating. n = 2^24/d for dense (64 MiB of floats) and 2^23/nnz for sparse (64 MiB of
 * indices and values), clamped to [64, 2^18] rows: beyond the 32 MiB L3 except for the smallest rows
 * (d or nnz below 64 or 32), where the 2^18 rows stay a few MiB.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar TrainingBenchmark -p layout=dense -p d=10,1000,100000 -p nnz=0
 * java -jar bench/target/benchmarks.jar TrainingBenchmark -p layout=sparse -p d=1000000 -p nnz=10,1000
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = Forks.COUNT,
    jvmArgsAppend = {Forks.ADD_MODULES, Forks.VECTOR_MODULE, Forks.XMS, Forks.XMX, Forks.PANAMA})
public class TrainingBenchmark {
  /** Training epochs per fit. */
  public static final int EPOCHS = 3;
  /** Passes over the data that {@code fit} adds after training: training error, radius, margin. */
  public static final int EXTRA_PASSES = 3;
  /** Power-law exponent of the sparse feature frequencies. */
  public static final double ZIPF_S = 1.1;
  static final double FLIP = 0.1;
  static final long SEED = 42;
  static final int MIN_ROWS = 64;
  static final int MAX_ROWS = 1 << 18;

  @Param({"PERCEPTRON", "AVERAGED"})
  Algorithm algorithm;

  @Param({"dense"})
  String layout;

  @Param({"1000"})
  int d;

  /** Non-zeros per row (sparse only; ignored for dense, where every row has d). */
  @Param({"0"})
  int nnz;

  Dataset data;
  ReferenceData ref;
  TrainingOptions options;
  float[][] denseRows;
  int[][] sparseIdx;
  float[][] sparseVal;
  float[] refLabels;

  /** Rows of the generated dataset. */
  public static int rows(String layout, int d, int nnz) {
    int n = "dense".equals(layout) ? (1 << 24) / d : (1 << 23) / nnz;
    return Math.min(MAX_ROWS, Math.max(MIN_ROWS, n));
  }

  /** Non-zeros per row: d for dense. */
  public static int nonZerosPerRow(String layout, int d, int nnz) {
    return "dense".equals(layout) ? d : nnz;
  }

  /** Row visits per operation: EPOCHS training passes and the EXTRA_PASSES that follow. */
  public static long visits(String layout, int d, int nnz) {
    return (long) rows(layout, d, nnz) * (EPOCHS + EXTRA_PASSES);
  }

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    Sanity.requireImplementation(params);
    options = TrainingOptions.builder().maxEpochs(EPOCHS).seed(SEED).shuffle(true).bias(true).build();
    int n = rows(layout, d, nnz);
    switch (layout) {
      case "dense":
        dense(n);
        break;
      case "sparse":
        sparse(n);
        break;
      default:
        throw new IllegalArgumentException("layout must be dense or sparse, got '" + layout + "'");
    }
    // Both learners must do the same work: the same updates in the first epoch (bit-identical on the
    // integer-valued sparse data; within 5% of n on the real-valued dense data, where sums round differently).
    long k = Learner.fit(algorithm, data, options.toBuilder().maxEpochs(1).build()).report().mistakes();
    ReferenceRun r = fitReference(1);
    long m = Arrays.stream(r.mistakesPerEpoch).asLongStream().sum();
    long slack = "sparse".equals(layout) ? 0 : n / 20;
    if (Math.abs(k - m) > slack || k == 0) {
      throw new IllegalStateException(layout + " d=" + d + ": kernel made " + k + " mistakes, reference " + m);
    }
  }

  private void dense(int n) {
    SplittableRandom rnd = new SplittableRandom(SEED);
    float[] planted = Inputs.floats(d, SEED + 1);
    float[] x = new float[n * d];
    float[][] rows = new float[n][];
    double[] labels = new double[n];
    float[] refLabels = new float[n];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < d; j++) {
        float v = (float) (2 * rnd.nextDouble() - 1);
        x[i * d + j] = v;
        s += (double) v * planted[j];
      }
      rows[i] = Arrays.copyOfRange(x, i * d, (i + 1) * d);
      labels[i] = label(s, rnd);
      refLabels[i] = (float) labels[i];
    }
    data = Dataset.of(x, d, labels);
    ref = ReferenceData.dense(rows, refLabels);
    denseRows = rows;
    this.refLabels = refLabels;
  }

  private void sparse(int n) {
    if (nnz < 1 || nnz > d) {
      throw new IllegalArgumentException("sparse needs 1 <= nnz <= d, got nnz=" + nnz + ", d=" + d);
    }
    SplittableRandom rnd = new SplittableRandom(SEED);
    float[] planted = Inputs.floats(d, SEED + 1);
    int[] stamp = new int[d];
    Arrays.fill(stamp, -1);
    float[] count = new float[d];
    int[] rowPtr = new int[n + 1];
    int[] indices = new int[n * nnz];
    float[] values = new float[n * nnz];
    int[][] refIdx = new int[n][];
    float[][] refVal = new float[n][];
    double[] labels = new double[n];
    float[] refLabels = new float[n];
    int[] row = new int[nnz];
    double a = Math.pow(d + 1.0, 1 - ZIPF_S) - 1;
    for (int i = 0; i < n; i++) {
      int got = 0;
      for (int draws = 0; got < nnz; draws++) {
        int j;
        boolean zipf = draws < 4 * nnz;
        if (zipf) {
          // continuous inverse of the power law truncated to [1, d + 1): feature j has probability
          // about 1/(j+1)^s
          double u = rnd.nextDouble();
          j = (int) Math.pow(1 + a * u, 1 / (1 - ZIPF_S)) - 1;
          j = Math.min(Math.max(j, 0), d - 1);
        } else {
          j = rnd.nextInt(d);
        }
        if (stamp[j] != i) {
          stamp[j] = i;
          count[j] = 0;
          row[got++] = j;
        }
        if (zipf || count[j] == 0) {
          count[j]++;
        }
      }
      Arrays.sort(row);
      int[] idx = row.clone();
      float[] val = new float[nnz];
      double s = 0;
      for (int p = 0; p < nnz; p++) {
        val[p] = count[idx[p]];
        s += (double) val[p] * planted[idx[p]];
      }
      System.arraycopy(idx, 0, indices, i * nnz, nnz);
      System.arraycopy(val, 0, values, i * nnz, nnz);
      rowPtr[i + 1] = (i + 1) * nnz;
      refIdx[i] = idx;
      refVal[i] = val;
      labels[i] = label(s, rnd);
      refLabels[i] = (float) labels[i];
    }
    data = Dataset.of(rowPtr, indices, values, d, labels);
    ref = ReferenceData.sparse(refIdx, refVal, d, refLabels);
    sparseIdx = refIdx;
    scratch = new float[d];
    sparseVal = refVal;
    this.refLabels = refLabels;
  }

  private static double label(double score, SplittableRandom rnd) {
    double y = score >= 0 ? 1 : -1;
    return rnd.nextDouble() < FLIP ? -y : y;
  }

  private ReferenceRun fitReference() {
    return fitReference(EPOCHS);
  }

  private ReferenceRun fitReference(int epochs) {
    return algorithm == Algorithm.AVERAGED
        ? ReferenceLearners.averaged(ref, epochs, SEED, true, true)
        : ReferenceLearners.perceptron(ref, epochs, SEED, true, true);
  }

  @Benchmark
  public double kernel() {
    // The report computes its post-fit figures on demand: ask for all three, as the reference does.
    TrainingReport r = Learner.fit(algorithm, data, options).report();
    return r.trainingError() + r.radius() + r.margin();
  }

  /**
   * The reference learner, then the three passes the kernel's {@code fit} ends with, written with
   * {@code ReferenceOps}: the training error, the radius (largest row norm) and the margin of the
   * trained weights (smallest y (w.x + b) / |w|).
   */
  @Benchmark
  public double reference() {
    ReferenceRun run = fitReference();
    float[] w = run.w;
    int n = ref.size();
    long errors = 0;
    for (int i = 0; i < n; i++) {
      if ((score(i, w) + run.b > 0 ? 1f : -1f) != refLabels[i]) {
        errors++;
      }
    }
    double radius = 0;
    for (int i = 0; i < n; i++) {
      float sq = denseRows != null ? ReferenceOps.squaredNorm(denseRows[i], 0, d)
          : ReferenceOps.sparseDot(sparseIdx[i], sparseVal[i], 0, nnz, sparseSquares(i));
      radius = Math.max(radius, Math.sqrt(sq + 1.0));
    }
    double norm = Math.sqrt(ReferenceOps.squaredNorm(w, 0, w.length) + (double) run.b * run.b);
    double margin = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      margin = Math.min(margin, refLabels[i] * (score(i, w) + run.b) / norm);
    }
    return errors + radius + margin;
  }

  private float score(int i, float[] w) {
    return denseRows != null ? ReferenceOps.dot(denseRows[i], 0, w, 0, d)
        : ReferenceOps.sparseDot(sparseIdx[i], sparseVal[i], 0, nnz, w);
  }

  /** Squared norm of sparse row i as a sparse dot with itself, via a scratch dense copy of its values. */
  private float[] sparseSquares(int i) {
    int[] idx = sparseIdx[i];
    float[] v = sparseVal[i];
    for (int p = 0; p < idx.length; p++) {
      scratch[idx[p]] = v[p];
    }
    return scratch;
  }

  float[] scratch;
}
