package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.text.TextCorpus;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How to read data files: the format (from the extension unless given) and its options. */
final class DataArgs {
  enum DataFormat { libsvm, csv, idx, text }

  final DataFormat format;
  final String delimiter;
  final Boolean header;
  final String labelColumn;
  final boolean zeroBased;
  final Path labels;
  private final PrintWriter err;
  private final String command;
  /** The vectorizer of text data: the model's, or the one the first text file read was fitted with. */
  private TextVectorizer text;
  /** The vectorizer options of train and diff (null for the other commands). */
  private final TextArgs textArgs;
  /** The last text file read, with its documents' labels. */
  TextCorpus lastCorpus;

  /** The values {@code given} holds for the options {@link #addOptions} declared; warnings go to {@code err}. */
  DataArgs(Options given, PrintWriter err) {
    format = given.get("--format");
    delimiter = given.get("--delimiter");
    header = given.get("--header");
    labelColumn = given.get("--label-column");
    zeroBased = given.get("--zero-based");
    labels = given.get("--labels");
    this.err = err;
    this.command = given.command();
    textArgs = given.has("--ngrams") ? new TextArgs(given) : null;
  }

  /**
   * Reads every later file as text with the model's vectorizer {@code v} (null: the model takes
   * numbers); refuses a --format other than text.
   */
  void useModelText(TextVectorizer v) {
    if (v != null && format != null && format != DataFormat.text) {
      throw new UsageException("--format " + format + ": the model was trained on text and reads text only");
    }
    if (v == null && format == DataFormat.text) {
      throw new UsageException("--format text: the model was trained on numbers (libsvm, CSV or IDX), not on text");
    }
    text = v;
  }

  /** The fitted vectorizer of the text read so far (the model's, or the training file's); null for numbers. */
  TextVectorizer text() {
    return text;
  }

  /** The text options of train and diff (null when the command has none). */
  TextArgs textArgs() {
    return textArgs;
  }

  /** Declares the options of data files in {@code options} (modified). */
  static void addOptions(Options options) {
    options
        .choice("--format", "FORMAT", "a format", DataFormat.values(),
            "libsvm, csv, idx or text (default: from the extension: .csv/.tsv csv, .idx/.ubyte idx,"
                + " .txt/.text/.ft text; a file whose first line starts with __label__ text; else libsvm)")
        .option("--delimiter", Options.Type.TEXT, "C",
            "CSV field separator: one character, or 'tab' (default: ',', tab for .tsv)")
        .negatable("--header", null,
            "CSV: the first line is (--header) or is not (--no-header) a header (default: detected)")
        .option("--label-column", Options.Type.TEXT, "COL",
            "CSV label column: a 1-based position, 'last', or a header name (default: 1)")
        .flag("--zero-based", "libsvm: indices start at 0 instead of 1")
        .option("--labels", Options.Type.PATH, "FILE", "IDX: the labels file of --data (default: from its name,"
            + " *-images-idx3-ubyte[.gz] -> *-labels-idx1-ubyte[.gz])");
  }

  /** The line of the largest feature index of the last libsvm file read; 0 for other formats. */
  long largestIndexLine;

  /** The name of standard input as --data: {@code -}. */
  static final String STDIN = "-";

  /** The standard IDX names: {@code train-images-idx3-ubyte.gz}, {@code t10k-images.idx3-ubyte}, ... */
  private static final Pattern IDX_IMAGES = Pattern.compile("(|.*[-._])images([-._])idx3([-._])ubyte(\\.gz)?",
      Pattern.CASE_INSENSITIVE);

  DataFormat formatOf(Path file) {
    if (text != null) {
      return DataFormat.text;
    }
    DataFormat f = formatOf(format, file);
    if (f == DataFormat.libsvm && format == null && !isStdin(file) && startsWithLabel(file)) {
      return DataFormat.text;
    }
    return f;
  }

  /** Whether a regular file's first line (decompressed, after a byte-order mark) starts with {@code __label__}. */
  private static boolean startsWithLabel(Path file) {
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try (InputStream in = new io.github.simdperceptron.io.internal.GzipDetect(Files.newInputStream(file))) {
      byte[] head = in.readNBytes(12);
      String s = new String(head, java.nio.charset.StandardCharsets.UTF_8);
      return s.startsWith("__label__") || s.startsWith("\uFEFF__label__");
    } catch (IOException e) {
      return false;
    }
  }

  /** The format {@code --format} gave (null when absent), else the one {@code file}'s name implies. */
  static DataFormat formatOf(DataFormat format, Path file) {
    if (format != null) {
      return format;
    }
    if (isStdin(file)) {
      return DataFormat.libsvm;
    }
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv") || name.endsWith(".tsv")) {
      return DataFormat.csv;
    }
    if (name.endsWith(".idx") || name.endsWith("ubyte") || name.matches(".*idx[0-9]-ubyte.*")) {
      return DataFormat.idx;
    }
    if (name.matches(".*\\.(txt|text|ft)(\\.gz)?")) {
      return DataFormat.text;
    }
    return DataFormat.libsvm;
  }

  /** {@link #read(Path, Path, int, boolean)} of labelled data, with --labels for IDX. */
  Dataset read(Path file, int dimension) throws IOException {
    return read(file, labels, dimension, true);
  }

  /**
   * Reads a whole file. With {@code dimension > 0} (a model's, or the training set's) the data
   * must fit it: a libsvm feature beyond it is dropped (its weight would be 0), a CSV or IDX file
   * with another number of features is an error. For IDX, {@code file} holds the images and
   * {@code labelsFile} (or, when null, the file its name implies) the labels; without
   * {@code needLabels} (predict) a missing labels file is no error and every row gets class "0".
   * A pipe ({@link FileArgs#isPipe}) is read as a stream, once, as {@code -} (standard input) is.
   */
  Dataset read(Path file, Path labelsFile, int dimension, boolean needLabels) throws IOException {
    try {
      return readWhole(file, labelsFile, dimension, needLabels);
    } catch (OutOfMemoryError e) {
      throw new DataOutOfMemory(file, e);
    }
  }

  private Dataset readWhole(Path file, Path labelsFile, int dimension, boolean needLabels) throws IOException {
    DataFormat kind = formatOf(file);
    checkOptions(kind);
    largestIndexLine = 0;
    if (isStdin(file)) {
      if (kind == DataFormat.idx) {
        throw new UsageException("--data -: IDX data is read from files (images and labels), not from standard input");
      }
      return read(kind, System.in, STDIN_NAME, dimension);
    }
    if (!FileArgs.readable(file)) {
      throw new UsageException(file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
    }
    if (labelsFile != null && kind != DataFormat.idx) {
      throw new UsageException(labelsFile + ": a labels file applies to IDX data only, and " + file + " is read as "
          + kind + " (--format idx if it is IDX)");
    }
    if (kind == DataFormat.idx) {
      return idx(file, labelsFile, dimension, needLabels);
    }
    return read(kind, FileArgs.open(file), file.toString(), dimension);
  }

  /** Reads libsvm or CSV text (gzip-compressed or not) from a stream, and closes it. */
  private Dataset read(DataFormat kind, InputStream in, String source, int dimension) throws IOException {
    if (kind == DataFormat.text) {
      try (InputStream stream = in) {
        return readText(stream, source);
      }
    }
    if (kind == DataFormat.csv) {
      Dataset d = csv(Path.of(source)).read(in, source);
      if (dimension > 0 && d.dimension() != dimension) {
        throw new UsageException(source + ": " + d.dimension() + " feature columns (expected " + dimension
            + ", as the model or the training data has)");
      }
      if (header == null && (labelColumn == null || labelColumn.equals("last") || labelColumn.matches("[0-9]+"))) {
        warnNumberedHeader(source, d);
      }
      return d;
    }
    io.github.simdperceptron.io.DataFormat f = io.github.simdperceptron.io.DataFormat.libsvm().withZeroBased(zeroBased);
    try (io.github.simdperceptron.io.DataFormat.Reader r = (dimension > 0 ? f.withDimension(dimension, true) : f).open(in, source)) {
      Dataset d = r.readAll();
      largestIndexLine = r.largestIndexLine();
      if (r.droppedFeatures() > 0) {
        boolean one = r.droppedFeatures() == 1;
        warn(source + ": " + r.droppedFeatures() + (one ? " feature has an index" : " features have indices")
            + " beyond the model's " + dimension + " features (the first on line " + r.firstDroppedLine() + "); "
            + (one ? "it is" : "they are") + " ignored, as the model has no weight for them");
      }
      return d;
    }
  }

  /**
   * Reads labelled text with the fitted vectorizer, or (the first text file of train or diff) fits
   * one with the command's text options and keeps it for the files that follow.
   */
  private Dataset readText(InputStream in, String source) throws IOException {
    TextVectorizer v = text;
    if (v == null) {
      v = textArgs == null ? TextVectorizer.builder().build() : textArgs.vectorizer();
    }
    TextCorpus corpus = TextFile.read(v, in, source);
    if (text == null) {
      text = corpus.vectorizer();
      if (!text.hashing() && text.dictionarySize() == 0) {
        throw new UsageException(source + ": no feature is seen " + text.minCount() + " times or more (a lower"
            + " --min-count)");
      }
    }
    lastCorpus = corpus;
    return corpus.data();
  }

  /** The name standard input has in messages. */
  static final String STDIN_NAME = "(standard input)";

  static boolean isStdin(Path file) {
    return file != null && file.toString().equals(STDIN);
  }

  /** Refuses an option that the format of the file does not use (it would silently do nothing). */
  private void checkOptions(DataFormat kind) {
    if (kind != DataFormat.text && textArgs != null && textArgs.anyGiven() != null) {
      throw new UsageException(textArgs.anyGiven() + " applies to text data only, and this data is read as " + kind
          + " (--format text if it is text)");
    }
    if (kind != DataFormat.libsvm && zeroBased) {
      throw new UsageException("--zero-based applies to libsvm data only, and this data is read as " + kind);
    }
    if (kind != DataFormat.csv) {
      for (String[] o : new String[][] {{"--delimiter", delimiter}, {"--label-column", labelColumn},
          {"--header", header == null ? null : header.toString()}}) {
        if (o[1] != null) {
          throw new UsageException(o[0] + " applies to CSV data only, and this data is read as " + kind
              + " (--format csv if it is CSV)");
        }
      }
    }
  }

  /** Warns once when examples of {@code data} have classes outside {@code known}: they can only be errors. */
  void warnUnknownClasses(Path file, Dataset data, Labels known) {
    int[] perClass = new int[data.labels().size()];
    for (int i = 0; i < data.size(); i++) {
      perClass[data.classOf(i)]++;
    }
    List<String> unknown = new ArrayList<>();
    long examples = 0;
    for (int c = 0; c < perClass.length; c++) {
      if (known.indexOf(data.labels().name(c)) < 0) {
        unknown.add(data.labels().name(c));
        examples += perClass[c];
      }
    }
    if (!unknown.isEmpty()) {
      warn(file + ": " + examples + " example" + (examples == 1 ? " is" : "s are") + " of class" + (unknown.size() == 1
          ? " " : "es ") + String.join(", ", unknown) + ", which the model never saw (it knows " + known
          + "); every one counts as an error");
    }
  }

  /**
   * Warns when a CSV file without a header, as detected, starts with a row of consecutive integers
   * from 0 or 1 in column order: a header of column numbers, read as an example.
   */
  private void warnNumberedHeader(String source, Dataset d) {
    float[] x = d.denseRow(0);
    int columns = x.length + 1;
    int at = labelColumn == null ? 0 : labelColumn.equals("last") ? columns - 1 : Integer.parseInt(labelColumn) - 1;
    String label = d.labels().name(d.classOf(0));
    float[] row = new float[columns];
    for (int k = 0, j = 0; k < columns; k++) {
      row[k] = k == at ? (label.matches("-?[0-9]+") ? Float.parseFloat(label) : Float.NaN) : x[j++];
    }
    boolean numbered = row[0] == 0 || row[0] == 1;
    for (int k = 1; k < columns && numbered; k++) {
      numbered = row[k] == row[0] + k;
    }
    if (numbered && columns > 2) {
      warn(source + ": line 1 holds the column numbers " + (int) row[0] + " to " + (int) row[columns - 1]
          + " and was read as an example; give --header if it is a header");
    }
  }

  /** Prints one warning line on stderr: "perceptron train: warning: ...". */
  void warn(String message) {
    Warnings.print(err, command, message);
  }

  /** Prints one note line on stderr: "perceptron train: note: ...". */
  void note(String message) {
    Warnings.note(err, command, message);
  }

  /**
   * The labels file that goes with an IDX images file by the standard naming, e.g.
   * {@code train-images-idx3-ubyte.gz -> train-labels-idx1-ubyte.gz}: the one with the same
   * compression suffix when it exists, else the other one when that exists, else the first; null
   * when the name does not follow the pattern.
   */
  static Path impliedLabels(Path images) {
    Matcher m = IDX_IMAGES.matcher(images.getFileName().toString());
    if (!m.matches()) {
      return null;
    }
    String stem = m.group(1) + "labels" + m.group(2) + "idx1" + m.group(3) + "ubyte";
    Path same = images.resolveSibling(stem + (m.group(4) == null ? "" : m.group(4)));
    Path other = images.resolveSibling(stem + (m.group(4) == null ? ".gz" : ""));
    return Files.exists(same) || !Files.exists(other) ? same : other;
  }

  private static Dataset idx(Path images, Path labelsFile, int dimension, boolean needLabels) throws IOException {
    Path labelPath = labelsFile;
    if (labelPath == null) {
      labelPath = impliedLabels(images);
      if (labelPath == null && needLabels) {
        throw new UsageException(images + ": IDX images need a labels file: give it with --labels FILE (or name the"
            + " pair *-images-idx3-ubyte[.gz] and *-labels-idx1-ubyte[.gz])");
      }
      if (labelPath != null && !Files.exists(labelPath)) {
        if (needLabels) {
          throw new UsageException(images + ": its labels file " + labelPath + " (implied by the name) does not"
              + " exist; give it with --labels FILE");
        }
        labelPath = null;
      }
    } else if (!FileArgs.readable(labelPath)) {
      throw new UsageException(labelPath + ": " + (Files.exists(labelPath) ? "not a regular file" : "no such file"));
    }
    try {
      IdxReader.Images im = IdxReader.readImages(FileArgs.open(images), images.toString());
      int d = im.rows() * im.columns();
      if (im.count() == 0 || d == 0) {
        throw new UsageException(images + ": " + im.count() + " images of " + im.rows() + " x " + im.columns()
            + " pixels: no " + (d == 0 ? "features" : "examples"));
      }
      if (dimension > 0 && d != dimension) {
        throw new UsageException(images + ": images of " + im.rows() + " x " + im.columns() + " = " + d
            + " pixels (expected " + dimension + " features, as the model or the training data has)");
      }
      int[] y = labelPath == null ? new int[im.count()] : IdxReader.readLabels(FileArgs.open(labelPath),
          labelPath.toString());
      if (y.length != im.count()) {
        throw new UsageException(labelPath + ": " + y.length + " labels, but " + images + " holds " + im.count()
            + " images (expected one label per image)");
      }
      // As IdxReader.readDataset: row-major pixels scaled to p / 255f, the class the label's number.
      Dataset.Builder b = Dataset.builder(d);
      float[] row = new float[d];
      for (int i = 0; i < im.count(); i++) {
        for (int r = 0, j = 0; r < im.rows(); r++) {
          for (int c = 0; c < im.columns(); c++) {
            row[j++] = im.pixel(i, r, c) / 255f;
          }
        }
        b.add(row, y[i]);
      }
      return b.build();
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      // IdxReader's format errors (bad magic number, truncated, bad gzip) name the file: bad input.
      throw new UsageException(e.getMessage());
    }
  }

  io.github.simdperceptron.io.DataFormat csv(Path file) {
    io.github.simdperceptron.io.DataFormat f = io.github.simdperceptron.io.DataFormat.csv();
    if (delimiter != null) {
      String dl = delimiter.equals("tab") || delimiter.equals("\\t") ? "\t" : delimiter;
      if (dl.length() != 1) {
        throw new UsageException("--delimiter " + delimiter + ": expected one character or 'tab'");
      }
      try {
        f = f.withDelimiter(dl.charAt(0));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--delimiter: " + e.getMessage());
      }
    } else if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".tsv")) {
      f = f.withDelimiter('\t');
    }
    if (header != null) {
      f = f.withHeader(header ? io.github.simdperceptron.io.DataFormat.Header.PRESENT
          : io.github.simdperceptron.io.DataFormat.Header.ABSENT);
    }
    if (labelColumn != null) {
      if (labelColumn.equals("last")) {
        f = f.withLabelColumn(-1);
      } else if (labelColumn.matches("[0-9]+")) {
        int col = Integer.parseInt(labelColumn);
        if (col < 1) {
          throw new UsageException("--label-column " + labelColumn + ": positions start at 1");
        }
        f = f.withLabelColumn(col - 1);
      } else {
        f = f.withLabelName(labelColumn);
      }
    }
    return f;
  }
}
