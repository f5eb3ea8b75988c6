package io.github.simdperceptron.sequence;

import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.ClassSteps;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.util.Arrays;

/**
 * Collins's structured perceptron over {@link TagWeights}, plain or averaged, as a rule of the
 * one training loop ({@link TrainingLoop}: epochs, order, stopping, early stopping, progress and
 * report are the loop's); its examples are the sentences of an {@link Encoded} corpus. A visit
 * decodes the sentence with the current weights; when a tag is wrong it adds the gold sequence's
 * features and subtracts the predicted one's: for every token whose tags differ,
 * {@code w[f][gold] += 1, w[f][pred] -= 1} for its feature ids f (tokens whose tags agree cancel
 * out and are skipped); {@code start[gold_0] += 1, start[pred_0] -= 1}; for t >= 1
 * {@code trans[gold_{t-1}][gold_t] += 1, trans[pred_{t-1}][pred_t] -= 1}; and
 * {@code end[gold_last] += 1, end[pred_last] -= 1}. A sentence with a wrong tag is a mistake and
 * an update; the validation measure is the token accuracy of the held-out sentences, decoded as a
 * visit decodes.
 *
 * <p>Averaged: the double-sum trick of the averaged learners (CIML Algorithm 7) with one counter
 * c per visit, starting at 1: every step s on a weight adds {@code s c} to its sum u, and the
 * averaged weight is {@code w - u / c}, in double, rounded once to float. The emission sums are
 * kept only for the weights a step touched ({@link SparseSums}). The weights are
 * integers, so every sum is exact and the literal twin ({@code ReferenceSequence}) agrees bit for
 * bit.
 */
final class StructuredPerceptron implements TrainingLoop.Rule<TagWeights> {
  final TagWeights m;
  private final Encoded data;
  private final boolean viterbi;
  private final String name;
  /** The emission sums (averaged), let go once averaged into the weights. */
  private SparseSums u;
  private final double[] uTrans;
  private final double[] uStart;
  private final double[] uEnd;
  private final Lattice lattice;
  private final int[] predicted;
  /** The emission steps of one token's update: +1 for its gold tag, -1 for the tag predicted. */
  private final ClassSteps steps;
  /** The ids of the sentence being visited. */
  private final Encoded.Sentence sentence = new Encoded.Sentence();
  /** The visit counter, plus one. */
  private long c = 1;
  /** The wrong tags of each epoch begun, in the first {@link #epochs} entries. */
  private int[] wrongTokens = new int[16];
  private int epochs;

  /** A learner of k tags and d features on the sentences of data (the learner reads them, never modifies them). */
  StructuredPerceptron(int k, int d, boolean averaged, boolean viterbi, Encoded data) {
    this.m = new TagWeights(k, d);
    this.data = data;
    this.viterbi = viterbi;
    this.name = averaged ? "STRUCTURED(AVERAGED)" : "STRUCTURED(PERCEPTRON)";
    this.u = averaged ? new SparseSums() : null;
    this.uTrans = averaged ? new double[m.trans.length] : null;
    this.uStart = averaged ? new double[m.kp] : null;
    this.uEnd = averaged ? new double[m.kp] : null;
    this.lattice = new Lattice(m.kp);
    this.predicted = new int[Math.max(1, data.longest)];
    this.steps = new ClassSteps(m.kp, false);
  }

  @Override
  public String name() {
    return name;
  }

  /** Bounds the transition rows afresh ({@link TagWeights#boundRows}) and starts the epoch's count of wrong tags. */
  @Override
  public void epochStarting() {
    m.boundRows();
    if (epochs == wrongTokens.length) {
      wrongTokens = Arrays.copyOf(wrongTokens, 2 * epochs);
    }
    wrongTokens[epochs++] = 0;
  }

  /** Visits sentence s: {@link TrainingLoop#MISTAKE} and {@link TrainingLoop#UPDATED} when a tag was wrong. */
  @Override
  public int visit(int s) {
    int wrong = wrongTags(s);
    if (wrong == 0) {
      return 0;
    }
    wrongTokens[epochs - 1] += wrong;
    return TrainingLoop.MISTAKE | TrainingLoop.UPDATED;
  }

  /** The tokens tagged wrong in each epoch begun (a copy). */
  int[] mistakenTokensPerEpoch() {
    return Arrays.copyOf(wrongTokens, epochs);
  }

  /** Decodes sentence s, updates the weights when a tag is wrong; returns how many are. */
  private int wrongTags(int s) {
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
      update(tok, n);
    }
    c++;
    return wrong;
  }

  private void update(int tok, int n) {
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
        steps.mark(g, 1f, 0.0);
        steps.mark(p, -1f, 0.0);
        ClassScores.update(m.emission, ids, null, from, to, steps);
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
   * The weights the current state stands for, or their averages: new arrays, the same values
   * {@link #finish()} would give now.
   */
  @Override
  public TagWeights model() {
    float[] w = m.w.clone();
    float[] trans = m.trans.clone();
    float[] start = m.start.clone();
    float[] end = m.end.clone();
    if (u != null) {
      u.averageInto(w, c);
    }
    average(trans, uTrans);
    average(start, uStart);
    average(end, uEnd);
    return new TagWeights(m.k, m.d, w, trans, start, end);
  }

  /** {@link #finish()}. */
  @Override
  public TagWeights finalModel() {
    return finish();
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

  /** The share of the tokens of the sentences given that {@code model} decodes to their tags. */
  @Override
  public double accuracy(TagWeights model, int[] sentences) {
    long tokens = 0;
    long correct = 0;
    for (int s : sentences) {
      int tok = data.sentencePtr[s];
      int n = data.load(s, sentence);
      lattice.decode(model, viterbi, sentence.ids, sentence.tokenPtr, 0, n, predicted);
      for (int t = 0; t < n; t++) {
        correct += predicted[t] == data.gold[tok + t] ? 1 : 0;
      }
      tokens += n;
    }
    return (double) correct / tokens;
  }

  /** 1 - {@link #accuracy}: the share of the tokens the model tags wrong. */
  @Override
  public double trainingError(TagWeights model, int[] sentences) {
    return 1.0 - accuracy(model, sentences);
  }

  private void average(float[] w, double[] sums) {
    if (sums != null) {
      for (int j = 0; j < w.length; j++) {
        w[j] = (float) ((double) w[j] - sums[j] / c);
      }
    }
  }
}
