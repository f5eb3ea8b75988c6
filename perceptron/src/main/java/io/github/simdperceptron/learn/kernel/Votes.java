package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;

/**
 * The voted kernel model's classifiers: the list of updates (support vector, class added, class
 * subtracted), the bias moving likewise when it is on, and the number of visits each classifier
 * survived. Each classifier votes for its class (binary: its sign, {@code sgn(0) = -1}) with
 * that weight, votes summed in double. The arrays are owned, never modified. Immutable.
 */
final class Votes {
  final int[] sv;
  final int[] plus;
  final int[] minus;
  final long[] counts;
  final boolean bias;
  private final int k;
  private final int kp;

  /** Takes the arrays over: update u's support vector, classes, and the survival counts of the U + 1 classifiers. */
  Votes(int[] sv, int[] plus, int[] minus, long[] counts, boolean bias, Labels labels) {
    this.sv = sv;
    this.plus = plus;
    this.minus = minus;
    this.counts = counts;
    this.bias = bias;
    this.k = labels.size() <= 2 ? 1 : labels.size();
    this.kp = ClassScores.paddedClasses(k);
  }

  /**
   * The votes from a row's kernel values against the support vectors, g[go, go + |S|): per class
   * into s[so, so + k) (binary: the signed vote sum). Only s is modified.
   */
  void scores(float[] g, int go, float[] s, int so) {
    float[] run = new float[kp];
    float[] runBias = new float[kp];
    float[] total = new float[kp];
    double[] votes = new double[k];
    for (int t = 0; t <= sv.length; t++) {
      if (t > 0) {
        int u = t - 1;
        float kv = g[go + sv[u]];
        if (k == 1) {
          float y = plus[u] == 1 ? 1f : -1f;
          run[0] += y * kv;
          if (bias) {
            runBias[0] += y;
          }
        } else {
          run[plus[u]] += kv;
          run[minus[u]] -= kv;
          if (bias) {
            runBias[plus[u]] += 1f;
            runBias[minus[u]] -= 1f;
          }
        }
      }
      long c = counts[t];
      if (c == 0) {
        continue;
      }
      if (k == 1) {
        votes[0] += run[0] + runBias[0] > 0f ? c : -c;
      } else {
        for (int cl = 0; cl < k; cl++) {
          total[cl] = run[cl] + runBias[cl];
        }
        votes[DualScores.argMax(total, k)] += c;
      }
    }
    for (int c = 0; c < k; c++) {
      s[so + c] = (float) votes[c];
    }
  }
}
