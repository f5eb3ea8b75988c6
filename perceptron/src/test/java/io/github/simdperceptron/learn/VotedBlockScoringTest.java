package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The scores of a whole dataset (blocks of documents in the lanes of one pass, dense columns for
 * the features many stored rows share, two threads on large sets) are the one-document scores
 * bit for bit, and those equal the scores of the plain transpose (every column a scatter-add),
 * on sparse data with a few very frequent features, binary and real-valued, with and without the
 * bias, for a trained model and for one of vectors.
 */
class VotedBlockScoringTest {
  private static final long SEED = Long.getLong("tests.seed", 20261125L);

  /** Sparse rows over d features: features [0, 6) in about 70% of the rows, the others rare. */
  static Dataset frequentAndRare(int n, int d, boolean binary, long seed) {
    Random rnd = new Random(seed);
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> set = new TreeSet<>();
      for (int j = 0; j < 6; j++) {
        if (rnd.nextInt(10) < 7) {
          set.add(j);
        }
      }
      int rare = 1 + rnd.nextInt(6);
      while (set.size() < rare + 1) {
        set.add(6 + rnd.nextInt(d - 6));
      }
      int[] idx = set.stream().mapToInt(Integer::intValue).toArray();
      float[] val = new float[idx.length];
      double s = 0;
      for (int t = 0; t < idx.length; t++) {
        val[t] = binary ? 1f : (float) (rnd.nextGaussian() * 1.7);
        s += (idx[t] % 3 == 0 ? -1 : 1) * val[t];
      }
      boolean positive = rnd.nextInt(8) == 0 ? s <= 1 : s > 1;
      b.add(idx, binary ? null : val, positive ? "1" : "-1");
    }
    return b.build();
  }

  @Test
  void blockedScoresEqualOneDocumentScoresAndThePlainTranspose() {
    for (boolean binary : new boolean[] {true, false}) {
      for (boolean bias : new boolean[] {false, true}) {
        long seed = SEED + (binary ? 0 : 2) + (bias ? 1 : 0);
        String where = "binary=" + binary + " bias=" + bias + " seed=" + seed + " on " + Kernel.describe();
        System.out.println("VotedBlockScoringTest: " + where);
        Dataset train = frequentAndRare(1500, 300, binary, seed);
        // More rows than the two-thread threshold, and a last block that is not full.
        Dataset test = frequentAndRare(VotedModel.PARALLEL_BLOCKS * 8 + 13, 300, binary, seed + 100);
        VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, train,
            TrainingOptions.builder().seed(seed).maxEpochs(4).bias(bias).build()).model();
        VotedAccess.Parts p = m.parts();
        Dataset columns = VotedModel.columns(p);
        float[][] dense = VotedModel.denseColumns(p, columns);
        int denseCount = 0;
        for (float[] c : dense) {
          denseCount += c == null ? 0 : 1;
        }
        assertTrue(p.rows.size() >= 2 * VotedModel.DENSE_MIN, where + ": " + p.rows.size() + " stored rows");
        assertTrue(denseCount > 0 && denseCount < p.dimension, where + ": " + denseCount + " dense columns");
        VotedScratch plain = new VotedScratch(new VotedShared(p, columns, new float[p.dimension][]));
        for (Dataset data : new Dataset[] {train, test}) {
          float[] all = m.scores(data);
          int[] classes = m.predictClasses(data);
          for (int i = 0; i < data.size(); i++) {
            float one = m.score(data, i);
            assertEquals(Float.floatToIntBits(one), Float.floatToIntBits(all[i]), where + ": row " + i);
            assertEquals(Float.floatToIntBits(plain.row(data, i).vote(null)), Float.floatToIntBits(one),
                where + ": row " + i + " with every column a scatter-add");
            assertEquals(one > 0f ? 1 : 0, classes[i], where + ": class of row " + i);
          }
        }
        // The same model kept as its vectors: every entry an anchor, no stored rows.
        int k = m.vectors();
        float[][] v = new float[k][];
        float[] b = new float[k];
        long[] c = new long[k];
        for (int t = 0; t < k; t++) {
          v[t] = m.vector(t);
          b[t] = m.bias(t);
          c[t] = m.count(t);
        }
        VotedModel of = VotedModel.of(v, b, c, m.labels(), m.dimension());
        float[] viaVectors = of.scores(train);
        for (int i = 0; i < train.size(); i++) {
          assertEquals(Float.floatToIntBits(of.score(train, i)), Float.floatToIntBits(viaVectors[i]),
              where + ": model of vectors, row " + i);
          if (binary) {
            // Integer-valued data: every margin is exact, so the vectors' model votes the same.
            assertEquals(Float.floatToIntBits(m.score(train, i)), Float.floatToIntBits(viaVectors[i]),
                where + ": model of vectors against the mistakes, row " + i);
          }
        }
      }
    }
  }

  @Test
  void denseStoredRowsScoreTheSameInBlocks() {
    long seed = SEED + 7;
    System.out.println("VotedBlockScoringTest dense: seed=" + seed);
    Dataset sparse = frequentAndRare(600, 40, false, seed);
    float[][] rows = new float[sparse.size()][];
    double[] y = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = sparse.denseRow(i);
      y[i] = sparse.label(i);
    }
    Dataset data = Dataset.of(rows, y);
    VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, data,
        TrainingOptions.builder().seed(seed).maxEpochs(3).bias(true).build()).model();
    for (Dataset d : new Dataset[] {data, sparse}) {
      float[] all = m.scores(d);
      for (int i = 0; i < d.size(); i++) {
        assertEquals(Float.floatToIntBits(m.score(d, i)), Float.floatToIntBits(all[i]), "seed=" + seed + " row " + i);
      }
    }
  }
}
