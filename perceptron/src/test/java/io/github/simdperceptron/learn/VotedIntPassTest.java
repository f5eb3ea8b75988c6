package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.kernel.internal.VotePasses;
import io.github.simdperceptron.learn.VotedScratch.BlockPass;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The integer pass of the blocked voted scoring: it runs on binary and integer-valued data, gives
 * the scores of the double pass and of the one-document pass bit for bit, is not taken on
 * real-valued data, and falls back to the double pass exactly where its bound says a margin could
 * leave the int range.
 */
class VotedIntPassTest {
  private static final long SEED = Long.getLong("tests.seed", 20261125L);
  private static final int B = VotePasses.BLOCK;

  /** frequentAndRare's rows with their values replaced by integers in [-3, 3] without 0 (binary: kept). */
  static Dataset integers(int n, int d, long seed) {
    Dataset binary = VotedBlockScoringTest.frequentAndRare(n, d, true, seed);
    Random rnd = new Random(seed + 1);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < binary.size(); i++) {
      float[] x = binary.denseRow(i);
      int k = binary.nonZeros(i);
      int[] idx = new int[k];
      float[] val = new float[k];
      for (int j = 0, t = 0; j < d; j++) {
        if (x[j] != 0f) {
          idx[t] = j;
          val[t++] = (1 + rnd.nextInt(3)) * (rnd.nextInt(4) == 0 ? -1 : 1);
        }
      }
      b.add(idx, val, binary.label(i) > 0 ? "1" : "-1");
    }
    return b.build();
  }

  @Test
  void intBlocksEqualDoubleBlocksAndOneDocumentScores() {
    for (int kind = 0; kind < 3; kind++) {
      for (boolean bias : new boolean[] {false, true}) {
        long seed = SEED + 10 * kind + (bias ? 1 : 0);
        String name = kind == 0 ? "binary" : kind == 1 ? "integers" : "reals";
        String where = name + " bias=" + bias + " seed=" + seed + " on " + VotePasses.implementation() + ", "
            + Kernel.describe();
        System.out.println("VotedIntPassTest: " + where);
        if ("panama".equals(System.getProperty("simdperceptron.impl"))) {
          assertEquals("panama", VotePasses.implementation(), "Panama was requested but the vote pass runs scalar");
        }
        Dataset train = kind == 0 ? VotedBlockScoringTest.frequentAndRare(1200, 300, true, seed)
            : kind == 1 ? integers(1200, 300, seed) : VotedBlockScoringTest.frequentAndRare(1200, 300, false, seed);
        Dataset test = kind == 0 ? VotedBlockScoringTest.frequentAndRare(VotedModel.PARALLEL_BLOCKS * B + 5, 300, true,
            seed + 100) : kind == 1 ? integers(VotedModel.PARALLEL_BLOCKS * B + 5, 300, seed + 100)
            : VotedBlockScoringTest.frequentAndRare(400, 300, false, seed + 100);
        VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, train,
            TrainingOptions.builder().seed(seed).maxEpochs(4).bias(bias).build()).model();
        VotedShared shared = new VotedShared(m.parts(), VotedModel.columns(m.parts()),
            VotedModel.denseColumns(m.parts(), VotedModel.columns(m.parts())));
        if (kind < 2) {
          assertNotNull(shared.intCounts, where + ": the model should allow the integer pass");
        }
        VotedScratch ints = new VotedScratch(shared, true);
        VotedScratch doubles = new VotedScratch(shared, true, VotedBlockPaths.ALL.withoutIntPass());
        for (Dataset data : new Dataset[] {train, test}) {
          float[] viaInts = new float[data.size()];
          float[] viaDoubles = new float[data.size()];
          int intBlocks = 0;
          for (int first = 0; first < data.size(); first += B) {
            int count = Math.min(B, data.size() - first);
            intBlocks += ints.scoreBlock(data, first, count, viaInts) != BlockPass.DOUBLE ? 1 : 0;
            assertEquals(BlockPass.DOUBLE, doubles.scoreBlock(data, first, count, viaDoubles), where);
          }
          int blocks = (data.size() + B - 1) / B;
          assertEquals(kind < 2 ? blocks : 0, intBlocks, where + ": blocks in the integer pass");
          float[] all = m.scores(data);
          for (int i = 0; i < data.size(); i++) {
            int one = Float.floatToIntBits(m.score(data, i));
            assertEquals(Float.floatToIntBits(viaDoubles[i]), Float.floatToIntBits(viaInts[i]), where + ": row " + i);
            assertEquals(one, Float.floatToIntBits(viaInts[i]), where + ": one-document score, row " + i);
            assertEquals(one, Float.floatToIntBits(all[i]), where + ": scores(data), row " + i);
          }
        }
      }
    }
  }

  /**
   * One stored row (feature 0 = 1) named by k entries after an empty anchor, documents with
   * feature 0 = t - 1, t, t + 1, t + 2 where t is the largest value the bound admits
   * ({@code k (t + 1) <= 2^31 - 1}): the margins reach about 2^31 in magnitude; the first two
   * take the integer pass, the others the double one, and all score as the one-document pass.
   */
  @Test
  void nearTheBoundTheIntegerPassStopsWhereItMust() {
    int k = 1000;
    long t = VotedScratch.INT_LIMIT / k - 1;
    assertTrue(t + 2 < 1 << 24, "document values exact in float");
    Dataset labelled = Dataset.builder(2).add(new int[] {0}, null, "-1").add(new int[] {1}, null, "1").build();
    for (float y : new float[] {1f, -1f}) {
      for (boolean bias : new boolean[] {false, true}) {
        String where = "y=" + y + " bias=" + bias + " on " + VotePasses.implementation();
        Dataset rows = Dataset.builder(2).add(new int[] {0}, null, y > 0 ? "1" : "-1").build();
        int[] entries = new int[k + 1];
        long[] counts = new long[k + 1];
        entries[0] = -1;
        counts[0] = 1;
        for (int e = 1; e <= k; e++) {
          entries[e] = 0;
          counts[e] = e % 3;
        }
        VotedModel m = VotedAccess.model(new VotedAccess.Parts(labelled.labels(), 2, bias, new float[][] {null},
            new float[] {0f}, rows, new float[] {y}, entries, counts));
        Dataset.Builder docs = Dataset.builder(2);
        for (long x = t - 1; x <= t + 2; x++) {
          docs.add(new int[] {0}, new float[] {x}, "1");
        }
        Dataset data = docs.build();
        VotedScratch s = new VotedScratch(new VotedShared(m.parts(), VotedModel.columns(m.parts()),
            VotedModel.denseColumns(m.parts(), VotedModel.columns(m.parts()))), true);
        float[] out = new float[data.size()];
        for (int i = 0; i < data.size(); i++) {
          assertEquals(i < 2, s.scoreBlock(data, i, 1, out) != BlockPass.DOUBLE,
              where + ": document " + i + " (value " + (t - 1 + i) + ")");
          assertEquals(Float.floatToIntBits(m.score(data, i)), Float.floatToIntBits(out[i]), where + ": document " + i);
        }
        // Together in one block: the last two documents send the whole block to the double pass.
        assertEquals(BlockPass.DOUBLE, s.scoreBlock(data, 0, data.size(), out), where);
        assertNotEquals(BlockPass.DOUBLE, s.scoreBlock(data, 0, 2, out), where);
        float[] all = m.scores(data);
        for (int i = 0; i < data.size(); i++) {
          assertEquals(Float.floatToIntBits(m.score(data, i)), Float.floatToIntBits(all[i]), where + ": document " + i);
        }
      }
    }
  }

  @Test
  void modelsOutsideTheIntegerPass() {
    Dataset labelled = Dataset.builder(2).add(new int[] {0}, null, "-1").add(new int[] {1}, null, "1").build();
    // Counts that total 2^31: no integer pass; 2^31 - 1: the pass applies.
    for (long last : new long[] {VotedScratch.INT_LIMIT - 1, VotedScratch.INT_LIMIT}) {
      VotedModel m = VotedModel.of(new float[][] {{1f, 0f}, {0f, 2f}}, new float[] {0f, 1f}, new long[] {1, last},
          labelled.labels(), 2);
      VotedShared shared = new VotedShared(m.parts(), null, null);
      assertEquals(last < VotedScratch.INT_LIMIT, shared.intCounts != null, "last count " + last);
      float[] all = m.scores(labelled);
      for (int i = 0; i < labelled.size(); i++) {
        assertEquals(Float.floatToIntBits(m.score(labelled, i)), Float.floatToIntBits(all[i]), "row " + i);
      }
    }
    // A bias or a vector value that is not an integer.
    assertNull(new VotedShared(VotedModel.of(new float[][] {{1f, 0f}}, new float[] {0.5f}, new long[] {1},
        labelled.labels(), 2).parts(), null, null).intCounts);
    assertNull(new VotedShared(VotedModel.of(new float[][] {{1f, 0.25f}}, new float[] {0f}, new long[] {1},
        labelled.labels(), 2).parts(), null, null).intCounts);
    assertNull(new VotedShared(VotedModel.of(new float[][] {{1f, 0f}}, new float[] {3e9f}, new long[] {1},
        labelled.labels(), 2).parts(), null, null).intCounts);
  }
}
