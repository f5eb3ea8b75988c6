package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A linear multi-class classifier: one weight row w_k and bias b_k per class,
 * {@code score_k(x) = w_k . x + b_k}, and the predicted class is the arg max of the K scores, ties
 * going to the smallest class index (the rule the learners train with). All K scores come from
 * one multi-row pass over x. Both the multi-class perceptron and one-vs-rest produce this model.
 * Immutable (weights are copied in and out).
 */
public final class MulticlassModel implements Model {
  /** Below about this many multiply-adds a parallel prediction costs more than it saves. */
  private static final long PARALLEL_THRESHOLD = 1L << 22;

  private final float[] w;
  private final float[] b;
  private final int k;
  private final int d;
  private final Labels labels;
  /**
   * The weights feature by feature (d x kp, each feature's K weights side by side, padded to whole
   * vectors), made on the first sparse scoring: a sparse row's K scores are then one vector
   * multiply-add per non-zero instead of K gathers. Null until made; too large a model keeps none.
   */
  private volatile ClassMatrix byFeature;
  private static final ThreadLocal<float[]> SCRATCH = ThreadLocal.withInitial(() -> new float[64]);

  /**
   * A model from one weight row and one bias per class (copied; every value finite; rows of equal
   * length at least 1). Row k belongs to class {@code labels.name(k)}.
   */
  public MulticlassModel(float[][] weights, float[] biases, Labels labels) {
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(biases, "biases");
    Objects.requireNonNull(labels, "labels");
    if (weights.length != labels.size() || biases.length != labels.size()) {
      throw new IllegalArgumentException("need one weight row and one bias per class: " + weights.length
          + " rows, " + biases.length + " biases, " + labels.size() + " classes " + labels);
    }
    this.k = weights.length;
    this.d = Objects.requireNonNull(weights[0], "weights[0]").length;
    if (d == 0) {
      throw new IllegalArgumentException("weights[0] is empty");
    }
    this.w = new float[k * d];
    for (int r = 0; r < k; r++) {
      Objects.requireNonNull(weights[r], "weights[" + r + "]");
      if (weights[r].length != d) {
        throw new IllegalArgumentException("weights[" + r + "] has length " + weights[r].length + ", weights[0] " + d);
      }
      LinearModel.checkFinite("weights[" + r + "]", weights[r]);
      System.arraycopy(weights[r], 0, w, r * d, d);
    }
    LinearModel.checkFinite("biases", biases);
    this.b = biases.clone();
    this.labels = labels;
  }

  /** Trusted constructor: w (row-major K x d) and b (K) are owned by the model from now on. */
  MulticlassModel(float[] w, float[] b, Labels labels) {
    this.w = w;
    this.b = b;
    this.k = b.length;
    this.d = w.length / b.length;
    this.labels = labels;
  }

  /** Number of classes K. */
  public int classes() {
    return k;
  }

  /** A copy of the weights, one row per class. */
  public float[][] weights() {
    return IntStream.range(0, k).mapToObj(this::weights).toArray(float[][]::new);
  }

  /** A copy of the weight row of class index c. */
  public float[] weights(int c) {
    Objects.checkIndex(c, k);
    return Arrays.copyOfRange(w, c * d, c * d + d);
  }

  /** A copy of the biases, one per class. */
  public float[] biases() {
    return b.clone();
  }

  @Override
  public Labels labels() {
    return labels;
  }

  @Override
  public int dimension() {
    return d;
  }

  /** The K scores of a dense x of length {@link #dimension()}, in a new array. x is not modified. */
  public float[] scores(float[] x) {
    float[] out = new float[k];
    scores(x, out);
    return out;
  }

  @Override
  public int scoreCount() {
    return k;
  }

  @Override
  public void scores(float[] x, float[] out) {
    Objects.requireNonNull(x, "x");
    Objects.requireNonNull(out, "out");
    if (x.length != d) {
      throw new IllegalArgumentException("x has length " + x.length + ", the model expects " + d);
    }
    if (out.length < k) {
      throw new IllegalArgumentException("out has length " + out.length + ", the model writes " + k + " scores");
    }
    DenseOps.multiDot(w, 0, k, d, x, 0, out, 0);
    addBiases(out);
  }

  /**
   * The K scores of a sparse x: indices in [0, dimension()) with their values ({@code values} null
   * means every value is 1). Not modified.
   */
  public float[] scores(int[] indices, float[] values) {
    Objects.requireNonNull(indices, "indices");
    if (values != null && values.length != indices.length) {
      throw new IllegalArgumentException(indices.length + " indices but " + values.length + " values");
    }
    float[] out = new float[k];
    scores(indices, values, indices.length, out);
    return out;
  }

  /**
   * The K scores of the sparse x whose non-zeros are {@code indices[0, count)} (in [0,
   * dimension()), each once) with {@code values[0, count)} (null: every value is 1), written into
   * {@code out[0, K)} (modified); nothing is allocated, so a caller can score a stream of rows in
   * reused arrays. The other arguments are not modified.
   */
  public void scores(int[] indices, float[] values, int count, float[] out) {
    Objects.requireNonNull(indices, "indices");
    Objects.requireNonNull(out, "out");
    if (count < 0 || count > indices.length || (values != null && count > values.length)) {
      throw new IllegalArgumentException("count " + count + " is not in [0, " + indices.length + "] or exceeds the"
          + " values");
    }
    if (out.length < k) {
      throw new IllegalArgumentException("out has length " + out.length + ", the model writes " + k + " scores");
    }
    if (featureMajor()) {
      for (int t = 0; t < count; t++) {
        if (indices[t] < 0 || indices[t] >= d) {
          throw new IllegalArgumentException("indices[" + t + "] = " + indices[t] + " is not in [0, " + d + ")");
        }
      }
      sparseScores(indices, values, 0, count, out);
      return;
    }
    SparseOps.multiDot(w, k, d, indices, values, 0, count, out, 0);
    addBiases(out);
  }

  /** The K scores of row i of data. */
  public float[] scores(Dataset data, int i) {
    checkDimension(data);
    float[] out = new float[k];
    if (data.isSparse() && featureMajor()) {
      int from = DataAccess.rowStart(data, i);
      sparseScores(DataAccess.indices(data), DataAccess.values(data), from, from + data.nonZeros(i), out);
      return out;
    }
    DataAccess.multiDot(data, i, w, k, out);
    return addBiases(out);
  }

  @Override
  public float[][] scoreRows(Dataset data) {
    checkDimension(data);
    float[][] out = new float[data.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = scores(data, i);
    }
    return out;
  }

  /** Whether sparse rows are scored feature by feature: K of at least 3, and a copy of at most 512 MB. */
  private boolean featureMajor() {
    return k >= 3 && (long) d * ClassScores.paddedClasses(k) <= (1L << 27);
  }

  private ClassMatrix byFeature() {
    ClassMatrix m = byFeature;
    if (m == null) {
      int kp = ClassScores.paddedClasses(k);
      float[] f = new float[d * kp];
      // Feature by feature: the copy is written in order, the K rows read side by side.
      for (int j = 0; j < d; j++) {
        for (int r = 0; r < k; r++) {
          f[j * kp + r] = w[r * d + j];
        }
      }
      m = new ClassMatrix(f, kp);
      byFeature = m;
    }
    return m;
  }

  /** The K scores (biases added) of the sparse row idx[from, to) with val (null: ones) into out[0, K). */
  private void sparseScores(int[] idx, float[] val, int from, int to, float[] out) {
    int kp = ClassScores.paddedClasses(k);
    float[] s = SCRATCH.get();
    if (s.length < kp) {
      s = new float[kp];
      SCRATCH.set(s);
    }
    ClassScores.scores(byFeature(), idx, val, from, to, s);
    for (int r = 0; r < k; r++) {
      out[r] = s[r] + b[r];
    }
  }

  private float[] addBiases(float[] scores) {
    for (int r = 0; r < k; r++) {
      scores[r] += b[r];
    }
    return scores;
  }

  @Override
  public int predictClass(float[] x) {
    return argMax(scores(x), k);
  }

  @Override
  public int predictClass(int[] indices, float[] values) {
    return argMax(scores(indices, values), k);
  }

  /** The predicted class name of a dense x. */
  public String predict(float[] x) {
    return labels.name(predictClass(x));
  }

  /** The predicted class name of a sparse x ({@code values} null for binary). */
  public String predict(int[] indices, float[] values) {
    return labels.name(predictClass(indices, values));
  }

  @Override
  public int predictClass(Dataset data, int i) {
    return argMax(scores(data, i), k);
  }

  /** As {@link #predictClass(int[], float[])} of the prefixes, from one K-score pass over them. */
  @Override
  public int predictClass(int[] indices, float[] values, int count) {
    Objects.requireNonNull(values, "values");
    float[] out = new float[k];
    scores(indices, values, count, out);
    return argMax(out, k);
  }

  /** Each row's K scores in one pass over it (as {@link #scores(float[], float[])}), then the arg max. */
  @Override
  public void predictClasses(float[] rows, int n, int[] out) {
    SideBySideRows.check(rows, n, out, d);
    float[] s = new float[k];
    for (int i = 0; i < n; i++) {
      DenseOps.multiDot(w, 0, k, d, rows, i * d, s, 0);
      out[i] = argMax(addBiases(s), k);
    }
  }

  /** Every row's predicted class, split across the common fork-join pool when the data is large. */
  @Override
  public int[] predictClasses(Dataset data) {
    checkDimension(data);
    int n = data.size();
    int[] out = new int[n];
    if ((long) n * k * d < PARALLEL_THRESHOLD) {
      predictRange(data, 0, n, out);
      return out;
    }
    int blocks = 4 * (Runtime.getRuntime().availableProcessors());
    IntStream.range(0, blocks).parallel().forEach(
        block -> predictRange(data, (int) ((long) n * block / blocks), (int) ((long) n * (block + 1) / blocks), out));
    return out;
  }

  private void predictRange(Dataset data, int from, int to, int[] out) {
    float[] scores = new float[k];
    if (data.isSparse() && featureMajor()) {
      int[] idx = DataAccess.indices(data);
      float[] val = DataAccess.values(data);
      for (int i = from; i < to; i++) {
        int start = DataAccess.rowStart(data, i);
        sparseScores(idx, val, start, start + data.nonZeros(i), scores);
        out[i] = argMax(scores, k);
      }
      return;
    }
    for (int i = from; i < to; i++) {
      DataAccess.multiDot(data, i, w, k, scores);
      out[i] = argMax(addBiases(scores), k);
    }
  }

  /**
   * The index of the largest of {@code scores[0, k)}, the first one on ties: the decision rule
   * shared by the model and the training rules.
   */
  static int argMax(float[] scores, int k) {
    int best = 0;
    for (int r = 1; r < k; r++) {
      if (scores[r] > scores[best]) {
        best = r;
      }
    }
    return best;
  }
}
