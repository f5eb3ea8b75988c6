package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.GzipDetect;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How to read a libsvm / svmlight text file ({@code label index:value ...}); docs/formats.md
 * lists every rule. Immutable; each {@code withX} returns a copy. Defaults: 1-based indices, the
 * dimension taken from the largest index in the file.
 *
 * <pre>{@code
 * Dataset train = LibsvmFormat.defaults().read(Path.of("train.svm"));
 * Dataset test = LibsvmFormat.defaults().withDimension(train.dimension(), true).read(Path.of("test.svm"));
 * }</pre>
 */
final class LibsvmFormat {
  private final boolean zeroBased;
  private final int dimension;
  private final boolean dropBeyond;

  private LibsvmFormat(boolean zeroBased, int dimension, boolean dropBeyond) {
    this.zeroBased = zeroBased;
    this.dimension = dimension;
    this.dropBeyond = dropBeyond;
  }

  /** 1-based indices, dimension from the data. */
  public static LibsvmFormat defaults() {
    return new LibsvmFormat(false, 0, false);
  }

  /** Whether the file's indices start at 0 (as some exporters write) instead of 1. */
  public LibsvmFormat withZeroBased(boolean on) {
    return new LibsvmFormat(on, dimension, dropBeyond);
  }

  /**
   * Fixes the dimension (at least 1; 0 goes back to taking it from the data). A feature index at
   * or beyond it is an error, or, with {@code dropBeyond}, is skipped (what LIBLINEAR's predict
   * does with features the model never saw: their weight is zero anyway).
   */
  public LibsvmFormat withDimension(int d, boolean dropBeyond) {
    if (d < 0) {
      throw new IllegalArgumentException("dimension must be >= 0, got " + d);
    }
    return new LibsvmFormat(zeroBased, d, dropBeyond);
  }

  public boolean zeroBased() {
    return zeroBased;
  }

  /** The fixed dimension, or 0 when it comes from the data. */
  public int dimension() {
    return dimension;
  }

  public boolean dropBeyond() {
    return dropBeyond;
  }

  /** A streaming reader over a file, gzip-compressed or not (by its first bytes, whatever its name). */
  public LibsvmReader open(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    return new LibsvmReader(new GzipDetect(Files.newInputStream(file)), file.toString(), this);
  }

  /**
   * A streaming reader over a stream, gzip-compressed or not (closed with the reader); {@code source}
   * names it in messages.
   */
  public LibsvmReader open(InputStream in, String source) {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    return new LibsvmReader(new GzipDetect(in), source, this);
  }

  /** Reads a whole file into a sparse dataset. */
  public Dataset read(Path file) throws IOException {
    try (LibsvmReader r = open(file)) {
      return r.readAll();
    }
  }

  /** Reads a whole stream into a sparse dataset, and closes it. */
  public Dataset read(InputStream in, String source) throws IOException {
    try (LibsvmReader r = open(in, source)) {
      return r.readAll();
    }
  }
}
