package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, built by {@link PanamaOps} (loaded reflectively) only when the kernel
 * runs on Panama: the lanes of one entry are the documents of the block, so each entry costs a
 * load, a multiply and add (two with the bias steps), a compare and a blend per double vector,
 * with no branch on a margin's sign. A block wider than the vector is taken one group of lanes
 * at a time by a small static method (C2 on JDK 17 boxes vectors in larger ones).
 */
final class PanamaVoteOps implements VoteOps {
  private static final VectorSpecies<Double> D =
      VectorSpecies.of(double.class, VectorShape.forBitSize(Math.min(Kernel.vectorBits(), 64 * VotePasses.BLOCK)));
  private static final int L = D.length();
  private static final VectorSpecies<Integer> I =
      VectorSpecies.of(int.class, VectorShape.forBitSize(Math.min(Kernel.vectorBits(), 32 * VotePasses.BLOCK)));
  private static final int LI = I.length();

  PanamaVoteOps() {}

  @Override
  public void run(VoteEntries entries, int from, int to, double[] dots, double[] s, double[] vote) {
    int[] rows = entries.rows;
    float[] signs = entries.signs;
    double[] counts = entries.counts;
    boolean biasSteps = entries.biasSteps;
    for (int o = 0; o < VotePasses.BLOCK; o += L) {
      if (biasSteps) {
        lanesWithBias(rows, signs, counts, from, to, dots, o, s, vote);
      } else {
        lanes(rows, signs, counts, from, to, dots, o, s, vote);
      }
    }
  }

  /** Lanes [o, o + L) without the bias steps. */
  private static void lanes(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots, int o,
      double[] s, double[] vote) {
    DoubleVector m = DoubleVector.fromArray(D, s, o);
    DoubleVector v = DoubleVector.fromArray(D, vote, o);
    for (int e = from; e < to; e++) {
      int r = rows[e];
      double c = counts[e];
      // y * dot is exact (y = +1 or -1), so this is the scalar s + y * dot.
      m = m.add(DoubleVector.fromArray(D, dots, r * VotePasses.BLOCK + o).mul(signs[r]));
      VectorMask<Double> positive = m.compare(VectorOperators.GT, 0.0);
      v = v.add(DoubleVector.broadcast(D, -c).blend(c, positive));
    }
    m.intoArray(s, o);
    v.intoArray(vote, o);
  }

  /** Lanes [o, o + L) with the bias steps: y added after y * dot, as the scalar pass does. */
  private static void lanesWithBias(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots,
      int o, double[] s, double[] vote) {
    DoubleVector m = DoubleVector.fromArray(D, s, o);
    DoubleVector v = DoubleVector.fromArray(D, vote, o);
    for (int e = from; e < to; e++) {
      int r = rows[e];
      double y = signs[r];
      double c = counts[e];
      m = m.add(DoubleVector.fromArray(D, dots, r * VotePasses.BLOCK + o).mul(y)).add(y);
      VectorMask<Double> positive = m.compare(VectorOperators.GT, 0.0);
      v = v.add(DoubleVector.broadcast(D, -c).blend(c, positive));
    }
    m.intoArray(s, o);
    v.intoArray(vote, o);
  }

  @Override
  public void runInt(IntVoteEntries entries, int from, int to, int[] steps, int[] s, int[] vote) {
    int[] rows = entries.rows;
    int[] counts = entries.counts;
    for (int o = 0; o < VotePasses.BLOCK; o += LI) {
      intLanes(rows, counts, from, to, steps, o, s, vote);
    }
  }

  /**
   * Lanes [o, o + LI) of the integer pass. The vote of the range is {@code 2P - C}, with P the
   * counts of the entries where the margin is positive (one masked add an entry) and C the counts
   * of all of them: the scalar pass's {@code sum (m > 0 ? c : -c)}, in the same int arithmetic
   * modulo 2^32, so the same bits.
   */
  private static void intLanes(int[] rows, int[] counts, int from, int to, int[] steps, int o, int[] s,
      int[] vote) {
    IntVector m = IntVector.fromArray(I, s, o);
    IntVector positive = IntVector.zero(I);
    int all = 0;
    for (int e = from; e < to; e++) {
      int c = counts[e];
      all += c;
      m = m.add(IntVector.fromArray(I, steps, rows[e] * VotePasses.BLOCK + o));
      positive = positive.add(IntVector.broadcast(I, c), m.compare(VectorOperators.GT, 0));
    }
    m.intoArray(s, o);
    IntVector.fromArray(I, vote, o).add(positive.add(positive).sub(all)).intoArray(vote, o);
  }

  /**
   * Column by column, in plain loops rather than the Vector API: C2 compiles the column adds to
   * byte vector adds, and the loops run compiled after a few calls, where a Vector API version
   * runs in the interpreter and C1, many times slower, for the first hundreds of calls: the first
   * blocks of every scoring in a new process.
   */
  @Override
  public void addCounts(byte[][] columns, int count, int length, byte[] sums) {
    for (int k = 0; k < count; k++) {
      byte[] column = columns[k];
      for (int r = 0; r < length; r++) {
        sums[r] += column[r];
      }
    }
  }
}
