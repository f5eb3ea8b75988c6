package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.kernel.internal.VotePasses;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The counted dots of the blocked voted scoring (byte columns for the dense features of binary
 * stored rows, counted for a binary document, in float or in bytes) are the dots of the
 * one-document path bit for bit, and so are the scores: on data with many frequent features,
 * binary, real-valued and binary with a value array of ones, blocks whose documents share some
 * features and not others, documents with more dense features than one count takes (and more
 * non-zeros than a byte counts), and a last block that is not full. The paths are taken for
 * binary documents only, the byte one for those of at most {@link VotePasses#MAX_COUNTED}
 * non-zeros.
 */
class VotedCountedDotsTest {
  private static final long SEED = Long.getLong("tests.seed", 20261125L);
  private static final int B = VotePasses.BLOCK;

  /**
   * n sparse rows over d features: features [0, frequent) each in a share of the rows between 10%
   * and 90%, in runs of rows (so that neighbouring rows, the documents of a block, share some and
   * not others), plus a few rare ones; values 1, or real, or 1 written out.
   */
  static Dataset frequent(int n, int d, int frequent, int kind, long seed) {
    Random rnd = new Random(seed);
    int[] share = new int[frequent];
    for (int j = 0; j < frequent; j++) {
      share[j] = 10 + rnd.nextInt(81);
    }
    Dataset.Builder b = Dataset.builder(d);
    boolean[] on = new boolean[frequent];
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> set = new TreeSet<>();
      for (int j = 0; j < frequent; j++) {
        if (i % 3 == 0 || rnd.nextInt(4) == 0) {
          on[j] = rnd.nextInt(100) < share[j];
        }
        if (on[j]) {
          set.add(j);
        }
      }
      // Now and then a document with every frequent feature: more than one count of byte columns.
      if (i % 97 == 5) {
        for (int j = 0; j < frequent; j++) {
          set.add(j);
        }
      }
      int rare = rnd.nextInt(5);
      for (int t = 0; t < rare; t++) {
        set.add(frequent + rnd.nextInt(d - frequent));
      }
      int[] idx = set.stream().mapToInt(Integer::intValue).toArray();
      float[] val = new float[idx.length];
      double s = 0;
      for (int t = 0; t < idx.length; t++) {
        val[t] = kind == 1 ? (float) (rnd.nextGaussian() * 1.3) : 1f;
        s += (idx[t] % 5 < 2 ? -1 : 1) * val[t];
      }
      boolean positive = rnd.nextInt(6) == 0 ? s <= 2 : s > 2;
      b.add(idx, kind == 0 ? null : val, positive ? "1" : "-1");
    }
    return b.build();
  }

  @Test
  void countedBlocksEqualOneDocumentDotsAndScores() {
    int frequent = 160;
    for (int kind = 0; kind < 3; kind++) {
      for (boolean bias : new boolean[] {false, true}) {
        long seed = SEED + 31 * kind + (bias ? 1 : 0);
        String name = kind == 0 ? "binary" : kind == 1 ? "reals" : "ones written out";
        String where = name + " bias=" + bias + " seed=" + seed + " on " + VotePasses.implementation() + ", "
            + Kernel.describe();
        System.out.println("VotedCountedDotsTest: " + where);
        // Trained on binary rows (a transpose without values) or on the reals (with values).
        Dataset train = frequent(700, 400, frequent, kind == 1 ? 1 : 0, seed);
        VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, train,
            TrainingOptions.builder().seed(seed).maxEpochs(3).bias(bias).build()).model();
        VotedAccess.Parts p = m.parts();
        Dataset columns = VotedModel.columns(p);
        VotedShared shared = new VotedShared(p, columns, VotedModel.denseColumns(p, columns));
        int dense = 0;
        for (float[] c : shared.denseColumns) {
          dense += c == null ? 0 : 1;
        }
        assertTrue(dense > VotePasses.MAX_COUNTED, where + ": " + dense + " dense columns");
        if (kind == 1) {
          assertNull(shared.countColumns, where + ": a transpose with values has no byte columns");
        } else {
          assertNotNull(shared.countColumns, where);
        }
        Dataset[] sets = {train, frequent(5 * B + 3, 400, frequent, 0, seed + 7),
            frequent(4 * B + 5, 400, frequent, 1, seed + 8), frequent(3 * B + 1, 400, frequent, 2, seed + 9)};
        VotedScratch bytes = new VotedScratch(shared, true);
        VotedScratch counted = new VotedScratch(shared, true, VotedBlockPaths.ALL.withoutByteDots());
        VotedScratch plain = new VotedScratch(shared, true,
            VotedBlockPaths.ALL.withoutCountedDots().withoutByteDots());
        VotedScratch one = new VotedScratch(shared);
        byte[] counts = new byte[p.rows.size()];
        int countedRows = 0;
        int byteRows = 0;
        for (int k = 0; k < sets.length; k++) {
          Dataset data = sets[k];
          boolean binaryData = k != 2 && !(k == 0 && kind == 1);
          // The dots themselves, document by document.
          for (int i = 0; i < data.size(); i++) {
            float[] expected = one.row(data, i).dots().clone();
            boolean took = counted.countedRowDots(data, i);
            assertEquals(shared.countColumns != null && binaryData, took, where + ": set " + k + " row " + i);
            if (took) {
              countedRows++;
              float[] got = counted.dots();
              for (int r = 0; r < expected.length; r++) {
                assertEquals(Float.floatToIntBits(expected[r]), Float.floatToIntBits(got[r]),
                    where + ": set " + k + " row " + i + " stored row " + r);
              }
            }
            boolean inBytes = bytes.byteRow(data, i);
            assertEquals(took && data.nonZeros(i) <= VotePasses.MAX_COUNTED, inBytes,
                where + ": set " + k + " row " + i + " in bytes");
            if (inBytes) {
              byteRows++;
              bytes.byteRowDots(data, i, counts);
              for (int r = 0; r < expected.length; r++) {
                assertEquals(Float.floatToIntBits(expected[r]), Float.floatToIntBits(counts[r]),
                    where + ": set " + k + " row " + i + " stored row " + r + " in bytes");
              }
            }
          }
          // The scores, in blocks (the last one partial), with the counted dots, in bytes or in
          // float, and without.
          float[] viaBytes = new float[data.size()];
          float[] viaCounts = new float[data.size()];
          float[] viaPlain = new float[data.size()];
          for (int first = 0; first < data.size(); first += B) {
            int count = Math.min(B, data.size() - first);
            bytes.scoreBlock(data, first, count, viaBytes);
            counted.scoreBlock(data, first, count, viaCounts);
            plain.scoreBlock(data, first, count, viaPlain);
          }
          float[] viaModel = m.scores(data);
          for (int i = 0; i < data.size(); i++) {
            int bits = Float.floatToIntBits(m.score(data, i));
            assertEquals(bits, Float.floatToIntBits(viaBytes[i]), where + ": set " + k + " in bytes, row " + i);
            assertEquals(bits, Float.floatToIntBits(viaCounts[i]), where + ": set " + k + " counted, row " + i);
            assertEquals(bits, Float.floatToIntBits(viaPlain[i]), where + ": set " + k + " plain, row " + i);
            assertEquals(bits, Float.floatToIntBits(viaModel[i]), where + ": set " + k + " model, row " + i);
          }
        }
        if (kind != 1) {
          assertTrue(countedRows > byteRows && byteRows > 0, where + ": " + countedRows + " counted rows, " + byteRows
              + " in bytes");
        } else {
          assertFalse(countedRows > 0 || byteRows > 0, where);
        }
      }
    }
  }
}
