package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.kernel.DenseOps;
import io.github.simdperceptron.kernel.SparseOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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

  VotedModel(List<float[]> vectors, List<Float> biases, List<Long> counts, Labels labels, int dimension) {
    int k = vectors.size();
    this.v = vectors.toArray(new float[k][]);
    this.b = new float[k];
    this.c = new long[k];
    for (int i = 0; i < k; i++) {
      b[i] = biases.get(i);
      c[i] = counts.get(i);
    }
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
    if (labels.size() > 2) {
      throw new IllegalArgumentException("a binary model has at most 2 classes, got " + labels);
    }
    List<float[]> v = new ArrayList<>();
    List<Float> b = new ArrayList<>();
    List<Long> c = new ArrayList<>();
    for (int k = 0; k < vectors.length; k++) {
      Objects.requireNonNull(vectors[k], "vectors[" + k + "]");
      if (vectors[k].length != dimension) {
        throw new IllegalArgumentException("vectors[" + k + "] has length " + vectors[k].length + ", expected "
            + dimension);
      }
      for (int j = 0; j < dimension; j++) {
        if (!Float.isFinite(vectors[k][j])) {
          throw new IllegalArgumentException("vectors[" + k + "][" + j + "] = " + vectors[k][j] + " is not finite");
        }
      }
      if (!Float.isFinite(biases[k])) {
        throw new IllegalArgumentException("biases[" + k + "] = " + biases[k] + " is not finite");
      }
      if (counts[k] < 1) {
        throw new IllegalArgumentException("counts[" + k + "] = " + counts[k] + " is not >= 1");
      }
      v.add(vectors[k].clone());
      b.add(biases[k]);
      c.add(counts[k]);
    }
    return new VotedModel(v, b, c, labels, dimension);
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
    checkLength(x.length);
    double s = 0;
    for (int k = 0; k < v.length; k++) {
      s += c[k] * sgn(DenseOps.dot(v[k], x) + b[k]);
    }
    return (float) s;
  }

  @Override
  public float score(int[] indices, float[] values) {
    double s = 0;
    for (int k = 0; k < v.length; k++) {
      float a = SparseOps.dot(indices, values, v[k]);
      s += c[k] * sgn(a + b[k]);
    }
    return (float) s;
  }

  @Override
  public float score(Dataset data, int i) {
    double s = 0;
    for (int k = 0; k < v.length; k++) {
      s += c[k] * sgn(data.dot(i, v[k]) + b[k]);
    }
    return (float) s;
  }

  private static double sgn(float z) {
    return z > 0f ? 1.0 : -1.0;
  }

  private void checkLength(int length) {
    if (length != d) {
      throw new IllegalArgumentException("x has length " + length + ", the model expects " + d);
    }
  }
}
