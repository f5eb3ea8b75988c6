package io.github.simdperceptron.learn.kernel;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import java.util.Arrays;

/**
 * The rows a kernel training that goes on with other rows holds ({@link KernelTrainingState}):
 * the support vectors of the training so far, then the new rows, in one dataset of the merged
 * classes and the larger dimension. Built the same way from the same numbers, whether the
 * support vectors come from a training in memory or from a model file, so that a training resumed
 * from a file holds the rows the uninterrupted one held.
 */
final class TrainingRowSets {
  private TrainingRowSets() {}

  /**
   * data as rows of {@code labels} (every class of data among them, by name) and dimension d
   * (at least data's): data itself when both are data's already, else a copy, dense when data is
   * dense, else sparse with its non-zeros. Not modified.
   */
  static Dataset view(Dataset data, Labels labels, int d) {
    boolean sameLabels = data.labels().names().equals(labels.names());
    if (sameLabels && data.dimension() == d) {
      return data;
    }
    Dataset rows = data.dimension() == d ? data : combined(null, data, d);
    int[] classes = new int[data.size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = labels.indexOf(data.labels().name(data.classOf(i)));
    }
    return rows.withLabels(labels, classes);
  }

  /**
   * The rows of {@code prefix} (class 0; they are never visited) followed by the rows of
   * {@code visits} with their classes, all of dimension d and the classes of visits: dense when
   * visits is dense, else sparse with each row's non-zeros.
   */
  static Dataset combine(Dataset prefix, Dataset visits, int d) {
    Dataset rows = combined(prefix, visits, d);
    Labels labels = visits.labels();
    int m = prefix.size();
    int[] classes = new int[rows.size()];
    for (int i = 0; i < visits.size(); i++) {
      classes[m + i] = visits.classOf(i);
    }
    return rows.withLabels(labels, classes);
  }

  /** The rows of prefix (may be null) and rows, in dimension d, each labelled by its class index's name ("0" for prefix rows). */
  private static Dataset combined(Dataset prefix, Dataset rows, int d) {
    boolean dense = !rows.isSparse();
    Dataset.Builder b = Dataset.builder(d);
    for (Dataset part : prefix == null ? new Dataset[] {rows} : new Dataset[] {prefix, rows}) {
      for (int i = 0; i < part.size(); i++) {
        String name = part == rows ? Integer.toString(rows.classOf(i)) : "0";
        if (dense) {
          b.add(Arrays.copyOf(part.denseRow(i), d), name);
        } else {
          int[] idx = indices(part, i);
          b.add(idx, values(part, i, idx.length), name);
        }
      }
    }
    return b.build();
  }

  /** Row i's non-zero features, ascending (a dense row's non-zeros; a sparse row's stored entries whose value is not 0). */
  static int[] indices(Dataset data, int i) {
    if (!data.isSparse()) {
      float[] x = data.denseRow(i);
      int nnz = 0;
      for (float v : x) {
        nnz += v != 0f ? 1 : 0;
      }
      int[] idx = new int[nnz];
      for (int j = 0, t = 0; j < x.length; j++) {
        if (x[j] != 0f) {
          idx[t++] = j;
        }
      }
      return idx;
    }
    int from = DataAccess.rowStart(data, i);
    int to = from + data.nonZeros(i);
    float[] val = DataAccess.values(data);
    int[] all = DataAccess.indices(data);
    int nnz = 0;
    for (int t = from; t < to; t++) {
      nnz += val == null || val[t] != 0f ? 1 : 0;
    }
    int[] idx = new int[nnz];
    for (int t = from, u = 0; t < to; t++) {
      if (val == null || val[t] != 0f) {
        idx[u++] = all[t];
      }
    }
    return idx;
  }

  /** The values of row i at its non-zero features ({@link #indices}), nnz of them. */
  static float[] values(Dataset data, int i, int nnz) {
    float[] out = new float[nnz];
    if (!data.isSparse()) {
      float[] x = data.denseRow(i);
      for (int j = 0, t = 0; j < x.length; j++) {
        if (x[j] != 0f) {
          out[t++] = x[j];
        }
      }
      return out;
    }
    int from = DataAccess.rowStart(data, i);
    int to = from + data.nonZeros(i);
    float[] val = DataAccess.values(data);
    for (int t = from, u = 0; t < to; t++) {
      if (val == null) {
        out[u++] = 1f;
      } else if (val[t] != 0f) {
        out[u++] = val[t];
      }
    }
    return out;
  }
}
