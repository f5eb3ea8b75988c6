package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.VotedModel;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Reads and writes model files: a versioned binary format with a header (magic, version, length,
 * model kind, algorithm, dimension, classes, bias, options), the weight rows and a CRC32;
 * docs/model-format.md gives the layout byte by byte.
 *
 * <p>Writing is atomic ({@link AtomicFile}): the bytes go to a temporary file in the target's
 * directory, which is forced to disk and then renamed over the target, so a crash leaves either
 * the old file or the new one, never a mix; a symbolic link is followed, the permissions of a
 * replaced file are kept, and a target that is not a regular file is refused. Reading checks the magic, the version, the length and the checksum before
 * it trusts a single field, so a truncated, corrupted, wrong-version or non-model file is a
 * {@link FormatException}, never a wrong model.
 */
public final class ModelFile {
  /** The format version this class writes and reads. */
  public static final int VERSION = 1;

  static final byte[] MAGIC = {(byte) 0x89, 'P', 'E', 'R', 'C', '\r', '\n', 0x1A};
  /** magic, version (u16), total length (i64). */
  static final int PREAMBLE = FramedFile.PREAMBLE;

  static final int KIND_LINEAR = 1;
  static final int KIND_VOTED = 2;
  /** The multi-class model: K rows, one per class (see docs/model-format.md). */
  static final int KIND_MULTICLASS = 3;

  /**
   * The learners of a multi-class model file, as its algorithm string names them: OVR(a) for every
   * algorithm one-vs-rest runs, MULTICLASS(a) for every one the multi-class perceptron has.
   */
  private static final java.util.Set<String> MULTICLASS_LEARNER = multiclassLearners();
  private static final String MULTICLASS_LEARNERS = "OVR(" + names(Algorithm::oneVsRest) + ") or MULTICLASS("
      + names(Algorithm::multiclass) + ")";

  private static java.util.Set<String> multiclassLearners() {
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    for (Algorithm a : Algorithm.values()) {
      if (a.oneVsRest()) {
        names.add("OVR(" + a.name() + ")");
      }
      if (a.multiclass()) {
        names.add("MULTICLASS(" + a.name() + ")");
      }
    }
    return java.util.Collections.unmodifiableSet(names);
  }

  private static String names(java.util.function.Predicate<Algorithm> which) {
    StringBuilder b = new StringBuilder();
    for (Algorithm a : Algorithm.values()) {
      if (which.test(a)) {
        b.append(b.length() == 0 ? "" : "|").append(a.name());
      }
    }
    return b.toString();
  }

  private static final int ROW_HEADER = 4 + 8;

  private ModelFile() {}

  /**
   * Writes a fit's model with its learner's name and options, as they came out of the learner:
   * {@code write(path, SavedModel.of(fit.model(), fit.report().algorithm(), fit.options()))}.
   */
  public static void write(Path path, FitResult<?> fit) throws IOException {
    Objects.requireNonNull(fit, "fit");
    write(path, SavedModel.of(fit.model(), fit.report().algorithm(), fit.options()));
  }

  /** Writes the model to {@code path} atomically, replacing any file there. */
  public static void write(Path path, SavedModel saved) throws IOException {
    write(path, saved, UnaryOperator.identity());
  }

  /** {@link #write(Path, SavedModel)} with the file's stream passed through {@code tap} (tests inject failures). */
  static void write(Path path, SavedModel saved, UnaryOperator<OutputStream> tap) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(saved, "saved");
    Body body = body(saved.model());
    if (body.kind == KIND_MULTICLASS && !isMulticlassLearner(saved.algorithm())) {
      throw new IllegalArgumentException("a multi-class model's algorithm must name its learner, "
          + MULTICLASS_LEARNERS + ", got '" + saved.algorithm() + "'");
    }
    byte[] header = header(saved, body);
    long bodyLength = (long) header.length + (long) body.rows.length * (ROW_HEADER + 4L * body.dimension);
    FramedFile.write(path, MAGIC, VERSION, bodyLength, tap, out -> {
      out.write(header);
      ByteBuffer bb = ByteBuffer.allocate(4 * Math.min(body.dimension, 1 << 14));
      for (int r = 0; r < body.rows.length; r++) {
        out.writeFloat(body.biases[r]);
        out.writeLong(body.counts[r]);
        writeFloats(out, body.rows[r], bb);
      }
    });
  }

  private static void writeFloats(DataOutputStream out, float[] w, ByteBuffer bb) throws IOException {
    int chunk = bb.capacity() / 4;
    for (int j = 0; j < w.length; j += chunk) {
      int n = Math.min(chunk, w.length - j);
      bb.clear();
      bb.asFloatBuffer().put(w, j, n);
      out.write(bb.array(), 0, 4 * n);
    }
  }

  /** The weight rows of a model, whatever its kind. */
  private static final class Body {
    final int kind;
    final int dimension;
    final float[][] rows;
    final float[] biases;
    final long[] counts;

    Body(int kind, int dimension, float[][] rows, float[] biases, long[] counts) {
      this.kind = kind;
      this.dimension = dimension;
      this.rows = rows;
      this.biases = biases;
      this.counts = counts;
    }
  }

  private static Body body(Model model) {
    if (model instanceof LinearModel) {
      LinearModel m = (LinearModel) model;
      return new Body(KIND_LINEAR, m.dimension(), new float[][] {m.weights()}, new float[] {m.bias()},
          new long[] {1});
    }
    if (model instanceof VotedModel) {
      VotedModel m = (VotedModel) model;
      int k = m.vectors();
      float[][] rows = new float[k][];
      float[] biases = new float[k];
      long[] counts = new long[k];
      for (int r = 0; r < k; r++) {
        rows[r] = m.vector(r);
        biases[r] = m.bias(r);
        counts[r] = m.count(r);
      }
      return new Body(KIND_VOTED, m.dimension(), rows, biases, counts);
    }
    if (model instanceof MulticlassModel) {
      MulticlassModel m = (MulticlassModel) model;
      long[] counts = new long[m.classes()];
      Arrays.fill(counts, 1);
      return new Body(KIND_MULTICLASS, m.dimension(), m.weights(), m.biases(), counts);
    }
    throw new IllegalArgumentException("cannot save a " + model.getClass().getName()
        + ": this version writes LinearModel, VotedModel and MulticlassModel");
  }

  /**
   * Whether {@code algorithm} names a learner of multi-class models, as the training report does:
   * {@code OVR(A)} for one-vs-rest with A one of PERCEPTRON, PLA, POCKET, AVERAGED, MARGIN, or
   * {@code MULTICLASS(PERCEPTRON)} / {@code MULTICLASS(AVERAGED)} for the direct multi-class perceptron.
   */
  public static boolean isMulticlassLearner(String algorithm) {
    return MULTICLASS_LEARNER.contains(algorithm);
  }

  private static byte[] header(SavedModel saved, Body body) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    try {
      out.writeByte(body.kind);
      out.writeUTF(saved.algorithm());
      out.writeInt(body.dimension);
      Labels labels = saved.model().labels();
      out.writeInt(labels.size());
      for (String name : labels.names()) {
        out.writeUTF(name);
      }
      out.writeBoolean(saved.bias());
      out.writeInt(saved.options().size());
      for (Map.Entry<String, String> e : saved.options().entrySet()) {
        out.writeUTF(e.getKey());
        out.writeUTF(e.getValue());
      }
      out.writeInt(body.rows.length);
    } catch (UTFDataFormatException e) {
      throw new IllegalArgumentException("a class name, the algorithm or an option is longer than 65535 bytes", e);
    }
    return bytes.toByteArray();
  }

  /** Reads a model file. */
  public static SavedModel read(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    if (Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is a directory, not a model file");
    }
    long size = Files.size(path);
    return read(() -> Files.newInputStream(path), size, path.toString());
  }

  /** Reads a model from bytes; {@code source} names them in messages. */
  public static SavedModel read(byte[] bytes, String source) throws IOException {
    Objects.requireNonNull(bytes, "bytes");
    return read(() -> new ByteArrayInputStream(bytes), bytes.length, source);
  }

  /** Opens the same bytes again: reading makes two passes (checksum, then parse). */
  @FunctionalInterface
  interface Opener {
    InputStream open() throws IOException;
  }

  static SavedModel read(Opener opener, long size, String source) throws IOException {
    FramedFile.verify(opener::open, size, source, MAGIC, VERSION, "a model file");
    try (CountingInput in = new CountingInput(new BufferedInputStream(opener.open(), 1 << 16))) {
      in.skipNBytes(PREAMBLE);
      return parse(new DataInputStream(in), in, size - 4, source);
    } catch (EOFException e) {
      throw FormatException.atByte(source, size, "truncated: the header describes more data than the file holds");
    }
  }

  private static SavedModel parse(DataInputStream in, CountingInput pos, long end, String source) throws IOException {
    long at = pos.count();
    int kind = in.readUnsignedByte();
    if (kind != KIND_LINEAR && kind != KIND_VOTED && kind != KIND_MULTICLASS) {
      throw FormatException.atByte(source, at, "model kind " + kind + " (expected " + KIND_LINEAR + " linear, "
          + KIND_VOTED + " voted or " + KIND_MULTICLASS + " multi-class)");
    }
    boolean multiclass = kind == KIND_MULTICLASS;
    at = pos.count();
    String algorithm = readUtf(in, pos, source);
    if (multiclass && !isMulticlassLearner(algorithm)) {
      throw FormatException.atByte(source, at, "learner " + FormatException.quote(algorithm) + " (expected "
          + MULTICLASS_LEARNERS + " for a multi-class model)");
    }
    at = pos.count();
    int d = in.readInt();
    if (d < 1 || d > LibsvmReader.MAX_DIMENSION) {
      throw FormatException.atByte(source, at, "dimension " + d + " (expected 1 to " + LibsvmReader.MAX_DIMENSION + ")");
    }
    at = pos.count();
    int k = in.readInt();
    if (k < 1 || (!multiclass && k > 2) || (long) k * 2 > end - pos.count()) {
      throw FormatException.atByte(source, at, k + " classes (expected " + (multiclass
          ? "at least 1, one name per class in the bytes left" : "1 or 2 for a binary model") + ")");
    }
    List<String> names = new ArrayList<>();
    for (int c = 0; c < k; c++) {
      names.add(readUtf(in, pos, source));
    }
    Labels labels;
    try {
      labels = Labels.of(names);
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, at, "class names " + quoted(names) + " (expected distinct names)");
    }
    for (String name : names) {
      if (name.isEmpty()) {
        throw FormatException.atByte(source, at, "an empty class name (expected non-empty names)");
      }
    }
    at = pos.count();
    int biasFlag = in.readUnsignedByte();
    if (biasFlag > 1) {
      throw FormatException.atByte(source, at, "bias flag " + biasFlag + " (expected 0 or 1)");
    }
    at = pos.count();
    int m = in.readInt();
    if (m < 0 || (long) m * 4 > end - pos.count()) {
      throw FormatException.atByte(source, at, m + " options (expected a count that fits in the file)");
    }
    Map<String, String> options = new LinkedHashMap<>();
    for (int o = 0; o < m; o++) {
      options.put(readUtf(in, pos, source), readUtf(in, pos, source));
    }
    at = pos.count();
    int rows = in.readInt();
    long rowBytes = ROW_HEADER + 4L * d;
    long left = end - pos.count();
    int expectedRows = kind == KIND_LINEAR ? 1 : multiclass ? k : -1;
    if (rows < 0 || (expectedRows >= 0 && rows != expectedRows) || rows > left / rowBytes
        || rows * rowBytes != left) {
      throw FormatException.atByte(source, at, rows + " weight rows of " + d + " floats (expected "
          + (kind == KIND_LINEAR ? "1 row and " : multiclass ? k + " rows, one per class, and " : "") + left
          + " bytes of rows before the checksum, " + rowBytes + " per row)");
    }
    float[][] w = new float[rows][];
    float[] b = new float[rows];
    long[] counts = new long[rows];
    byte[] buf = new byte[4 * Math.min(d, 1 << 14)];
    for (int r = 0; r < rows; r++) {
      at = pos.count();
      b[r] = in.readFloat();
      counts[r] = in.readLong();
      if (!Float.isFinite(b[r]) || counts[r] < 1 || (multiclass && counts[r] != 1)) {
        throw FormatException.atByte(source, at, "row " + r + ": bias " + b[r] + ", count " + counts[r]
            + " (expected a finite bias and a count " + (multiclass ? "of 1 in a multi-class model" : ">= 1") + ")");
      }
      w[r] = readFloats(in, d, buf);
      for (int j = 0; j < d; j++) {
        if (!Float.isFinite(w[r][j])) {
          throw FormatException.atByte(source, at + ROW_HEADER + 4L * j, "row " + r + ", weight " + j + " is "
              + w[r][j] + " (expected a finite float)");
        }
      }
    }
    Model model = kind == KIND_LINEAR
        ? new LinearModel(w[0], b[0], labels)
        : multiclass ? new MulticlassModel(w, b, labels)
        : VotedModel.of(w, b, counts, labels, d);
    return new SavedModel(model, algorithm, biasFlag == 1, options);
  }

  private static String quoted(List<String> names) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < names.size(); i++) {
      sb.append(i > 0 ? ", " : "").append(FormatException.quote(names.get(i)));
    }
    return sb.append(']').toString();
  }

  private static float[] readFloats(DataInputStream in, int d, byte[] buf) throws IOException {
    float[] w = new float[d];
    int chunk = buf.length / 4;
    for (int j = 0; j < d; j += chunk) {
      int n = Math.min(chunk, d - j);
      in.readFully(buf, 0, 4 * n);
      ByteBuffer.wrap(buf, 0, 4 * n).asFloatBuffer().get(w, j, n);
    }
    return w;
  }

  private static String readUtf(DataInputStream in, CountingInput pos, String source) throws IOException {
    long at = pos.count();
    try {
      return in.readUTF();
    } catch (UTFDataFormatException e) {
      throw FormatException.atByte(source, at, "a string that is not valid modified UTF-8 (" + e.getMessage() + ")");
    }
  }

  /** Counts the bytes read through it, for error offsets. */
  private static final class CountingInput extends FilterInputStream {
    private long count;

    CountingInput(InputStream in) {
      super(in);
    }

    long count() {
      return count;
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      if (c >= 0) {
        count++;
      }
      return c;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = super.skip(n);
      count += s;
      return s;
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }
}
