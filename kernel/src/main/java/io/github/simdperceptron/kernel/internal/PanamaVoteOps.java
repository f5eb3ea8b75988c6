package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, loaded reflectively by {@link VotePasses} only when the kernel
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
  private static final VectorSpecies<Byte> BYTES = VectorSpecies.of(byte.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final int LB = BYTES.length();
  private static final VectorSpecies<Float> FLOATS = VectorSpecies.of(float.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final int LF = FLOATS.length();
  /**
   * The bytes of one float vector (at least 64 bits, the smallest shape): converted from their
   * first lanes (part 0), which the JIT compiles to a widening instruction; JDK 17 takes a later
   * part of a longer byte vector through a lane shuffle that AVX2 does not have, in Java code.
   */
  private static final VectorSpecies<Byte> WIDENED =
      VectorSpecies.of(byte.class, VectorShape.forBitSize(Math.max(64, 8 * LF)));

  PanamaVoteOps() {}

  @Override
  public void run(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots, boolean biasSteps,
      double[] s, double[] vote) {
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
  public void runInt(int[] rows, int[] counts, int from, int to, int[] steps, int[] s, int[] vote) {
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
   * A byte vector of rows at a time: the columns' bytes summed in byte lanes (exact: at most
   * {@link VotePasses#MAX_COUNTED} ones), then the sums stored and widened from there, a float
   * vector's worth at a time (the integer, exactly), and added to out.
   */
  @Override
  public void addCounts(byte[][] columns, int count, int length, float[] out) {
    // The sums of one byte vector, and room for the last widening load past them.
    byte[] scratch = new byte[LB + WIDENED.length()];
    int r = 0;
    for (int bound = length - 2 * LB; r <= bound; r += 2 * LB) {
      ByteVector low = ByteVector.zero(BYTES);
      ByteVector high = ByteVector.zero(BYTES);
      for (int k = 0; k < count; k++) {
        byte[] column = columns[k];
        low = low.add(ByteVector.fromArray(BYTES, column, r));
        high = high.add(ByteVector.fromArray(BYTES, column, r + LB));
      }
      addWidened(low, scratch, out, r);
      addWidened(high, scratch, out, r + LB);
    }
    for (int bound = length - LB; r <= bound; r += LB) {
      ByteVector sum = ByteVector.zero(BYTES);
      for (int k = 0; k < count; k++) {
        sum = sum.add(ByteVector.fromArray(BYTES, columns[k], r));
      }
      addWidened(sum, scratch, out, r);
    }
    for (; r < length; r++) {
      int sum = 0;
      for (int k = 0; k < count; k++) {
        sum += columns[k][r];
      }
      out[r] += (float) sum;
    }
  }

  /**
   * {@code out[r + i] += (float) sums[i]} for the lanes i of sums; scratch (length at least
   * {@code LB + WIDENED.length()}) is overwritten.
   */
  private static void addWidened(ByteVector sums, byte[] scratch, float[] out, int r) {
    sums.intoArray(scratch, 0);
    for (int i = 0; i < LB; i += LF) {
      FloatVector f =
          (FloatVector) ByteVector.fromArray(WIDENED, scratch, i).convertShape(VectorOperators.B2F, FLOATS, 0);
      FloatVector.fromArray(FLOATS, out, r + i).add(f).intoArray(out, r + i);
    }
  }
}
