package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.EpochOrder;
import java.util.Random;

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
 * averaged weight is {@code w - u / c}, in double, rounded once to float. The emission sums are
 * kept only for the weights a step touched ({@link SparseSums}). The weights are
 * integers, so every sum is exact and the literal twin ({@code ReferenceSequence}) agrees bit for
 * bit.
 */
final class StructuredPerceptron {
  final TagWeights m;
  private final boolean viterbi;
  /** The emission sums (averaged), let go once averaged into the weights. */
  private SparseSums u;
  private final double[] uTrans;
  private final double[] uStart;
  private final double[] uEnd;
  private final Lattice lattice;
  private final int[] predicted;
  /** The ids of the sentence being visited. */
  private final Encoded.Sentence sentence = new Encoded.Sentence();
  /** The visit counter, plus one. */
  private long c = 1;

  StructuredPerceptron(int k, int d, boolean averaged, boolean viterbi, int longest) {
    this.m = new TagWeights(k, d);
    this.viterbi = viterbi;
    this.u = averaged ? new SparseSums() : null;
    this.uTrans = averaged ? new double[m.trans.length] : null;
    this.uStart = averaged ? new double[m.kp] : null;
    this.uEnd = averaged ? new double[m.kp] : null;
    this.lattice = new Lattice(m.kp);
    this.predicted = new int[Math.max(1, longest)];
  }

  /**
   * Runs up to {@code options.maxEpochs()} epochs over the sentences (fewer when an epoch makes no
   * mistake), in the order {@link EpochOrder} draws from {@code new Random(options.seed())} when
   * {@code options.shuffle()}; records each epoch's mistaken sentences and tokens (arrays of
   * maxEpochs entries) and tells {@code options.progress()}. Returns the epochs run.
   */
  int train(Encoded data, TrainingOptions options, int[] mistakenSentences, int[] mistakenTokens) {
    int n = data.sentences();
    int[] order = new int[n];
    Random rnd = new Random(options.seed());
    TrainingOptions.ProgressListener progress = options.progress();
    int epoch = 0;
    while (epoch < options.maxEpochs()) {
      long epochStart = System.nanoTime();
      m.boundRows();
      EpochOrder.fill(order, options.shuffle() ? rnd : null);
      int sentences = 0;
      int tokens = 0;
      for (int i = 0; i < n; i++) {
        int wrong = visit(data, order[i]);
        if (wrong > 0) {
          sentences++;
          tokens += wrong;
        }
      }
      mistakenSentences[epoch] = sentences;
      mistakenTokens[epoch] = tokens;
      epoch++;
      if (progress != null) {
        double secs = (System.nanoTime() - epochStart) / 1e9;
        progress.epochFinished(epoch, sentences, sentences, n / Math.max(secs, 1e-9));
      }
      if (sentences == 0) {
        break;
      }
    }
    return epoch;
  }

  /** Visits sentence s; returns how many of its tokens the current weights tag wrong. */
  int visit(Encoded data, int s) {
    int tok = data.sentencePtr[s];
    int n = data.load(s, sentence);
    lattice.decode(m, viterbi, sentence.ids, sentence.tokenPtr, 0, n, predicted);
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
        int[] ids = sentence.ids;
        int from = sentence.tokenPtr[t];
        int to = sentence.tokenPtr[t + 1];
        ClassScores.updateTwo(m.w, kp, ids, null, from, to, g, 1f, p, -1f);
        if (u != null) {
          for (int i = from; i < to; i++) {
            int j = ids[i] * kp;
            u.add(j + g, cd);
            u.add(j + p, -cd);
          }
        }
      }
      if (t == 0) {
        add(m.start, uStart, g, 1f, cd);
        add(m.start, uStart, p, -1f, -cd);
      } else {
        int from = gold[tok + t - 1];
        add(m.trans, uTrans, from * kp + g, 1f, cd);
        // A raised weight may raise its row's upper bound, a lowered one lower its row's lower
        // bound; the other bound stays valid (looser).
        m.rowMax[from] = Math.max(m.rowMax[from], m.trans[from * kp + g]);
        int predictedFrom = predicted[t - 1];
        add(m.trans, uTrans, predictedFrom * kp + p, -1f, -cd);
        m.rowMin[predictedFrom] = Math.min(m.rowMin[predictedFrom], m.trans[predictedFrom * kp + p]);
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

  /**
   * The model: the weights, or their averages written over them; ends training (the state is
   * given away, not copied, so that the weights are held once).
   */
  TagWeights finish() {
    if (u != null) {
      u.averageInto(m.w, c);
      u = null;
    }
    average(m.trans, uTrans);
    average(m.start, uStart);
    average(m.end, uEnd);
    m.boundRows();
    return m;
  }

  private void average(float[] w, double[] sums) {
    if (sums != null) {
      for (int j = 0; j < w.length; j++) {
        w[j] = (float) ((double) w[j] - sums[j] / c);
      }
    }
  }
}
