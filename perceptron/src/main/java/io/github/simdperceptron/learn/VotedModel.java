package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import java.util.Objects;
import java.util.function.IntToDoubleFunction;

/**
 * The voted perceptron's classifier: {@code score(x) = sum_k c_k sgn(v_k . x + b_k)} with
 * {@code sgn(z) = +1 if z > 0 else -1}, summed in double. Memory is one weight vector per
 * mistake: {@link #vectors()} x {@link #dimension()} floats.
 */
public final class VotedModel implements BinaryModel {
  private final float[][] v;
  private final float[] b;
  private final long[] c;
  private final Labels labels;
  private final int d;

  /** Trusted constructor: the arrays are owned by the model from now on. */
  VotedModel(float[][] vectors, float[] biases, long[] counts, Labels labels, int dimension) {
    this.v = vectors;
    this.b = biases;
    this.c = counts;
    this.labels = labels;
    this.d = dimension;
  }

  /**
   * A voted model from its triples (copied; every value finite, every count >= 1, every vector of
   * length {@code dimension}), e.g. read back from a model file. Arguments are not modified.
   */
  public static VotedModel of(float[][] vectors, float[] biases, long[] counts, Labels labels, int dimension) {
    Objects.requireNonNull(vectors, "vectors");
    Objects.requireNonNull(biases, "biases");
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(labels, "labels");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if (biases.length != vectors.length || counts.length != vectors.length) {
      throw new IllegalArgumentException(vectors.length + " vectors, " + biases.length + " biases and "
          + counts.length + " counts: expected as many of each");
    }
    LinearModel.checkBinary(labels);
    float[][] v = new float[vectors.length][];
    for (int k = 0; k < vectors.length; k++) {
      Objects.requireNonNull(vectors[k], "vectors[" + k + "]");
      if (vectors[k].length != dimension) {
        throw new IllegalArgumentException("vectors[" + k + "] has length " + vectors[k].length + ", expected "
            + dimension);
      }
      LinearModel.checkFinite("vectors[" + k + "]", vectors[k]);
      LinearModel.checkFinite("biases[" + k + "]", biases[k]);
      if (counts[k] < 1) {
        throw new IllegalArgumentException("counts[" + k + "] = " + counts[k] + " is not >= 1");
      }
      v[k] = vectors[k].clone();
    }
    return new VotedModel(v, biases.clone(), counts.clone(), labels, dimension);
  }

  /** Number of stored (vector, bias, count) triples. */
  public int vectors() {
    return v.length;
  }

  /** A copy of vector k. */
  public float[] vector(int k) {
    return v[k].clone();
  }

  /** The bias of vector k. */
  public float bias(int k) {
    return b[k];
  }

  /** The survival count (votes) of vector k. */
  public long count(int k) {
    return c[k];
  }

  @Override
  public Labels labels() {
    return labels;
  }

  @Override
  public int dimension() {
    return d;
  }

  @Override
  public float score(float[] x) {
    if (x.length != d) {
      throw new IllegalArgumentException("x has length " + x.length + ", the model expects " + d);
    }
    return vote(k -> DenseOps.dot(v[k], x) + b[k]);
  }

  @Override
  public float score(int[] indices, float[] values) {
    return vote(k -> SparseOps.dot(indices, values, v[k]) + b[k]);
  }

  @Override
  public float score(Dataset data, int i) {
    return vote(k -> data.dot(i, v[k]) + b[k]);
  }

  /** {@code sum_k c_k sgn(activation(k))} in double, {@code sgn(z) = +1 if z > 0 else -1}. */
  private float vote(IntToDoubleFunction activation) {
    double s = 0;
    for (int k = 0; k < v.length; k++) {
      s += c[k] * (activation.applyAsDouble(k) > 0 ? 1.0 : -1.0);
    }
    return (float) s;
  }
}
