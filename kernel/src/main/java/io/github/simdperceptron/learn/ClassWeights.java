package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.internal.ClassScores;
import java.util.Arrays;

/**
 * The weights of K classes in the feature-major layout of {@link ClassScores} ({@code w[j * kp + c]}),
 * with the running sums u of the averaged learners when asked, and the rows of the dataset being
 * trained on in the form the kernel reads. Shared by the multi-class and one-vs-rest rules.
 */
final class ClassWeights {
  final int k;
  final int d;
  final int kp;
  final float[] w;
  /** The averaged learners' sums (CIML Algorithm 7, in double), same layout; null otherwise. */
  final double[] u;
  /** The scores of the last {@link #score} call, kp entries. */
  final float[] scores;
  /** Per-class steps of the next update, kp entries, zero between updates. */
  final float[] delta;
  final double[] deltaU;
  private Dataset rowsOf;
  private CompactRows rows;
  private int from;
  private int to;

  ClassWeights(int k, int d, boolean averaged) {
    this.k = k;
    this.d = d;
    this.kp = ClassScores.paddedClasses(k);
    long size = (long) d * kp;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(k + " classes x " + d + " features is more weights than one array holds");
    }
    this.w = new float[(int) size];
    this.u = averaged ? new double[(int) size] : null;
    this.scores = new float[kp];
    this.delta = new float[kp];
    this.deltaU = averaged ? new double[kp] : null;
  }

  /** Scores row i of data into {@link #scores} and remembers the row for {@link #applyUpdate()}. */
  void score(Dataset data, int i) {
    if (data != rowsOf) {
      rows = CompactRows.of(data);
      rowsOf = data;
    }
    from = rows.ptr[i];
    to = rows.ptr[i + 1];
    ClassScores.scores(w, kp, rows.idx, rows.val, from, to, scores);
  }

  /**
   * Adds {@code delta[c] * x} to every class row (and {@code deltaU[c] * x} to u) for the row last
   * scored, then clears delta and deltaU.
   */
  void applyUpdate() {
    if (u == null) {
      ClassScores.update(w, kp, rows.idx, rows.val, from, to, delta);
    } else {
      ClassScores.update(w, u, kp, rows.idx, rows.val, from, to, delta, deltaU);
      Arrays.fill(deltaU, 0.0);
    }
    Arrays.fill(delta, 0f);
  }

  /**
   * Adds {@code stepA * x} to class a's weights and {@code stepB * x} to class b's (and
   * {@code uStepA * x}, {@code uStepB * x} to u when averaging) for the row last scored: the
   * multi-class perceptron's update, two classes per non-zero. delta and deltaU are not used.
   */
  void applyTwo(int a, float stepA, double uStepA, int b, float stepB, double uStepB) {
    if (u == null) {
      ClassScores.updateTwo(w, kp, rows.idx, rows.val, from, to, a, stepA, b, stepB);
    } else {
      ClassScores.updateTwo(w, u, kp, rows.idx, rows.val, from, to, a, stepA, uStepA, b, stepB, uStepB);
    }
  }

  /** The model of these weights (as K row-major rows) and the biases b (copied). */
  MulticlassModel model(float[] b, Labels labels) {
    float[] out = new float[k * d];
    for (int j = 0; j < d; j++) {
      for (int c = 0; c < k; c++) {
        out[c * d + j] = w[j * kp + c];
      }
    }
    return MulticlassModel.wrap(out, b.clone(), labels);
  }

  /** Row c of the weights into out[0, d). */
  void row(int c, float[] out) {
    for (int j = 0; j < d; j++) {
      out[j] = w[j * kp + c];
    }
  }

  /** The averaged model: {@code w - u / count[c]} and {@code b - beta / count[c]} for class c. */
  MulticlassModel averagedModel(float[] b, double[] beta, long[] count, Labels labels) {
    float[] out = new float[k * d];
    for (int j = 0; j < d; j++) {
      for (int c = 0; c < k; c++) {
        int at = j * kp + c;
        out[c * d + j] = AveragedRule.average(w[at], u[at], count[c]);
      }
    }
    float[] avgB = new float[k];
    for (int c = 0; c < k; c++) {
      avgB[c] = AveragedRule.average(b[c], beta[c], count[c]);
    }
    return MulticlassModel.wrap(out, avgB, labels);
  }
}
