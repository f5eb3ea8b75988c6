package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import java.util.Objects;

/** A linear separator: score(x) = w . x + b. Immutable (the weights are copied in and out). */
public final class LinearModel implements BinaryModel {
  private final float[] w;
  private final float b;
  private final Labels labels;

  /**
   * A model with these weights and bias (copied; every value finite) and class names (one or two;
   * the first is the negative class).
   */
  public LinearModel(float[] weights, float bias, Labels labels) {
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(labels, "labels");
    if (weights.length == 0) {
      throw new IllegalArgumentException("weights is empty");
    }
    checkFinite("weights", weights);
    checkFinite("bias", bias);
    checkBinary(labels);
    this.w = weights.clone();
    this.b = bias;
    this.labels = labels;
  }

  /** Throws {@link IllegalArgumentException} naming {@code name[j]} when a value is NaN or infinite. */
  static void checkFinite(String name, float[] values) {
    for (int j = 0; j < values.length; j++) {
      // The name is built only for the message: a model of millions of weights is checked on every load.
      if (!Float.isFinite(values[j])) {
        throw new IllegalArgumentException(name + "[" + j + "] = " + values[j] + " is not finite");
      }
    }
  }

  static void checkFinite(String name, float value) {
    if (!Float.isFinite(value)) {
      throw new IllegalArgumentException(name + " = " + value + " is not finite");
    }
  }

  static void checkBinary(Labels labels) {
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary model has at most 2 classes, got " + labels);
    }
  }

  /** Trusted constructor: w is owned by the model from now on. */
  static LinearModel wrap(float[] w, float b, Labels labels) {
    return new LinearModel(w, b, labels, true);
  }

  private LinearModel(float[] w, float b, Labels labels, boolean trusted) {
    this.w = w;
    this.b = b;
    this.labels = labels;
  }

  /** A copy of the weights. */
  public float[] weights() {
    return w.clone();
  }

  /** The bias b. */
  public float bias() {
    return b;
  }

  @Override
  public Labels labels() {
    return labels;
  }

  @Override
  public int dimension() {
    return w.length;
  }

  @Override
  public float score(float[] x) {
    return DenseOps.dot(x, w) + b;
  }

  @Override
  public float score(int[] indices, float[] values) {
    return SparseOps.dot(indices, values, w) + b;
  }

  @Override
  public float score(Dataset data, int i) {
    return data.dot(i, w) + b;
  }

  @Override
  public float[] scores(Dataset data) {
    checkDimension(data);
    float[] out = new float[data.size()];
    DataAccess.margins(data, w, b, out);
    return out;
  }
}
