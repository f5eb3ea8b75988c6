package io.github.simdperceptron.kernel.internal;

/**
 * The scalar implementation: the running maxima of all lanes in delta, j outermost so that the
 * transition rows are read in order.
 */
final class ScalarViterbiOps implements ViterbiOps {

  @Override
  public void step(float[] prev, int k, float[] trans, int kp, float[] rowMax, float[] emit, float[] delta,
      int[] back) {
    int best = ViterbiSteps.best(prev, k);
    float floor = Float.POSITIVE_INFINITY;
    for (int c = 0; c < kp; c++) {
      floor = Math.min(floor, prev[best] + trans[best * kp + c]);
    }
    float p0 = prev[0];
    for (int c = 0; c < kp; c++) {
      delta[c] = p0 + trans[c];
      back[c] = 0;
    }
    for (int j = 1; j < k; j++) {
      float p = prev[j];
      if (p + rowMax[j] < floor) {
        continue;
      }
      int row = j * kp;
      for (int c = 0; c < kp; c++) {
        float cand = p + trans[row + c];
        if (cand > delta[c]) {
          delta[c] = cand;
          back[c] = j;
        }
      }
    }
    for (int c = 0; c < kp; c++) {
      delta[c] += emit[c];
    }
  }
}
