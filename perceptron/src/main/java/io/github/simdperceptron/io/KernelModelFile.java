package io.github.simdperceptron.io;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.kernel.KernelKind;
import io.github.simdperceptron.learn.kernel.KernelModel;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * The kernel section of a model file (kind 4, format version 2; docs/model-format.md): the
 * kernel, the support vectors as they came (dense rows, or sparse rows with or without values),
 * and the coefficients, or the voted model's updates and survival counts. Every field is checked
 * against the bytes left before anything is allocated from it.
 */
final class KernelModelFile {
  static final int DENSE = 0;
  static final int SPARSE = 1;
  static final int SPARSE_BINARY = 2;

  /** The prefix of an averaged form's algorithm name ({@link KernelModel#algorithmName()}). */
  private static final String AVERAGED_FORM = "averaged-";

  private KernelModelFile() {}

  /**
   * The kernel section of {@code model}, to be streamed into a model file: its length is known
   * before a byte is written (the file's frame starts with it), so the support vectors go from the
   * model's arrays to the file a row at a time, with no copy of them in memory.
   */
  static Section section(KernelModel model) throws IOException {
    return new Section(model);
  }

  /** A kernel section's length and its writer; {@link #writeTo} may be called once per file written. */
  static final class Section {
    private final KernelModel model;
    private final int layout;
    /** The fields before the support vectors: the kernel, the algorithm, the layout, the count. */
    private final byte[] head;
    private final long rowBytes;
    /** Bytes of the longest row (the buffer a row goes through). */
    private final int widest;
    private final long tailBytes;

    private Section(KernelModel model) throws IOException {
      this.model = model;
      Dataset sv = model.supportVectors();
      int d = sv.dimension();
      int m = sv.size();
      layout = !sv.isSparse() ? DENSE : DataAccess.isBinary(sv) ? SPARSE_BINARY : SPARSE;
      int perValue = layout == SPARSE ? 8 : 4;
      long bytes = 0;
      int most = layout == DENSE ? 4 * d : 4;
      for (int s = 0; s < m && layout != DENSE; s++) {
        int row = 4 + perValue * sv.nonZeros(s);
        bytes += row;
        most = Math.max(most, row);
      }
      rowBytes = layout == DENSE ? 4L * d * m : bytes;
      widest = most;
      if (model.algorithm() == Algorithm.VOTED) {
        tailBytes = 4 + 12L * model.updateSupportVectors().length + 8L * model.survivalCounts().length;
      } else {
        tailBytes = 4L * model.biases().length * (m + 1L);
      }
      ByteArrayOutputStream fields = new ByteArrayOutputStream(64);
      DataOutputStream out = new DataOutputStream(fields);
      KernelModel.Function f = model.kernel();
      out.writeUTF(f.kind().fileName());
      out.writeFloat(f.gamma());
      out.writeInt(f.degree());
      out.writeFloat(f.coef0());
      out.writeUTF(model.algorithmName());
      out.writeByte(layout);
      out.writeInt(m);
      head = fields.toByteArray();
    }

    /** The section's length in bytes. */
    long length() {
      return head.length + rowBytes + tailBytes;
    }

    /**
     * Writes the section: the fields, the support vectors through a buffer a row at a time (bulk
     * big-endian copies: the bytes of DataOutputStream's writeInt and writeFloat, the values being
     * finite), then the coefficients or the voted model's updates. That is {@link #length()}
     * bytes; the file's frame checks the count.
     */
    void writeTo(DataOutputStream out) throws IOException {
      Dataset sv = model.supportVectors();
      int d = sv.dimension();
      int m = sv.size();
      out.write(head);
      ByteBuffer bb = ByteBuffer.allocate(widest);
      int[] idx = layout == DENSE ? null : DataAccess.indices(sv);
      float[] val = layout == SPARSE ? DataAccess.values(sv) : null;
      int perValue = layout == SPARSE ? 8 : 4;
      for (int s = 0; s < m; s++) {
        bb.clear();
        int bytes;
        if (layout == DENSE) {
          bb.asFloatBuffer().put(DataAccess.rowArray(sv, s), DataAccess.rowOffset(sv, s), d);
          bytes = 4 * d;
        } else {
          int start = DataAccess.rowStart(sv, s);
          int nnz = sv.nonZeros(s);
          bb.putInt(nnz);
          bb.asIntBuffer().put(idx, start, nnz);
          if (layout == SPARSE) {
            bb.position(4 + 4 * nnz);
            bb.asFloatBuffer().put(val, start, nnz);
          }
          bytes = 4 + perValue * nnz;
        }
        out.write(bb.array(), 0, bytes);
      }
      if (model.algorithm() == Algorithm.VOTED) {
        int[] svs = model.updateSupportVectors();
        int[] plus = model.updatePlus();
        int[] minus = model.updateMinus();
        long[] counts = model.survivalCounts();
        out.writeInt(svs.length);
        for (int u = 0; u < svs.length; u++) {
          out.writeInt(svs[u]);
          out.writeInt(plus[u]);
          out.writeInt(minus[u]);
        }
        for (long c : counts) {
          out.writeLong(c);
        }
      } else {
        float[] biases = model.biases();
        float[][] coef = model.coefficients();
        ByteBuffer all = ByteBuffer.allocate(4 * biases.length);
        all.asFloatBuffer().put(biases);
        out.write(all.array());
        // Every support vector has one coefficient per score (KernelModel checks it), so each
        // block overwrites the whole buffer.
        for (int s = 0; s < m; s++) {
          all.clear();
          all.asFloatBuffer().put(coef[s]);
          out.write(all.array());
        }
      }
    }
  }

  /** Parses the kernel section after the common header; the input counts the bytes read and ends where the checksum starts. */
  static ModelFile parse(ModelFileReader.Input input, ModelFileReader.Header header) throws IOException {
    DataInputStream in = input.in();
    CountingInput pos = input.pos();
    long end = input.end();
    String source = input.source();
    String algorithm = header.algorithm();
    int d = header.d();
    Labels labels = header.labels();
    boolean bias = header.bias();
    Map<String, String> options = header.options();
    long at = pos.count();
    String name = ModelFile.readUtf(in, pos, source);
    float gamma = in.readFloat();
    int degree = in.readInt();
    float coef0 = in.readFloat();
    KernelKind kind = KernelKind.byFileName(name);
    if (kind == null) {
      // The name is quoted here, escaped, and not repeated through the learner's message.
      throw FormatException.atByte(source, at, "kernel " + FormatException.quote(name)
          + " (expected linear, poly or rbf)");
    }
    KernelModel.Function kernel;
    try {
      kernel = KernelModel.Function.of(kind, gamma, degree, coef0);
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, at, "kernel " + FormatException.quote(name) + " gamma " + gamma
          + " degree " + degree + " coef0 " + coef0 + " (" + e.getMessage() + ")");
    }
    at = pos.count();
    String algo = ModelFile.readUtf(in, pos, source);
    boolean averagedForm = algo.startsWith(AVERAGED_FORM);
    Algorithm model = Algorithm.byName(averagedForm ? algo.substring(AVERAGED_FORM.length()) : algo);
    if (model == null || !KernelModel.trainsKernelModels(model)
        || averagedForm && !KernelModel.hasAveragedForm(model)) {
      throw FormatException.atByte(source, at, "kernel model algorithm " + FormatException.quote(algo)
          + " (expected perceptron, averaged, voted, margin, pa, pa1, pa2, averaged-margin, averaged-pa,"
          + " averaged-pa1 or averaged-pa2)");
    }
    at = pos.count();
    int layout = in.readUnsignedByte();
    if (layout > SPARSE_BINARY) {
      throw FormatException.atByte(source, at, "support vector layout " + layout + " (expected 0 dense, 1 sparse, "
          + "2 sparse binary)");
    }
    at = pos.count();
    int m = in.readInt();
    long perRow = layout == DENSE ? 4L * d : 4;
    if (m < 1 || m * perRow > end - pos.count()) {
      throw FormatException.atByte(source, at, m + " support vectors (expected at least 1, a count that fits in the"
          + " file)");
    }
    // Packed in panels of whole vector widths over all d features, whatever the layout on disk.
    ModelFile.checkHeap(4L * d * ((m + 63L) / 64 * 64 + 2), source, at, m + " support vectors of dimension " + d);
    Dataset sv;
    if (layout == DENSE) {
      float[] rows = new float[Math.toIntExact((long) m * d)];
      for (int j = 0; j < rows.length; j++) {
        rows[j] = finite(in.readFloat(), pos, source, "a support vector value");
      }
      sv = Dataset.of(rows, d, new double[m]);
    } else {
      Dataset.Builder b = Dataset.builder(d);
      for (int s = 0; s < m; s++) {
        at = pos.count();
        int nnz = in.readInt();
        if (nnz < 0 || nnz > d || nnz * (layout == SPARSE ? 8L : 4L) > end - pos.count()) {
          throw FormatException.atByte(source, at, "support vector " + s + " has " + nnz
              + " non-zeros (expected 0 to " + d + ", fitting in the file)");
        }
        int[] idx = new int[nnz];
        for (int t = 0; t < nnz; t++) {
          at = pos.count();
          idx[t] = in.readInt();
          if (idx[t] < 0 || idx[t] >= d || (t > 0 && idx[t] <= idx[t - 1])) {
            throw FormatException.atByte(source, at, "support vector " + s + " index " + idx[t]
                + " (expected strictly increasing indices in [0, " + d + "))");
          }
        }
        float[] val = null;
        if (layout == SPARSE) {
          val = new float[nnz];
          for (int t = 0; t < nnz; t++) {
            val[t] = finite(in.readFloat(), pos, source, "a support vector value");
          }
        }
        b.add(idx, val, 0);
      }
      sv = b.build();
    }
    int k = labels.size() <= 2 ? 1 : labels.size();
    KernelModel result;
    if (model == Algorithm.VOTED) {
      at = pos.count();
      int u = in.readInt();
      if (u < 0 || u * 12L + (u + 1L) * 8 != end - pos.count()) {
        throw FormatException.atByte(source, at, u + " updates (expected " + (end - pos.count())
            + " bytes left to hold 12 per update and 8 per survival count)");
      }
      int[] svs = new int[u];
      int[] plus = new int[u];
      int[] minus = new int[u];
      for (int t = 0; t < u; t++) {
        svs[t] = in.readInt();
        plus[t] = in.readInt();
        minus[t] = in.readInt();
      }
      long[] counts = new long[u + 1];
      for (int t = 0; t <= u; t++) {
        counts[t] = in.readLong();
      }
      try {
        result = KernelModel.voted(kernel, labels, sv, svs, plus, minus, counts, bias);
      } catch (IllegalArgumentException e) {
        throw FormatException.atByte(source, at, "voted updates: " + e.getMessage());
      }
    } else {
      at = pos.count();
      if ((k + (long) m * k) * 4 != end - pos.count()) {
        throw FormatException.atByte(source, at, (end - pos.count()) + " bytes for the biases and coefficients"
            + " (expected " + (k + (long) m * k) * 4 + ": " + k + " per support vector and " + k + " biases)");
      }
      float[] biases = new float[k];
      for (int c = 0; c < k; c++) {
        biases[c] = finite(in.readFloat(), pos, source, "a bias");
      }
      float[][] coef = new float[m][k];
      for (int s = 0; s < m; s++) {
        for (int c = 0; c < k; c++) {
          coef[s][c] = finite(in.readFloat(), pos, source, "a coefficient");
        }
      }
      result = KernelModel.of(kernel, model, averagedForm, labels, sv, coef, biases);
    }
    return new ModelFile(result, algorithm, bias, options);
  }

  private static float finite(float v, CountingInput pos, String source, String what) throws IOException {
    if (!Float.isFinite(v)) {
      throw FormatException.atByte(source, pos.count() - 4, what + " is " + v + " (expected a finite float)");
    }
    return v;
  }
}
