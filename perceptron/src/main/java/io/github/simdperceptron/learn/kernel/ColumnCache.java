package io.github.simdperceptron.learn.kernel;

/**
 * The kernel columns of support vectors under a byte budget (LIBSVM's {@code Cache}, without
 * eviction): a support vector's column K(x_row, x_t), at the layout position of every training
 * row t, kept from the commit that computed it while the budget has room, so that a later update
 * of the same support vector needs no Gram block. A column leaves when its support vector does
 * (the budget's removal), and its bytes return to the budget.
 */
final class ColumnCache {
  private final float[][] columnOf;
  /** Floats of a column: the positions of the training rows' layout. */
  private final int length;
  private long bytesLeft;

  /** An empty cache for rows [0, rows), columns of length floats, at most budget bytes. */
  ColumnCache(int rows, int length, long budget) {
    this.columnOf = new float[rows][];
    this.length = length;
    this.bytesLeft = budget;
  }

  /** Row's cached column, or null. */
  float[] column(int row) {
    return columnOf[row];
  }

  /** Makes row a column (zeros, to be filled by the caller) when it has none and the budget has room for it. */
  void admit(int row) {
    long bytes = (long) length * Float.BYTES;
    if (columnOf[row] == null && bytesLeft >= bytes) {
      columnOf[row] = new float[length];
      bytesLeft -= bytes;
    }
  }

  /** Drops row's column (it has one); its bytes return to the budget. */
  void release(int row) {
    bytesLeft += (long) columnOf[row].length * Float.BYTES;
    columnOf[row] = null;
  }

  /** The rows with a column, ascending. */
  int[] rows() {
    int count = 0;
    for (float[] column : columnOf) {
      count += column != null ? 1 : 0;
    }
    int[] rows = new int[count];
    count = 0;
    for (int row = 0; row < columnOf.length; row++) {
      if (columnOf[row] != null) {
        rows[count++] = row;
      }
    }
    return rows;
  }
}
