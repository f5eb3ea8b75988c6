package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import java.util.Arrays;

/**
 * The rows a continued training ({@link TrainingState}) runs on: a fingerprint that tells whether
 * they are the last run's, and rows of a smaller dimension widened to the state's.
 */
final class TrainingRows {
  private TrainingRows() {}

  /**
   * A fingerprint of the training rows, in order: a CRC32 of each row's class name and non-zeros
   * (index and float bits), with the number of rows in the high bits. Equal data, equal print.
   */
  static long fingerprint(Dataset data) {
    Fingerprint print = new Fingerprint(data.labels());
    for (int i = 0; i < data.size(); i++) {
      print.add(data, i);
    }
    return print.value();
  }

  /**
   * The running {@link #fingerprint} of rows added one at a time, in order, whose classes index
   * one list of labels (fixed while it runs). Every row's bytes (docs/online.md) go into one buffer
   * handed to the CRC when full, a non-zero as one 8-byte store, the class names' UTF-8 computed
   * once: the CRC itself runs at memory speed, so the bytes are the cost.
   */
  static final class Fingerprint {
    /** Writes a long's 8 bytes big-endian in one store: a non-zero's index and float bits. */
    private static final java.lang.invoke.VarHandle BIG_ENDIAN_LONG =
        java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
    /** The buffer's bytes before it is handed to the CRC; 8 more fit after them, so a store needs no check. */
    private static final int FULL = 1 << 15;

    private final java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    private final byte[][] names;
    private final byte[] buf = new byte[FULL + 8];
    private int n;
    private long rows;

    Fingerprint(Labels labels) {
      names = new byte[labels.size()][];
      for (int c = 0; c < names.length; c++) {
        names[c] = labels.name(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      }
    }

    /** Adds row i of data, whose class indices are those of this fingerprint's labels. */
    void add(Dataset data, int i) {
      byte[] name = names[data.classOf(i)];
      if (n + name.length > FULL) {
        flush();
      }
      if (name.length > FULL) {
        crc.update(name);
      } else {
        System.arraycopy(name, 0, buf, n, name.length);
        n += name.length;
      }
      if (data.isSparse()) {
        int[] idx = DataAccess.indices(data);
        float[] val = DataAccess.values(data);
        int from = DataAccess.rowStart(data, i);
        int to = from + data.nonZeros(i);
        if (val == null) {
          for (int t = from; t < to; t++) {
            n = entry(n, idx[t], 1f);
          }
        } else {
          for (int t = from; t < to; t++) {
            n = entry(n, idx[t], val[t]);
          }
        }
      } else {
        float[] a = DataAccess.rowArray(data, i);
        int off = DataAccess.rowOffset(data, i);
        for (int j = 0; j < data.dimension(); j++) {
          n = entry(n, j, a[off + j]);
        }
      }
      if (n == FULL) {
        flush();
      }
      buf[n++] = (byte) 0xFF;
      rows++;
    }

    /**
     * Stores (j, x) at buf[n] and moves past it only when x is not zero (zeros are not part of the
     * print; no branch on them); hands the buffer to the CRC when full. Returns the new n.
     */
    private int entry(int n, int j, float x) {
      BIG_ENDIAN_LONG.set(buf, n, ((long) j << 32) | (Float.floatToIntBits(x) & 0xFFFFFFFFL));
      n += x != 0f ? 8 : 0;
      if (n >= FULL) {
        crc.update(buf, 0, n);
        n = 0;
      }
      return n;
    }

    private void flush() {
      crc.update(buf, 0, n);
      n = 0;
    }

    /** The fingerprint of the rows added so far. */
    long value() {
      flush();
      return (rows << 32) ^ crc.getValue();
    }
  }

  /** data as sparse rows of dimension d (at least data's): the rows a file read with that dimension gives. */
  static Dataset widen(Dataset data, int d) {
    Dataset.Builder rows = Dataset.builder(d);
    for (int i = 0; i < data.size(); i++) {
      String name = data.labels().name(data.classOf(i));
      if (data.isSparse()) {
        int from = DataAccess.rowStart(data, i);
        int to = from + data.nonZeros(i);
        float[] val = DataAccess.values(data);
        rows.add(Arrays.copyOfRange(DataAccess.indices(data), from, to),
            val == null ? null : Arrays.copyOfRange(val, from, to), name);
      } else {
        float[] x = data.denseRow(i);
        int nnz = 0;
        for (float v : x) {
          nnz += v != 0f ? 1 : 0;
        }
        int[] idx = new int[nnz];
        float[] val = new float[nnz];
        for (int j = 0, t = 0; j < x.length; j++) {
          if (x[j] != 0f) {
            idx[t] = j;
            val[t++] = x[j];
          }
        }
        rows.add(idx, val, name);
      }
    }
    return rows.build();
  }
}
