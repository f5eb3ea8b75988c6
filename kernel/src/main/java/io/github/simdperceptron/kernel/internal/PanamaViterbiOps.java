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
