package io.github.simdperceptron.io;

import static io.github.simdperceptron.io.ModelFile.KIND_KERNEL;
import static io.github.simdperceptron.io.ModelFile.KIND_LINEAR;
import static io.github.simdperceptron.io.ModelFile.KIND_MULTICLASS;
import static io.github.simdperceptron.io.ModelFile.KIND_VOTED;
import static io.github.simdperceptron.io.ModelFile.MAGIC;
import static io.github.simdperceptron.io.ModelFile.MULTICLASS_LEARNERS;
import static io.github.simdperceptron.io.ModelFile.PREAMBLE;
import static io.github.simdperceptron.io.ModelFile.ROW_HEADER;
import static io.github.simdperceptron.io.ModelFile.SECTION_CALIBRATION;
import static io.github.simdperceptron.io.ModelFile.SECTION_STATE;
import static io.github.simdperceptron.io.ModelFile.SECTION_TEXT;
import static io.github.simdperceptron.io.ModelFile.VERSION;
import static io.github.simdperceptron.io.ModelFile.VOTED_BYTES_PER_FEATURE;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingState;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.calibration.Calibration;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.kernel.KernelTrainingState;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reading of {@link ModelFile}: the frame checked (magic, version, length, checksum) before a
 * single field is trusted, then the common header, the optional sections and the model's body,
 * every field checked where it is read, an error naming the file and the byte.
 */
final class ModelFileReader {
  private ModelFileReader() {}

  /** Where a parse reads: the stream, its byte count (for offsets), where the checksum starts, and the name of the bytes in messages. */
  record Input(DataInputStream in, CountingInput pos, long end, String source) {}

  /**
   * The common header as read: the file's version, the model's kind, the algorithm, the dimension
   * (read at byte {@code dimensionAt}), the classes, the bias flag and the options.
   */
  record Header(int version, int kind, String algorithm, int d, long dimensionAt, Labels labels, boolean bias,
      Map<String, String> options) {}

  /** {@link ModelFile#read(Path)} and {@link ModelFile#read(byte[], String)}: checks the frame, then parses. */
  static ModelFile read(ModelFile.Opener opener, long size, String source) throws IOException {
    int version = FramedFile.verify(opener::open, size, source, MAGIC, 1, VERSION, "a model file");
    try (CountingInput in = new CountingInput(new BufferedInputStream(opener.open(), 1 << 16))) {
      in.skipNBytes(PREAMBLE);
      return parse(new Input(new DataInputStream(in), in, size - 4, source), version);
    } catch (EOFException e) {
      throw FormatException.atByte(source, size, "truncated: the header describes more data than the file holds");
    }
  }

  private static ModelFile parse(Input input, int version) throws IOException {
    DataInputStream in = input.in();
    CountingInput pos = input.pos();
    long end = input.end();
    String source = input.source();
    long at = pos.count();
    int kind = in.readUnsignedByte();
    if (kind != KIND_LINEAR && kind != KIND_VOTED && kind != KIND_MULTICLASS && (kind != KIND_KERNEL || version < 2)) {
      throw FormatException.atByte(source, at, "model kind " + kind + " (expected " + KIND_LINEAR + " linear, "
          + KIND_VOTED + " voted, " + KIND_MULTICLASS + " multi-class" + (version < 2 ? "" : " or " + KIND_KERNEL
          + " kernel") + ")");
    }
    boolean kernel = kind == KIND_KERNEL;
    boolean multiclass = kind == KIND_MULTICLASS || kind == KIND_KERNEL;
    at = pos.count();
    String algorithm = ModelFile.readUtf(in, pos, source);
    if (multiclass && !kernel && !ModelFile.isMulticlassLearner(algorithm)) {
      throw FormatException.atByte(source, at, "learner " + FormatException.quote(algorithm) + " (expected "
          + MULTICLASS_LEARNERS + " for a multi-class model)");
    }
    at = pos.count();
    long dimensionAt = at;
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
      names.add(ModelFile.readUtf(in, pos, source));
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
      options.put(ModelFile.readUtf(in, pos, source), ModelFile.readUtf(in, pos, source));
    }
    int sections = version >= 4 ? in.readUnsignedByte() : version == 3 ? SECTION_TEXT : 0;
    if (version >= 4 && (sections & ~(SECTION_TEXT | SECTION_CALIBRATION | SECTION_STATE)) != 0) {
      throw FormatException.atByte(source, pos.count() - 1, "section flags " + sections + " (expected 1 text, 2"
          + " calibration, 4 training state, or their sum)");
    }
    TextVectorizer text = (sections & SECTION_TEXT) != 0 ? readText(input, d) : null;
    long calibrationAt = pos.count();
    Calibration calibration = (sections & SECTION_CALIBRATION) != 0 ? readCalibration(input, k) : null;
    long stateAt = pos.count();
    byte[] state = (sections & SECTION_STATE) != 0 ? readState(input) : null;
    Header header = new Header(version, kind, algorithm, d, dimensionAt, labels, biasFlag == 1, options);
    ModelFile saved = body(input, header, text, state, stateAt);
    if (calibration == null) {
      return saved;
    }
    try {
      return saved.withCalibration(calibration);
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, calibrationAt, e.getMessage());
    }
  }

  /**
   * The rest of {@link #parse}: the model's body after the header h, with its text vectorizer (null
   * for none) and its training state ({@code state}, at byte {@code stateAt}; null for none).
   */
  private static ModelFile body(Input input, Header h, TextVectorizer text, byte[] state, long stateAt)
      throws IOException {
    DataInputStream in = input.in();
    CountingInput pos = input.pos();
    long end = input.end();
    String source = input.source();
    int version = h.version();
    int kind = h.kind();
    String algorithm = h.algorithm();
    int d = h.d();
    Labels labels = h.labels();
    boolean bias = h.bias();
    Map<String, String> options = h.options();
    boolean kernel = kind == KIND_KERNEL;
    boolean multiclass = kind == KIND_MULTICLASS || kind == KIND_KERNEL;
    int k = labels.size();
    long at = pos.count();
    if (text != null && kernel) {
      throw FormatException.atByte(source, at, "a text section in a kernel model (expected none)");
    }
    if (kind == KIND_VOTED && version >= 2) {
      // The stored mistakes do not bound d: scoring keeps the transpose of sparse stored rows and
      // per-thread scratch over all d features. The model makes them on its first score, so the
      // read itself costs what the bytes hold; a d that scoring could never hold is refused here.
      ModelFile.checkHeap(VOTED_BYTES_PER_FEATURE * d, source, h.dimensionAt(), "a voted model of dimension " + d);
      return withState(new ModelFile(VotedFile.read(in, pos::count, end, source, d, labels), algorithm,
          bias, options, text), state, stateAt, source);
    }
    at = pos.count();
    int rows = in.readInt();
    if (kernel) {
      return withState(KernelModelFile.parse(input, h), state, stateAt, source);
    }
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
      w[r] = ModelFile.readFloats(in, d, buf);
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
    return withState(new ModelFile(model, algorithm, bias, options, text), state, stateAt, source);
  }

  /** file with the training state parsed from {@code state} (null: file as it is), which began at byte at. */
  private static ModelFile withState(ModelFile file, byte[] state, long at, String source) throws IOException {
    if (state == null) {
      return file;
    }
    try {
      DataInputStream s = new DataInputStream(new ByteArrayInputStream(state));
      if (file.model() instanceof KernelModel) {
        KernelTrainingState restored = KernelTrainingState.readFrom(s, state.length, (KernelModel) file.model(),
            file.algorithm(), file.trainingOptions());
        return new ModelFile(file.model(), file.algorithm(), file.bias(), file.options(), file.text(),
            file.calibration(), null, restored);
      }
      TrainingState restored = TrainingState.readFrom(s, file.model(), file.algorithm(), file.trainingOptions());
      if (s.available() != 0) {
        throw new IllegalArgumentException(s.available() + " bytes left over in the training state");
      }
      return new ModelFile(file.model(), file.algorithm(), file.bias(), file.options(), file.text(), file.calibration(),
          restored);
    } catch (IllegalArgumentException | EOFException e) {
      throw FormatException.atByte(source, at, "training state: " + e.getMessage());
    }
  }

  /** The text section of a version-3 file: its length, then {@link TextVectorizer#writeTo}'s bytes; checked. */
  private static TextVectorizer readText(Input input, int d) throws IOException {
    DataInputStream in = input.in();
    CountingInput pos = input.pos();
    String source = input.source();
    long at = pos.count();
    int length = sectionLength(input, "a text section", 0);
    long from = pos.count();
    TextVectorizer text;
    try {
      text = TextVectorizer.readFrom(in, length);
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, at, "text section: " + e.getMessage());
    }
    if (pos.count() - from != length || text.dimension() != d) {
      throw FormatException.atByte(source, at, "a text section of " + (pos.count() - from) + " bytes and "
          + text.dimension() + " features (expected " + length + " bytes and the model's " + d + " features)");
    }
    return text;
  }

  /** The training state section's bytes (its length, i32, then as many bytes), parsed once the model is read. */
  private static byte[] readState(Input input) throws IOException {
    byte[] bytes = new byte[sectionLength(input, "a training state", 0)];
    input.in().readFully(bytes);
    return bytes;
  }

  /**
   * A section's length (i32) at the input's position: at least {@code min} and no more than the
   * bytes left, else a format error at the length's byte naming {@code what}.
   */
  private static int sectionLength(Input input, String what, int min) throws IOException {
    long at = input.pos().count();
    int length = input.in().readInt();
    if (length < min || length > input.end() - input.pos().count()) {
      throw FormatException.atByte(input.source(), at, what + " of " + length + " bytes (expected "
          + (min == 0 ? "a length that fits" : min + " or more that fit") + " in the file)");
    }
    return length;
  }

  /** The calibration section of a version-4 file (as {@code ModelFile} writes it); checked. */
  private static Calibration readCalibration(Input input, int k) throws IOException {
    DataInputStream in = input.in();
    CountingInput pos = input.pos();
    String source = input.source();
    long at = pos.count();
    int length = sectionLength(input, "a calibration section", 9);
    int code = in.readUnsignedByte();
    Calibration.Method method = Calibration.Method.ofCode(code);
    int classes = in.readInt();
    int count = in.readInt();
    if (method == null || classes != k || count < 0 || 9L + 8L * count != length) {
      throw FormatException.atByte(source, at, "calibration: method " + code + ", " + classes + " classes, " + count
          + " parameters in " + length + " bytes (expected method 1 to 4, the model's " + k
          + " classes and 8 bytes per parameter)");
    }
    double[] p = new double[count];
    for (int i = 0; i < count; i++) {
      p[i] = in.readDouble();
    }
    try {
      return Calibration.of(method, classes, p);
    } catch (IllegalArgumentException e) {
      throw FormatException.atByte(source, at, "calibration: " + e.getMessage());
    }
  }

  private static String quoted(List<String> names) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < names.size(); i++) {
      sb.append(i > 0 ? ", " : "").append(FormatException.quote(names.get(i)));
    }
    return sb.append(']').toString();
  }
}
