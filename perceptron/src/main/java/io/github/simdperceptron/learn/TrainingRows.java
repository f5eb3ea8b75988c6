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
    /** The buffer's size: the bytes handed to the CRC at once. */
    private static final int FULL = 1 << 15;
    /** The entries of a row written between two checks of the buffer's room. */
    private static final int CHUNK = FULL / 8;

    private final java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    private final byte[][] names;
    private final byte[] buf = new byte[FULL];
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
      if (name.length > FULL) {
        flush();
        crc.update(name);
      } else {
        room(name.length);
        System.arraycopy(name, 0, buf, n, name.length);
        n += name.length;
      }
      if (data.isSparse()) {
        int[] idx = DataAccess.indices(data);
        float[] val = DataAccess.values(data);
        int to = DataAccess.rowStart(data, i) + data.nonZeros(i);
        for (int t = DataAccess.rowStart(data, i); t < to; t += CHUNK) {
          int end = Math.min(to, t + CHUNK);
          room(8 * (end - t));
          n = val == null ? ones(idx, t, end, buf, n) : sparse(idx, val, t, end, buf, n);
        }
      } else {
        float[] a = DataAccess.rowArray(data, i);
        int off = DataAccess.rowOffset(data, i);
        for (int j = 0; j < data.dimension(); j += CHUNK) {
          int end = Math.min(data.dimension(), j + CHUNK);
          room(8 * (end - j));
          n = dense(a, off, j, end, buf, n);
        }
      }
      room(1);
      buf[n++] = (byte) 0xFF;
      rows++;
    }

    /** Hands the buffer to the CRC unless k more bytes fit. */
    private void room(int k) {
      if (n + k > FULL) {
        flush();
      }
    }

    private static long entry(int j, float x) {
      return ((long) j << 32) | (Float.floatToIntBits(x) & 0xFFFFFFFFL);
    }

    /**
     * Puts the entries [from, to) of a sparse row at buf[n] (room for all of them), leaving out
     * stored zeros; returns the new n. A row without stored zeros (the common case) is written
     * with no dependence between entries; one with them is written again, moving past non-zeros only.
     */
    private static int sparse(int[] idx, float[] val, int from, int to, byte[] buf, int n) {
      int zeros = 0;
      for (int t = from; t < to; t++) {
        BIG_ENDIAN_LONG.set(buf, n + 8 * (t - from), entry(idx[t], val[t]));
        zeros |= val[t] == 0f ? 1 : 0;
      }
      if (zeros == 0) {
        return n + 8 * (to - from);
      }
      for (int t = from; t < to; t++) {
        BIG_ENDIAN_LONG.set(buf, n, entry(idx[t], val[t]));
        n += val[t] != 0f ? 8 : 0;
      }
      return n;
    }

    /** {@link #sparse} for a row whose values are all 1. */
    private static int ones(int[] idx, int from, int to, byte[] buf, int n) {
      for (int t = from; t < to; t++) {
        BIG_ENDIAN_LONG.set(buf, n + 8 * (t - from), entry(idx[t], 1f));
      }
      return n + 8 * (to - from);
    }

    /** Puts the non-zeros of the dense entries [from, to) of a row at a[off] into buf[n]; returns the new n. */
    private static int dense(float[] a, int off, int from, int to, byte[] buf, int n) {
      for (int j = from; j < to; j++) {
        float x = a[off + j];
        BIG_ENDIAN_LONG.set(buf, n, entry(j, x));
        // Every entry is stored; moving past non-zeros only leaves zeros out without a branch on them.
        n += x != 0f ? 8 : 0;
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
