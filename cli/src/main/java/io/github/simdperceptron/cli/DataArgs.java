package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.CsvFormat;
import io.github.simdperceptron.io.LibsvmFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/** How to read data files: the format (from the extension unless given) and its options. */
final class DataArgs {
  enum DataFormat { libsvm, csv, idx }

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "libsvm, csv or idx (default: from the extension: .csv/.tsv csv, .idx/.ubyte idx, else libsvm)")
  DataFormat format;

  @Option(names = "--delimiter", paramLabel = "C", description = "CSV field separator: one character, or 'tab' (default: ',', tab for .tsv)")
  String delimiter;

  @Option(names = "--header", negatable = true, description = "CSV: the first line is (--header) or is not (--no-header) a header (default: detected)")
  Boolean header;

  @Option(names = "--label-column", paramLabel = "COL",
      description = "CSV label column: a 1-based position, 'last', or a header name (default: 1)")
  String labelColumn;

  @Option(names = "--zero-based", description = "libsvm: indices start at 0 instead of 1")
  boolean zeroBased;

  DataFormat formatOf(Path file) {
    if (format != null) {
      return format;
    }
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv") || name.endsWith(".tsv")) {
      return DataFormat.csv;
    }
    if (name.endsWith(".idx") || name.endsWith("ubyte") || name.matches(".*idx[0-9]-ubyte.*")) {
      return DataFormat.idx;
    }
    return DataFormat.libsvm;
  }

  /**
   * Reads a whole file. With {@code dimension > 0} (a model's, or the training set's) the data
   * must fit it: a libsvm feature beyond it is dropped (its weight would be 0), a CSV with
   * another number of features is an error.
   */
  Dataset read(Path file, int dimension) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new UsageException(file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
    }
    Dataset d;
    switch (formatOf(file)) {
      case csv:
        d = csv(file).read(file);
        if (dimension > 0 && d.dimension() != dimension) {
          throw new UsageException(file + ": " + d.dimension() + " feature columns (expected " + dimension
              + ", as the model or the training data has)");
        }
        return d;
      case idx:
        throw new UsageException(file + ": IDX input needs the IDX reader of the multi-class work, which this"
            + " build does not include yet; convert to libsvm or CSV");
      default:
        LibsvmFormat f = LibsvmFormat.defaults().withZeroBased(zeroBased);
        return (dimension > 0 ? f.withDimension(dimension, true) : f).read(file);
    }
  }

  CsvFormat csv(Path file) {
    CsvFormat f = CsvFormat.defaults();
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
      f = f.withHeader(header ? CsvFormat.Header.PRESENT : CsvFormat.Header.ABSENT);
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
