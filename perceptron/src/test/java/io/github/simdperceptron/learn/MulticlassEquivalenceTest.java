package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.reference.ReferenceMulticlass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The multi-class learners against their literal twins ({@link ReferenceMulticlass}) on
 * integer-valued data, where every float operation is exact: the same mistakes and updates in
 * every epoch, the same update log and bit-identical weights. Also one-vs-rest against K
 * independent {@link Learner#fit} runs, on integer and on real-valued data (the multi-row
 * scores equal the single dots bit for bit, so the equality holds on any data).
 */
class MulticlassEquivalenceTest {
  private static final int EPOCHS = 12;
  private static final float TAU = 3f;

  /** One generated problem, as a kernel dataset and as reference data. */
  static final class Problem {
    final String name;
    final Dataset data;
    final ReferenceMulticlass.Data ref;
    final long seed;

    Problem(String name, Dataset data, ReferenceMulticlass.Data ref, long seed) {
      this.name = name;
      this.data = data;
      this.ref = ref;
      this.seed = seed;
    }

    @Override
    public String toString() {
      return name + " (seed " + seed + ", " + Kernel.describe() + ")";
    }
  }

  static Stream<Arguments> problems() {
    List<Arguments> out = new ArrayList<>();
    long seed = 1;
    for (String kind : new String[] {"dense", "sparse", "sparse-binary"}) {
      for (boolean separable : new boolean[] {true, false}) {
        for (boolean bias : new boolean[] {true, false}) {
          for (boolean shuffle : new boolean[] {true, false}) {
            int k = 2 + (int) (seed % 4);
            int n = separable ? 30 : 250;
            int d = kind.equals("dense") ? (separable ? 37 : 40) : (separable ? 300 : 60);
            out.add(Arguments.of(integerProblem(kind, n, d, k, separable, seed++), bias, shuffle));
          }
        }
      }
    }
    // Sixteen classes fill whole class vectors at every vector width: no padded lane.
    for (String kind : new String[] {"dense", "sparse", "sparse-binary"}) {
      out.add(Arguments.of(integerProblem(kind, 400, kind.equals("dense") ? 40 : 60, 16, false, seed++), true, true));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, bias {1}, shuffle {2}")
  @MethodSource("problems")
  void multiclassPerceptronMatchesReference(Problem p, boolean bias, boolean shuffle) {
    for (boolean averaged : new boolean[] {false, true}) {
      TrainingOptions o = options(p.seed, bias, shuffle);
      FitResult<MulticlassModel> fit =
          Learner.fitMulticlass(averaged ? Algorithm.AVERAGED : Algorithm.PERCEPTRON, p.data, o);
      ReferenceMulticlass.Run ref = ReferenceMulticlass.multiclass(p.ref, averaged, EPOCHS, p.seed, shuffle, bias);
      String where = p + (averaged ? ", averaged" : ", plain") + ", bias " + bias + ", shuffle " + shuffle;
      assertSameRun(ref, fit, where);
    }
  }

  @ParameterizedTest(name = "{0}, bias {1}, shuffle {2}")
  @MethodSource("problems")
  void oneVsRestMatchesReference(Problem p, boolean bias, boolean shuffle) {
    for (ReferenceMulticlass.Binary algorithm : ReferenceMulticlass.Binary.values()) {
      if (Algorithm.valueOf(algorithm.name()).passiveAggressive()) {
        // Real-valued steps: PassiveAggressiveEquivalenceTest.
        continue;
      }
      TrainingOptions o = options(p.seed, bias, shuffle);
      FitResult<MulticlassModel> fit = Learner.fitOneVsRest(Algorithm.valueOf(algorithm.name()), p.data, o);
      ReferenceMulticlass.Run ref =
          ReferenceMulticlass.oneVsRest(algorithm, p.ref, EPOCHS, p.seed, shuffle, bias, TAU);
      String where = p + ", OVR(" + algorithm + "), bias " + bias + ", shuffle " + shuffle;
      assertSameRun(ref, fit, where);
      assertEquals(ref.halted, fit.report().halted(), where + ": halted");
      TrainingReport r = fit.report();
      for (int c = 0; c < fit.model().classes(); c++) {
        String at = where + ": class " + c;
        assertArrayEquals(ref.classMistakesPerEpoch[c], r.classMistakesPerEpoch()[c], at + " mistakes");
        assertArrayEquals(ref.classUpdatesPerEpoch[c], r.classUpdatesPerEpoch()[c], at + " updates");
      }
    }
  }

  @ParameterizedTest(name = "{0}, bias {1}, shuffle {2}")
  @MethodSource("problems")
  void oneVsRestEqualsIndependentBinaryRunsOnIntegerData(Problem p, boolean bias, boolean shuffle) {
    assertOneVsRestEqualsBinaryRuns(p.data, options(p.seed, bias, shuffle), p.toString());
  }

  static Stream<Arguments> realValued() {
    return Stream.of(Arguments.of(false, 11L), Arguments.of(true, 12L), Arguments.of(false, 13L));
  }

  @ParameterizedTest(name = "sparse {0}, seed {1}")
  @MethodSource("realValued")
  void oneVsRestEqualsIndependentBinaryRunsOnRealValuedData(boolean sparse, long seed) {
    Dataset data = realValuedProblem(sparse, 200, 45, 5, seed);
    for (boolean bias : new boolean[] {true, false}) {
      String where = "real-valued " + (sparse ? "sparse" : "dense") + ", seed " + seed + ", bias " + bias + " ("
          + Kernel.describe() + ")";
      assertOneVsRestEqualsBinaryRuns(data, options(seed, bias, true), where);
    }
  }

  /**
   * For every algorithm one-vs-rest runs in one pass, row c of its model and its class-c counts
   * equal those of Learner.fit on the data relabelled c-vs-rest, with the same options.
   */
  static void assertOneVsRestEqualsBinaryRuns(Dataset data, TrainingOptions o, String where) {
    Labels binary = Labels.of(List.of("-1", "1"));
    for (Algorithm algorithm : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.PLA, Algorithm.MARGIN,
        Algorithm.AVERAGED, Algorithm.POCKET}) {
      FitResult<MulticlassModel> ovr = Learner.fitOneVsRest(algorithm, data, o);
      int[][] classMistakes = ovr.report().classMistakesPerEpoch();
      int[][] classUpdates = ovr.report().classUpdatesPerEpoch();
      int longest = 0;
      for (int c = 0; c < ovr.model().classes(); c++) {
        int[] vsRest = new int[data.size()];
        for (int i = 0; i < vsRest.length; i++) {
          vsRest[i] = data.classOf(i) == c ? 1 : 0;
        }
        FitResult<BinaryModel> run = Learner.fit(algorithm, data.withLabels(binary, vsRest), o);
        LinearModel m = (LinearModel) run.model();
        String at = where + ", OVR(" + algorithm + "), class " + c;
        assertArrayEquals(bits(m.weights()), bits(ovr.model().weights(c)), at + ": weights");
        assertEquals(Float.floatToRawIntBits(m.bias()), Float.floatToRawIntBits(ovr.model().biases()[c]),
            at + ": bias");
        int epochs = run.report().epochs();
        longest = Math.max(longest, epochs);
        assertArrayEquals(run.report().mistakesPerEpoch(), Arrays.copyOf(classMistakes[c], epochs),
            at + ": mistakes per epoch");
        assertArrayEquals(run.report().updatesPerEpoch(), Arrays.copyOf(classUpdates[c], epochs),
            at + ": updates per epoch");
        for (int e = epochs; e < classMistakes[c].length; e++) {
          assertEquals(0, classMistakes[c][e] + classUpdates[c][e], at + ": counted after its run stopped, epoch " + e);
        }
      }
      assertEquals(longest, ovr.report().epochs(), where + ", OVR(" + algorithm + "): epochs = the longest binary run");
    }
  }

  private static TrainingOptions options(long seed, boolean bias, boolean shuffle) {
    return TrainingOptions.builder().maxEpochs(EPOCHS).seed(seed).bias(bias).shuffle(shuffle)
        .tau(TAU).updateLog(true).build();
  }

  private static void assertSameRun(ReferenceMulticlass.Run ref, FitResult<MulticlassModel> fit, String where) {
    TrainingReport r = fit.report();
    assertArrayEquals(ref.mistakesPerEpoch, r.mistakesPerEpoch(), where + ": mistakes per epoch");
    assertArrayEquals(ref.updatesPerEpoch, r.updatesPerEpoch(), where + ": updates per epoch");
    assertArrayEquals(ref.updateLog, r.updateLog(), where + ": update log");
    assertEquals(ref.epochs, r.epochs(), where + ": epochs");
    assertEquals(ref.converged, r.converged(), where + ": converged");
    MulticlassModel m = fit.model();
    assertEquals(ref.w.length, m.classes(), where + ": classes");
    for (int c = 0; c < m.classes(); c++) {
      assertArrayEquals(bits(ref.w[c]), bits(m.weights(c)), where + ": weights of class " + c);
    }
    assertArrayEquals(bits(ref.b), bits(m.biases()), where + ": biases");
  }

  private static int[] bits(float[] a) {
    int[] out = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = Float.floatToRawIntBits(a[i]);
    }
    return out;
  }

  /**
   * n integer-valued examples with k classes (numeric labels 0..k-1, each present): the class is
   * the arg max of a planted integer K x d matrix times x, and when not separable 15% of the
   * labels are redrawn at random. Dense values in [-2, 2]; sparse rows hold 1 to 12 entries with
   * values in [-3, 3] without 0, or value 1 for the binary kind.
   */
  static Problem integerProblem(String kind, int n, int d, int k, boolean separable, long seed) {
    Random rnd = new Random(seed);
    int[][] planted = new int[k][d];
    for (int[] row : planted) {
      for (int j = 0; j < d; j++) {
        row[j] = rnd.nextInt(5) - 2;
      }
    }
    float[][] rows = new float[n][];
    int[][] indices = new int[n][];
    float[][] values = new float[n][];
    int[] classes = new int[n];
    double[] labels = new double[n];
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      if (kind.equals("dense")) {
        for (int j = 0; j < d; j++) {
          x[j] = rnd.nextInt(5) - 2;
        }
      } else {
        int nnz = 1 + rnd.nextInt(12);
        indices[i] = rnd.ints(0, d).distinct().limit(nnz).sorted().toArray();
        values[i] = new float[nnz];
        for (int p = 0; p < nnz; p++) {
          values[i][p] = kind.equals("sparse-binary") ? 1f : (rnd.nextInt(3) + 1) * (rnd.nextBoolean() ? 1 : -1);
          x[indices[i][p]] = values[i][p];
        }
      }
      rows[i] = x;
      int cls = 0;
      long best = Long.MIN_VALUE;
      for (int c = 0; c < k; c++) {
        long s = 0;
        for (int j = 0; j < d; j++) {
          s += planted[c][j] * (long) x[j];
        }
        if (s > best) {
          best = s;
          cls = c;
        }
      }
      if (i < k) {
        cls = i;
      } else if (!separable && rnd.nextDouble() < 0.15) {
        cls = rnd.nextInt(k);
      }
      classes[i] = cls;
      labels[i] = cls;
    }
    String name = kind + " n=" + n + " d=" + d + " k=" + k + (separable ? " separable" : " noisy");
    if (kind.equals("dense")) {
      float[] rowMajor = new float[n * d];
      for (int i = 0; i < n; i++) {
        System.arraycopy(rows[i], 0, rowMajor, i * d, d);
      }
      return new Problem(name, Dataset.of(rowMajor, d, labels),
          ReferenceMulticlass.Data.dense(rows, classes, k), seed);
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      if (kind.equals("sparse-binary")) {
        b.add(indices[i], null, labels[i]);
      } else {
        b.add(indices[i], values[i], labels[i]);
      }
    }
    return new Problem(name, b.build(),
        ReferenceMulticlass.Data.sparse(indices, kind.equals("sparse-binary") ? null : values, d, classes, k), seed);
  }

  /** Gaussian features, classes from a planted Gaussian matrix plus noise; sparse keeps about a third of them. */
  static Dataset realValuedProblem(boolean sparse, int n, int d, int k, long seed) {
    Random rnd = new Random(seed);
    double[][] planted = new double[k][d];
    for (double[] row : planted) {
      for (int j = 0; j < d; j++) {
        row[j] = rnd.nextGaussian();
      }
    }
    Dataset.Builder dense = Dataset.builder(d);
    Dataset.Builder sp = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = sparse && rnd.nextInt(3) != 0 ? 0f : (float) rnd.nextGaussian();
      }
      int cls = 0;
      double best = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        double s = rnd.nextGaussian() * 0.5;
        for (int j = 0; j < d; j++) {
          s += planted[c][j] * x[j];
        }
        if (s > best) {
          best = s;
          cls = c;
        }
      }
      if (i < k) {
        cls = i;
      }
      if (sparse) {
        int[] idx = IntStream.range(0, d).filter(j -> x[j] != 0f).toArray();
        float[] val = new float[idx.length];
        for (int p = 0; p < idx.length; p++) {
          val[p] = x[idx[p]];
        }
        sp.add(idx, val, cls);
      } else {
        dense.add(x, cls);
      }
    }
    Dataset data = sparse ? sp.build() : dense.build();
    assertTrue(data.labels().size() == k);
    return data;
  }
}
