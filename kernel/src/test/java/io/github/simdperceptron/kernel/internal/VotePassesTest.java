package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.kernel.Kernel;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The blocked vote pass: the implementation that runs gives the bits of the scalar one, and each
 * lane the bits of the one-document pass written out here (which skips the entries without a
 * vote), on real-valued dots and on integer ones, with and without the bias steps.
 */
class VotePassesTest {
  private static final long SEED = Long.getLong("tests.seed", 20261125L);
  private static final int B = VotePasses.BLOCK;

  @Test
  void passEqualsScalarAndOneDocumentPass() {
    for (int round = 0; round < 8; round++) {
      long seed = SEED + round;
      boolean integers = round % 2 == 0;
      boolean bias = round / 2 % 2 == 0;
      String where = "seed=" + seed + " integers=" + integers + " bias=" + bias + " on " + VotePasses.implementation()
          + ", " + Kernel.describe();
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(300);
      int entries = 1 + rnd.nextInt(2000);
      int[] rows = new int[entries];
      double[] counts = new double[entries];
      for (int e = 0; e < entries; e++) {
        rows[e] = rnd.nextInt(n);
        counts[e] = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(50);
      }
      float[] signs = new float[n];
      double[] dots = new double[n * B];
      for (int r = 0; r < n; r++) {
        signs[r] = rnd.nextBoolean() ? 1f : -1f;
        for (int b = 0; b < B; b++) {
          dots[r * B + b] = integers ? rnd.nextInt(9) - 3 : (float) (rnd.nextGaussian() * 3);
        }
      }
      double[] s0 = new double[B];
      for (int b = 0; b < B; b++) {
        s0[b] = integers ? rnd.nextInt(5) - 2 : rnd.nextGaussian();
      }
      int from = rnd.nextInt(entries);
      double[] s = s0.clone();
      double[] vote = new double[B];
      VotePasses.run(rows, signs, counts, from, entries, dots, bias, s, vote);
      double[] ss = s0.clone();
      double[] sv = new double[B];
      new ScalarVoteOps().run(rows, signs, counts, from, entries, dots, bias, ss, sv);
      for (int b = 0; b < B; b++) {
        double m = s0[b];
        double v = 0;
        for (int e = from; e < entries; e++) {
          double y = signs[rows[e]];
          m += y * dots[rows[e] * B + b];
          if (bias) {
            m += y;
          }
          if (counts[e] > 0) {
            v += counts[e] * (m > 0 ? 1.0 : -1.0);
          }
        }
        assertEquals(Double.doubleToLongBits(ss[b]), Double.doubleToLongBits(s[b]), where + ": margin, lane " + b);
        assertEquals(Double.doubleToLongBits(sv[b]), Double.doubleToLongBits(vote[b]), where + ": vote, lane " + b);
        assertEquals(Double.doubleToLongBits(m), Double.doubleToLongBits(s[b]), where + ": one-document margin " + b);
        assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(vote[b]), where + ": one-document vote " + b);
      }
    }
  }
}
