package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.util.Arrays;

/**
 * The voted learner's record: the start vector (entry 0, an anchor), then one entry per mistake
 * (the row it was made on and the survival count of the vector it made). Each row is stored
 * once however often it is a mistake while the training data stays the same dataset: sparse
 * rows as CSR (no values while every value is 1), dense rows row-major, as the data had them
 * (a learner fed both kinds stores the later kind in the form of the first).
 */
final class VotedMistakes {
  private final int d;
  private float[] start;
  private float startBias;

  private int[] entries = new int[16];
  private long[] counts = new long[16];
  private int size = 1;
  private int voting;

  private int rows;
  private float[] rowLabels = new float[16];
  /** Null until the first row decides the form. */
  private Boolean sparse;
  private int[] rowPtr = new int[17];
  private int[] indices = new int[0];
  /** Null while every sparse value is 1. */
  private float[] values;
  private float[] rowMajor = new float[0];

  /** The dataset the slots are of, and slot[i] = 1 + its stored row (0: not stored). */
  private Dataset seen;
  private int[] slot;
  /** Per stored row, the row of {@link #seen} it was taken from, or -1 (another dataset). */
  private int[] source = new int[16];
  /** Restored sources whose slots the next dataset gets ({@link #restore}); null otherwise. */
  private int[] pending;

  /** start: the first vector (null for zero), not copied. */
  VotedMistakes(int dimension, float[] start, float startBias) {
    this.d = dimension;
    this.start = start;
    this.startBias = startBias;
    entries[0] = -1;
  }

  /** The current vector survived a visit. */
  void survived() {
    if (counts[size - 1]++ == 0) {
      voting++;
    }
  }

  /** The current vector's count. */
  long current() {
    return counts[size - 1];
  }

  /** Number of vectors with a count of at least 1. */
  int voting() {
    return voting;
  }

  /** A mistake on row i of data with label y: a new current vector with count 1. */
  void mistake(Dataset data, int i, float y) {
    if (size == entries.length) {
      entries = Arrays.copyOf(entries, 2 * size);
      counts = Arrays.copyOf(counts, 2 * size);
    }
    entries[size] = row(data, i, y);
    counts[size] = 1;
    size++;
    voting++;
  }

  private int row(Dataset data, int i, float y) {
    if (data != seen) {
      seen = data;
      slot = new int[data.size()];
      if (pending != null) {
        for (int r = 0; r < pending.length; r++) {
          if (pending[r] >= 0 && pending[r] < slot.length) {
            slot[pending[r]] = r + 1;
          }
        }
        pending = null;
      } else {
        Arrays.fill(source, 0, rows, -1);
      }
    }
    if (slot[i] > 0) {
      return slot[i] - 1;
    }
    if (sparse == null) {
      sparse = data.isSparse();
    }
    if (rows == rowLabels.length) {
      rowLabels = Arrays.copyOf(rowLabels, 2 * rows);
      rowPtr = Arrays.copyOf(rowPtr, 2 * rows + 1);
    }
    if (rows == source.length) {
      source = Arrays.copyOf(source, 2 * rows);
    }
    source[rows] = i;
    if (sparse) {
      addSparse(data, i);
    } else {
      int at = rows * d;
      rowMajor = grow(rowMajor, at + d);
      if (data.isSparse()) {
        System.arraycopy(data.denseRow(i), 0, rowMajor, at, d);
      } else {
        System.arraycopy(DataAccess.rowArray(data, i), DataAccess.rowOffset(data, i),
            rowMajor, at, d);
      }
    }
    rowLabels[rows] = y;
    slot[i] = ++rows;
    return rows - 1;
  }

  private void addSparse(Dataset data, int i) {
    int at = rowPtr[rows];
    if (data.isSparse()) {
      Dataset s = data;
      int from = DataAccess.rowStart(s, i);
      int n = s.nonZeros(i);
      float[] v = DataAccess.values(s);
      indices = grow(indices, at + n);
      System.arraycopy(DataAccess.indices(s), from, indices, at, n);
      if (v != null || values != null) {
        materializeValues(at + n);
        if (v == null) {
          Arrays.fill(values, at, at + n, 1f);
        } else {
          System.arraycopy(v, from, values, at, n);
        }
      }
      rowPtr[rows + 1] = at + n;
    } else {
      float[] array = DataAccess.rowArray(data, i);
      int offset = DataAccess.rowOffset(data, i);
      int n = 0;
      for (int j = 0; j < d; j++) {
        n += array[offset + j] != 0f ? 1 : 0;
      }
      indices = grow(indices, at + n);
      materializeValues(at + n);
      for (int j = 0, t = at; j < d; j++) {
        if (array[offset + j] != 0f) {
          indices[t] = j;
          values[t++] = array[offset + j];
        }
      }
      rowPtr[rows + 1] = at + n;
    }
  }

  /** values holds at least n entries, the ones stored so far set (to 1 when there were none). */
  private void materializeValues(int n) {
    if (values == null) {
      values = new float[Math.max(n, indices.length)];
      Arrays.fill(values, 0, rowPtr[rows], 1f);
    }
    values = grow(values, n);
  }

  private static int[] grow(int[] a, int n) {
    return n <= a.length ? a : Arrays.copyOf(a, Math.max(n, 2 * a.length));
  }

  private static float[] grow(float[] a, int n) {
    return n <= a.length ? a : Arrays.copyOf(a, Math.max(n, 2 * a.length));
  }

  /**
   * Continues the record of a saved voted model (its one anchor, stored rows and entries). With
   * {@code sources} (per stored row, the row of the next dataset it was taken from, or -1) a
   * mistake on such a row refers to the stored one, as in the run that stored it; without (null),
   * rows are stored anew.
   */
  void restore(VotedAccess.Parts parts, int[] sources) {
    start = parts.anchors[0] == null ? null : parts.anchors[0].clone();
    startBias = parts.anchorBiases[0];
    size = parts.entries.length;
    entries = Arrays.copyOf(parts.entries, Math.max(16, size));
    counts = Arrays.copyOf(parts.counts, Math.max(16, size));
    voting = 0;
    for (int e = 0; e < size; e++) {
      voting += counts[e] > 0 ? 1 : 0;
    }
    Dataset stored = parts.rows;
    rows = stored == null ? 0 : stored.size();
    rowLabels = Arrays.copyOf(parts.rowLabels, Math.max(16, rows));
    rowPtr = new int[Math.max(16, rows) + 1];
    source = new int[Math.max(16, rows)];
    Arrays.fill(source, -1);
    if (stored != null) {
      sparse = stored.isSparse();
      if (sparse) {
        int nnz = DataAccess.rowStart(stored, rows - 1) + stored.nonZeros(rows - 1);
        for (int r = 0; r < rows; r++) {
          rowPtr[r + 1] = DataAccess.rowStart(stored, r) + stored.nonZeros(r);
        }
        indices = Arrays.copyOf(DataAccess.indices(stored), nnz);
        values = DataAccess.values(stored) == null ? null : Arrays.copyOf(DataAccess.values(stored), nnz);
      } else {
        rowMajor = new float[rows * d];
        for (int r = 0; r < rows; r++) {
          System.arraycopy(DataAccess.rowArray(stored, r), DataAccess.rowOffset(stored, r), rowMajor, r * d, d);
        }
      }
    }
    if (sources != null) {
      System.arraycopy(sources, 0, source, 0, rows);
      pending = sources.clone();
    }
  }

  /** Per stored row, the row of the last dataset it was taken from, or -1. */
  int[] sources() {
    return Arrays.copyOf(source, rows);
  }

  /** The model of the record so far (a snapshot: later mistakes do not change it). */
  VotedModel model(Labels labels, boolean biasSteps) {
    Dataset stored = null;
    if (rows > 0) {
      double[] y = new double[rows];
      for (int r = 0; r < rows; r++) {
        y[r] = rowLabels[r];
      }
      int nnz = rowPtr[rows];
      stored = sparse
          ? Dataset.wrap(Arrays.copyOf(rowPtr, rows + 1), Arrays.copyOf(indices, nnz),
              values == null ? null : Arrays.copyOf(values, nnz), d, y)
          : Dataset.of(Arrays.copyOf(rowMajor, rows * d), d, y);
    }
    return new VotedModel(new VotedAccess.Parts(labels, d, biasSteps,
        new float[][] {start == null ? null : start.clone()}, new float[] {startBias}, stored,
        Arrays.copyOf(rowLabels, rows), Arrays.copyOf(entries, size), Arrays.copyOf(counts, size)));
  }
}
