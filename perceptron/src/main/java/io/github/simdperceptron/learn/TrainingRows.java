package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
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
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    for (int i = 0; i < data.size(); i++) {
      fingerprintRow(crc, data, i);
    }
    return fingerprint(crc, data.size());
  }

  static long fingerprint(java.util.zip.CRC32 crc, long rows) {
    return (rows << 32) ^ crc.getValue();
  }

  /** Writes an int's 4 bytes big-endian in one store rather than byte by byte. */
  private static final java.lang.invoke.VarHandle BIG_ENDIAN_INT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.BIG_ENDIAN);
  /** A thread's bytes of non-zeros waiting for the CRC: one update per 256 of them, not one each. */
  private static final ThreadLocal<byte[]> ENTRIES = ThreadLocal.withInitial(() -> new byte[8 * 256]);

  static void fingerprintRow(java.util.zip.CRC32 crc, Dataset data, int i) {
    crc.update(data.labels().name(data.classOf(i)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    byte[] bb = ENTRIES.get();
    int n = 0;
    if (data.isSparse()) {
      int[] idx = DataAccess.indices(data);
      float[] val = DataAccess.values(data);
      for (int t = DataAccess.rowStart(data, i), end = t + data.nonZeros(i); t < end; t++) {
        float x = val == null ? 1f : val[t];
        if (x != 0f) {
          n = entry(crc, bb, n, idx[t], x);
        }
      }
    } else {
      float[] a = DataAccess.rowArray(data, i);
      int off = DataAccess.rowOffset(data, i);
      for (int j = 0; j < data.dimension(); j++) {
        if (a[off + j] != 0f) {
          n = entry(crc, bb, n, j, a[off + j]);
        }
      }
    }
    crc.update(bb, 0, n);
    crc.update(0xFF);
  }

  /** Puts (j, x) big-endian at bb[n], the bytes before handed to crc first when bb is full; returns the new n. */
  private static int entry(java.util.zip.CRC32 crc, byte[] bb, int n, int j, float x) {
    if (n == bb.length) {
      crc.update(bb, 0, n);
      n = 0;
    }
    BIG_ENDIAN_INT.set(bb, n, j);
    BIG_ENDIAN_INT.set(bb, n + 4, Float.floatToIntBits(x));
    return n + 8;
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
