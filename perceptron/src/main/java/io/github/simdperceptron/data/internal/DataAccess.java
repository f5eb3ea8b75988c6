package io.github.simdperceptron.data.internal;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/**
 * The training operations and storage of a dataset, for the learners and the tools of this
 * project; not part of the API. Each method runs the dataset's own operation unchanged: the rows
 * were validated when the dataset was built, so nothing here checks more than the dataset does.
 *
 * <p>Row indices are trusted ({@code 0 <= i < size()}); weight vectors need
 * {@code w.length >= wOffset + dimension()}. The arrays returned are the dataset's own and must not
 * be modified.
 */
public final class DataAccess {
  /** The dataset operations behind this class, implemented in the data package. */
  public interface Bridge {
    float dot(Dataset data, int i, float[] w, int wOffset);

    void addTo(Dataset data, int i, float alpha, float[] w);

    void addTo(Dataset data, int i, float alpha, float[] w, int wOffset);

    void addTo(Dataset data, int i, float a, double b, float[] w, double[] u);

    void addTo(Dataset data, int i, float a, double b, float[] w, double[] u, int wOffset);

    void multiDot(Dataset data, int i, float[] rows, int k, float[] out);

    void margins(Dataset data, float[] w, float bias, float[] out);

    float[] rowArray(Dataset data, int i);

    int rowOffset(Dataset data, int i);

    int rowStart(Dataset data, int i);

    int[] indices(Dataset data);

    float[] values(Dataset data);

    Dataset wrapCheckedRows(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels);

    Dataset viewCheckedRows(int[] rowPtr, int rows, int[] indices, float[] values, int dimension, Labels labels,
        int[] classes);
  }

  private static Bridge installed;

  private DataAccess() {}

  /**
   * Called once by the data package when it is initialized; any other call throws
   * {@link IllegalStateException}.
   */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(Dataset.class.getPackageName())
        || c.getClassLoader() != Dataset.class.getClassLoader()) {
      throw new IllegalStateException("the dataset bridge is installed by the data package, once");
    }
    installed = bridge;
  }

  // A constant the JIT folds: the calls below inline into the training loops as direct calls on
  // the dataset.
  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(Dataset.class.getName(), true, Dataset.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (DataAccess.class) {
        return installed;
      }
    }
  }

  /** {@code x_i . w[wOffset .. wOffset + d)}: the score of row i against one row of a weight matrix. */
  public static float dot(Dataset data, int i, float[] w, int wOffset) {
    return Holder.BRIDGE.dot(data, i, w, wOffset);
  }

  /** {@code w += alpha * x_i}. w is modified. */
  public static void addTo(Dataset data, int i, float alpha, float[] w) {
    Holder.BRIDGE.addTo(data, i, alpha, w);
  }

  /** {@code w[wOffset ..] += alpha * x_i}: updates one row of a weight matrix. w is modified. */
  public static void addTo(Dataset data, int i, float alpha, float[] w, int wOffset) {
    Holder.BRIDGE.addTo(data, i, alpha, w, wOffset);
  }

  /**
   * The averaged perceptron's fused update: {@code w += a * x_i} (float) and {@code u += b * x_i}
   * (double), one pass over x_i. w and u are modified.
   */
  public static void addTo(Dataset data, int i, float a, double b, float[] w, double[] u) {
    Holder.BRIDGE.addTo(data, i, a, b, w, u);
  }

  /** The fused update of one row of weight matrices: {@code w[wOffset ..] += a x_i, u[wOffset ..] += b x_i}. */
  public static void addTo(Dataset data, int i, float a, double b, float[] w, double[] u, int wOffset) {
    Holder.BRIDGE.addTo(data, i, a, b, w, u, wOffset);
  }

  /**
   * The scores of k weight rows (row-major k x d in {@code rows}) against x_i, in one pass:
   * {@code out[r] = x_i . rows[r*d ..]}. Only out is modified.
   */
  public static void multiDot(Dataset data, int i, float[] rows, int k, float[] out) {
    Holder.BRIDGE.multiDot(data, i, rows, k, out);
  }

  /** {@code out[i] = x_i . w + bias} for every row (the batch-margin kernel). Only out is modified. */
  public static void margins(Dataset data, float[] w, float bias, float[] out) {
    Holder.BRIDGE.margins(data, w, bias, out);
  }

  /** The storage array holding row i of a dense dataset (a sparse one throws ClassCastException); the row starts at {@link #rowOffset}. */
  public static float[] rowArray(Dataset data, int i) {
    return Holder.BRIDGE.rowArray(data, i);
  }

  /** The offset of row i inside {@link #rowArray}. */
  public static int rowOffset(Dataset data, int i) {
    return Holder.BRIDGE.rowOffset(data, i);
  }

  /** The start of row i in {@link #indices} and {@link #values}; the row has {@code nonZeros(i)} entries. */
  public static int rowStart(Dataset data, int i) {
    return Holder.BRIDGE.rowStart(data, i);
  }

  /** The CSR index array of a sparse dataset (a dense one throws ClassCastException). */
  public static int[] indices(Dataset data) {
    return Holder.BRIDGE.indices(data);
  }

  /** The CSR value array of a sparse dataset, or null when every value is 1. */
  public static float[] values(Dataset data) {
    return Holder.BRIDGE.values(data);
  }

  /**
   * {@link Dataset#wrap} of sparse CSR arrays whose rows a reader has checked already (indices in
   * [0, dimension) and strictly increasing, values finite): the row pointers and the labels are
   * checked as wrap checks them, the rows are not walked again. The arrays become the dataset's.
   */
  public static Dataset wrapCheckedRows(int[] rowPtr, int[] indices, float[] values, int dimension,
      double[] labels) {
    return Holder.BRIDGE.wrapCheckedRows(rowPtr, indices, values, dimension, labels);
  }

  /**
   * A sparse dataset over the first {@code rows} rows of CSR arrays whose rows the caller has
   * checked (indices in [0, dimension) and strictly increasing, values finite), row i of class
   * {@code classes[i]} of labels: a server's batch, learnt without a copy. The row pointers must
   * stay within the arrays and not decrease, the classes within labels (checked; an
   * {@link IllegalArgumentException} names the row); the rows are not walked. The arrays may be
   * longer than the rows need and stay the caller's, who must not change the used part while the
   * dataset is in use (classes is copied).
   */
  public static Dataset viewCheckedRows(int[] rowPtr, int rows, int[] indices, float[] values, int dimension,
      Labels labels, int[] classes) {
    return Holder.BRIDGE.viewCheckedRows(rowPtr, rows, indices, values, dimension, labels, classes);
  }

  /** Whether the dataset is sparse and stores no values: every value is 1 ({@link #values} is null). */
  public static boolean isBinary(Dataset data) {
    return data.isSparse() && Holder.BRIDGE.values(data) == null;
  }
}
