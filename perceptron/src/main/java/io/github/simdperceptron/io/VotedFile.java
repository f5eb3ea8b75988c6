package io.github.simdperceptron.io;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The body of a voted model in a version-2 model file: the anchors, the distinct mistake rows and
 * the entries ({@link VotedAccess}); docs/model-format.md gives the bytes.
 */
final class VotedFile {
  static final int ROWS_DENSE = 0;
  static final int ROWS_SPARSE = 1;
  static final int ROWS_BINARY = 2;

  private VotedFile() {}

  /** The form the rows are written in. */
  private static int form(Dataset rows) {
    if (rows == null || !rows.isSparse()) {
      return ROWS_DENSE;
    }
    return DataAccess.isBinary(rows) ? ROWS_BINARY : ROWS_SPARSE;
  }

  /** The number of bytes {@link #write} writes. */
  static long bytes(VotedAccess.Parts p) {
    long n = 1 + 4;
    for (float[] a : p.anchors) {
      n += 1 + 4 + (a == null ? 0 : 4L * p.dimension);
    }
    n += 4 + 1;
    int form = form(p.rows);
    int rows = p.rowLabels.length;
    for (int r = 0; r < rows; r++) {
      n += 1 + (form == ROWS_DENSE ? 4L * p.dimension : 4 + (form == ROWS_BINARY ? 4L : 8L) * p.rows.nonZeros(r));
    }
    return n + 4 + 12L * p.entries.length;
  }

  static void write(DataOutputStream out, VotedAccess.Parts p, ByteBuffer bb) throws IOException {
    out.writeBoolean(p.biasSteps);
    out.writeInt(p.anchors.length);
    for (int a = 0; a < p.anchors.length; a++) {
      out.writeBoolean(p.anchors[a] != null);
      out.writeFloat(p.anchorBiases[a]);
      if (p.anchors[a] != null) {
        ModelFile.writeFloats(out, p.anchors[a], bb);
      }
    }
    int rows = p.rowLabels.length;
    int form = form(p.rows);
    out.writeInt(rows);
    out.writeByte(form);
    float[] dense = form == ROWS_DENSE && rows > 0 ? new float[p.dimension] : null;
    for (int r = 0; r < rows; r++) {
      out.writeByte((int) p.rowLabels[r]);
      if (form == ROWS_DENSE) {
        Dataset d = p.rows;
        System.arraycopy(DataAccess.rowArray(d, r), DataAccess.rowOffset(d, r), dense, 0, p.dimension);
        ModelFile.writeFloats(out, dense, bb);
      } else {
        Dataset s = p.rows;
        int from = DataAccess.rowStart(s, r);
        int nnz = s.nonZeros(r);
        int[] indices = DataAccess.indices(s);
        float[] values = DataAccess.values(s);
        out.writeInt(nnz);
        for (int t = from; t < from + nnz; t++) {
          out.writeInt(indices[t]);
        }
        if (form == ROWS_SPARSE) {
          for (int t = from; t < from + nnz; t++) {
            out.writeFloat(values[t]);
          }
        }
      }
    }
    out.writeInt(p.entries.length);
    for (int e = 0; e < p.entries.length; e++) {
      out.writeInt(p.entries[e]);
      out.writeLong(p.counts[e]);
    }
  }

  /**
   * Reads the body that {@link #write} wrote, checking every field before it is used; the body
   * must end exactly at {@code end}. {@code pos} gives the offset of the next byte.
   */
  static VotedModel read(DataInputStream in, LongSupplier pos, long end, String source, int d, Labels labels)
      throws IOException {
    long start = pos.getAsLong();
    long at = start;
    int biasSteps = in.readUnsignedByte();
    if (biasSteps > 1) {
      throw FormatException.atByte(source, at, "bias steps flag " + biasSteps + " (expected 0 or 1)");
    }
    at = pos.getAsLong();
    int anchors = in.readInt();
    if (anchors < 0 || (long) anchors * 5 > end - pos.getAsLong()) {
      throw FormatException.atByte(source, at, anchors + " anchors (expected a count that fits in the file)");
    }
    float[][] anchor = new float[anchors][];
    float[] anchorBias = new float[anchors];
    byte[] buf = new byte[4 * Math.min(d, 1 << 14)];
    for (int a = 0; a < anchors; a++) {
      at = pos.getAsLong();
      int dense = in.readUnsignedByte();
      anchorBias[a] = in.readFloat();
      if (dense > 1 || !Float.isFinite(anchorBias[a])) {
        throw FormatException.atByte(source, at, "anchor " + a + ": form " + dense + ", bias " + anchorBias[a]
            + " (expected form 0 or 1 and a finite bias)");
      }
      if (dense == 1) {
        if (4L * d > end - pos.getAsLong()) {
          throw FormatException.atByte(source, at, "anchor " + a + ": " + d + " weights (more than the file holds)");
        }
        at = pos.getAsLong();
        anchor[a] = ModelFile.readFloats(in, d, buf);
        for (int j = 0; j < d; j++) {
          if (!Float.isFinite(anchor[a][j])) {
            throw FormatException.atByte(source, at + 4L * j, "anchor " + a + ", weight " + j + " is "
                + anchor[a][j] + " (expected a finite float)");
          }
        }
      }
    }
    at = pos.getAsLong();
    int rows = in.readInt();
    int form = in.readUnsignedByte();
    long rowBytes = form == ROWS_DENSE ? 1 + 4L * d : 5;
    if (rows < 0 || form > ROWS_BINARY || (long) rows * rowBytes > end - pos.getAsLong()
        || (form == ROWS_DENSE && (long) rows * d > Integer.MAX_VALUE - 8)) {
      throw FormatException.atByte(source, at, rows + " rows of form " + form + " (expected a count that fits in"
          + " the file, at most 2^31 dense values, and form 0 dense, 1 sparse or 2 sparse binary)");
    }
    float[] y = new float[rows];
    double[] yd = new double[rows];
    float[] rowMajor = form == ROWS_DENSE ? new float[rows * d] : null;
    int[] rowPtr = form == ROWS_DENSE ? null : new int[rows + 1];
    IntList indices = new IntList();
    FloatList values = form == ROWS_SPARSE ? new FloatList() : null;
    for (int r = 0; r < rows; r++) {
      at = pos.getAsLong();
      byte label = in.readByte();
      if (label != 1 && label != -1) {
        throw FormatException.atByte(source, at, "row " + r + ": label " + label + " (expected +1 or -1)");
      }
      y[r] = label;
      yd[r] = label;
      if (form == ROWS_DENSE) {
        at = pos.getAsLong();
        float[] x = ModelFile.readFloats(in, d, buf);
        for (int j = 0; j < d; j++) {
          if (!Float.isFinite(x[j])) {
            throw FormatException.atByte(source, at + 4L * j, "row " + r + ", value " + j + " is " + x[j]
                + " (expected a finite float)");
          }
        }
        System.arraycopy(x, 0, rowMajor, r * d, d);
        continue;
      }
      at = pos.getAsLong();
      int nnz = in.readInt();
      if (nnz < 0 || nnz > d || (long) nnz * (form == ROWS_SPARSE ? 8 : 4) > end - pos.getAsLong()) {
        throw FormatException.atByte(source, at, "row " + r + ": " + nnz + " non-zeros (expected 0 to " + d
            + " that fit in the file)");
      }
      int previous = -1;
      for (int t = 0; t < nnz; t++) {
        at = pos.getAsLong();
        int j = in.readInt();
        if (j <= previous || j >= d) {
          throw FormatException.atByte(source, at, "row " + r + ": index " + j + " (expected indices strictly"
              + " increasing in [0, " + d + "))");
        }
        indices.add(j);
        previous = j;
      }
      if (values != null) {
        for (int t = 0; t < nnz; t++) {
          at = pos.getAsLong();
          float v = in.readFloat();
          if (!Float.isFinite(v)) {
            throw FormatException.atByte(source, at, "row " + r + ": value " + v + " (expected a finite float)");
          }
          values.add(v);
        }
      }
      rowPtr[r + 1] = indices.size;
    }
    at = pos.getAsLong();
    int entries = in.readInt();
    if (entries < 0 || (long) entries * 12 != end - pos.getAsLong() || (entries > 0 && anchors == 0)) {
      throw FormatException.atByte(source, at, entries + " entries (expected " + (end - pos.getAsLong())
          + " bytes of entries before the checksum, 12 per entry, and an anchor when there are entries)");
    }
    int[] entry = new int[entries];
    long[] count = new long[entries];
    for (int e = 0; e < entries; e++) {
      at = pos.getAsLong();
      entry[e] = in.readInt();
      count[e] = in.readLong();
      if (entry[e] >= rows || entry[e] < -anchors || (e == 0 && entry[e] >= 0) || count[e] < 0) {
        throw FormatException.atByte(source, at, "entry " + e + ": reference " + entry[e] + ", count " + count[e]
            + " (expected " + (e == 0 ? "" : "a row in [0, " + rows + ") or ") + "an anchor -1 to -" + anchors
            + ", and a count >= 0)");
      }
    }
    Dataset stored = rows == 0 ? null : form == ROWS_DENSE ? Dataset.of(rowMajor, d, yd)
        : Dataset.wrap(rowPtr, indices.toArray(), values == null ? null : values.toArray(), d, yd);
    try {
      return VotedAccess.model(new VotedAccess.Parts(labels, d, biasSteps == 1, anchor, anchorBias, stored, y, entry,
          count));
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, start, "the voted model does not hold together: " + e.getMessage());
    }
  }

  /** A growable int array. */
  private static final class IntList {
    int[] a = new int[64];
    int size;

    void add(int v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, 2 * size);
      }
      a[size++] = v;
    }

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }

  /** A growable float array. */
  private static final class FloatList {
    float[] a = new float[64];
    int size;

    void add(float v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, 2 * size);
      }
      a[size++] = v;
    }

    float[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }
}
