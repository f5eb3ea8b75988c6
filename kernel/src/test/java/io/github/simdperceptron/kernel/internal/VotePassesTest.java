package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.Kernel;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The blocked vote pass: the implementation that runs gives the bits of the scalar one, and each
 * lane the bits of the one-document pass written out here (which skips the entries without a
 * vote), on real-valued dots and on integer ones, with and without the bias steps. The integer
 * pass gives the bits of the scalar one, of a literal loop in long and of the double pass on the
 * same integer dots, also with margins and votes up to 2^31 - 1 in magnitude.
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
      VotePasses.run(new VoteEntries(rows, signs, counts, bias), from, entries, dots, s, vote);
      double[] ss = s0.clone();
      double[] sv = new double[B];
      new ScalarVoteOps().run(new VoteEntries(rows, signs, counts, bias), from, entries, dots, ss, sv);
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

  /**
   * Rounds of random integer dots: small ones (rows repeated, zero counts) and extreme ones (each
   * row once, steps up to 2^30 chosen so that every partial margin stays within 2^31 - 1, and
   * counts whose total is just below 2^31).
   */
  @Test
  void intPassEqualsScalarLiteralLoopAndDoublePass() {
    for (int round = 0; round < 12; round++) {
      long seed = SEED + 100 + round;
      boolean bias = round % 2 == 0;
      boolean extreme = round % 3 == 2;
      String where = "seed=" + seed + " bias=" + bias + " extreme=" + extreme + " on "
          + VotePasses.implementation() + ", " + Kernel.describe();
      System.out.println("VotePassesTest int pass: " + where);
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(400);
      int entries = extreme ? n : 1 + rnd.nextInt(3000);
      int[] rows = new int[entries];
      int[] counts = new int[entries];
      double[] dcounts = new double[entries];
      long total = 0;
      for (int e = 0; e < entries; e++) {
        rows[e] = extreme ? e : rnd.nextInt(n);
        counts[e] = extreme ? (int) (((1L << 31) - 1) / entries) - rnd.nextInt(2)
            : rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(50);
        dcounts[e] = counts[e];
        total += counts[e];
      }
      assertTrue(total < 1L << 31, where);
      float[] signs = new float[n];
      for (int r = 0; r < n; r++) {
        signs[r] = rnd.nextBoolean() ? 1f : -1f;
      }
      long limit = (1L << 31) - 1;
      int[] s0 = new int[B];
      for (int b = 0; b < B; b++) {
        s0[b] = extreme ? (int) (limit - rnd.nextInt(1 << 20)) * (rnd.nextBoolean() ? 1 : -1) : rnd.nextInt(5) - 2;
      }
      // The dots (as the double pass takes them) and the folded steps (as the int pass does).
      double[] dots = new double[n * B];
      int[] steps = new int[n * B];
      long[] at = new long[B];
      for (int b = 0; b < B; b++) {
        at[b] = s0[b];
      }
      for (int r = 0; r < n; r++) {
        for (int b = 0; b < B; b++) {
          long dot;
          if (extreme) {
            // Entry r moves lane b by y (dot + bias); keep the margin within the limit.
            long y = (long) signs[r];
            long step;
            do {
              step = rnd.nextInt(8) == 0 ? rnd.nextLong() >> 33 : rnd.nextInt(2001) - 1000;
            } while (Math.abs(at[b] + step) > limit);
            at[b] += step;
            dot = y * step - (bias ? 1 : 0);
          } else {
            dot = rnd.nextInt(9) - 3;
          }
          dots[r * B + b] = dot;
          steps[r * B + b] = (int) ((long) signs[r] * dot + (bias ? (long) signs[r] : 0));
        }
      }
      int from = extreme ? 0 : rnd.nextInt(entries);
      int[] s = s0.clone();
      int[] vote = new int[B];
      VotePasses.runInt(new IntVoteEntries(rows, counts), from, entries, steps, s, vote);
      int[] ss = s0.clone();
      int[] sv = new int[B];
      new ScalarVoteOps().runInt(new IntVoteEntries(rows, counts), from, entries, steps, ss, sv);
      double[] ds = new double[B];
      for (int b = 0; b < B; b++) {
        ds[b] = s0[b];
      }
      double[] dv = new double[B];
      new ScalarVoteOps().run(new VoteEntries(rows, signs, dcounts, bias), from, entries, dots, ds, dv);
      double[] ps = ds.clone();
      double[] pv = new double[B];
      for (int b = 0; b < B; b++) {
        ps[b] = s0[b];
      }
      VotePasses.run(new VoteEntries(rows, signs, dcounts, bias), from, entries, dots, ps, pv);
      for (int b = 0; b < B; b++) {
        long m = s0[b];
        long v = 0;
        for (int e = from; e < entries; e++) {
          m += (long) signs[rows[e]] * (long) dots[rows[e] * B + b] + (bias ? (long) signs[rows[e]] : 0);
          assertTrue(Math.abs(m) <= limit, where + ": test data out of range");
          v += m > 0 ? counts[e] : -counts[e];
        }
        assertEquals(ss[b], s[b], where + ": margin, lane " + b);
        assertEquals(sv[b], vote[b], where + ": vote, lane " + b);
        assertEquals(m, s[b], where + ": literal margin, lane " + b);
        assertEquals(v, vote[b], where + ": literal vote, lane " + b);
        assertEquals(Double.doubleToLongBits(ds[b]), Double.doubleToLongBits(s[b]), where + ": double margin " + b);
        assertEquals(Double.doubleToLongBits(ps[b]), Double.doubleToLongBits(s[b]), where + ": run margin " + b);
        assertEquals(Float.floatToIntBits((float) dv[b]), Float.floatToIntBits((float) vote[b]),
            where + ": double vote " + b);
        assertEquals(Float.floatToIntBits((float) pv[b]), Float.floatToIntBits((float) vote[b]),
            where + ": run vote " + b);
      }
    }
  }

  /**
   * Lengths below, at and past a few vector widths, with tails; up to {@link VotePasses#MAX_COUNTED}
   * columns of 0s and 1s (some dense with ones) added to sums that start at 0, where every count is
   * exact; and rounds of any bytes added to any bytes, where every implementation wraps alike.
   */
  @Test
  void addCountsEqualsScalarAndALiteralLoop() {
    for (int round = 0; round < 14; round++) {
      long seed = SEED + 100 + round;
      boolean counts = round < 10;
      String where = "seed=" + seed + " counts=" + counts + " on " + VotePasses.implementation() + ", "
          + Kernel.describe();
      System.out.println("VotePassesTest addCounts: " + where);
      Random rnd = new Random(seed);
      int length = round == 0 ? 0 : round == 1 ? 1 : rnd.nextInt(700);
      int count = round == 2 ? VotePasses.MAX_COUNTED : round == 3 ? 0 : 1 + rnd.nextInt(VotePasses.MAX_COUNTED);
      byte[][] columns = new byte[count][length + rnd.nextInt(3)];
      for (int k = 0; k < count; k++) {
        int share = rnd.nextInt(4) == 0 ? 100 : rnd.nextInt(101);
        for (int r = 0; r < columns[k].length; r++) {
          columns[k][r] = counts ? (byte) (rnd.nextInt(100) < share ? 1 : 0) : (byte) rnd.nextInt();
        }
      }
      // Past length: bytes that must stay as they are.
      byte[] start = new byte[length + rnd.nextInt(40)];
      for (int r = 0; r < start.length; r++) {
        start[r] = counts && r < length ? 0 : (byte) rnd.nextInt();
      }
      byte[] sums = start.clone();
      VotePasses.addCounts(columns, count, length, sums);
      byte[] scalar = start.clone();
      new ScalarVoteOps().addCounts(columns, count, length, scalar);
      for (int r = 0; r < start.length; r++) {
        int literal = start[r];
        for (int k = 0; r < length && k < count; k++) {
          literal += columns[k][r];
        }
        if (counts && r < length) {
          assertTrue(literal >= 0 && literal <= VotePasses.MAX_COUNTED, where + ": test data, row " + r);
        }
        assertEquals(scalar[r], sums[r], where + ": row " + r);
        assertEquals((byte) literal, sums[r], where + ": literal, row " + r);
      }
    }
  }
}
