package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.learn.Learner;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How to read a data file: libsvm / svmlight text ({@link #libsvm()}), dense CSV ({@link #csv()}),
 * or IDX image and label files ({@link #readIdx}); docs/formats.md lists every rule. Immutable;
 * each {@code withX} returns a copy, and refuses an option of the other format with an
 * {@link IllegalStateException}. Text files may be gzip-compressed, whatever their name.
 *
 * <pre>{@code
 * Dataset train = DataFormat.libsvm().read(Path.of("train.svm"));
 * Dataset test = DataFormat.libsvm().withDimension(train.dimension(), true).read(Path.of("test.svm"));
 * Dataset table = DataFormat.csv().withDelimiter(';').withLabelName("class").read(Path.of("data.csv"));
 * }</pre>
 *
 * <p>Bad input is an {@link IOException} whose message names the file, the line and column (or
 * the byte), the token, and what was expected.
 */
public final class DataFormat {
  private final LibsvmFormat libsvm;
  private final CsvFormat csv;

  private DataFormat(LibsvmFormat libsvm, CsvFormat csv) {
    this.libsvm = libsvm;
    this.csv = csv;
  }

  /** libsvm text ({@code label index:value ...}): 1-based indices, the dimension taken from the largest index. */
  public static DataFormat libsvm() {
    return new DataFormat(LibsvmFormat.defaults(), null);
  }

  /** CSV: one example per line, comma-separated, header detected, the label in the first column. */
  public static DataFormat csv() {
    return new DataFormat(null, CsvFormat.defaults());
  }

  /**
   * A dense dataset from an IDX image file and an IDX label file of the same count (MNIST,
   * Fashion-MNIST): one row of {@code rows x columns} features per image, each pixel scaled to
   * {@code p / 255f} in [0, 1], row by row; the class of each row is its label value as a number.
   */
  public static Dataset readIdx(Path images, Path labels) throws IOException {
    Objects.requireNonNull(images, "images");
    Objects.requireNonNull(labels, "labels");
    return IdxReader.readDataset(images, labels);
  }

  /** libsvm: whether the file's indices start at 0 (as some exporters write) instead of 1. */
  public DataFormat withZeroBased(boolean on) {
    return new DataFormat(libsvm("withZeroBased").withZeroBased(on), null);
  }

  /**
   * libsvm: fixes the dimension (at least 1; 0 goes back to taking it from the data). A feature
   * index at or beyond it is an error, or, with {@code dropBeyond}, is skipped (what LIBLINEAR's
   * predict does with features the model never saw: their weight is zero anyway).
   */
  public DataFormat withDimension(int d, boolean dropBeyond) {
    return new DataFormat(libsvm("withDimension").withDimension(d, dropBeyond), null);
  }

  /** CSV: the field separator, any character but a double quote, CR or LF (e.g. ',', ';', '\t'). */
  public DataFormat withDelimiter(char c) {
    return new DataFormat(null, csv("withDelimiter").withDelimiter(c));
  }

  /** CSV: whether the first non-blank line names the columns. */
  public DataFormat withHeader(Header h) {
    return new DataFormat(null, csv("withHeader").withHeader(h));
  }

  /** CSV: the label is in this 0-based column; -1 means the last column. */
  public DataFormat withLabelColumn(int column) {
    return new DataFormat(null, csv("withLabelColumn").withLabelColumn(column));
  }

  /** CSV: the label is in the column with this name in the header (which the file then must have). */
  public DataFormat withLabelName(String name) {
    return new DataFormat(null, csv("withLabelName").withLabelName(name));
  }

  private LibsvmFormat libsvm(String option) {
    if (libsvm == null) {
      throw new IllegalStateException(option + " applies to libsvm data, and this format is CSV");
    }
    return libsvm;
  }

  private CsvFormat csv(String option) {
    if (csv == null) {
      throw new IllegalStateException(option + " applies to CSV data, and this format is libsvm");
    }
    return csv;
  }

  /** Reads a whole file: a sparse dataset from libsvm, a dense one from CSV. */
  public Dataset read(Path file) throws IOException {
    return libsvm != null ? libsvm.read(file) : csv.read(file);
  }

  /** Reads a whole stream, and closes it; {@code source} names it in messages. */
  public Dataset read(InputStream in, String source) throws IOException {
    return libsvm != null ? libsvm.read(in, source) : csv.read(in, source);
  }

  /** A streaming reader over a file. */
  public Reader open(Path file) throws IOException {
    return libsvm != null ? libsvm.open(file) : csv.open(file);
  }

  /** A streaming reader over a stream (closed with the reader); {@code source} names it in messages. */
  public Reader open(InputStream in, String source) {
    return libsvm != null ? libsvm.open(in, source) : csv.open(in, source);
  }

  @Override
  public String toString() {
    return libsvm != null ? "libsvm" : "csv";
  }

  /** CSV: whether the first non-blank line names the columns. */
  public enum Header {
    /** A header when some feature field of the first line is not a number. */
    DETECT,
    /** The first line is a header. */
    PRESENT,
    /** Every line is data. */
    ABSENT
  }

  /**
   * Reads a data file one example at a time; only the current line is held in memory, so a file
   * larger than memory can be learned in one pass ({@link #feed(Learner)}). The accessors describe
   * the example {@link #next()} moved to; their arrays are fresh for every example. After an
   * exception the reader should be closed.
   */
  public interface Reader extends Closeable {

    /** Moves to the next example; false at the end of the input. */
    boolean next() throws IOException;

    /** The class of the current example: the canonical number ({@code "1"}, {@code "-1"}, {@code "2.5"}) or the name. */
    String label();

    /** Whether the current example is sparse: {@link #indices()} holds its 0-based feature indices. */
    boolean isSparse();

    /** The 0-based, strictly increasing feature indices of a sparse example; null for a dense one. */
    int[] indices();

    /** The values at {@link #indices()} for a sparse example, or the whole row for a dense one. */
    float[] values();

    /** The line the current example was read from, from 1. */
    long line();

    /** The name of the input in messages (usually the file's path). */
    String source();

    /** The dimension: fixed by the format options or the file's columns, else 1 + the largest index seen so far. */
    int dimension();

    /** How many features were skipped for an index beyond a fixed dimension (libsvm with dropBeyond). */
    default long droppedFeatures() {
      return 0;
    }

    /** The first line a feature was skipped on, from 1; 0 when none was. */
    default long firstDroppedLine() {
      return 0;
    }

    /** The line of the largest feature index read so far, from 1; 0 before any (libsvm). */
    default long largestIndexLine() {
      return 0;
    }

    /** Reads every remaining example into a validated dataset; throws an IOException when there is none. */
    Dataset readAll() throws IOException;

    /**
     * Feeds every remaining example to the learner, in file order, one at a time; returns how many.
     * An example the learner refuses (an index beyond its dimension, a class it does not know) is an
     * IOException naming the line. Sparse examples need numeric labels.
     */
    default long feed(Learner<?> learner) throws IOException {
      long count = 0;
      while (next()) {
        try {
          if (isSparse()) {
            learner.learn(indices(), values(), Double.parseDouble(label()));
          } else {
            learner.learn(values(), label());
          }
        } catch (IllegalArgumentException e) {
          throw FormatException.atLine(source(), line(), 0, null, e.getMessage());
        }
        count++;
      }
      return count;
    }
  }
}
