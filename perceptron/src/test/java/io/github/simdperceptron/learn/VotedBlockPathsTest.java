package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.internal.VotePasses;
import io.github.simdperceptron.learn.VotedScratch.BlockPass;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Each switch of {@link VotedBlockPaths} changes the pass a block takes, and only that: on a model
 * of one binary stored row (feature 0, a byte column) named by a few entries after an anchor whose
 * bias leaves the integer bound little room, a short binary document is scored in bytes, in int
 * lanes without the byte dots and in double without the integer pass; a long one (more
 * non-zeros than a byte counts and than the bound admits, one of them shared) goes to the double
 * pass when its dots are counted, whose bound is its number of non-zeros, and to the int lanes
 * when they are not, whose bound is its largest dot. Every score is the one-document score bit
 * for bit.
 */
class VotedBlockPathsTest {
  /** The anchor's bias, 2^31 - 2^8 (a float): the integer pass admits a block while 10 (M + 1) <= 255. */
  private static final float ANCHOR_BIAS = (1L << 31) - (1 << 8);
  private static final int ENTRIES = 10;
  private static final int LONG = 200;

  @Test
  void eachSwitchSelectsItsPass() {
    Dataset labelled = Dataset.builder(2).add(new int[] {0}, null, "-1").add(new int[] {1}, null, "1").build();
    Dataset rows = Dataset.builder(LONG).add(new int[] {0}, null, "1").build();
    int[] entries = new int[ENTRIES + 1];
    long[] counts = new long[ENTRIES + 1];
    entries[0] = -1;
    counts[0] = 1;
    for (int e = 1; e <= ENTRIES; e++) {
      counts[e] = 1 + e % 2;
    }
    VotedAccess.Parts p = new VotedAccess.Parts(labelled.labels(), LONG, false, new float[][] {null},
        new float[] {ANCHOR_BIAS}, rows, new float[] {1f}, entries, counts);
    VotedModel m = VotedAccess.model(p);
    float[][] denseColumns = new float[LONG][];
    denseColumns[0] = new float[] {1f};
    VotedShared shared = new VotedShared(p, VotedModel.columns(p), denseColumns);
    assertNotNull(shared.intCounts, "the model admits the integer pass");
    assertNotNull(shared.countColumns, "feature 0 has a byte column");

    Dataset shortDoc = Dataset.builder(LONG).add(new int[] {0, 1, 2}, null, "1").build();
    assertEquals(BlockPass.BYTES, pass(VotedBlockPaths.ALL, shared, m, shortDoc));
    assertEquals(BlockPass.INT, pass(VotedBlockPaths.ALL.withoutByteDots(), shared, m, shortDoc));
    assertEquals(BlockPass.DOUBLE, pass(VotedBlockPaths.ALL.withoutIntPass(), shared, m, shortDoc));

    Dataset longDoc = Dataset.builder(LONG).add(IntStream.range(0, LONG).toArray(), null, "1").build();
    assertTrue(LONG > VotePasses.MAX_COUNTED, "the long document is not counted in bytes");
    assertTrue(ENTRIES * (LONG + 1L) + (long) ANCHOR_BIAS > VotedScratch.INT_LIMIT, "its count fails the bound");
    assertTrue(ENTRIES * 2L + (long) ANCHOR_BIAS <= VotedScratch.INT_LIMIT, "its dot of 1 does not");
    assertEquals(BlockPass.DOUBLE, pass(VotedBlockPaths.ALL, shared, m, longDoc));
    assertEquals(BlockPass.INT, pass(VotedBlockPaths.ALL.withoutCountedDots(), shared, m, longDoc));
  }

  /** The pass of a one-document block of data under paths, after checking its score. */
  private static BlockPass pass(VotedBlockPaths paths, VotedShared shared, VotedModel m, Dataset data) {
    float[] out = new float[1];
    BlockPass pass = new VotedScratch(shared, true, paths).scoreBlock(data, 0, 1, out);
    assertEquals(Float.floatToIntBits(m.score(data, 0)), Float.floatToIntBits(out[0]), "score via " + pass);
    return pass;
  }
}
