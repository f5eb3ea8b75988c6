package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassScores;

/**
 * Collins's structured perceptron over {@link TagWeights}, plain or averaged. A visit decodes the
 * sentence with the current weights; when a tag is wrong it adds the gold sequence's features
 * and subtracts the predicted one's: for every token whose tags differ, {@code w[f][gold] += 1,
 * w[f][pred] -= 1} for its feature ids f (tokens whose tags agree cancel out and are skipped);
 * {@code start[gold_0] += 1, start[pred_0] -= 1}; for t >= 1
 * {@code trans[gold_{t-1}][gold_t] += 1, trans[pred_{t-1}][pred_t] -= 1}; and
 * {@code end[gold_last] += 1, end[pred_last] -= 1}.
 *
 * <p>Averaged: the double-sum trick of the averaged learners (CIML Algorithm 7) with one counter
 * c per visit, starting at 1: every step s on a weight adds {@code s c} to its sum u, and the
 * averaged weight is {@code w - u / c}, in double, rounded once to float. The weights are
 * integers, so every sum is exact and the literal twin ({@code ReferenceSequence}) agrees bit for
 * bit.
 */
final class StructuredPerceptron {
  final TagWeights m;
  private final boolean viterbi;
  private final double[] u;
  private final double[] uTrans;
  private final double[] uStart;
  private final double[] uEnd;
  private final Lattice lattice;
  private final int[] predicted;
  /** The visit counter, plus one. */
  private long c = 1;

  StructuredPerceptron(int k, int d, boolean averaged, boolean viterbi, int longest) {
    this.m = new TagWeights(k, d);
    this.viterbi = viterbi;
    this.u = averaged ? new double[m.w.length] : null;
    this.uTrans = averaged ? new double[m.trans.length] : null;
    this.uStart = averaged ? new double[m.kp] : null;
    this.uEnd = averaged ? new double[m.kp] : null;
    this.lattice = new Lattice(m.kp);
    this.predicted = new int[Math.max(1, longest)];
  }

  /** Visits sentence s; returns how many of its tokens the current weights tag wrong. */
  int visit(Encoded data, int s) {
    int tok = data.sentencePtr[s];
    int n = data.sentencePtr[s + 1] - tok;
    lattice.decode(m, viterbi, data.ids, data.tokenPtr, tok, n, predicted);
    int wrong = 0;
    for (int t = 0; t < n; t++) {
      if (predicted[t] != data.gold[tok + t]) {
        wrong++;
      }
    }
    if (wrong > 0) {
      update(data, tok, n);
    }
    c++;
    return wrong;
  }

  private void update(Encoded data, int tok, int n) {
    int kp = m.kp;
    double cd = c;
    int[] gold = data.gold;
    for (int t = 0; t < n; t++) {
      int g = gold[tok + t];
      int p = predicted[t];
      if (g != p) {
        int from = data.tokenPtr[tok + t];
        int to = data.tokenPtr[tok + t + 1];
        if (u == null) {
          ClassScores.updateTwo(m.w, kp, data.ids, null, from, to, g, 1f, p, -1f);
        } else {
          ClassScores.updateTwo(m.w, u, kp, data.ids, null, from, to, g, 1f, cd, p, -1f, -cd);
        }
      }
      if (t == 0) {
        add(m.start, uStart, g, 1f, cd);
        add(m.start, uStart, p, -1f, -cd);
      } else {
        add(m.trans, uTrans, gold[tok + t - 1] * kp + g, 1f, cd);
        add(m.trans, uTrans, predicted[t - 1] * kp + p, -1f, -cd);
      }
    }
    add(m.end, uEnd, gold[tok + n - 1], 1f, cd);
    add(m.end, uEnd, predicted[n - 1], -1f, -cd);
  }

  private static void add(float[] w, double[] u, int at, float step, double uStep) {
    w[at] += step;
    if (u != null) {
      u[at] += uStep;
    }
  }

  /** The model of the current state: a copy of the weights, or their averages. */
  TagWeights model() {
    return new TagWeights(m.k, m.d, average(m.w, u), average(m.trans, uTrans), average(m.start, uStart),
        average(m.end, uEnd));
  }

  private float[] average(float[] w, double[] sums) {
    float[] out = w.clone();
    if (sums != null) {
      for (int j = 0; j < out.length; j++) {
        out[j] = (float) ((double) w[j] - sums[j] / c);
      }
    }
    return out;
  }
}
