package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The voted model keeps the mistakes and scores with the running margin: what it stores, the
 * vectors it rebuilds (against dense copies made the old way, warm start and mixed row kinds
 * included), and the rounding of its margins on real-valued data against the stated bound.
 */
class VotedModelTest {
  private static final long SEED = Long.getLong("tests.seed", 20261124L);
  private static final Labels PM = Labels.of(List.of("-1", "1"));

  /** Integer-valued sparse rows with labels from a planted rule and 10% label noise. */
  static Dataset sparseIntegers(int n, int d, boolean binary, long seed) {
    Random rnd = new Random(seed);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> set = new TreeSet<>();
      int k = 2 + rnd.nextInt(8);
      while (set.size() < k) {
        set.add(rnd.nextInt(d));
      }
      int[] idx = set.stream().mapToInt(Integer::intValue).toArray();
      float[] val = new float[k];
      int s = 0;
      for (int t = 0; t < k; t++) {
        val[t] = binary ? 1 : 1 + rnd.nextInt(3);
        s += (idx[t] % 3 == 0 ? -1 : 1) * (int) val[t];
      }
      boolean positive = rnd.nextInt(10) == 0 ? s <= 2 : s > 2;
      b.add(idx, binary ? null : val, positive ? "1" : "-1");
    }
    return b.build();
  }

  @Test
  void eachMistakenRowIsStoredOnceAndEachMistakeIsOneEntry() {
    for (boolean binary : new boolean[] {true, false}) {
      long seed = SEED + (binary ? 1 : 2);
      Dataset data = sparseIntegers(300, 200, binary, seed);
      FitResult<BinaryModel> fit = Learner.fit(Algorithm.VOTED, data,
          TrainingOptions.builder().seed(seed).maxEpochs(10).updateLog(true).build());
      VotedModel m = (VotedModel) fit.model();
      VotedAccess.Parts p = VotedAccess.parts(m);
      String where = "binary=" + binary + " seed=" + seed;
      int[] log = fit.report().updateLog();
      assertTrue(log.length > 50, where + ": too few mistakes to test anything");
      assertEquals(Arrays.stream(log).distinct().count(), p.rows.size(), where + ": stored rows");
      assertTrue(p.rows.size() < log.length, where + ": some row is a mistake twice, yet stored once");
      assertEquals(log.length + 1, p.entries.length, where + ": the anchor and one entry a mistake");
      assertEquals(fit.report().storedVectors(), m.vectors(), where + ": vectors");
      assertEquals(binary, DataAccess.isBinary(p.rows), where + ": binary rows keep no values");
      for (int e = 1; e < p.entries.length; e++) {
        int r = p.entries[e];
        int i = log[e - 1];
        assertArrayEquals(data.denseRow(i), p.rows.denseRow(r), where + ": entry " + e + " is row " + i);
        assertEquals(data.label(i), p.rowLabels[r], where + ": label of entry " + e);
      }
    }
  }

  /**
   * The voted perceptron as docs/learners.md describes it, with a dense copy of (v, b) per vector:
   * the comparison for warm starts and for a learner fed dense and sparse examples.
   */
  private static final class DenseCopies {
    final List<float[]> v = new ArrayList<>();
    final List<Float> b = new ArrayList<>();
    final List<Long> c = new ArrayList<>();
    float[] w;
    float bias;
    long count;

    DenseCopies(float[] w, float bias) {
      this.w = w.clone();
      this.bias = bias;
    }

    void visit(float[] x, float y) {
      float a = 0f;
      for (int j = 0; j < x.length; j++) {
        a += w[j] * x[j];
      }
      if (y * (a + bias) > 0f) {
        count++;
        return;
      }
      if (count > 0) {
        v.add(w.clone());
        b.add(bias);
        c.add(count);
      }
      for (int j = 0; j < x.length; j++) {
        w[j] += y * x[j];
      }
      bias += y;
      count = 1;
    }

    float score(float[] x) {
      double s = 0;
      for (int k = 0; k <= v.size(); k++) {
        float[] vk = k < v.size() ? v.get(k) : w;
        long ck = k < v.size() ? c.get(k) : count;
        float a = 0f;
        for (int j = 0; j < x.length; j++) {
          a += vk[j] * x[j];
        }
        a += k < v.size() ? b.get(k) : bias;
        s += ck * (a > 0f ? 1.0 : -1.0);
      }
      return (float) s;
    }
  }

  @Test
  void warmStartedAndMixedRowsGiveTheVectorsOfDenseCopies() {
    int d = 60;
    Dataset data = sparseIntegers(120, d, false, SEED + 3);
    Random rnd = new Random(SEED + 4);
    float[] warm = new float[d];
    for (int j = 0; j < d; j++) {
      warm[j] = rnd.nextInt(5) - 2;
    }
    LinearModel start = new LinearModel(warm, 1f, data.labels());
    Learner<BinaryModel> learner = Learner.binary(Algorithm.VOTED, start,
        TrainingOptions.builder().bias(true).build());
    DenseCopies copies = new DenseCopies(warm, 1f);
    for (int epoch = 0; epoch < 3; epoch++) {
      for (int i = 0; i < data.size(); i++) {
        float[] x = data.denseRow(i);
        String label = data.labels().name(data.classOf(i));
        if ((i + epoch) % 2 == 0) {
          learner.learn(x, label);
        } else {
          int[] idx = java.util.stream.IntStream.range(0, d).filter(j -> x[j] != 0f).toArray();
          float[] val = new float[idx.length];
          for (int t = 0; t < idx.length; t++) {
            val[t] = x[idx[t]];
          }
          learner.learn(idx, val, label);
        }
        copies.visit(x, data.label(i));
      }
    }
    VotedModel m = (VotedModel) learner.model();
    int expected = copies.v.size() + (copies.count > 0 ? 1 : 0);
    assertEquals(expected, m.vectors(), "vectors");
    for (int k = 0; k < m.vectors(); k++) {
      float[] vk = k < copies.v.size() ? copies.v.get(k) : copies.w;
      assertArrayEquals(IntData.bits(vk), IntData.bits(m.vector(k)), "vector " + k);
      assertEquals(k < copies.v.size() ? copies.b.get(k) : copies.bias, m.bias(k), "bias " + k);
      assertEquals(k < copies.v.size() ? copies.c.get(k) : copies.count, m.count(k), "count " + k);
    }
    for (int i = 0; i < data.size(); i++) {
      float[] x = data.denseRow(i);
      assertEquals(copies.score(x), m.score(x), "score of row " + i);
      assertEquals(copies.score(x), m.score(data, i), "score of data row " + i);
    }
  }

  @Test
  void realValuedMarginsLieWithinTheStatedBoundOfTheExactOnes() {
    for (boolean sparse : new boolean[] {false, true}) {
      long seed = SEED + (sparse ? 5 : 6);
      Dataset data = sparse ? realSparse(400, 80, seed)
          : Generators.noisy(400, 40, 0.05, 1.0, 0.1, seed).data();
      VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, data,
          TrainingOptions.builder().seed(seed).maxEpochs(5).build()).model();
      VotedAccess.Parts p = VotedAccess.parts(m);
      String where = (sparse ? "sparse" : "dense") + " seed=" + seed + " on " + Kernel.describe();
      assertTrue(p.entries.length > 50, where + ": too few mistakes to test anything");
      int decided = 0;
      for (int i = 0; i < data.size(); i++) {
        float[] x = data.denseRow(i);
        double[] got = m.margins(x);
        double exact = 0;
        double bound = 0;
        double vote = 0;
        long unclear = 0;
        for (int e = 0; e < p.entries.length; e++) {
          int r = p.entries[e];
          if (r < 0) {
            exact = p.anchorBiases[-1 - r];
            assertEquals(0, p.counts[e], where + ": a cold start's zero vector has no vote");
            continue;
          }
          float[] xr = p.rows.denseRow(r);
          double dot = 0;
          double abs = 0;
          int n = sparse ? p.rows.nonZeros(r) : xr.length;
          for (int j = 0; j < xr.length; j++) {
            dot += (double) xr[j] * x[j];
            abs += Math.abs((double) xr[j] * x[j]);
          }
          exact += p.rowLabels[r] * dot + (p.biasSteps ? p.rowLabels[r] : 0);
          // The float dot: a dense row's has the kernel's n 2^-24 sum|a_i b_i|, a sparse row's is a
          // sum of n rounded products, (n + 1) 2^-24 sum|a_i b_i|; both first order and within
          // 2n 2^-24 sum|a_i b_i| with the second-order terms. Plus the double sums here and in
          // the model (2^-52 each).
          bound += 2 * n * 0x1p-24 * abs + (n + 2) * 0x1p-52 * (abs + Math.abs(exact) + 1);
          assertTrue(Math.abs(got[e] - exact) <= bound, where + ": row " + i + ", entry " + e + ": margin "
              + got[e] + ", exact " + exact + ", bound " + bound);
          unclear += Math.abs(exact) > bound ? 0 : p.counts[e];
          vote += p.counts[e] * (exact > 0 ? 1.0 : -1.0);
        }
        // A margin within its bound of zero may take either sign; the others must vote as exactly.
        assertTrue(Math.abs(m.score(x) - vote) <= 2 * unclear, where + ": row " + i + ": vote " + m.score(x)
            + ", exact " + vote + ", votes of margins within their bound of 0: " + unclear);
        decided += unclear == 0 ? 1 : 0;
      }
      assertTrue(decided > data.size() / 2, where + ": only " + decided + " rows with every margin clear of its"
          + " bound: the vote is hardly tested");
    }
  }

  /** Sparse rows of Gaussian values with labels from a planted direction and 10% noise. */
  private static Dataset realSparse(int n, int d, long seed) {
    Random rnd = new Random(seed);
    double[] u = new double[d];
    for (int j = 0; j < d; j++) {
      u[j] = rnd.nextGaussian();
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> set = new TreeSet<>();
      int k = 3 + rnd.nextInt(10);
      while (set.size() < k) {
        set.add(rnd.nextInt(d));
      }
      int[] idx = set.stream().mapToInt(Integer::intValue).toArray();
      float[] val = new float[k];
      double s = 0;
      for (int t = 0; t < k; t++) {
        val[t] = (float) rnd.nextGaussian();
        s += u[idx[t]] * val[t];
      }
      boolean positive = rnd.nextInt(10) == 0 ? s <= 0 : s > 0;
      b.add(idx, val, positive ? "1" : "-1");
    }
    return b.build();
  }
}
