package io.github.simdperceptron.kernel.internal;

/**
 * The scalar implementation: the running maxima of all lanes in delta, the rows outermost so that
 * the transitions are read in order.
 */
final class ScalarViterbiOps implements ViterbiOps {

  @Override
  public int keep(Transitions t, float[] prev, int[] rows) {
    int k = t.k;
    float[] rowMax = t.rowMax;
    float[] rowMin = t.rowMin;
    // The best score in a register: comparing with prev[top] would make every iteration wait for a
    // load whose address depends on the iteration before.
    int top = 0;
    float best = prev[0];
    for (int j = 1; j < k; j++) {
      float p = prev[j];
      if (p > best) {
        best = p;
        top = j;
      }
    }
    float floor = best + rowMin[top];
    int n = 0;
    for (int j = 1; j < k; j++) {
      if (prev[j] + rowMax[j] >= floor) {
        rows[n++] = j;
      }
    }
    return n;
  }

  @Override
  public void step(Transitions t, float[] prev, float[] emit, float[] delta, int[] back, int[] rows) {
    int n = keep(t, prev, rows);
    float[] trans = t.trans;
    int kp = t.kp;
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
