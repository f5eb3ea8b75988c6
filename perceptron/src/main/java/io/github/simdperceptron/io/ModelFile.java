package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingState;
import io.github.simdperceptron.learn.kernel.KernelTrainingState;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.calibration.CalibratedModel;
import io.github.simdperceptron.learn.calibration.Calibration;
import io.github.simdperceptron.text.TextVectorizer;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A model file: what it holds, and how it is read and written. It holds the model
 * ({@code LinearModel}, {@code VotedModel} or {@code MulticlassModel}), the algorithm that trained
 * it, whether it has a bias, and the training options as text ({@code "maxEpochs" -> "10"}, in
 * insertion order). For a multi-class model the algorithm names the learner as
 * {@code TrainingReport.algorithm()} does: {@code OVR(PERCEPTRON)}, {@code MULTICLASS(AVERAGED)}, ...
 * ({@link #isMulticlassLearner(String)}). The bytes are a versioned binary format with a header
 * (magic, version, length, model kind, algorithm, dimension, classes, bias, options), the weight
 * rows (a voted model: its mistakes, {@link VotedFile}) and a CRC32; docs/model-format.md gives
 * the layout byte by byte. Files of version 1 read too. Each file is written in the lowest version
 * that holds its kind: linear and multi-class models in version 1 (their layout is the same in both
 * versions, so a reader of version 1 takes them), voted and kernel models in version 2, models with
 * a text vectorizer in version 3, and models with a {@link Calibration} (any kind) in version 4.
 *
 * <p>Writing is atomic ({@link AtomicFile}): the bytes go to a temporary file in the target's
 * directory, which is forced to disk and then renamed over the target, so a crash leaves either
 * the old file or the new one, never a mix; a symbolic link is followed, the permissions of a
 * replaced file are kept, and a target that is not a regular file is refused. Reading checks the magic, the version, the length and the checksum before
 * it trusts a single field, so a truncated, corrupted, wrong-version or non-model file is a
 * {@link FormatException}, never a wrong model ({@link ModelFileReader} reads; this class writes).
 */
public record ModelFile(Model model, String algorithm, boolean bias, Map<String, String> options,
    TextVectorizer text, Calibration calibration, TrainingState state, KernelTrainingState kernelState) {
  /**
   * The newest format version this class writes (models with a calibration; with a text
   * vectorizer version 3, voted and kernel models version 2, linear and multi-class models version
   * 1); it reads this one and every earlier one.
   */
  public static final int VERSION = 4;
  /** The version of files with a text vectorizer and neither a calibration nor a training state. */
  static final int VERSION_TEXT = 3;
  /** Version 4's section flags: a text section follows. */
  static final int SECTION_TEXT = 1;
  /** Version 4's section flags: a calibration section follows. */
  static final int SECTION_CALIBRATION = 2;
  /** Version 4's section flags: a training state section follows. */
  static final int SECTION_STATE = 4;
  /** The version of voted and kernel model files without a text vectorizer. */
  static final int VERSION_VOTED = 2;
  /** The version of linear and multi-class model files, whose layout version 2 kept. */
  static final int VERSION_LINEAR = 1;

  static final byte[] MAGIC = {(byte) 0x89, 'P', 'E', 'R', 'C', '\r', '\n', 0x1A};
  /** magic, version (u16), total length (i64). */
  static final int PREAMBLE = FramedFile.PREAMBLE;

  static final int KIND_LINEAR = 1;
  static final int KIND_VOTED = 2;
  /** The multi-class model: K rows, one per class (see docs/model-format.md). */
  static final int KIND_MULTICLASS = 3;
  /** A kernel model (version 2 on): its section is {@link KernelModelFile}'s. */
  static final int KIND_KERNEL = 4;

  /**
   * The learners of a multi-class model file, as its algorithm string names them: OVR(a) for every
   * algorithm one-vs-rest runs, MULTICLASS(a) for every one the multi-class perceptron has.
   */
  private static final java.util.Set<String> MULTICLASS_LEARNER = multiclassLearners();
  static final String MULTICLASS_LEARNERS = "OVR(" + names(Algorithm::oneVsRest) + ") or MULTICLASS("
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

  static final int ROW_HEADER = 4 + 8;

  /** A model file without a text vectorizer, a calibration or a training state. */
  public ModelFile(Model model, String algorithm, boolean bias, Map<String, String> options) {
    this(model, algorithm, bias, options, null, null, null, null);
  }

  /** A model file without a calibration or a training state. */
  public ModelFile(Model model, String algorithm, boolean bias, Map<String, String> options, TextVectorizer text) {
    this(model, algorithm, bias, options, text, null, null, null);
  }

  /** A model file without a kernel perceptron's training state. */
  public ModelFile(Model model, String algorithm, boolean bias, Map<String, String> options, TextVectorizer text,
      Calibration calibration, TrainingState state) {
    this(model, algorithm, bias, options, text, calibration, state, null);
  }

  /** This file with the text vectorizer {@code text} (fitted; null for none), so that readers of it take raw text. */
  public ModelFile withText(TextVectorizer text) {
    return new ModelFile(model, algorithm, bias, options, text, calibration, state, kernelState);
  }

  /**
   * This file with {@code calibration} (null for none), which must fit the model
   * ({@link CalibratedModel#check}); a file with one is written in version 4.
   */
  public ModelFile withCalibration(Calibration calibration) {
    return new ModelFile(model, algorithm, bias, options, text, calibration, state, kernelState);
  }

  /** The model with its calibration; throws {@link IllegalStateException} when the file has none. */
  public CalibratedModel calibrated() {
    if (calibration == null) {
      throw new IllegalStateException("the model has no calibration");
    }
    return new CalibratedModel(model, calibration);
  }

  /**
   * The file of a training that can be continued: its model, learner and options, and the state
   * itself (written in an optional section, docs/model-format.md), so that
   * {@link TrainingState#train} after reading it goes on as the training would have.
   */
  public static ModelFile of(TrainingState state) {
    Objects.requireNonNull(state, "state");
    if (state.model() == null) {
      throw new IllegalArgumentException("state: no training has run yet");
    }
    ModelFile f = of(state.model(), state.learner(), state.options());
    return new ModelFile(f.model, f.algorithm, f.bias, f.options, null, null, state, null);
  }

  /**
   * The file of a kernel perceptron's training that can be continued: its model, learner and
   * options, and the state itself (the optional section, docs/online.md), so that
   * {@link KernelTrainingState#train} after reading it goes on as the training would have.
   */
  public static ModelFile of(KernelTrainingState state) {
    Objects.requireNonNull(state, "state");
    if (state.model() == null) {
      throw new IllegalArgumentException("state: no training has run yet");
    }
    ModelFile f = of(state.model(), state.learner(), state.options());
    return new ModelFile(f.model, f.algorithm, f.bias, f.options, null, null, null, state);
  }

  /** This file without its training state (the bytes of a file written without one). */
  public ModelFile withoutState() {
    return new ModelFile(model, algorithm, bias, options, text, calibration, null, null);
  }

  /**
   * The training options this file records (each one missing, or from an older writer, at its
   * default). Throws {@link IllegalArgumentException} naming the option whose value does not parse.
   */
  public TrainingOptions trainingOptions() {
    TrainingOptions.Builder b = TrainingOptions.builder();
    double[] validation = {0, 5};
    try {
      for (Map.Entry<String, String> e : options.entrySet()) {
        String v = e.getValue();
        switch (e.getKey()) {
          case "maxEpochs" -> b.maxEpochs(Integer.parseInt(v));
          case "seed" -> b.seed(Long.parseLong(v));
          case "shuffle" -> b.shuffle(Boolean.parseBoolean(v));
          case "bias" -> b.bias(Boolean.parseBoolean(v));
          case "tau" -> b.tau(Float.parseFloat(v));
          case "validationFraction" -> validation[0] = Double.parseDouble(v);
          case "patience" -> validation[1] = Integer.parseInt(v);
          case "voteCap" -> b.voteCap(Integer.parseInt(v));
          default -> { }
        }
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("options: " + e.getMessage(), e);
    }
    if (validation[0] > 0) {
      b.earlyStopping(validation[0], (int) validation[1]);
    }
    return b.build();
  }

  /**
   * Checks the parts and keeps an unmodifiable copy of the options, in their order. A text
   * vectorizer (null for none) must be fitted, of the model's dimension, and not with a kernel model;
   * a calibration (null for none) must fit the model.
   */
  public ModelFile {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(options, "options");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    if (state != null && state.model() != model) {
      throw new IllegalArgumentException("state: the training state is of another model");
    }
    if (kernelState != null && kernelState.model() != model) {
      throw new IllegalArgumentException("kernelState: the training state is of another model");
    }
    if (state != null && kernelState != null) {
      throw new IllegalArgumentException("state, kernelState: a file holds one training state");
    }
    if (text != null) {
      if (!text.fitted()) {
        throw new IllegalArgumentException("text: the vectorizer must be fitted");
      }
      if (model instanceof KernelModel) {
        throw new IllegalArgumentException("text: a kernel model is saved without a text vectorizer");
      }
      if (text.dimension() != model.dimension()) {
        throw new IllegalArgumentException("text: the vectorizer has " + text.dimension() + " features, the model "
            + model.dimension());
      }
    }
    if (calibration != null) {
      CalibratedModel.check(model, calibration);
    }
  }

  /** A model with the options it was trained with. */
  public static ModelFile of(Model model, String algorithm, TrainingOptions o) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("maxEpochs", Integer.toString(o.maxEpochs()));
    m.put("seed", Long.toString(o.seed()));
    m.put("shuffle", Boolean.toString(o.shuffle()));
    m.put("bias", Boolean.toString(o.bias()));
    m.put("tau", Float.toString(o.tau()));
    m.put("validationFraction", Double.toString(o.validationFraction()));
    m.put("patience", Integer.toString(o.patience()));
    m.put("voteCap", Integer.toString(o.voteCap()));
    return new ModelFile(model, algorithm, o.bias(), m);
  }

  /**
   * Writes a fit's model with its learner's name and options, as they came out of the learner:
   * {@code write(path, ModelFile.of(fit.model(), fit.report().algorithm(), fit.options()))}.
   */
  public static void write(Path path, FitResult<?> fit) throws IOException {
    Objects.requireNonNull(fit, "fit");
    write(path, ModelFile.of(fit.model(), fit.report().algorithm(), fit.options()));
  }

  /** Writes the model to {@code path} atomically, replacing any file there. */
  public static void write(Path path, ModelFile saved) throws IOException {
    write(path, saved, UnaryOperator.identity());
  }

  /** {@link #write(Path, ModelFile)} with the file's stream passed through {@code tap} (tests inject failures). */
  static void write(Path path, ModelFile saved, UnaryOperator<OutputStream> tap) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(saved, "saved");
    if (saved.model() instanceof KernelModel) {
      writeKernel(path, saved, tap);
      return;
    }
    if (saved.state() != null && saved.state().model() != saved.model()) {
      throw new IllegalStateException("saved: its training state was trained further after the file was made;"
          + " make the file again (ModelFile.of(state))");
    }
    Body body = body(saved.model());
    if (body.kind == KIND_MULTICLASS && !isMulticlassLearner(saved.algorithm())) {
      throw new IllegalArgumentException("a multi-class model's algorithm must name its learner, "
          + MULTICLASS_LEARNERS + ", got '" + saved.algorithm() + "'");
    }
    byte[] header = header(saved, body.kind, body.voted != null ? -1 : body.rows.length);
    long length = PREAMBLE + (long) header.length + 4 + (body.voted != null ? VotedFile.bytes(body.voted)
        : (long) body.rows.length * (ROW_HEADER + 4L * body.dimension));
    int version = saved.calibration() != null || saved.state() != null ? VERSION : saved.text() != null ? VERSION_TEXT
        : body.voted != null ? VERSION_VOTED : VERSION_LINEAR;
    write(path, tap, version, length, header, out -> {
      ByteBuffer bb = ByteBuffer.allocate(4 * Math.min(body.dimension, 1 << 14));
      if (body.voted != null) {
        VotedFile.write(out, body.voted, bb);
      }
      for (int r = 0; r < body.rows.length; r++) {
        out.writeFloat(body.biases[r]);
        out.writeLong(body.counts[r]);
        writeFloats(out, body.rows[r], bb);
      }
    });
  }

  /** What follows the header in a file. */
  @FunctionalInterface
  private interface Rest {
    void write(DataOutputStream out) throws IOException;
  }

  /** Writes magic, version, length, header and rest, then the CRC32 of them all, atomically. */
  private static void write(Path path, UnaryOperator<OutputStream> tap, int version, long length, byte[] header,
      Rest rest) throws IOException {
    FramedFile.write(path, MAGIC, version, length - PREAMBLE - 4, tap, out -> {
      out.write(header);
      rest.write(out);
    });
  }

  /** A kernel model: the common header, then the kernel section, then the CRC32. */
  private static void writeKernel(Path path, ModelFile saved, UnaryOperator<OutputStream> tap) throws IOException {
    KernelModel model = (KernelModel) saved.model();
    byte[] header = header(saved, KIND_KERNEL, model.size());
    // Streamed into the file (its length computed first): no copy of the support vectors in memory.
    KernelModelFile.Section section = KernelModelFile.section(model);
    long length = PREAMBLE + (long) header.length + section.length() + 4;
    if (saved.kernelState() != null && saved.kernelState().model() != model) {
      throw new IllegalStateException("saved: its training state was trained further after the file was made;"
          + " make the file again (ModelFile.of(state))");
    }
    write(path, tap, saved.calibration() != null || saved.kernelState() != null ? VERSION : VERSION_VOTED, length,
        header, section::writeTo);
  }

  static void writeFloats(DataOutputStream out, float[] w, ByteBuffer bb) throws IOException {
    int chunk = bb.capacity() / 4;
    for (int j = 0; j < w.length; j += chunk) {
      int n = Math.min(chunk, w.length - j);
      bb.clear();
      bb.asFloatBuffer().put(w, j, n);
      out.write(bb.array(), 0, 4 * n);
    }
  }

  /** The weight rows of a model, whatever its kind, or the parts of a voted model (then no rows). */
  private static final class Body {
    final int kind;
    final int dimension;
    final float[][] rows;
    final float[] biases;
    final long[] counts;
    final VotedAccess.Parts voted;

    Body(int kind, int dimension, float[][] rows, float[] biases, long[] counts) {
      this(kind, dimension, rows, biases, counts, null);
    }

    Body(int kind, int dimension, float[][] rows, float[] biases, long[] counts, VotedAccess.Parts voted) {
      this.kind = kind;
      this.dimension = dimension;
      this.rows = rows;
      this.biases = biases;
      this.counts = counts;
      this.voted = voted;
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
      return new Body(KIND_VOTED, m.dimension(), new float[0][], new float[0], new long[0], VotedAccess.parts(m));
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

  /** The common header; {@code rows} is written after the options unless negative (a voted body counts its own). */
  private static byte[] header(ModelFile saved, int kind, int rows) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    try {
      out.writeByte(kind);
      out.writeUTF(saved.algorithm());
      out.writeInt(saved.model().dimension());
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
      boolean withState = saved.state() != null || saved.kernelState() != null;
      if (saved.calibration() != null || withState) {
        out.writeByte((saved.text() != null ? SECTION_TEXT : 0) | (saved.calibration() != null ? SECTION_CALIBRATION : 0)
            | (withState ? SECTION_STATE : 0));
      }
      if (saved.text() != null) {
        out.writeInt((int) saved.text().sectionBytes());
        saved.text().writeTo(out);
      }
      if (saved.calibration() != null) {
        writeCalibration(out, saved.calibration());
      }
      if (saved.state() != null) {
        long n = saved.state().bytes();
        if (n > Integer.MAX_VALUE - 64) {
          throw new IllegalArgumentException("state: a training state of " + n + " bytes is larger than a file holds");
        }
        out.writeInt((int) n);
        saved.state().writeTo(out);
      }
      if (saved.kernelState() != null) {
        long n = saved.kernelState().bytes();
        if (n > Integer.MAX_VALUE - 64) {
          throw new IllegalArgumentException("kernelState: a training state of " + n + " bytes is larger than a file"
              + " holds");
        }
        out.writeInt((int) n);
        saved.kernelState().writeTo(out);
      }
      if (rows >= 0) {
        out.writeInt(rows);
      }
    } catch (UTFDataFormatException e) {
      throw new IllegalArgumentException("a class name, the algorithm or an option is longer than 65535 bytes", e);
    }
    return bytes.toByteArray();
  }

  /** The calibration section: its length, then method u8, classes i32, count i32 and the parameters f64. */
  private static void writeCalibration(DataOutputStream out, Calibration c) throws IOException {
    double[] p = c.parameters();
    out.writeInt(1 + 4 + 4 + 8 * p.length);
    out.writeByte(c.method().code());
    out.writeInt(c.classes());
    out.writeInt(p.length);
    for (double v : p) {
      out.writeDouble(v);
    }
  }

  /** Reads a model file. */
  public static ModelFile read(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    if (Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is a directory, not a model file");
    }
    long size = Files.size(path);
    return read(() -> Files.newInputStream(path), size, path.toString());
  }

  /** Reads a model from bytes; {@code source} names them in messages. */
  public static ModelFile read(byte[] bytes, String source) throws IOException {
    Objects.requireNonNull(bytes, "bytes");
    return read(() -> new ByteArrayInputStream(bytes), bytes.length, source);
  }

  /** Reads the framed bytes of {@code opener} ({@code size} of them); {@code source} names them in messages. */
  static ModelFile read(Opener opener, long size, String source) throws IOException {
    return ModelFileReader.read(opener, size, source);
  }

  /** Opens the same bytes again: reading makes two passes (checksum, then parse). */
  @FunctionalInterface
  interface Opener {
    InputStream open() throws IOException;
  }

  /** Heap a voted model takes per feature of its dimension, about (the transpose's pointers, scratch). */
  static final long VOTED_BYTES_PER_FEATURE = 32;

  /**
   * Refuses a model whose dimension would take more than half the heap the JVM can still give,
   * where the file's own bytes do not bound it (voted mistakes, sparse support vectors): a damaged
   * or hostile file then fails with a message instead of running out of memory.
   */
  static void checkHeap(long bytes, String source, long at, String what) throws FormatException {
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (bytes > free / 2) {
      throw FormatException.atByte(source, at, what + " needs about " + (bytes >> 20) + " MB of heap, more than half"
          + " of the " + (free >> 20) + " MB the JVM can still give (a damaged file, or a larger -Xmx)");
    }
  }

  static float[] readFloats(DataInputStream in, int d, byte[] buf) throws IOException {
    float[] w = new float[d];
    int chunk = buf.length / 4;
    for (int j = 0; j < d; j += chunk) {
      int n = Math.min(chunk, d - j);
      in.readFully(buf, 0, 4 * n);
      ByteBuffer.wrap(buf, 0, 4 * n).asFloatBuffer().get(w, j, n);
    }
    return w;
  }

  /** A modified-UTF-8 string; a malformed one is a {@link FormatException} at its offset. */
  static String readUtf(DataInputStream in, CountingInput pos, String source) throws IOException {
    long at = pos.count();
    try {
      return in.readUTF();
    } catch (UTFDataFormatException e) {
      throw FormatException.atByte(source, at, "a string that is not valid modified UTF-8 (" + e.getMessage() + ")");
    }
  }
}
