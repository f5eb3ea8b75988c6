package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.ClassSteps;
import java.util.function.IntToLongFunction;

/**
 * The weights and biases of K classes, shared by the multi-class and one-vs-rest rules: the
 * weights in the feature-major layout of {@link ClassScores} ({@code w[j * kp + c]}), with the
 * running sums u and beta of the averaged learners (CIML Algorithm 7, in double) when asked. The
 * kernel reads the rows being trained on as their non-zeros ({@link #sparse}).
 */
final class ClassWeights {
  final Labels labels;
  final int k;
  final int d;
  final int kp;
  final boolean bias;
  final float[] w;
  final float[] b;
  /** The averaged learners' sums, in the layouts of w and b; null otherwise. */
  final double[] u;
  final double[] beta;
  /** The scores of the last {@link #score} call, biases added, in the first k of kp entries. */
  final float[] scores;
  /** w and u as the kernel reads them (the same arrays). */
  private final ClassMatrix matrix;
  /** The steps of the next {@link #applyUpdate()}, zero between updates. */
  private final ClassSteps steps;
  /** Per-class steps of the next {@link #applyUpdate()}, kp entries: the steps' own array. */
  final float[] delta;
  private Dataset rowsOf;
  private Dataset rows;
  private int[] idx;
  private float[] val;
  private int from;
  private int to;

  /** Zero weights and biases, or the warm-start model's rows (and biases, when the bias is on). */
  ClassWeights(Labels labels, int d, boolean bias, boolean averaged, MulticlassModel warm) {
    this.labels = labels;
    this.k = labels.size();
    this.d = d;
    this.kp = ClassScores.paddedClasses(k);
    this.bias = bias;
    long size = (long) d * kp;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(k + " classes x " + d + " features is more weights than one array holds");
    }
    this.w = new float[(int) size];
    this.b = new float[k];
    this.u = averaged ? new double[(int) size] : null;
    this.beta = averaged ? new double[k] : null;
    this.scores = new float[kp];
    this.matrix = new ClassMatrix(w, u, kp);
    this.steps = new ClassSteps(kp, averaged);
    this.delta = steps.steps();
    if (warm != null) {
      for (int c = 0; c < k; c++) {
        float[] row = warm.weights(c);
        for (int j = 0; j < d; j++) {
          w[j * kp + c] = row[j];
        }
      }
      if (bias) {
        System.arraycopy(warm.biases(), 0, b, 0, k);
      }
    }
  }

  /**
   * The dataset as a sparse one: itself, or its non-zeros with the same labels and classes (a zero
   * changes no score and no update), so that the loop, its prefetch thread and the kernel read the same rows.
   */
  static Dataset sparse(Dataset data) {
    if (data.isSparse()) {
      return data;
    }
    Dataset dense = data;
    int n = data.size();
    int d = data.dimension();
    long total = 0;
    for (int i = 0; i < n; i++) {
      float[] a = DataAccess.rowArray(dense, i);
      for (int j = DataAccess.rowOffset(dense, i), end = j + d; j < end; j++) {
        if (a[j] != 0f) {
          total++;
        }
      }
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("the dataset has " + total
          + " non-zero values; the multi-class learners take at most " + (Integer.MAX_VALUE - 16));
    }
    int[] ptr = new int[n + 1];
    int[] idx = new int[(int) total];
    float[] val = new float[(int) total];
    double[] classes = new double[n];
    int[] classIndex = new int[n];
    int t = 0;
    for (int i = 0; i < n; i++) {
      float[] a = DataAccess.rowArray(dense, i);
      int off = DataAccess.rowOffset(dense, i);
      for (int j = 0; j < d; j++) {
        float x = a[off + j];
        if (x != 0f) {
          idx[t] = j;
          val[t] = x;
          t++;
        }
      }
      ptr[i + 1] = t;
      classIndex[i] = data.classOf(i);
      classes[i] = classIndex[i];
    }
    return Dataset.wrap(ptr, idx, val, d, classes).withLabels(data.labels(), classIndex);
  }

  /** Scores row i of data ({@code w_c . x + b_c}) into {@link #scores} and remembers the row for the next update. */
  void score(Dataset data, int i) {
    if (data != rowsOf) {
      rows = sparse(data);
      rowsOf = data;
      idx = DataAccess.indices(rows);
      val = DataAccess.values(rows);
    }
    from = DataAccess.rowStart(rows, i);
    to = from + rows.nonZeros(i);
    ClassScores.scores(matrix, idx, val, from, to, scores);
    for (int c = 0; c < k; c++) {
      scores[c] += b[c];
    }
  }

  /**
   * Marks class c for the binary update {@code w_c += y x, b_c += y} of the next
   * {@link #applyUpdate()}; when averaging also {@code u_c += y count x, beta_c += y count}.
   */
  void mark(int c, float y, long count) {
    double yc = (double) y * count;
    steps.mark(c, y, yc);
    addBias(c, y, yc);
  }

  /** With the bias, {@code b_c += y}, and when averaging {@code beta_c += yc}. */
  private void addBias(int c, float y, double yc) {
    if (bias) {
      b[c] += y;
      if (beta != null) {
        beta[c] += yc;
      }
    }
  }

  /**
   * Applies the marked updates to the row last scored, in one pass over its non-zeros, and clears
   * the marks: most updating visits mark one or two classes, and their lanes alone are updated, as
   * the multi-class perceptron does, instead of every lane of every non-zero (docs/fashion-mnist.md).
   */
  void applyUpdate() {
    ClassScores.update(matrix, idx, val, from, to, steps);
  }

  /**
   * The multi-class perceptron's update for the row last scored, in one pass over its non-zeros:
   * {@code w_truth += x, w_predicted -= x} and with the bias {@code b_truth += 1, b_predicted -= 1};
   * when averaging also {@code u_truth += count x, u_predicted -= count x} and
   * {@code beta_truth += count, beta_predicted -= count}.
   */
  void applyTwo(int truth, int predicted, long count) {
    double cd = count;
    steps.mark(truth, 1f, cd);
    steps.mark(predicted, -1f, -cd);
    ClassScores.update(matrix, idx, val, from, to, steps);
    addBias(truth, 1f, cd);
    addBias(predicted, -1f, -cd);
  }

  /**
   * The passive-aggressive update of two classes for the row last scored, in one pass over its
   * non-zeros: {@code w_plus += step x, w_minus -= step x} (each product rounded, then the sum) and
   * with the bias {@code b_plus += step, b_minus -= step}. Not for the averaged learners.
   */
  void applyPair(int plus, int minus, float step) {
    steps.mark(plus, step, 0.0);
    steps.mark(minus, -step, 0.0);
    ClassScores.update(matrix, idx, val, from, to, steps);
    if (bias) {
      b[plus] += step;
      b[minus] -= step;
    }
  }

  /** {@code |x|^2} of the row last scored, summed left to right over its non-zeros in float. */
  float squaredNorm() {
    if (val == null) {
      return to - from;
    }
    float s = 0f;
    for (int t = from; t < to; t++) {
      s += val[t] * val[t];
    }
    return s;
  }

  /** Row c of the weights into out[0, d). */
  void row(int c, float[] out) {
    for (int j = 0; j < d; j++) {
      out[j] = w[j * kp + c];
    }
  }

  /**
   * The model of these weights (as K row-major rows) and biases; when averaging, class c's are
   * {@code w - u / count(c)} and {@code b - beta / count(c)} (count is not read otherwise).
   */
  MulticlassModel model(IntToLongFunction count) {
    float[] rows = new float[k * d];
    for (int j = 0; j < d; j++) {
      for (int c = 0; c < k; c++) {
        int at = j * kp + c;
        rows[c * d + j] = u == null ? w[at] : AveragedRule.average(w[at], u[at], count.applyAsLong(c));
      }
    }
    float[] biases = new float[k];
    for (int c = 0; c < k; c++) {
      biases[c] = beta == null ? b[c] : AveragedRule.average(b[c], beta[c], count.applyAsLong(c));
    }
    return new MulticlassModel(rows, biases, labels);
  }
}
