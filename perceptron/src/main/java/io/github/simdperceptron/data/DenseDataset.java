package io.github.simdperceptron.data;

import io.github.simdperceptron.kernel.DenseOps;
import java.util.Arrays;
import java.util.Objects;

/**
 * A dense dataset: rows of {@code dimension()} floats stored row-major, in one array or, when
 * N*d exceeds what one Java array holds, in blocks of whole rows.
 */
final class DenseDataset extends Dataset {
  /** Largest array the JVM reliably allocates. */
  static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  private final float[][] blocks;
  private final int rowsPerBlock;

  private DenseDataset(Labels labels, int[] classes, int d, float[][] blocks, int rowsPerBlock) {
    super(labels, classes, d);
    this.blocks = blocks;
    this.rowsPerBlock = rowsPerBlock;
  }

  /** The dense rows of {@link Dataset#builder(int)}. */
  static Builder rowsOf(int dimension) {
    return new Builder(dimension);
  }

  /** {@link Dataset#of(float[], int, double[])}. */
  public static DenseDataset of(float[] rowMajor, int dimension, double[] labels) {
    Objects.requireNonNull(rowMajor, "rowMajor");
    Objects.requireNonNull(labels, "labels");
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if ((long) labels.length * dimension != rowMajor.length) {
      throw new IllegalArgumentException("rowMajor.length = " + rowMajor.length + " is not labels.length ("
          + labels.length + ") x dimension (" + dimension + ")");
    }
    Builder b = rowsOf(dimension);
    for (int i = 0; i < labels.length; i++) {
      b.add(rowMajor, i * dimension, labels[i]);
    }
    return b.build();
  }

  /** {@link Dataset#of(float[][], double[])}. */
  public static DenseDataset of(float[][] rows, double[] labels) {
    Objects.requireNonNull(labels, "labels");
    Builder b = builderFor(rows, labels.length);
    for (int i = 0; i < rows.length; i++) {
      b.add(row(rows, i), labels[i]);
    }
    return b.build();
  }

  /** {@link Dataset#of(float[][], String[])}. */
  public static DenseDataset of(float[][] rows, String[] labels) {
    Objects.requireNonNull(labels, "labels");
    Builder b = builderFor(rows, labels.length);
    for (int i = 0; i < rows.length; i++) {
      if (labels[i] == null) {
        throw new NullPointerException("labels[" + i + "]");
      }
      b.add(row(rows, i), labels[i]);
    }
    return b.build();
  }

  private static Builder builderFor(float[][] rows, int labels) {
    Objects.requireNonNull(rows, "rows");
    if (rows.length != labels) {
      throw new IllegalArgumentException(rows.length + " rows but " + labels + " labels");
    }
    if (rows.length == 0) {
      throw new IllegalArgumentException("a dataset needs at least one example; rows is empty");
    }
    return rowsOf(row(rows, 0).length);
  }

  private static float[] row(float[][] rows, int i) {
    return Objects.requireNonNull(rows[i], () -> "rows[" + i + "]");
  }

  /** Adds rows one at a time; each row is validated when added and copied. */
  public static final class Builder {
    private final int d;
    private final int rowsPerBlock;
    private final LabelCollector labels = new LabelCollector();
    private float[][] blocks = new float[1][];
    private int rows;

    private Builder(int dimension) {
      this(dimension, MAX_ARRAY);
    }

    /** Blocks of at most maxBlockFloats floats (whole rows, at least one); tests use small blocks. */
    Builder(int dimension, int maxBlockFloats) {
      if (dimension < 1) {
        throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
      }
      this.d = dimension;
      this.rowsPerBlock = Math.max(1, maxBlockFloats / dimension);
      blocks[0] = new float[Math.min(16, rowsPerBlock) * d];
    }

    /** Adds a row with a numeric label. x is not modified. */
    public Builder add(float[] x, double label) {
      Objects.requireNonNull(x, "x");
      checkLength(x.length);
      return add(x, 0, label);
    }

    /** Adds a row with a class name. x is not modified. */
    public Builder add(float[] x, String label) {
      Objects.requireNonNull(x, "x");
      checkLength(x.length);
      labels.add(label, rows);
      return append(x, 0);
    }

    /** Adds x[offset .. offset+dimension) with a numeric label. x is not modified. */
    public Builder add(float[] x, int offset, double label) {
      Objects.requireNonNull(x, "x");
      if (offset < 0 || (long) offset + d > x.length) {
        throw new IndexOutOfBoundsException("row " + rows + ": x has " + x.length + " values, offset " + offset
            + " + dimension " + d + " does not fit");
      }
      labels.add(label, rows);
      return append(x, offset);
    }

    private void checkLength(int length) {
      if (length != d) {
        throw new IllegalArgumentException("row " + rows + ": has " + length + " values, the dimension is " + d);
      }
    }

    private Builder append(float[] x, int offset) {
      for (int j = 0; j < d; j++) {
        if (!Float.isFinite(x[offset + j])) {
          labels.dropLast();
          throw new IllegalArgumentException("row " + rows + ", column " + j + ": value " + x[offset + j]
              + " is not finite");
        }
      }
      int block = rows / rowsPerBlock;
      int at = (rows % rowsPerBlock) * d;
      if (block == blocks.length) {
        blocks = Arrays.copyOf(blocks, block + 1);
        blocks[block] = new float[Math.min(16, rowsPerBlock) * d];
      }
      if (at + d > blocks[block].length) {
        long grown = Math.min((long) rowsPerBlock * d, Math.max((long) at + d, 2L * blocks[block].length));
        blocks[block] = Arrays.copyOf(blocks[block], (int) grown);
      }
      System.arraycopy(x, offset, blocks[block], at, d);
      rows++;
      return this;
    }

    /** Number of rows added so far. */
    public int size() {
      return rows;
    }

    /** The dataset; throws {@link IllegalStateException} when no row was added. */
    public DenseDataset build() {
      if (rows == 0) {
        throw new IllegalStateException("a dataset needs at least one example; none was added");
      }
      Labels l = labels.labels();
      float[][] trimmed = new float[blocks.length][];
      for (int b = 0; b < blocks.length; b++) {
        int rowsHere = Math.min(rowsPerBlock, rows - b * rowsPerBlock);
        trimmed[b] = Arrays.copyOf(blocks[b], rowsHere * d);
      }
      return new DenseDataset(l, labels.classes(l), d, trimmed, rowsPerBlock);
    }
  }

  @Override
  public boolean isSparse() {
    return false;
  }

  /** Rows per storage block: all rows when N*d fits one array. */
  int rowsPerBlock() {
    return rowsPerBlock;
  }

  private float[] block(int i) {
    return blocks[i / rowsPerBlock];
  }

  private int offset(int i) {
    return (i % rowsPerBlock) * dimension;
  }

  /**
   * The storage array holding row i; the row starts at {@link #rowOffset(int)}. Exposed for
   * kernels and file writers; callers must not modify it.
   */
  float[] rowArray(int i) {
    return block(i);
  }

  /** Offset of row i inside {@link #rowArray(int)}. */
  int rowOffset(int i) {
    return offset(i);
  }

  @Override
  public int nonZeros(int i) {
    return dimension;
  }

  @Override
  public float dot(int i, float[] w) {
    return DenseOps.dot(block(i), offset(i), w, 0, dimension);
  }

  @Override
  float dot(int i, float[] w, int wOffset) {
    return DenseOps.dot(block(i), offset(i), w, wOffset, dimension);
  }

  @Override
  void addTo(int i, float alpha, float[] w) {
    DenseOps.axpy(alpha, block(i), offset(i), w, 0, dimension);
  }

  @Override
  void addTo(int i, float alpha, float[] w, int wOffset) {
    DenseOps.axpy(alpha, block(i), offset(i), w, wOffset, dimension);
  }

  @Override
  void addTo(int i, float a, double b, float[] w, double[] u) {
    DenseOps.dualAxpy(a, b, block(i), offset(i), w, 0, u, 0, dimension);
  }

  @Override
  void addTo(int i, float a, double b, float[] w, double[] u, int wOffset) {
    DenseOps.dualAxpy(a, b, block(i), offset(i), w, wOffset, u, wOffset, dimension);
  }

  @Override
  void multiDot(int i, float[] rows, int k, float[] out) {
    DenseOps.multiDot(rows, 0, k, dimension, block(i), offset(i), out, 0);
  }

  @Override
  void margins(float[] w, float bias, float[] out) {
    for (int b = 0; b < blocks.length; b++) {
      int first = b * rowsPerBlock;
      int n = blocks[b].length / dimension;
      DenseOps.batchMargins(blocks[b], 0, n, dimension, w, 0, bias, out, first);
    }
  }

  @Override
  public float squaredNorm(int i) {
    return DenseOps.squaredNorm(block(i), offset(i), dimension);
  }

  @Override
  public float[] denseRow(int i) {
    return Arrays.copyOfRange(block(i), offset(i), offset(i) + dimension);
  }

  @Override
  public DenseDataset subset(int[] rows) {
    int[] cls = new int[rows.length];
    Builder b = new Builder(dimension, rowsPerBlock * dimension);
    for (int r = 0; r < rows.length; r++) {
      b.labels.add(labels.name(classes[rows[r]]), r);
      b.append(block(rows[r]), offset(rows[r]));
      cls[r] = classes[rows[r]];
    }
    DenseDataset built = b.build();
    return new DenseDataset(labels, cls, dimension, built.blocks, built.rowsPerBlock);
  }

  @Override
  public DenseDataset withLabels(Labels newLabels, int[] newClasses) {
    return new DenseDataset(newLabels, checkedClasses(newLabels, newClasses), dimension, blocks, rowsPerBlock);
  }
}
