package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.GzipDetect;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How to read a dense CSV file: one example per line, one column holds the label, every other
 * column a feature; docs/formats.md lists every rule. Immutable; each {@code withX} returns a
 * copy. Defaults: comma, header detected, the label in the first column.
 */
final class CsvFormat {
  private final char delimiter;
  private final DataFormat.Header header;
  private final int labelColumn;
  private final String labelName;

  private CsvFormat(char delimiter, DataFormat.Header header, int labelColumn, String labelName) {
    this.delimiter = delimiter;
    this.header = header;
    this.labelColumn = labelColumn;
    this.labelName = labelName;
  }

  /** Comma, header detected, label in the first column. */
  public static CsvFormat defaults() {
    return new CsvFormat(',', DataFormat.Header.DETECT, 0, null);
  }

  /** The field separator: any character but a double quote, CR or LF (e.g. ',', ';', '\t'). */
  public CsvFormat withDelimiter(char c) {
    if (c == '"' || c == '\n' || c == '\r') {
      throw new IllegalArgumentException("the delimiter cannot be " + FormatException.quote(String.valueOf(c)));
    }
    return new CsvFormat(c, header, labelColumn, labelName);
  }

  public CsvFormat withHeader(DataFormat.Header h) {
    Objects.requireNonNull(h, "header");
    return new CsvFormat(delimiter, h, labelColumn, labelName);
  }

  /** The label is in this 0-based column; -1 means the last column. */
  public CsvFormat withLabelColumn(int column) {
    if (column < -1) {
      throw new IllegalArgumentException("labelColumn must be >= 0, or -1 for the last column; got " + column);
    }
    return new CsvFormat(delimiter, header, column, null);
  }

  /** The label is in the column with this name in the header (which the file then must have). */
  public CsvFormat withLabelName(String name) {
    Objects.requireNonNull(name, "name");
    return new CsvFormat(delimiter, header, labelColumn, name);
  }

  public char delimiter() {
    return delimiter;
  }

  public DataFormat.Header header() {
    return header;
  }

  /** The label's 0-based column (-1: the last); ignored when {@link #labelName()} is set. */
  public int labelColumn() {
    return labelColumn;
  }

  /** The label column's header name, or null. */
  public String labelName() {
    return labelName;
  }

  /** A streaming reader over a file, gzip-compressed or not (by its first bytes, whatever its name). */
  public CsvReader open(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    return new CsvReader(new GzipDetect(Files.newInputStream(file)), file.toString(), this);
  }

  /**
   * A streaming reader over a stream, gzip-compressed or not (closed with the reader); {@code source}
   * names it in messages.
   */
  public CsvReader open(InputStream in, String source) {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    return new CsvReader(new GzipDetect(in), source, this);
  }

  /** Reads a whole file into a dense dataset. */
  public Dataset read(Path file) throws IOException {
    try (CsvReader r = open(file)) {
      return r.readAll();
    }
  }

  /** Reads a whole stream into a dense dataset, and closes it. */
  public Dataset read(InputStream in, String source) throws IOException {
    try (CsvReader r = open(in, source)) {
      return r.readAll();
    }
  }
}
