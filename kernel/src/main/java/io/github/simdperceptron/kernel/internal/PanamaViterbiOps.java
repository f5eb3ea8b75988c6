package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, loaded reflectively by {@link ViterbiSteps} only when the kernel
 * runs on Panama. Vectorised across the current tags k: per block of L lanes, broadcast
 * {@code prev[j]}, add transition row j, compare with the running maximum and blend the maximum
 * and the arg max (an int vector of the same lane count). The blocks are small static methods:
 * C2 on JDK 17 boxes vectors in larger ones.
 */
final class PanamaViterbiOps implements ViterbiOps {
  private static final VectorSpecies<Float> F =
      VectorSpecies.of(float.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
  private static final int L = F.length();

  PanamaViterbiOps() {}

  /**
   * The maximum and the floor by lanewise max and min and a reduction (both exact, so in any
   * order the scalar loops' values); a group of L previous tags is looked at one by one, with the
   * scalar test, only when a lane of it passes, which few do.
   */
  @Override
  public int keep(float[] prev, int k, float[] trans, int kp, float[] rowMax, int[] rows) {
    int whole = k - k % L;
    float best = maximum(prev, whole);
    for (int j = whole; j < k; j++) {
      best = Math.max(best, prev[j]);
    }
    // The first j with prev[j] == best is the scalar loop's j*: -0.0 and 0.0 compare equal in both.
    int top = firstEqual(prev, whole, best);
    if (top < 0) {
      top = whole;
      while (prev[top] != best) {
        top++;
      }
    }
    float floor = floor(prev[top], trans, top * kp, kp);
    int n = 0;
    for (int j = 0; j < whole; j += L) {
      if (passes(prev, rowMax, j, floor)) {
        for (int i = Math.max(j, 1); i < j + L; i++) {
          if (prev[i] + rowMax[i] >= floor) {
            rows[n++] = i;
          }
        }
      }
    }
    for (int i = Math.max(whole, 1); i < k; i++) {
      if (prev[i] + rowMax[i] >= floor) {
        rows[n++] = i;
      }
    }
    return n;
  }

  /** The maximum of prev[0, whole), or -infinity when whole is 0. */
  private static float maximum(float[] prev, int whole) {
    FloatVector m = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
    for (int j = 0; j < whole; j += L) {
      m = m.max(FloatVector.fromArray(F, prev, j));
    }
    return m.reduceLanes(VectorOperators.MAX);
  }

  /** The first j in [0, whole) with prev[j] == value, or -1. */
  private static int firstEqual(float[] prev, int whole, float value) {
    for (int j = 0; j < whole; j += L) {
      if (FloatVector.fromArray(F, prev, j).compare(VectorOperators.EQ, value).anyTrue()) {
        while (prev[j] != value) {
          j++;
        }
        return j;
      }
    }
    return -1;
  }

  /** min_c (p + trans[at + c]) over c in [0, kp). */
  private static float floor(float p, float[] trans, int at, int kp) {
    FloatVector base = FloatVector.broadcast(F, p);
    FloatVector m = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
    for (int c = 0; c < kp; c += L) {
      m = m.min(base.add(FloatVector.fromArray(F, trans, at + c)));
    }
    return m.reduceLanes(VectorOperators.MIN);
  }

  /** Whether some j in [o, o + L) has prev[j] + rowMax[j] >= floor. */
  private static boolean passes(float[] prev, float[] rowMax, int o, float floor) {
    return FloatVector.fromArray(F, prev, o).add(FloatVector.fromArray(F, rowMax, o))
        .compare(VectorOperators.GE, floor).anyTrue();
  }

  @Override
  public void step(float[] prev, float[] trans, int kp, int[] rows, int n, float[] emit, float[] delta, int[] back) {
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
