package io.github.simdperceptron.kernel.internal;

/**
 * The scalar implementation: the running maxima of all lanes in delta, the rows outermost so that
 * the transitions are read in order.
 */
final class ScalarViterbiOps implements ViterbiOps {

  @Override
  public void step(float[] prev, float[] trans, int kp, int[] rows, int n, float[] emit, float[] delta, int[] back) {
    float p0 = prev[0];
    for (int c = 0; c < kp; c++) {
      delta[c] = p0 + trans[c];
      back[c] = 0;
    }
    for (int i = 0; i < n; i++) {
      int j = rows[i];
      float p = prev[j];
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
