package io.github.simdperceptron.spark;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;

/**
 * One partition's rows as one of the kernel's datasets: dense rows when the partition's first row
 * is a {@link DenseVector}, CSR rows otherwise (libsvm, FeatureHasher and HashingTF all give
 * sparse vectors). Built once per partition, validated as it is built, then cached.
 */
final class Blocks {
  private Blocks() {}

  /** A partition's rows (data null when the partition is empty). Lives in an executor's memory only. */
  static final class Block {
    final int partition;
    final Dataset data;

    Block(int partition, Dataset data) {
      this.partition = partition;
      this.data = data;
    }

    Summary summary() {
      return data == null ? new Summary(partition, 0, -1) : new Summary(partition, data.size(), data.dimension());
    }
  }

  /** What the driver learns about a partition before training: its rows and their vector size (-1 when empty). */
  record Summary(int partition, int rows, int dimension) implements Serializable {}

  /**
   * Reads rows of (label as double, features vector) into a block whose classes are the indices
   * of the labels in {@code classValues} (sorted ascending). Fails with an
   * {@link IllegalArgumentException} naming the partition and row on a null, a label outside
   * classValues, a non-finite feature (also one too large for a float), or a vector whose size
   * differs from the partition's first row.
   */
  static Block build(int partition, Iterator<Row> rows, double[] classValues, String featuresCol) {
    if (!rows.hasNext()) {
      return new Block(partition, null);
    }
    Labels labels = labels(classValues);
    Row first = rows.next();
    Vector v = features(first, partition, 0, featuresCol);
    int d = v.size();
    if (d < 1) {
      throw new IllegalArgumentException(where(partition, 0) + "the features vector is empty");
    }
    RowSink sink = v instanceof DenseVector ? new DenseSink(d) : new SparseSink(d);
    int[] classes = new int[16];
    int i = 0;
    Row row = first;
    while (true) {
      if (i == classes.length) {
        classes = Arrays.copyOf(classes, 2 * i);
      }
      classes[i] = classIndex(row, partition, i, classValues);
      if (v.size() != d) {
        throw new IllegalArgumentException(where(partition, i) + "the features vector has size " + v.size()
            + " but the partition's first row has size " + d + "; every row of '" + featuresCol
            + "' must have the same size");
      }
      sink.add(v, partition, i, labels.name(classes[i]));
      i++;
      if (!rows.hasNext()) {
        break;
      }
      row = rows.next();
      v = features(row, partition, i, featuresCol);
    }
    return new Block(partition, sink.build().withLabels(labels, Arrays.copyOf(classes, i)));
  }

  /** The kernel's class names of sorted class values: their canonical numeric names, in that order. */
  static Labels labels(double[] classValues) {
    String[] names = new String[classValues.length];
    for (int k = 0; k < names.length; k++) {
      names[k] = Labels.canonical(classValues[k]);
    }
    return Labels.of(Arrays.asList(names));
  }

  private static String where(int partition, int row) {
    return "partition " + partition + ", row " + row + ": ";
  }

  private static Vector features(Row row, int partition, int i, String featuresCol) {
    if (row.isNullAt(1)) {
      throw new IllegalArgumentException(where(partition, i) + "the features column '" + featuresCol + "' is null");
    }
    return (Vector) row.get(1);
  }

  private static int classIndex(Row row, int partition, int i, double[] classValues) {
    if (row.isNullAt(0)) {
      throw new IllegalArgumentException(where(partition, i) + "the label is null");
    }
    double y = row.getDouble(0);
    int k = Double.isNaN(y) ? -1 : Arrays.binarySearch(classValues, y + 0.0);
    if (k < 0) {
      throw new IllegalArgumentException(where(partition, i) + "label " + y + " is not one of the classes "
          + Arrays.toString(classValues));
    }
    return k;
  }

  private static float toFloat(double value, int partition, int i, int index) {
    float f = (float) value;
    if (!Float.isFinite(f)) {
      throw new IllegalArgumentException(where(partition, i) + "feature " + index + " is " + value
          + (Double.isFinite(value) ? ", beyond the float range" : "") + "; features must be finite floats");
    }
    return f;
  }

  private interface RowSink {
    void add(Vector v, int partition, int i, String label);

    Dataset build();
  }

  private static final class DenseSink implements RowSink {
    private final Dataset.Builder builder;
    private final float[] x;

    DenseSink(int d) {
      this.builder = Dataset.builder(d);
      this.x = new float[d];
    }

    @Override
    public void add(Vector v, int partition, int i, String label) {
      Arrays.fill(x, 0f);
      if (v instanceof SparseVector) {
        SparseVector s = (SparseVector) v;
        int[] idx = s.indices();
        double[] val = s.values();
        for (int p = 0; p < idx.length; p++) {
          x[idx[p]] = toFloat(val[p], partition, i, idx[p]);
        }
      } else {
        double[] val = ((DenseVector) v).values();
        for (int j = 0; j < val.length; j++) {
          x[j] = toFloat(val[j], partition, i, j);
        }
      }
      builder.add(x, label);
    }

    @Override
    public Dataset build() {
      return builder.build();
    }
  }

  private static final class SparseSink implements RowSink {
    private final Dataset.Builder builder;

    SparseSink(int d) {
      this.builder = Dataset.builder(d);
    }

    @Override
    public void add(Vector v, int partition, int i, String label) {
      int[] idx;
      double[] val;
      if (v instanceof SparseVector) {
        idx = ((SparseVector) v).indices();
        val = ((SparseVector) v).values();
      } else {
        double[] dense = ((DenseVector) v).values();
        int nnz = 0;
        for (double x : dense) {
          nnz += x != 0 ? 1 : 0;
        }
        idx = new int[nnz];
        val = new double[nnz];
        for (int j = 0, p = 0; j < dense.length; j++) {
          if (dense[j] != 0) {
            idx[p] = j;
            val[p++] = dense[j];
          }
        }
      }
      float[] f = new float[val.length];
      for (int p = 0; p < f.length; p++) {
        f[p] = toFloat(val[p], partition, i, idx[p]);
      }
      builder.add(idx, f, label);
    }

    @Override
    public Dataset build() {
      return builder.build();
    }
  }
}
