package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, built by {@link PanamaOps} (loaded reflectively) only when the kernel
 * runs on Panama. Vectorised across the current tags k: per block of L lanes, broadcast
 * {@code prev[j]}, add transition row j, compare with the running maximum and blend the maximum
 * and the arg max (an int vector of the same lane count). The rows to keep are chosen a block of
 * L previous tags at a time: the best score by a lane-wise maximum, and a block none of whose
 * bounds reaches the floor is skipped with one compare (a trained tagger keeps one or two rows of
 * a hundred or more, so the choice costs more than the step). No mask is turned into bits or
 * searched: on JDK 17 those operations are not compiled to vector instructions. The blocks are
 * small static methods: C2 on JDK 17 boxes vectors in larger ones.
 */
final class PanamaViterbiOps implements ViterbiOps {
  private static final VectorSpecies<Float> F =
      VectorSpecies.of(float.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
  private static final int L = F.length();

  PanamaViterbiOps() {}

  @Override
  public int keep(Transitions t, float[] prev, int[] rows) {
    int k = t.k;
    float[] rowMax = t.rowMax;
    float[] rowMin = t.rowMin;
    int whole = k - k % L;
    float best = max(prev, whole);
    for (int j = whole; j < k; j++) {
      best = Math.max(best, prev[j]);
    }
    int top = 0;
    while (prev[top] != best) {
      top++;
    }
    float floor = prev[top] + rowMin[top];
    int n = 0;
    // A block whose lanes are all below the floor (most of them) is skipped whole; the rows of the
    // others, and of the partial last block, are tested one by one, as the scalar implementation
    // does. The partial block stays out of the loop: a test of it inside let the JIT hoist the
    // whole blocks' bounds checks over it, and deoptimise when k is not a multiple of L.
    for (int o = 0; o < whole; o += L) {
      if (anyAtLeast(prev, rowMax, o, floor)) {
        n = rowsAtLeast(prev, rowMax, floor, Math.max(o, 1), o + L, rows, n);
      }
    }
    return rowsAtLeast(prev, rowMax, floor, Math.max(whole, 1), k, rows, n);
  }

  /** Appends to rows from n the j in [from, to) with prev[j] + rowMax[j] >= floor; returns the new n. */
  private static int rowsAtLeast(float[] prev, float[] rowMax, float floor, int from, int to, int[] rows, int n) {
    for (int j = from; j < to; j++) {
      if (prev[j] + rowMax[j] >= floor) {
        rows[n++] = j;
      }
    }
    return n;
  }

  /** The maximum of prev[0, whole), whole a multiple of L; negative infinity for none. */
  private static float max(float[] prev, int whole) {
    FloatVector m = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
    for (int o = 0; o < whole; o += L) {
      m = m.max(FloatVector.fromArray(F, prev, o));
    }
    return m.reduceLanes(VectorOperators.MAX);
  }

  /** Whether a lane c of [o, o + L) has prev[c] + rowMax[c] >= floor. */
  private static boolean anyAtLeast(float[] prev, float[] rowMax, int o, float floor) {
    return FloatVector.fromArray(F, prev, o).add(FloatVector.fromArray(F, rowMax, o))
        .compare(VectorOperators.GE, floor).anyTrue();
  }

  @Override
  public void step(Transitions t, float[] prev, float[] emit, float[] delta, int[] back, int[] rows) {
    int n = keep(t, prev, rows);
    float[] trans = t.trans;
    int kp = t.kp;
    for (int o = 0; o < kp; o += L) {
      block(prev, trans, kp, rows, n, o, emit, delta, back);
    }
  }

  /** Lanes [o, o + L). */
  private static void block(float[] prev, float[] trans, int kp, int[] rows, int n, int o, float[] emit,
      float[] delta, int[] back) {
    FloatVector best = FloatVector.fromArray(F, trans, o).add(prev[0]);
    IntVector arg = IntVector.zero(I);
    for (int i = 0; i < n; i++) {
      int j = rows[i];
      FloatVector cand = FloatVector.fromArray(F, trans, j * kp + o).add(prev[j]);
      VectorMask<Float> better = cand.compare(VectorOperators.GT, best);
      best = best.blend(cand, better);
      arg = arg.blend(j, better.cast(I));
    }
    best.add(FloatVector.fromArray(F, emit, o)).intoArray(delta, o);
    arg.intoArray(back, o);
  }
}
