package io.github.simdperceptron.kernel.internal;

import io.github.simdperceptron.kernel.Kernel;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API implementation, built by {@link PanamaOps} (loaded reflectively) only when the kernel
 * runs on Panama. The weights of one feature are whole vectors ({@code kp} is a multiple of the
 * lane count), so a non-zero costs one broadcast and {@code kp / L} vector multiply-adds, with no
 * lane sums. The loops are small static methods: C2 on JDK 17 boxes vectors in larger ones.
 */
final class PanamaClassScoreOps implements ClassScoreOps {
  private static final VectorSpecies<Float> F =
      VectorSpecies.of(float.class, VectorShape.forBitSize(Kernel.vectorBits()));
  private static final int L = F.length();
  private static final VectorSpecies<Double> D = VectorSpecies.of(double.class, F.vectorShape());
  private static final int DL = D.length();
  private static final boolean FMA = Kernel.usesFma();

  PanamaClassScoreOps() {}

  private static FloatVector term(FloatVector x, FloatVector w, FloatVector sum) {
    return FMA ? x.fma(w, sum) : x.mul(w).add(sum);
  }

  @Override
  public void scores(ClassMatrix m, int[] idx, float[] val, int from, int to, float[] out) {
    float[] w = m.w;
    int kp = m.kp;
    if (kp == L && val != null) {
      scoresOneVector(w, idx, val, from, to, out);
      return;
    }
    for (int o = 0; o < kp; o += L) {
      if (val == null) {
        scoresBinary(w, kp, o, idx, from, to, out);
      } else {
        scores(w, kp, o, idx, val, from, to, out);
      }
    }
  }

  /** All classes in one vector (kp = L): the stride is the constant L. */
  private static void scoresOneVector(float[] w, int[] idx, float[] val, int from, int to, float[] out) {
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = s0;
    FloatVector s2 = s0;
    FloatVector s3 = s0;
    int t = from;
    for (; t + 3 < to; t += 4) {
      s0 = term(FloatVector.broadcast(F, val[t]), FloatVector.fromArray(F, w, idx[t] * L), s0);
      s1 = term(FloatVector.broadcast(F, val[t + 1]), FloatVector.fromArray(F, w, idx[t + 1] * L), s1);
      s2 = term(FloatVector.broadcast(F, val[t + 2]), FloatVector.fromArray(F, w, idx[t + 2] * L), s2);
      s3 = term(FloatVector.broadcast(F, val[t + 3]), FloatVector.fromArray(F, w, idx[t + 3] * L), s3);
    }
    if (t < to) {
      s0 = term(FloatVector.broadcast(F, val[t]), FloatVector.fromArray(F, w, idx[t] * L), s0);
    }
    if (t + 1 < to) {
      s1 = term(FloatVector.broadcast(F, val[t + 1]), FloatVector.fromArray(F, w, idx[t + 1] * L), s1);
    }
    if (t + 2 < to) {
      s2 = term(FloatVector.broadcast(F, val[t + 2]), FloatVector.fromArray(F, w, idx[t + 2] * L), s2);
    }
    s0.add(s1).add(s2.add(s3)).intoArray(out, 0);
  }

  /** Lanes [o, o + L) of the scores: four chains over the non-zeros. */
  private static void scores(float[] w, int kp, int o, int[] idx, float[] val, int from, int to, float[] out) {
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = s0;
    FloatVector s2 = s0;
    FloatVector s3 = s0;
    int t = from;
    for (; t + 3 < to; t += 4) {
      s0 = term(FloatVector.broadcast(F, val[t]), FloatVector.fromArray(F, w, idx[t] * kp + o), s0);
      s1 = term(FloatVector.broadcast(F, val[t + 1]), FloatVector.fromArray(F, w, idx[t + 1] * kp + o), s1);
      s2 = term(FloatVector.broadcast(F, val[t + 2]), FloatVector.fromArray(F, w, idx[t + 2] * kp + o), s2);
      s3 = term(FloatVector.broadcast(F, val[t + 3]), FloatVector.fromArray(F, w, idx[t + 3] * kp + o), s3);
    }
    if (t < to) {
      s0 = term(FloatVector.broadcast(F, val[t]), FloatVector.fromArray(F, w, idx[t] * kp + o), s0);
    }
    if (t + 1 < to) {
      s1 = term(FloatVector.broadcast(F, val[t + 1]), FloatVector.fromArray(F, w, idx[t + 1] * kp + o), s1);
    }
    if (t + 2 < to) {
      s2 = term(FloatVector.broadcast(F, val[t + 2]), FloatVector.fromArray(F, w, idx[t + 2] * kp + o), s2);
    }
    s0.add(s1).add(s2.add(s3)).intoArray(out, o);
  }

  private static void scoresBinary(float[] w, int kp, int o, int[] idx, int from, int to, float[] out) {
    FloatVector s0 = FloatVector.zero(F);
    FloatVector s1 = s0;
    FloatVector s2 = s0;
    FloatVector s3 = s0;
    int t = from;
    for (; t + 3 < to; t += 4) {
      s0 = s0.add(FloatVector.fromArray(F, w, idx[t] * kp + o));
      s1 = s1.add(FloatVector.fromArray(F, w, idx[t + 1] * kp + o));
      s2 = s2.add(FloatVector.fromArray(F, w, idx[t + 2] * kp + o));
      s3 = s3.add(FloatVector.fromArray(F, w, idx[t + 3] * kp + o));
    }
    if (t < to) {
      s0 = s0.add(FloatVector.fromArray(F, w, idx[t] * kp + o));
    }
    if (t + 1 < to) {
      s1 = s1.add(FloatVector.fromArray(F, w, idx[t + 1] * kp + o));
    }
    if (t + 2 < to) {
      s2 = s2.add(FloatVector.fromArray(F, w, idx[t + 2] * kp + o));
    }
    s0.add(s1).add(s2.add(s3)).intoArray(out, o);
  }

  @Override
  public void update(ClassMatrix m, int[] idx, float[] val, int from, int to, ClassSteps steps) {
    float[] w = m.w;
    double[] u = m.u;
    int kp = m.kp;
    float[] delta = steps.delta;
    double[] deltaU = steps.deltaU;
    if (u != null && kp == L && kp == 2 * DL && val != null) {
      // The common shape (all classes in one float vector, two double vectors): w and u in one
      // pass over the non-zeros.
      updateFused(w, u, kp, idx, val, from, to, FloatVector.fromArray(F, delta, 0),
          DoubleVector.fromArray(D, deltaU, 0), DoubleVector.fromArray(D, deltaU, DL));
      return;
    }
    for (int o = 0; o < kp; o += L) {
      FloatVector step = FloatVector.fromArray(F, delta, o);
      if (val == null) {
        updateBinary(w, kp, o, idx, from, to, step);
      } else {
        update(w, kp, o, idx, val, from, to, step);
      }
    }
    if (u == null) {
      return;
    }
    for (int o = 0; o < kp; o += DL) {
      DoubleVector step = DoubleVector.fromArray(D, deltaU, o);
      if (val == null) {
        updateDoubleBinary(u, kp, o, idx, from, to, step);
      } else {
        updateDouble(u, kp, o, idx, val, from, to, step);
      }
    }
  }

  /** Lanes [o, o + L): w += val * delta (product rounded, then the sum). */
  private static void update(float[] w, int kp, int o, int[] idx, float[] val, int from, int to, FloatVector delta) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp + o;
      FloatVector.fromArray(F, w, j).add(FloatVector.broadcast(F, val[t]).mul(delta)).intoArray(w, j);
    }
  }

  /** Lanes [o, o + L) of a binary row: w += delta. */
  private static void updateBinary(float[] w, int kp, int o, int[] idx, int from, int to, FloatVector delta) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp + o;
      FloatVector.fromArray(F, w, j).add(delta).intoArray(w, j);
    }
  }

  /** kp = L = 2 DL: w[j] += x * delta, u[j] += (double) x * deltaU over both double halves, per non-zero. */
  private static void updateFused(float[] w, double[] u, int kp, int[] idx, float[] val, int from, int to,
      FloatVector delta, DoubleVector deltaU0, DoubleVector deltaU1) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp;
      float x = val[t];
      FloatVector.fromArray(F, w, j).add(FloatVector.broadcast(F, x).mul(delta)).intoArray(w, j);
      DoubleVector xd = DoubleVector.broadcast(D, (double) x);
      DoubleVector.fromArray(D, u, j).add(xd.mul(deltaU0)).intoArray(u, j);
      DoubleVector.fromArray(D, u, j + DL).add(xd.mul(deltaU1)).intoArray(u, j + DL);
    }
  }

  /** Lanes [o, o + DL) of u: u += (double) val * deltaU. */
  private static void updateDouble(double[] u, int kp, int o, int[] idx, float[] val, int from, int to,
      DoubleVector delta) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp + o;
      DoubleVector.fromArray(D, u, j).add(DoubleVector.broadcast(D, (double) val[t]).mul(delta)).intoArray(u, j);
    }
  }

  /** Lanes [o, o + DL) of u for a binary row: u += deltaU. */
  private static void updateDoubleBinary(double[] u, int kp, int o, int[] idx, int from, int to, DoubleVector delta) {
    for (int t = from; t < to; t++) {
      int j = idx[t] * kp + o;
      DoubleVector.fromArray(D, u, j).add(delta).intoArray(u, j);
    }
  }
}
