package io.github.simdperceptron.kernel.internal;

/**
 * The step of first-order Viterbi decoding, unchecked, for the sequence learners.
 *
 * <p>Layout: K tags padded to {@code kp = ClassScores.paddedClasses(K)} lanes. The transition
 * weights are {@code float[K * kp]}, j-major: the weight of moving from tag j to tag k is
 * {@code trans[j * kp + k]}. The emission scores of the current token are {@code emit[0, kp)} (as
 * {@link ClassScores#scores} writes them), the previous token's path scores {@code prev[0, K)}.
 *
 * <p>Step: for every k in [0, kp),
 * {@code delta[k] = max_j (prev[j] + trans[j * kp + k]) + emit[k]} over j in [0, K), and
 * {@code back[k]} is the arg max, the smallest j on ties. Every implementation makes the same
 * float operations (one rounded sum per candidate, one per result) and compares with {@code >}
 * in increasing j, so they give the same bits and the same arg max on any finite input. The
 * lanes k in [K, kp) are computed like the others and mean nothing.
 *
 * <p>Exact pruning: with {@code rowMin[j] <= trans[j * kp + k] <= rowMax[j]} for every k in
 * [0, kp), a row j whose bound {@code prev[j] + rowMax[j]} is below
 * {@code floor = prev[j*] + rowMin[j*]}, j* the best previous tag (the smallest arg max), is
 * skipped: rounding is monotonic, so every lane's candidate from row j*, and with it the lane's
 * maximum, is at least the floor, and every candidate of a skipped row is strictly below the
 * maximum of its lane: neither the maximum nor its smallest arg max changes. With the rows'
 * minima as rowMin the floor is the smallest candidate of row j* (a sum of a constant and a
 * minimum is the minimum of the sums). The rows kept are chosen once per step, the same for every
 * implementation; the result is the same bits as without pruning.
 */
public final class ViterbiSteps {
  private static final ViterbiOps OPS = OpsProvider.ACTIVE.viterbi;

  private ViterbiSteps() {}


  /** The implementation that runs (for tests). */
  static ViterbiOps ops() {
    return OPS;
  }

  /** Which implementation runs: {@code "panama"} or {@code "scalar"}. */
  public static String implementation() {
    return OPS instanceof ScalarViterbiOps ? "scalar" : "panama";
  }

  /**
   * {@code delta[c] = max_j (prev[j] + trans[j * kp + c]) + emit[c]}, {@code back[c]} = the
   * smallest arg max j in [0, k), for c in [0, kp), the transitions, k, kp and the row bounds those
   * of t. {@code k >= 1}; {@code delta} must not be {@code prev}; {@code rows} is scratch of at
   * least k entries. Only delta, back and rows are modified.
   */
  public static void step(Transitions t, float[] prev, float[] emit, float[] delta, int[] back, int[] rows) {
    OPS.step(t, prev, emit, delta, back, rows);
  }

  /**
   * {@code rowMax[j] = max_c trans[j * kp + c]} and {@code rowMin[j] = min_c trans[j * kp + c]} over
   * c in [0, kp), for j in [0, k): the bounds {@link #step} prunes with. Only rowMax and rowMin are
   * modified.
   */
  public static void rowBounds(float[] trans, int k, int kp, float[] rowMax, float[] rowMin) {
    for (int j = 0; j < k; j++) {
      float max = trans[j * kp];
      float min = max;
      for (int c = 1; c < kp; c++) {
        max = Math.max(max, trans[j * kp + c]);
        min = Math.min(min, trans[j * kp + c]);
      }
      rowMax[j] = max;
      rowMin[j] = min;
    }
  }
}
