package io.github.simdperceptron.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of the reference learners on small random integer-valued data (every float operation
 * exact, so equalities are exact). Every assertion message carries the seed that replays it.
 */
class ReferenceLearnersPropertiesTest {
  private static final int SEEDS = 20;

  /** Rows with entries in {-2, ..., 2} (about a third zero), labels random: usually not separable. */
  private static float[][] randomRows(Random rnd, int n, int d) {
    float[][] rows = new float[n][d];
    for (float[] row : rows) {
      for (int j = 0; j < d; j++) {
        row[j] = rnd.nextInt(3) == 0 ? 0f : rnd.nextInt(5) - 2;
      }
    }
    return rows;
  }

  private static float[] randomLabels(Random rnd, int n) {
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      y[i] = rnd.nextBoolean() ? 1f : -1f;
    }
    return y;
  }

  private static ReferenceData randomDense(long seed) {
    Random rnd = new Random(seed);
    int n = 5 + rnd.nextInt(30);
    int d = 1 + rnd.nextInt(8);
    return ReferenceData.dense(randomRows(rnd, n, d), randomLabels(rnd, n));
  }

  /** The same examples as sparse rows (zeros dropped); rows of 0/1 values stored in binary form. */
  private static ReferenceData toSparse(ReferenceData dense) {
    int n = dense.size();
    int[][] idx = new int[n][];
    float[][] val = new float[n][];
    for (int i = 0; i < n; i++) {
      float[] row = dense.rows[i];
      int nnz = 0;
      boolean binary = true;
      for (float x : row) {
        nnz += x != 0f ? 1 : 0;
        binary &= x == 0f || x == 1f;
      }
      idx[i] = new int[nnz];
      val[i] = binary ? null : new float[nnz];
      int p = 0;
      for (int j = 0; j < row.length; j++) {
        if (row[j] != 0f) {
          idx[i][p] = j;
          if (!binary) {
            val[i][p] = row[j];
          }
          p++;
        }
      }
    }
    return ReferenceData.sparse(idx, val, dense.dimension(), dense.labels);
  }

  /** x -> (x, 1), the constant feature stored last. */
  private static ReferenceData augmented(ReferenceData d) {
    if (d.rows != null) {
      float[][] rows = new float[d.size()][];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = Arrays.copyOf(d.rows[i], d.dimension() + 1);
        rows[i][d.dimension()] = 1f;
      }
      return ReferenceData.dense(rows, d.labels);
    }
    int[][] idx = new int[d.size()][];
    float[][] val = new float[d.size()][];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = Arrays.copyOf(d.indices[i], d.indices[i].length + 1);
      idx[i][idx[i].length - 1] = d.dimension();
      float[] v = d.values == null ? null : d.values[i];
      if (v != null) {
        val[i] = Arrays.copyOf(v, v.length + 1);
        val[i][v.length] = 1f;
      }
    }
    return ReferenceData.sparse(idx, val, d.dimension() + 1, d.labels);
  }

  private interface Learner {
    ReferenceRun fit(ReferenceData d, long seed, boolean shuffle, boolean bias);
  }

  private static final String[] NAMES = {"perceptron", "pla", "pocket", "voted", "voted cap 4", "averaged",
      "margin 3"};

  private static final Learner[] LEARNERS = {
      (d, s, sh, b) -> ReferenceLearners.perceptron(d, 12, s, sh, b),
      (d, s, sh, b) -> ReferenceLearners.pla(d, 12, s, sh, b),
      (d, s, sh, b) -> ReferenceLearners.pocket(d, 12, s, sh, b),
      (d, s, sh, b) -> ReferenceLearners.voted(d, 12, s, sh, b, Integer.MAX_VALUE),
      (d, s, sh, b) -> ReferenceLearners.voted(d, 12, s, sh, b, 4),
      (d, s, sh, b) -> ReferenceLearners.averaged(d, 12, s, sh, b),
      (d, s, sh, b) -> ReferenceLearners.margin(d, 12, s, sh, b, 3f),
  };

  private static void assertSameTrace(ReferenceRun expected, ReferenceRun actual, String msg) {
    assertArrayEquals(expected.updateLog, actual.updateLog, msg);
    assertArrayEquals(expected.mistakesPerEpoch, actual.mistakesPerEpoch, msg);
    assertArrayEquals(expected.updatesPerEpoch, actual.updatesPerEpoch, msg);
    assertEquals(expected.epochs, actual.epochs, msg);
    assertEquals(expected.converged, actual.converged, msg);
    assertEquals(expected.halted, actual.halted, msg);
    assertEquals(expected.pocketErrors, actual.pocketErrors, msg);
    assertEquals(expected.voteCapReached, actual.voteCapReached, msg);
    assertEquals(expected.c, actual.c, msg);
    assertEquals(expected.votedC, actual.votedC, msg);
  }

  private static void assertSameRun(ReferenceRun expected, ReferenceRun actual, String msg) {
    assertSameTrace(expected, actual, msg);
    assertArrayEquals(expected.w, actual.w, msg);
    assertEquals(expected.b, actual.b, msg);
    assertArrayEquals(expected.u, actual.u, msg);
    assertEquals(expected.beta, actual.beta, msg);
    if (expected.votedW != null) {
      for (int k = 0; k < expected.votedW.size(); k++) {
        assertArrayEquals(expected.votedW.get(k), actual.votedW.get(k), msg);
      }
      assertEquals(expected.votedB, actual.votedB, msg);
    }
  }

  @Test
  void biasIsTheConstantFeature() {
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData plain = randomDense(seed);
      for (ReferenceData d : List.of(plain, toSparse(plain))) {
        ReferenceData aug = augmented(d);
        int dim = d.dimension();
        for (int l = 0; l < LEARNERS.length; l++) {
          String msg = NAMES[l] + (d.rows == null ? " sparse" : " dense") + ", seed " + seed;
          ReferenceRun withBias = LEARNERS[l].fit(d, seed, true, true);
          ReferenceRun extended = LEARNERS[l].fit(aug, seed, true, false);
          assertSameTrace(extended, withBias, msg);
          assertArrayEquals(Arrays.copyOf(extended.w, dim), withBias.w, msg);
          assertEquals(extended.w[dim], withBias.b, msg);
          assertEquals(0f, extended.b, msg);
          if (extended.u != null) {
            assertArrayEquals(Arrays.copyOf(extended.u, dim), withBias.u, msg);
            assertEquals(extended.u[dim], withBias.beta, msg);
          }
          if (extended.votedW != null) {
            for (int k = 0; k < extended.votedW.size(); k++) {
              assertArrayEquals(Arrays.copyOf(extended.votedW.get(k), dim), withBias.votedW.get(k), msg);
              assertEquals(extended.votedW.get(k)[dim], withBias.votedB.get(k), msg);
            }
          }
        }
      }
    }
  }

  @Test
  void sparseRowsGiveTheDenseRun() {
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData dense = randomDense(seed);
      ReferenceData sparse = toSparse(dense);
      for (int l = 0; l < LEARNERS.length; l++) {
        for (boolean bias : new boolean[] {false, true}) {
          String msg = NAMES[l] + ", bias " + bias + ", seed " + seed;
          assertSameRun(LEARNERS[l].fit(dense, seed, true, bias), LEARNERS[l].fit(sparse, seed, true, bias), msg);
        }
      }
    }
  }

  @Test
  void shuffleIsTheDocumentedFisherYatesPerEpoch() {
    // x_i = e_i, y_i = +1, tau huge: every visit updates, so the update log is the visit order.
    int n = 9;
    float[][] rows = new float[n][n];
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      rows[i][i] = 1f;
      y[i] = 1f;
    }
    ReferenceData d = ReferenceData.dense(rows, y);
    for (long seed = 0; seed < SEEDS; seed++) {
      int epochs = 4;
      Random rnd = new Random(seed);
      int[] expected = new int[epochs * n];
      for (int e = 0; e < epochs; e++) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
          order[i] = i;
        }
        for (int i = n - 1; i >= 1; i--) {
          int j = rnd.nextInt(i + 1);
          int t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
        System.arraycopy(order, 0, expected, e * n, n);
      }
      ReferenceRun run = ReferenceLearners.margin(d, epochs, seed, true, false, 1e6f);
      assertArrayEquals(expected, run.updateLog, "seed " + seed);
      ReferenceRun plain = ReferenceLearners.margin(d, 1, seed, false, false, 1e6f);
      assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8}, plain.updateLog);
    }
  }

  @Test
  void marginWithTauZeroIsThePerceptron() {
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData d = randomDense(seed);
      for (boolean bias : new boolean[] {false, true}) {
        assertSameRun(ReferenceLearners.perceptron(d, 12, seed, true, bias),
            ReferenceLearners.margin(d, 12, seed, true, bias, 0f), "bias " + bias + ", seed " + seed);
      }
    }
  }

  @Test
  void votedWithoutCapFollowsThePerceptron() {
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData d = randomDense(seed);
      String msg = "seed " + seed;
      ReferenceRun p = ReferenceLearners.perceptron(d, 12, seed, true, true);
      ReferenceRun v = ReferenceLearners.voted(d, 12, seed, true, true, Integer.MAX_VALUE);
      assertArrayEquals(p.updateLog, v.updateLog, msg);
      assertArrayEquals(p.w, v.w, msg);
      assertEquals(p.b, v.b, msg);
      assertEquals(p.updateLog.length, v.votedW.size(), msg);
      int visits = 0;
      for (int c : v.votedC) {
        visits += c;
      }
      assertEquals(p.epochs * d.size(), visits, msg);
    }
  }

  @Test
  void voteCapBoundsTheNumberOfVectors() {
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData d = randomDense(seed);
      ReferenceRun full = ReferenceLearners.voted(d, 12, seed, true, true, Integer.MAX_VALUE);
      int cap = 1 + (int) (seed % 5);
      ReferenceRun capped = ReferenceLearners.voted(d, 12, seed, true, true, cap);
      String msg = "cap " + cap + ", seed " + seed;
      assertTrue(capped.votedW.size() <= cap, msg);
      assertEquals(full.votedW.size() > cap, capped.voteCapReached, msg);
      if (capped.voteCapReached) {
        assertEquals(cap, capped.votedW.size(), msg);
        assertArrayEquals(Arrays.copyOf(full.updateLog, cap), capped.updateLog, msg);
        for (int k = 0; k < cap - 1; k++) {
          assertArrayEquals(full.votedW.get(k), capped.votedW.get(k), msg);
          assertEquals(full.votedC.get(k), capped.votedC.get(k), msg);
        }
      }
    }
  }

  @Test
  void pocketErrorsNeverIncrease() {
    // A run of k + 1 epochs starts with the run of k epochs (same seed, same permutations), so
    // the pocket's errors as a function of k show the ratchet at work.
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData d = randomDense(seed);
      int previous = d.size();
      for (int epochs = 0; epochs <= 8; epochs++) {
        String msg = "epochs " + epochs + ", seed " + seed;
        ReferenceRun run = ReferenceLearners.pocket(d, epochs, seed, true, true);
        assertTrue(run.pocketErrors <= previous, msg);
        assertEquals(trainingErrors(d, run.w, run.b), run.pocketErrors, msg);
        ReferenceRun last = ReferenceLearners.perceptron(d, epochs, seed, true, true);
        assertTrue(run.pocketErrors <= trainingErrors(d, last.w, last.b), msg);
        assertArrayEquals(last.updateLog, run.updateLog, msg);
        previous = run.pocketErrors;
      }
    }
  }

  private static int trainingErrors(ReferenceData d, float[] w, float b) {
    int e = 0;
    for (int i = 0; i < d.size(); i++) {
      double a = b;
      for (int j = 0; j < d.dimension(); j++) {
        a += (double) w[j] * d.rows[i][j];
      }
      e += d.labels[i] * a <= 0 ? 1 : 0;
    }
    return e;
  }

  @Test
  void averagedIsTheMeanOfTheWeightsHeldAtEachStep() {
    // Brute force in double: replay the perceptron visit by visit with the documented order and
    // average w_0 = 0 and the weights after each of the T visits (T + 1 vectors; final c = T + 1).
    for (long seed = 0; seed < SEEDS; seed++) {
      ReferenceData d = randomDense(seed);
      int n = d.size();
      int dim = d.dimension();
      Random rnd = new Random(seed);
      double[] w = new double[dim];
      double b = 0;
      double[] sumW = new double[dim];
      double sumB = 0;
      long held = 1;
      for (int e = 0; e < 12; e++) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
          order[i] = i;
        }
        for (int i = n - 1; i >= 1; i--) {
          int j = rnd.nextInt(i + 1);
          int t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
        int updates = 0;
        for (int i : order) {
          double a = b;
          for (int j = 0; j < dim; j++) {
            a += w[j] * d.rows[i][j];
          }
          if (d.labels[i] * a <= 0) {
            for (int j = 0; j < dim; j++) {
              w[j] += d.labels[i] * d.rows[i][j];
            }
            b += d.labels[i];
            updates++;
          }
          for (int j = 0; j < dim; j++) {
            sumW[j] += w[j];
          }
          sumB += b;
          held++;
        }
        if (updates == 0) {
          break;
        }
      }
      ReferenceRun run = ReferenceLearners.averaged(d, 12, seed, true, true);
      String msg = "seed " + seed;
      assertEquals(held, run.c, msg);
      for (int j = 0; j < dim; j++) {
        assertEquals(sumW[j] / held, run.w[j], 1e-6 * (1 + Math.abs(sumW[j] / held)), msg);
      }
      assertEquals(sumB / held, run.b, 1e-6 * (1 + Math.abs(sumB / held)), msg);
    }
  }

  @Test
  void plaHaltsOnSeparableDataWithinNovikoffsBound() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      int n = 10 + rnd.nextInt(30);
      int dim = 2 + rnd.nextInt(6);
      float[] u = new float[dim];
      for (int j = 0; j < dim; j++) {
        u[j] = rnd.nextInt(7) - 3;
      }
      u[0] = 1;
      List<float[]> rows = new ArrayList<>();
      List<Float> labels = new ArrayList<>();
      while (rows.size() < n) {
        float[] x = randomRows(rnd, 1, dim)[0];
        float s = 0;
        for (int j = 0; j < dim; j++) {
          s += u[j] * x[j];
        }
        if (s != 0) {
          rows.add(x);
          labels.add(s > 0 ? 1f : -1f);
        }
      }
      float[] y = new float[n];
      for (int i = 0; i < n; i++) {
        y[i] = labels.get(i);
      }
      ReferenceData d = ReferenceData.dense(rows.toArray(new float[0][]), y);
      // Novikoff: with R = max ||x_i|| and gamma = min y_i u.x_i / ||u||, at most (R / gamma)^2 mistakes.
      double r2 = 0;
      double normU = 0;
      double minMargin = Double.POSITIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        double sq = 0;
        double s = 0;
        for (int j = 0; j < dim; j++) {
          sq += (double) d.rows[i][j] * d.rows[i][j];
          s += (double) u[j] * d.rows[i][j];
        }
        r2 = Math.max(r2, sq);
        minMargin = Math.min(minMargin, y[i] * s);
      }
      for (float uj : u) {
        normU += (double) uj * uj;
      }
      double bound = r2 * normU / (minMargin * minMargin);
      for (boolean shuffle : new boolean[] {false, true}) {
        String msg = "shuffle " + shuffle + ", seed " + seed;
        ReferenceRun run = ReferenceLearners.pla(d, 100_000, seed, shuffle, false);
        assertTrue(run.halted, msg);
        assertTrue(run.updateLog.length <= bound, msg + ": " + run.updateLog.length + " > " + bound);
        if (!shuffle) {
          assertEquals(0, trainingErrors(d, run.w, run.b), msg);
        }
      }
    }
  }
}
