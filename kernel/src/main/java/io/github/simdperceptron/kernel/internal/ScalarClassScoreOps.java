package io.github.simdperceptron.kernel.internal;

/** The scalar implementation: one class at a time, the chains of {@link ClassScoreOps} in locals. */
final class ScalarClassScoreOps implements ClassScoreOps {
  private final boolean fma;

  ScalarClassScoreOps(boolean fma) {
    this.fma = fma;
  }

  private float term(float x, float w, float sum) {
    return fma ? Math.fma(x, w, sum) : x * w + sum;
  }

  @Override
  public void scores(ClassMatrix m, int[] idx, float[] val, int from, int to, float[] out) {
    float[] w = m.w;
    int kp = m.kp;
    for (int c = 0; c < kp; c++) {
      float s0 = 0f;
      float s1 = 0f;
      float s2 = 0f;
      float s3 = 0f;
      int t = from;
      if (val == null) {
        for (; t + 3 < to; t += 4) {
          s0 += w[idx[t] * kp + c];
          s1 += w[idx[t + 1] * kp + c];
          s2 += w[idx[t + 2] * kp + c];
          s3 += w[idx[t + 3] * kp + c];
        }
        if (t < to) {
          s0 += w[idx[t] * kp + c];
        }
        if (t + 1 < to) {
          s1 += w[idx[t + 1] * kp + c];
        }
        if (t + 2 < to) {
          s2 += w[idx[t + 2] * kp + c];
        }
      } else {
        for (; t + 3 < to; t += 4) {
          s0 = term(val[t], w[idx[t] * kp + c], s0);
          s1 = term(val[t + 1], w[idx[t + 1] * kp + c], s1);
          s2 = term(val[t + 2], w[idx[t + 2] * kp + c], s2);
          s3 = term(val[t + 3], w[idx[t + 3] * kp + c], s3);
        }
        if (t < to) {
          s0 = term(val[t], w[idx[t] * kp + c], s0);
        }
        if (t + 1 < to) {
          s1 = term(val[t + 1], w[idx[t + 1] * kp + c], s1);
        }
        if (t + 2 < to) {
          s2 = term(val[t + 2], w[idx[t + 2] * kp + c], s2);
        }
      }
      out[c] = (s0 + s1) + (s2 + s3);
    }
  }

  @Override
  public void update(ClassMatrix m, int[] idx, float[] val, int from, int to, ClassSteps steps) {
    float[] w = m.w;
    double[] u = m.u;
    int kp = m.kp;
    float[] delta = steps.delta;
    double[] deltaU = steps.deltaU;
    for (int t = from; t < to; t++) {
      int base = idx[t] * kp;
      if (val == null) {
        for (int c = 0; c < kp; c++) {
          w[base + c] += delta[c];
        }
      } else {
        float x = val[t];
        for (int c = 0; c < kp; c++) {
          w[base + c] += x * delta[c];
        }
      }
    }
    if (u == null) {
      return;
    }
    for (int t = from; t < to; t++) {
      int base = idx[t] * kp;
      double x = val == null ? 1.0 : val[t];
      for (int c = 0; c < kp; c++) {
        u[base + c] += x * deltaU[c];
      }
    }
  }
}
