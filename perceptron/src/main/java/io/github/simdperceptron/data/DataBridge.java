package io.github.simdperceptron.data;

import io.github.simdperceptron.data.internal.DataAccess;

/** The package-private dataset operations, handed to {@link DataAccess} when the package loads. */
final class DataBridge implements DataAccess.Bridge {
  @Override
  public float dot(Dataset data, int i, float[] w, int wOffset) {
    return data.dot(i, w, wOffset);
  }

  @Override
  public void addTo(Dataset data, int i, float alpha, float[] w) {
    data.addTo(i, alpha, w);
  }

  @Override
  public void addTo(Dataset data, int i, float alpha, float[] w, int wOffset) {
    data.addTo(i, alpha, w, wOffset);
  }

  @Override
  public void addTo(Dataset data, int i, float a, double b, float[] w, double[] u) {
    data.addTo(i, a, b, w, u);
  }

  @Override
  public void addTo(Dataset data, int i, float a, double b, float[] w, double[] u, int wOffset) {
    data.addTo(i, a, b, w, u, wOffset);
  }

  @Override
  public void multiDot(Dataset data, int i, float[] rows, int k, float[] out) {
    data.multiDot(i, rows, k, out);
  }

  @Override
  public void margins(Dataset data, float[] w, float bias, float[] out) {
    data.margins(w, bias, out);
  }

  @Override
  public float[] rowArray(Dataset data, int i) {
    return ((DenseDataset) data).rowArray(i);
  }

  @Override
  public int rowOffset(Dataset data, int i) {
    return ((DenseDataset) data).rowOffset(i);
  }

  @Override
  public int rowStart(Dataset data, int i) {
    return ((SparseDataset) data).rowStart(i);
  }

  @Override
  public int[] indices(Dataset data) {
    return ((SparseDataset) data).indices();
  }

  @Override
  public float[] values(Dataset data) {
    return ((SparseDataset) data).values();
  }

  @Override
  public Dataset wrapCheckedRows(int[] rowPtr, int[] indices, float[] values, int dimension, double[] labels) {
    return SparseDataset.wrapCheckedRows(rowPtr, indices, values, dimension, labels);
  }

  @Override
  public Dataset viewCheckedRows(int[] rowPtr, int rows, int[] indices, float[] values, int dimension,
      Labels labels, int[] classes) {
    return SparseDataset.viewCheckedRows(rowPtr, rows, indices, values, dimension, labels, classes);
  }
}
