package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.internal.GramBlocks;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.IntData;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The training rows' scores from training's kernel columns against the model's own Gram blocks:
 * the same bits on integer and on real-valued data, for every kernel and form, with and without
 * updates pending at the end of training; with the cache capped, the scores of batches of
 * cached columns and Gram blocks of the others, the same bits; the rule knows the training
 * classes of a model taken during training only when every column is known, those of the fit's
 * final one also when the options ask for them (but the voted form's), and the report's training
 * error is theirs.
 */
class KernelTrainingScoresTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  private static String tag() {
    return "seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")";
  }

  /** n real-valued rows in [0, 1) (about a third zero), k classes by the nearest of k random centres. */
  static Dataset real(int n, int d, int k, long seed) {
    Random rnd = new Random(seed);
    float[][] centre = new float[k][d];
    for (float[] c : centre) {
      for (int j = 0; j < d; j++) {
        c[j] = rnd.nextFloat();
      }
    }
    Dataset.Builder b = Dataset.builder(d);
    float[] x = new float[d];
    for (int i = 0; i < n; i++) {
      int cls = rnd.nextInt(k);
      for (int j = 0; j < d; j++) {
        float v = centre[cls][j] + 0.6f * (rnd.nextFloat() - 0.5f);
        x[j] = rnd.nextDouble() < 0.3 ? 0f : Math.min(1f, Math.max(0f, v));
      }
      b.add(x, "c" + cls);
    }
    return b.build();
  }

  /** {@link #real} rows whose class is drawn apart from their centre: most become support vectors. */
  static Dataset noisy(int n, int d, int k, long seed) {
    Dataset rows = real(n, d, k, seed);
    Random rnd = new Random(~seed);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      b.add(rows.denseRow(i), "c" + rnd.nextInt(k));
    }
    return b.build();
  }

  private static TrainingOptions options(int epochs, long seed) {
    return TrainingOptions.builder().maxEpochs(epochs).seed(seed).build();
  }

  /** Fits, then checks the column scores against the Gram block's scores bit for bit, and the classes. */
  private static void check(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data, int pending,
      String where) {
    TrainingOptions options = options(4, SEED);
    KernelRule rule = KernelLearner.rule(algorithm, kernel, budget, data, options,
        KernelSettings.DEFAULT.pending(pending));
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data, options);
    KernelModel model = fit.model();
    float[][] columns = rule.trainingColumns();
    assertNotNull(columns, where);
    assertEquals(model.size(), columns.length, where);
    int n = data.size();
    int positions = columns.length > 0 ? columns[0].length : n;
    float[] fromColumns = new float[positions * model.scoring().paddedScores()];
    model.scoring().scoresFromColumns(columns, positions, fromColumns);
    float[] byGram = model.scoring().scoresByGram(data);
    boolean[] seen = new boolean[n];
    for (int pos = 0; pos < positions; pos++) {
      int t = rule.scores().rowAt(pos);
      if (t < 0) {
        continue;
      }
      seen[t] = true;
      for (int c = 0; c < model.scoreCount(); c++) {
        int o = t * model.scoring().paddedScores() + c;
        int p = pos * model.scoring().paddedScores() + c;
        assertEquals(Float.floatToIntBits(byGram[o]), Float.floatToIntBits(fromColumns[p]),
            where + " row " + t + " score " + c + ": " + byGram[o] + " by the Gram block, " + fromColumns[p]
                + " from the columns");
      }
    }
    for (int t = 0; t < n; t++) {
      assertTrue(seen[t], where + ": row " + t + " has no position in the columns");
    }
    assertRemembered(rule, fit, data, where);
  }

  /**
   * The rule knows the training classes of the fit's model, they are the Gram blocks' classes,
   * and the report's training error is their error.
   */
  private static void assertRemembered(KernelRule rule, FitResult<KernelModel> fit, Dataset data, String where) {
    KernelModel model = fit.model();
    assertNotNull(rule.trainingClasses(model), where);
    int[] expected = model.predictClasses(data);
    assertArrayEquals(expected, rule.trainingClasses(model), where);
    int n = data.size();
    long wrong = 0;
    for (int t = 0; t < n; t++) {
      if (expected[t] != data.classOf(t)) {
        wrong++;
      }
    }
    if (data.labels().size() > 2) {
      assertEquals(1.0 - (double) (n - wrong) / n, fit.report().trainingError(), 0.0, where);
    }
  }

  @Test
  void theColumnScoresAreTheGramBlocksBitForBitOnRealData() {
    System.out.println("KernelTrainingScoresTest " + tag());
    Random r = new Random(SEED);
    long seed = r.nextLong();
    Dataset data = real(700, 37, 4, seed);
    String where = tag() + " data seed " + seed;
    for (int pending : new int[] {1, 5, KernelSettings.PENDING}) {
      check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.05), 0, data, pending, where + " rbf averaged p" + pending);
    }
    check(Algorithm.PERCEPTRON, KernelModel.Function.rbf(0.05), 0, data, KernelSettings.PENDING, where + " rbf");
    check(Algorithm.VOTED, KernelModel.Function.rbf(0.05), 0, data, KernelSettings.PENDING, where + " rbf voted");
    check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.05), 40, data, 7, where + " rbf budget");
    check(Algorithm.AVERAGED, KernelModel.Function.poly(0.1, 3, 1), 0, data, KernelSettings.PENDING, where + " poly");
    check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.05), 0, KernelLearnerTest.thin(data, seed), 9,
        where + " rbf thin");
    check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.05), 0, IntData.sparse(data), KernelSettings.PENDING,
        where + " rbf sparse");
    Dataset binary = real(500, 20, 2, seed + 1);
    check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.1), 0, binary, KernelSettings.PENDING, where + " binary");
    // Enough rows and features (2,400 x 64 lanes x 30 multiply-adds) that the Gram block of the
    // rows still pending at the end is split over threads, as the commits' are.
    check(Algorithm.AVERAGED, KernelModel.Function.rbf(0.05), 0, real(2400, 30, 4, seed + 2), KernelSettings.PENDING,
        where + " rbf, 2,400 rows");
  }

  @Test
  void theColumnScoresAreTheGramBlocksBitForBitOnIntegerData() {
    long seed = SEED + 1;
    Dataset data = KernelLearnerTest.classes(400, 11, 5, 0.1, seed);
    String where = tag();
    check(Algorithm.AVERAGED, KernelModel.Function.poly(1, 2, 1), 0, data, KernelSettings.PENDING, where + " poly");
    check(Algorithm.PERCEPTRON, KernelModel.Function.linear(), 0, data, 3, where + " linear");
    check(Algorithm.VOTED, KernelModel.Function.linear(), 0, IntData.sparse(data), KernelSettings.PENDING,
        where + " linear voted sparse");
    check(Algorithm.AVERAGED, KernelModel.Function.poly(1, 2, 1), 0, KernelLearnerTest.classes(300, 9, 2, 0.1, seed),
        KernelSettings.PENDING, where + " poly binary");
  }

  /**
   * Fits with the column cache capped at cacheColumns columns, then checks the scores of the
   * batches (cached columns and Gram blocks of the others) against the model's Gram block bit for
   * bit, and that the rule knows those classes for the fit's model (the report's training error
   * is theirs).
   */
  private static void checkBatches(Algorithm algorithm, KernelModel.Function kernel, int budget, Dataset data,
      int pending, int cacheColumns, String where) {
    TrainingOptions options = options(4, SEED).toBuilder().trainingClasses(true).build();
    KernelRule rule = KernelLearner.rule(algorithm, kernel, budget, data, options,
        KernelSettings.DEFAULT.pending(pending).cacheBytes((long) cacheColumns * (data.size() + 3) * Float.BYTES));
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data, options);
    KernelModel model = fit.model();
    // At least two batches with a full block of computed columns: a lane of the block is reused.
    int width = GramBlocks.lanes(pending);
    assertTrue(model.size() > cacheColumns + 2 * width, where + ": " + model.size()
        + " support vectors for a cache of " + cacheColumns + " columns");
    assertNull(rule.trainingColumns(), where + ": the cache holds every column");
    float[] batched = rule.trainingScoresInBatches(model);
    float[] byGram = model.scoring().scoresByGram(data);
    int kp = model.scoring().paddedScores();
    int rows = 0;
    for (int pos = 0; pos < batched.length / kp; pos++) {
      int t = rule.scores().rowAt(pos);
      if (t < 0) {
        continue;
      }
      rows++;
      for (int c = 0; c < model.scoreCount(); c++) {
        assertEquals(Float.floatToIntBits(byGram[t * kp + c]), Float.floatToIntBits(batched[pos * kp + c]),
            where + " row " + t + " score " + c + ": " + byGram[t * kp + c] + " by the Gram block, "
                + batched[pos * kp + c] + " in batches");
      }
    }
    assertEquals(data.size(), rows, where + ": rows with scores");
    assertRemembered(rule, fit, data, where);
    assertNull(rule.trainingClasses(rule.model()), where + ": a model during training computes no batches");
  }

  @Test
  void scoresInBatchesAreTheGramBlocksBitForBit() {
    Random r = new Random(SEED + 3);
    long seed = r.nextLong();
    String where = tag() + " data seed " + seed;
    // Classes apart from the rows: most rows become support vectors, so that every case has at
    // least two full blocks of columns to compute.
    Dataset data = noisy(500, 37, 4, seed);
    KernelModel.Function rbf = KernelModel.Function.rbf(0.05);
    // A cache of 3 columns: nearly every support vector is computed, more than a block's width of
    // them between two cached ones.
    checkBatches(Algorithm.AVERAGED, rbf, 0, data, KernelSettings.PENDING, 3, where + " rbf averaged");
    checkBatches(Algorithm.PERCEPTRON, rbf, 0, data, 5, 40, where + " rbf p5");
    checkBatches(Algorithm.AVERAGED, rbf, 60, data, 7, 10, where + " rbf budget");
    checkBatches(Algorithm.AVERAGED, rbf, 0, IntData.sparse(data), KernelSettings.PENDING, 20, where + " rbf sparse");
    checkBatches(Algorithm.AVERAGED, rbf, 0, noisy(300, 20, 2, seed + 1), 1, 8, where + " binary p1");
    Dataset ints = KernelLearnerTest.classes(400, 11, 5, 0.1, seed);
    checkBatches(Algorithm.AVERAGED, KernelModel.Function.poly(1, 2, 1), 0, ints, KernelSettings.PENDING, 5,
        where + " poly integer");
    // Enough rows and features that a batch's Gram block is split over threads, as the commits' are.
    checkBatches(Algorithm.AVERAGED, rbf, 0, noisy(2400, 30, 4, seed + 2),
        KernelSettings.PENDING, 30, where + " rbf, 2,400 rows");
  }

  @Test
  void withoutEveryColumnTheFinalModelsClassesAreKnownOnlyWhenAsked() {
    long seed = SEED + 2;
    Dataset data = real(300, 16, 3, seed);
    TrainingOptions options = options(3, seed);
    KernelSettings tenColumns = KernelSettings.DEFAULT.pending(4).cacheBytes(10L * data.size() * Float.BYTES);
    KernelRule rule = KernelLearner.rule(Algorithm.AVERAGED, KernelModel.Function.rbf(0.1), 0, data, options,
        tenColumns);
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data, options);
    assertTrue(fit.model().size() > 14, tag() + " support vectors " + fit.model().size());
    assertNull(rule.trainingColumns(), tag());
    // Not asked for: the classes come from Gram blocks when first wanted.
    assertNull(rule.trainingClasses(fit.model()), tag());
    // Asked for: the fit's final model's are computed in batches; a model taken during training
    // (early stopping's) has none.
    TrainingOptions asked = options.toBuilder().trainingClasses(true).build();
    KernelRule askedRule = KernelLearner.rule(Algorithm.AVERAGED, KernelModel.Function.rbf(0.1), 0, data, asked,
        tenColumns);
    FitResult<KernelModel> askedFit = TrainingLoop.fit(askedRule, data, asked);
    int[] askedClasses = askedRule.trainingClasses(askedFit.model());
    assertNotNull(askedClasses, tag());
    assertArrayEquals(fit.model().predictClasses(data), askedClasses, tag());
    assertNull(askedRule.trainingClasses(askedRule.model()), tag());
    // The voted form's scores need every column of a row at once: no batches.
    KernelRule votedRule = KernelLearner.rule(Algorithm.VOTED, KernelModel.Function.rbf(0.1), 0, data, asked,
        tenColumns);
    KernelModel voted = TrainingLoop.fit(votedRule, data, asked).model();
    assertNull(votedRule.trainingClasses(voted), tag());
    // With every column cached, the classes of the fit's model are known: those of any dataset of the same rows.
    KernelRule fullRule = KernelLearner.rule(Algorithm.AVERAGED, KernelModel.Function.rbf(0.1), 0, data, options,
        KernelSettings.DEFAULT);
    KernelModel full = TrainingLoop.fit(fullRule, data, options).model();
    Dataset copy = data.subset(java.util.stream.IntStream.range(0, data.size()).toArray());
    assertArrayEquals(full.predictClasses(copy), fullRule.trainingClasses(full), tag());
  }
}
